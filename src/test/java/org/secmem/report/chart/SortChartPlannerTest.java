package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.secmem.report.chart.ChartSpec.AxisKind;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumns;

/** Sort sweeps over d and M: one line per M over d (seeds/000 Fig. 31), one per d over M. */
class SortChartPlannerTest {

  static final String HEADER =
      "experiment,read_stream,write_stream,preset,n,m,d,rep,warmup,elapsed_ms,passes,runs,sweep\n";

  /**
   * A sort sweep as a parameter line writes it: pairs outer, then N, M, d; a warm-up (10 times
   * slower, to show if it were counted) and two repetitions each; runs = ceil(N/M), passes = 1 +
   * ceil(log_d(runs)).
   */
  static String sweep(List<String> pairs, List<Long> ns, List<Long> ms, List<Integer> ds) {
    StringBuilder sb = new StringBuilder(HEADER);
    for (String pair : pairs) {
      for (long n : ns) {
        for (long m : ms) {
          for (int d : ds) {
            long runs = (n + m - 1) / m;
            int passes = 1 + (runs <= 1 ? 0 : (int) Math.ceil(Math.log(runs) / Math.log(d) - 1e-9));
            double ms0 = n / 1000.0 * passes + d + pair.length();
            for (int rep = 0; rep <= 2; rep++) {
              boolean warmup = rep == 0;
              sb.append(
                      String.join(
                          ",",
                          "sort",
                          pair,
                          pair,
                          "classic",
                          Long.toString(n),
                          Long.toString(m),
                          Integer.toString(d),
                          Integer.toString(rep),
                          Boolean.toString(warmup),
                          Double.toString(warmup ? ms0 * 10 : ms0 + rep),
                          Integer.toString(passes),
                          Long.toString(runs),
                          "s.csv:2"))
                  .append('\n');
            }
          }
        }
      }
    }
    return sb.toString();
  }

  static RawResults parse(String csv) throws IOException {
    return RawResults.parse("t.csv", new StringReader(csv));
  }

  private static List<String> stems(List<ChartSpec> specs) {
    return specs.stream().map(ChartSpec::fileStem).toList();
  }

  private static List<String> names(ChartSpec spec) {
    return spec.series().stream().map(Series::name).toList();
  }

  private static List<Double> xs(Series s) {
    return s.points().stream().map(Point::x).toList();
  }

  @Test
  void plan_dByMSweep_oneChartOverDWithALinePerM_andOneOverMWithALinePerD() throws IOException {
    String csv =
        sweep(
            List.of("mapped"),
            List.of(100_000L),
            List.of(1_000L, 10_000L, 100_000L),
            List.of(2, 4, 8, 16));

    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));

    assertEquals(
        List.of("sort-time-vs-d-per-m", "sort-time-vs-m-per-d"),
        stems(specs),
        "two charts, not one chart of one line per M and per d");
    ChartSpec overD = specs.get(0);
    assertEquals(ResultColumns.D, overD.parameter());
    assertEquals(AxisKind.COUNT, overD.xAxis());
    assertEquals(
        List.of(
            "M = 1,000 (100 runs, 8 to 3 passes)",
            "M = 10,000 (10 runs, 5 to 2 passes)",
            "M = 100,000 (1 run, 1 pass)"),
        names(overD));
    assertTrue(
        ChartPainter.noteLines(overD).contains("points: median of 2 repetitions"),
        "not 'runs': the legend counts sorted runs");
    for (Series s : overD.series()) {
      assertEquals(List.of(2.0, 4.0, 8.0, 16.0), xs(s));
      s.points().forEach(p -> assertEquals(2, p.stats().count(), "warm-up left out"));
      s.points().forEach(p -> assertTrue(p.stats().max() < 1000, "warm-up left out"));
    }
    assertEquals("100000", overD.fixed().get(ResultColumns.N));
    assertEquals("mapped", overD.fixed().get(ResultColumns.READ_STREAM), "the pair in the note");

    ChartSpec overM = specs.get(1);
    assertEquals(ResultColumns.M, overM.parameter());
    assertEquals(AxisKind.INTS, overM.xAxis());
    assertEquals(
        List.of(
            "d = 2 (8 to 1 passes)",
            "d = 4 (5 to 1 passes)",
            "d = 8 (4 to 1 passes)",
            "d = 16 (3 to 1 passes)"),
        names(overM));
    overM.series().forEach(s -> assertEquals(List.of(1e3, 1e4, 1e5), xs(s)));
    // d = 2 at M = 1,000: 100 runs, 8 passes; median of 100*8+2+6+1 and +2
    assertEquals(809.5, overM.series().get(0).points().get(0).stats().median(), 1e-9);
  }

  @Test
  void plan_dByMSweepOfTwoPairs_oneChartPerPair() throws IOException {
    String csv =
        sweep(
            List.of("mapped", "channel"),
            List.of(100_000L),
            List.of(1_000L, 10_000L, 100_000L),
            List.of(2, 4, 8));

    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));

    assertEquals(4, specs.size(), stems(specs).toString());
    for (ChartSpec s : specs) {
      assertEquals(3, s.series().size(), s.fileStem() + ": a line per M or d, not per pair");
    }
    assertEquals(
        List.of("mapped", "channel", "mapped", "channel"),
        specs.stream().map(s -> s.fixed().get(ResultColumns.READ_STREAM)).toList());
    assertEquals(
        List.of(
            "sort-time-vs-d-per-m-mapped",
            "sort-time-vs-d-per-m-channel",
            "sort-time-vs-m-per-d-mapped",
            "sort-time-vs-m-per-d-channel"),
        stems(specs));
    assertEquals(
        "sort (channel): median time vs d (N=100000 ints)",
        ChartPainter.title(specs.get(1)),
        "the pair in the title: the legend names M");
  }

  @Test
  void plan_dByMByNSweep_chartsPerNAndOverNWithALinePerM() throws IOException {
    String csv =
        sweep(
            List.of("mapped"),
            List.of(10_000L, 100_000L, 1_000_000L),
            List.of(1_000L, 10_000L),
            List.of(2, 8));

    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));

    assertEquals(
        List.of(
            "sort-time-vs-n-per-m-d2",
            "sort-time-vs-n-per-m-d8",
            "sort-time-vs-d-per-m-n10000",
            "sort-time-vs-d-per-m-n100000",
            "sort-time-vs-d-per-m-n1000000",
            "sort-time-vs-m-per-d-n10000",
            "sort-time-vs-m-per-d-n100000",
            "sort-time-vs-m-per-d-n1000000"),
        stems(specs));
    assertEquals(
        List.of("M = 1,000 (5 to 11 passes)", "M = 10,000 (1 to 8 passes)"),
        names(specs.get(0)),
        "runs change with N: not in the name");
  }

  @Test
  void plan_sortSweepOfDOnly_stillItsChartWithALinePerPair() throws IOException {
    String csv =
        sweep(
            List.of("mapped", "channel"),
            List.of(100_000L),
            List.of(10_000L),
            List.of(2, 4, 8, 16));

    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));

    assertEquals(List.of("sort-time-vs-d"), stems(specs));
    assertEquals(List.of("mapped", "channel"), names(specs.get(0)));
  }

  @Test
  void plan_sortSweepOfMOnly_stillItsChart() throws IOException {
    String csv =
        sweep(List.of("mapped"), List.of(100_000L), List.of(1_000L, 10_000L, 100_000L), List.of(8));

    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));

    assertEquals(List.of("sort-time-vs-m"), stems(specs));
    assertEquals(List.of("mapped"), names(specs.get(0)));
  }

  @Test
  void plan_aValueOfMHasOneStyleInEveryChartOfItsSweep() throws IOException {
    String csv =
        sweep(
            List.of("mapped"), List.of(10_000L, 100_000L), List.of(1_000L, 10_000L), List.of(2, 8));
    List<ChartSpec> overD =
        new ChartPlanner()
            .plan(parse(csv)).stream()
                .filter(s -> s.fileStem().startsWith("sort-time-vs-d-per-m"))
                .toList();
    assertEquals(2, overD.size());
    assertEquals(
        overD.get(0).series().stream().map(Series::key).toList(),
        overD.get(1).series().stream().map(Series::key).toList());
    assertEquals(
        List.of(SeriesStyle.ordinalKey(0), SeriesStyle.ordinalKey(1)),
        overD.get(0).series().stream().map(Series::key).toList());
  }
}
