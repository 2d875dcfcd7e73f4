package org.secmem.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * Joins the named sweeps that one chart should hold. A parameter file has a line per group of types
 * that share a range: {@code configs/advise-streams.csv} sweeps four types over B = 2^10 .. 2^24,
 * {@code direct} over 2^12 .. 2^24 (its O_DIRECT block) on the next line, and {@code buffered},
 * which takes no B, on the line after. Planned line by line these made two charts with one title,
 * one holding {@code direct} alone, and no buffered reference line in either. Here consecutive
 * sweeps of one file and experiment are one when they vary the same parameters (or the later one
 * varies none and leaves them blank: a type drawn as a level line) and agree on every other
 * setting, a blank parameter agreeing with any value. Sweeps that differ in anything else (another
 * N, another cache state) stay apart: their charts are told apart by their titles.
 */
final class SweepJoins {

  private SweepJoins() {}

  /**
   * {@code sweeps} with each joinable sweep added to the one of the parameter file's line before
   * it; they are taken in the order of their lines there, not of their rows (an interleaved run
   * mixes the rows of every line), and the planner orders what this returns.
   */
  static List<List<RawRow>> join(RawResults raw, List<List<RawRow>> sweeps) {
    List<List<RawRow>> byLine = new ArrayList<>(sweeps);
    byLine.sort(Comparator.comparing(SweepJoins::file).thenComparingLong(SweepJoins::line));
    List<List<RawRow>> joined = new ArrayList<>();
    for (List<RawRow> sweep : byLine) {
      List<RawRow> last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
      if (last != null && joinable(raw, last, sweep)) {
        List<RawRow> both = new ArrayList<>(last);
        both.addAll(sweep);
        joined.set(joined.size() - 1, both);
      } else {
        joined.add(sweep);
      }
    }
    return joined;
  }

  /** Whether {@code b} belongs in the charts of {@code a}. */
  static boolean joinable(RawResults raw, List<RawRow> a, List<RawRow> b) {
    String experiment = a.get(0).get(ResultColumns.EXPERIMENT).trim();
    if (!experiment.equals(b.get(0).get(ResultColumns.EXPERIMENT).trim())
        || !file(a).equals(file(b))) {
      return false;
    }
    List<String> swept =
        ResultColumns.SWEPT_PARAMETERS.stream().filter(raw.header()::contains).toList();
    List<String> varyA = swept.stream().filter(p -> values(a, p).size() > 1).toList();
    List<String> varyB = swept.stream().filter(p -> values(b, p).size() > 1).toList();
    if (varyA.isEmpty() || !(varyB.isEmpty() || varyB.equals(varyA))) {
      return false;
    }
    // a line that varies nothing joins only as level lines: it leaves what a varies blank (a
    // line of sorts at one setting of a's N, M and d stays bars of its own)
    if (varyB.isEmpty() && varyA.stream().anyMatch(p -> !values(b, p).isEmpty())) {
      return false;
    }
    List<String> series = ChartPlanner.seriesColumns(raw, experiment);
    for (String c : raw.configurationColumns()) {
      if (c.equals(ResultColumns.EXPERIMENT)
          || c.equals(ChartPlanner.SWEEP)
          || series.contains(c)
          || varyA.contains(c)) {
        continue;
      }
      Set<String> va = values(a, c);
      Set<String> vb = values(b, c);
      boolean blankAgrees = swept.contains(c) && (va.isEmpty() || vb.isEmpty());
      if (!blankAgrees && !va.equals(vb)) {
        return false;
      }
    }
    return true;
  }

  /** The parameter file a sweep's cell names ({@code configs/x.csv} of {@code configs/x.csv:7}). */
  private static String file(List<RawRow> sweep) {
    String cell = sweep.get(0).get(ChartPlanner.SWEEP).trim();
    int colon = cell.lastIndexOf(':');
    return colon < 0 ? cell : cell.substring(0, colon);
  }

  /** The parameter file's line a sweep's cell names, or the last when it names none. */
  private static long line(List<RawRow> sweep) {
    String cell = sweep.get(0).get(ChartPlanner.SWEEP).trim();
    String n = cell.substring(cell.lastIndexOf(':') + 1);
    return n.matches("[0-9]{1,18}") ? Long.parseLong(n) : Long.MAX_VALUE;
  }

  private static Set<String> values(List<RawRow> rows, String column) {
    Set<String> v = new TreeSet<>();
    for (RawRow r : rows) {
      String cell = r.get(column).trim();
      if (!cell.isEmpty()) {
        v.add(cell);
      }
    }
    return v;
  }
}
