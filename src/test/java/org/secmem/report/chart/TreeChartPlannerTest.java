package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.results.RawResults;

/**
 * A sort sweep with buffer-tree rows gets seed 004's charts: time per (a, b) beside the merge and
 * in-memory sorts (Figures 2-3), block pushes per (a, b) (Figure 4), blocks moved beside the bound,
 * and the time by activity of each (a, b) (Figures 5-6); warm-ups stay out.
 */
class TreeChartPlannerTest {

  private static final String HEADER =
      "experiment,read_stream,write_stream,preset,n,m,d,b,"
          + "algorithm,fanout_a,fanout_b,rep,warmup,elapsed_ms,block_pushes,blocks_read,"
          + "blocks_written,predicted_ios,insert_ns,insert_internal_ns,insert_leaf_ns,"
          + "force_empty_ns,output_ns,sweep\n";

  /**
   * Two trees on one line, the merge sort and the in-memory sort (blank M) on lines of their own,
   * over three N, a warm-up each.
   */
  private static String sweep() {
    StringBuilder sb = new StringBuilder(HEADER);
    for (long n : List.of(1000L, 2000L, 4000L)) {
      for (String[] alg :
          List.of(
              new String[] {"buffer-tree", "4", "16", "", "128"},
              new String[] {"buffer-tree", "32", "128", "", "128"},
              new String[] {"merge", "", "", "16", "128"},
              new String[] {"in-memory", "", "", "", ""})) {
        boolean tree = alg[0].equals("buffer-tree");
        for (int rep = 0; rep <= 2; rep++) {
          boolean warmup = rep == 0;
          double ms = n / 100.0 * (alg[2].equals("16") ? 1 : 2) * (warmup ? 10 : 1) + rep;
          sb.append(
                  String.join(
                      ",",
                      "sort",
                      "user-buffer",
                      "user-buffer",
                      "classic",
                      Long.toString(n),
                      alg[4],
                      alg[3],
                      "4096",
                      alg[0],
                      alg[1],
                      alg[2],
                      Integer.toString(rep),
                      Boolean.toString(warmup),
                      Double.toString(ms),
                      tree ? Long.toString(n / (alg[2].equals("16") ? 10 : 5)) : "",
                      tree ? Long.toString(n) : "",
                      tree ? Long.toString(n) : "",
                      tree ? Long.toString(n / 2) : "",
                      tree ? "500000" : "",
                      tree ? "300000" : "",
                      tree ? "100000" : "",
                      tree ? "200000" : "",
                      tree ? "100000" : "",
                      // a parameter file's line per algorithm: the peers are other sweeps
                      tree ? "s.csv:2" : alg[0].equals("merge") ? "s.csv:3" : "s.csv:4"))
              .append('\n');
        }
      }
    }
    return sb.toString();
  }

  /**
   * A tree sweep under two memory limits is two charts, each saying its limit (before, one chart
   * took the points of both limits as one line's repetitions).
   */
  @Test
  void treeRowsUnderTwoMemoryLimits_areTwoCharts() throws IOException {
    StringBuilder sb =
        new StringBuilder(
            "experiment,read_stream,write_stream,preset,n,m,b,algorithm,fanout_a,fanout_b,rep,"
                + "warmup,elapsed_ms,memory_limit,sweep\n");
    for (long n : List.of(1000L, 2000L, 4000L)) {
      for (long limit : List.of(1L << 30, 2L << 30)) {
        for (int rep = 1; rep <= 2; rep++) {
          double ms = n / 100.0 * (limit == 1L << 30 ? 3 : 1) + rep;
          sb.append(
                  String.join(
                      ",",
                      "sort",
                      "user-buffer",
                      "user-buffer",
                      "classic",
                      Long.toString(n),
                      "128",
                      "4096",
                      "buffer-tree",
                      "4",
                      "16",
                      Integer.toString(rep),
                      "false",
                      Double.toString(ms),
                      Long.toString(limit),
                      "s.csv:2"))
              .append('\n');
        }
      }
    }
    List<ChartSpec> time =
        new ChartPlanner()
            .plan(RawResults.parse("t.csv", new StringReader(sb.toString()))).stream()
                .filter(c -> c.fileStem().startsWith("sort-time-vs-n-buffer-tree"))
                .toList();
    assertEquals(2, time.size(), time.toString());
    assertEquals(
        List.of("1073741824", "2147483648"),
        time.stream().map(c -> c.fixed().get("memory_limit")).toList());
    // 1 GiB: 3 ms per 100 ints; 2 GiB: 1 ms; medians of 2 repetitions, never mixed
    assertEquals(
        List.of(31.5, 11.5),
        time.stream().map(c -> c.series().get(0).points().get(0).stats().median()).toList());
  }

  private static ChartSpec find(List<ChartSpec> specs, String stem) {
    return specs.stream()
        .filter(s -> s.fileStem().equals(stem))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    stem + " not in " + specs.stream().map(ChartSpec::fileStem).toList()));
  }

  @Test
  void aTreeSweep_getsTheFiguresOfSeed004() throws IOException {
    List<ChartSpec> specs =
        new ChartPlanner().plan(RawResults.parse("t.csv", new StringReader(sweep())));
    ChartSpec time = find(specs, "sort-time-vs-n-buffer-tree");
    // Largest b first, whatever order the runs came in.
    assertEquals(
        List.of(
            "buffer tree (a, b) = (32, 128)",
            "buffer tree (a, b) = (4, 16)",
            "merge sort, d = 16 (classic)",
            "in-memory sort"),
        time.series().stream().map(Series::name).toList());
    Series small = time.series().get(1);
    assertEquals(List.of(1000.0, 2000.0, 4000.0), small.points().stream().map(p -> p.x()).toList());
    // Medians of the measured runs (11, 12 at N = 1000), not the warm-up's 100.
    assertEquals(11.5, small.points().get(0).stats().median(), 1e-9);

    ChartSpec pushes = find(specs, "sort-block-pushes-vs-n-buffer-tree");
    assertEquals(Metric.BLOCK_PUSHES, pushes.metric());
    assertEquals(2, pushes.series().size(), "one line per (a, b), no other algorithm");
    assertEquals(400.0, pushes.series().get(1).points().get(2).stats().median(), 1e-9);

    ChartSpec blocks = find(specs, "sort-blocks-vs-n-buffer-tree");
    assertEquals("bound n·log_m(n)", blocks.series().get(2).name());
    assertEquals(
        8000.0, blocks.series().get(0).points().get(2).stats().median(), 1e-9, "read + written");

    ChartSpec activity = find(specs, "sort-activity-vs-n-buffer-tree-a32-b128");
    assertEquals(
        List.of(
            "total",
            "insertions",
            "insertion: empty internal buffers",
            "insertion: empty leaf buffers",
            "force empty all buffers",
            "output"),
        activity.series().stream().map(Series::name).toList());
    assertEquals(0.3, activity.series().get(2).points().get(0).stats().median(), 1e-9, "ms");
    assertTrue(activity.subject().contains("(32, 128)"), activity.subject());
  }
}
