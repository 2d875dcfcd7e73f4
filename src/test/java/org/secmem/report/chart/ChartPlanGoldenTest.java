package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.results.RawResults;

/**
 * Seals what {@link ChartPlanner} plans for a realistic results file, down to every point's
 * statistics, so that a change to how the planner works (issue 27: the same charts, found faster)
 * cannot change what it draws unnoticed.
 *
 * <p>{@code charts-realistic.csv} is the file {@code secmem run} wrote for a parameter file of ten
 * lines at small sizes (write and read B sweeps with types that leave B blank, a read N sweep, a
 * write k sweep, a sort sweep over N, M and d, two sorts of one configuration, a buffer-tree sort
 * over N beside the merge and in-memory sorts of the same N, two presets), and {@code secmem pq}
 * for three N, all in one file with its warm-ups. Added by hand: older rows of the write B and read
 * N sweeps without a {@code sweep} cell, in the order an older secmem wrote them (cut into sweeps
 * by file order), and another engine's rows (spark, no M or d) beside the merge sort's N sweep.
 * {@code charts-realistic-plan.txt} is what the planner made of it before issue 27's change; the
 * text of each chart is {@link #describe(List, List)}'s.
 */
class ChartPlanGoldenTest {

  @Test
  void plan_realisticResults_sameChartsAsBefore() throws IOException {
    RawResults raw;
    try (InputStream in = getClass().getResourceAsStream("charts-realistic.csv")) {
      raw =
          RawResults.parse(
              "charts-realistic.csv", new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    ChartPlanner planner = new ChartPlanner();

    String planned = describe(planner.plan(raw), planner.leftOut());

    String golden;
    try (InputStream in = getClass().getResourceAsStream("charts-realistic-plan.txt")) {
      golden = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    // all of it beside the tests' working folder (target/test-work), for a diff
    Path actual = Path.of("charts-realistic-plan.actual.txt").toAbsolutePath();
    Files.deleteIfExists(actual);
    if (!planned.equals(golden)) {
      Files.writeString(actual, planned);
    }
    // line by line, so that a failure shows the first chart that differs
    assertEquals(
        golden.lines().toList(),
        planned.lines().toList(),
        "the plan differs from charts-realistic-plan.txt; the whole plan is in " + actual);
  }

  /** Every field of every chart, series and point, in plan order, then what was left out. */
  static String describe(List<ChartSpec> specs, List<String> leftOut) {
    List<String> lines = new ArrayList<>();
    for (ChartSpec s : specs) {
      lines.add(
          "chart "
              + s.fileStem()
              + ": "
              + s.experiment()
              + ", "
              + s.metric()
              + " vs "
              + s.parameter()
              + ", "
              + s.kind()
              + ", "
              + s.xAxis()
              + ", logX "
              + s.logX()
              + ", subject '"
              + s.subject()
              + "', fixed "
              + s.fixed());
      for (Series series : s.series()) {
        lines.add(
            "  series '" + series.name() + "', key '" + series.key() + "', flat " + series.flat());
        for (Point p : series.points()) {
          lines.add("    " + p.x() + ": " + p.stats());
        }
      }
    }
    leftOut.forEach(l -> lines.add("left out: " + l));
    return String.join("\n", lines) + "\n";
  }
}
