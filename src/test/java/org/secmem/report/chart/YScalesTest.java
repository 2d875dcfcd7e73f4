package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.report.chart.ChartSpec.AxisKind;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.report.chart.ChartSpec.YScale;
import org.secmem.report.stats.Statistics;
import org.secmem.results.ResultColumns;

/** Issue 33: the charts of one sweep share one y scale; a series flat along 0 forces log. */
class YScalesTest {

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private static boolean paintedLog(ChartSpec spec) {
    return new ChartPainter(900, 600).svg(spec).contains(" (log scale)</text>");
  }

  @Test
  void theChartsOfOneSweep_areAllLinearOrAllLog_asPainted() throws IOException {
    for (String file : List.of("quick.csv", "sweep-small.csv")) {
      List<ChartSpec> specs = new ChartPlanner().plan(ShippedConfigResults.of(file));
      // the write and read lines of each file are sweeps of their own; their charts start with
      // the experiment and the x axis
      Map<String, List<Boolean>> bySweep = new TreeMap<>();
      for (ChartSpec s : specs) {
        if (s.kind() == Kind.LINE && !s.experiment().equals("sort")) {
          String sweep = file.equals("quick.csv") ? s.experiment() : s.experiment() + s.parameter();
          bySweep.computeIfAbsent(sweep, k -> new java.util.ArrayList<>()).add(paintedLog(s));
        }
      }
      assertFalse(bySweep.isEmpty());
      bySweep.forEach(
          (sweep, logs) ->
              assertEquals(1, logs.stream().distinct().count(), file + " " + sweep + ": " + logs));
    }
  }

  @Test
  void writeThroughputVsK_atB4096AndB65536_bothLog_simpleIsNotFlatAtZero(@TempDir Path dir)
      throws IOException {
    // quick.csv's write line before its B and k sweeps were split: k = 1|4 at B = 4K|64K.
    Path file = dir.resolve("k-by-b.csv");
    Files.writeString(file, "experiment,stream,n,k,b,reps,warmup\nwrite,all,2^18,1|4,4K|64K,3,1\n");
    Map<String, ChartSpec> byStem =
        new ChartPlanner()
            .plan(ShippedConfigResults.of(file)).stream()
                .collect(Collectors.toMap(ChartSpec::fileStem, s -> s));
    ChartSpec b4096 = byStem.get("write-throughput-vs-k-b4096");
    ChartSpec b65536 = byStem.get("write-throughput-vs-k-b65536");
    assertTrue(b4096 != null && b65536 != null, byStem.keySet().toString());
    assertEquals(YScale.LOG, b4096.yScale());
    assertEquals(YScale.LOG, b65536.yScale());
    assertTrue(paintedLog(b4096) && paintedLog(b65536));
    // And quick.csv's k chart now (one B), where simple is about 100 times below the others.
    ChartSpec quickK =
        new ChartPlanner()
            .plan(ShippedConfigResults.of("quick.csv")).stream()
                .filter(c -> c.fileStem().equals("write-throughput-vs-k"))
                .findFirst()
                .orElseThrow();
    assertEquals(YScale.LOG, quickK.yScale());
  }

  private static Series series(String name, double... medians) {
    List<Point> points = new java.util.ArrayList<>();
    for (int i = 0; i < medians.length; i++) {
      points.add(new Point(i + 1, Statistics.of(List.of(medians[i]))));
    }
    return new Series(name, points);
  }

  private static ChartSpec chart(String stem, Series... series) {
    return new ChartSpec(
        "write",
        Metric.THROUGHPUT,
        ResultColumns.K,
        Map.of(),
        false,
        List.of(series),
        stem,
        Kind.LINE,
        AxisKind.COUNT,
        "",
        ChartSpec.YScale.AUTO);
  }

  @Test
  void aSeriesFlatAlongZero_forcesLog_evenUnderAHundredfoldSpan() {
    ChartSpec c = chart("a", series("simple", 4, 4.2), series("mapped", 120, 300));
    assertTrue(YScales.callsForLog(c), "simple would be flat at 0 on a linear axis");
    assertFalse(YScales.callsForLog(chart("b", series("x", 40, 42), series("y", 120, 300))));
  }

  @Test
  void oneChartCallingForLog_takesItsSiblingsAlong_andAZeroKeepsThemAllLinear() {
    ChartSpec near = chart("near", series("x", 40, 42), series("y", 120, 300));
    ChartSpec wide = chart("wide", series("x", 1, 2), series("y", 120, 300));
    List<ChartSpec> shared = YScales.shared(List.of(near, wide));
    assertEquals(List.of(YScale.LOG, YScale.LOG), shared.stream().map(ChartSpec::yScale).toList());
    assertTrue(paintedLog(shared.get(0)));

    ChartSpec zero = chart("zero", series("x", 0, 2), series("y", 120, 300));
    List<ChartSpec> linear = YScales.shared(List.of(wide, zero));
    assertEquals(
        List.of(YScale.LINEAR, YScale.LINEAR), linear.stream().map(ChartSpec::yScale).toList());
    assertFalse(paintedLog(linear.get(0)));
  }
}
