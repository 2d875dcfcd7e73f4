package org.secmem.report.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.secmem.report.chart.ChartSpec.AxisKind;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.report.stats.Statistics;
import org.secmem.results.Numbers;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * The charts of a sort sweep that varies both d and M, as data ({@link ChartPlanner} hands such
 * sweeps here): time over d with one line per M (seeds/000 Fig. 31), time over M with one line per
 * d (Fig. 32), and, when N is swept too, time over N with one line per M at each d (Fig. 33). These
 * replace the charts of one line each that the planner would otherwise draw per M and per d.
 *
 * <p>Each chart holds one read/write pair or preset (several would be a tangle of pairs times M
 * lines) and one value of every other setting; the pair and settings are in the chart's note. Each
 * line's legend entry says the merge passes along it, in order of x, and a line per M over d also
 * the runs its points form ({@code M = 10,000 (20 runs, 5 to 3 passes)}), when the results record
 * them; the passes of every (d, M) are in the report page's grid beside the chart ({@code
 * SortBestTable}). Warm-ups are not here: the planner passes measured rows only.
 */
final class SortChartPlanner {

  /** For each x axis of a d-by-M sweep, the parameter it draws one line per. */
  static final Map<String, String> LINES =
      Map.of(
          ResultColumns.D,
          ResultColumns.M,
          ResultColumns.M,
          ResultColumns.D,
          ResultColumns.N,
          ResultColumns.M);

  private SortChartPlanner() {}

  /**
   * The charts of {@code rows} (one sweep, measured runs only) against {@code x}, one line per
   * value of {@code LINES.get(x)}.
   *
   * @param context the configuration columns other than the experiment and series columns
   * @param seriesColumns the columns naming a pair or preset: one chart each
   * @param minPoints the x values a line needs; shorter ones are left out and named in {@code
   *     leftOut}
   * @param where the sweep, for {@code leftOut}
   */
  static List<ChartSpec> plan(
      List<RawRow> rows,
      String x,
      List<String> context,
      List<String> seriesColumns,
      int minPoints,
      String where,
      List<String> leftOut) {
    String line = LINES.get(x);
    String experiment = rows.get(0).get(ResultColumns.EXPERIMENT).trim();
    List<String> others = context.stream().filter(c -> !c.equals(x) && !c.equals(line)).toList();
    Map<Map<String, String>, List<RawRow>> charts = new LinkedHashMap<>();
    for (RawRow r : rows) {
      if (!r.has(x) || !r.has(line) || r.elapsedMs().isEmpty()) {
        continue;
      }
      Map<String, String> key = new LinkedHashMap<>();
      others.forEach(c -> key.put(c, r.get(c).trim()));
      seriesColumns.forEach(c -> key.put(c, r.get(c).trim()));
      charts.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    // a value of the line parameter has the same colour in every chart of the sweep
    List<Double> values =
        new ArrayList<>(byNumber(rows.stream().filter(r -> r.has(line)).toList(), line).keySet());
    // the pair or preset of each chart, in its title, and in its file name when there are several
    Map<Map<String, String>, String> subjects = new LinkedHashMap<>();
    SeriesNames names = new SeriesNames(seriesColumns, true, rows);
    charts.forEach((k, v) -> subjects.put(k, names.of(v.get(0)).name()));
    boolean severalSubjects = subjects.values().stream().distinct().count() > 1;
    List<ChartSpec> specs = new ArrayList<>();
    for (Map.Entry<Map<String, String>, List<RawRow>> chart : charts.entrySet()) {
      List<Series> series = new ArrayList<>();
      List<String> tooShort = new ArrayList<>();
      for (Map.Entry<Double, List<RawRow>> l : byNumber(chart.getValue(), line).entrySet()) {
        TreeMap<Double, List<Double>> points = new TreeMap<>();
        for (RawRow r : l.getValue()) {
          points
              .computeIfAbsent(r.number(x).getAsDouble(), k -> new ArrayList<>())
              .add(r.elapsedMs().getAsDouble());
        }
        String value = Numbers.grouped(l.getKey());
        String name = ChartPlanner.label(line) + " = " + value;
        if (points.size() < minPoints) {
          tooShort.add(name + " (" + points.size() + ")");
          continue;
        }
        List<String> counts = new ArrayList<>();
        if (line.equals(ResultColumns.M) && !x.equals(ResultColumns.N)) {
          counts.add(runs(l.getValue()));
        }
        counts.add(passes(l.getValue(), x));
        counts.removeIf(String::isEmpty);
        if (!counts.isEmpty()) {
          name += " (" + String.join(", ", counts) + ")";
        }
        series.add(
            new Series(
                name,
                points.entrySet().stream()
                    .map(e -> new Point(e.getKey(), Statistics.of(e.getValue())))
                    .toList(),
                SeriesStyle.ordinalKey(values.indexOf(l.getKey())),
                false));
      }
      Map<String, String> fixed = RowGroups.fixed(chart.getKey());
      if (!tooShort.isEmpty()) {
        leftOut.add(
            where
                + ": "
                + experiment
                + " vs "
                + ChartPlanner.label(x)
                + " "
                + fixed
                + ": fewer than "
                + minPoints
                + " x values: "
                + String.join(", ", tooShort));
      }
      if (series.isEmpty()) {
        continue;
      }
      boolean logX = ChartPlanner.logScale(x, series);
      String subject = subjects.get(chart.getKey());
      String stem =
          ChartPlanner.safe(experiment)
              + "-"
              + Metric.TIME.fileName()
              + "-vs-"
              + ChartPlanner.safe(x)
              + "-per-"
              + ChartPlanner.safe(line)
              + (severalSubjects ? "-" + ChartPlanner.safe(subject) : "");
      specs.add(
          new ChartSpec(
              experiment,
              Metric.TIME,
              x,
              fixed,
              logX,
              series,
              stem,
              Kind.LINE,
              AxisKind.of(x, logX),
              subject,
              ChartSpec.YScale.AUTO));
    }
    return specs;
  }

  /** Rows by the number in {@code column}, ascending. */
  private static TreeMap<Double, List<RawRow>> byNumber(List<RawRow> rows, String column) {
    TreeMap<Double, List<RawRow>> by = new TreeMap<>();
    rows.forEach(
        r -> by.computeIfAbsent(r.number(column).getAsDouble(), k -> new ArrayList<>()).add(r));
    return by;
  }

  /** {@code 20 runs} when every row records the same runs, else "". */
  private static String runs(List<RawRow> rows) {
    Set<String> runs = new LinkedHashSet<>();
    for (RawRow r : rows) {
      runs.add(r.get(ResultColumns.RUNS).trim());
    }
    if (runs.size() != 1 || runs.contains("")) {
      return "";
    }
    String n = runs.iterator().next();
    return n + (n.equals("1") ? " run" : " runs");
  }

  /**
   * The passes of a line in order of x: {@code 2 passes} when the same at every point, {@code 9 to
   * 3 passes} when they only fall or only rise, else each ({@code 3, 4, 3 passes}); "" when a
   * point's runs do not record one value.
   */
  private static String passes(List<RawRow> rows, String x) {
    List<Long> byX = new ArrayList<>();
    for (List<RawRow> point : byNumber(rows, x).values()) {
      Set<String> v = new LinkedHashSet<>();
      point.forEach(r -> v.add(r.get(ResultColumns.PASSES).trim()));
      if (v.size() != 1 || !v.iterator().next().matches("[0-9]{1,9}")) {
        return "";
      }
      byX.add(Long.parseLong(v.iterator().next()));
    }
    long first = byX.get(0);
    long last = byX.get(byX.size() - 1);
    boolean falls = true;
    boolean rises = true;
    for (int i = 1; i < byX.size(); i++) {
      falls &= byX.get(i) <= byX.get(i - 1);
      rises &= byX.get(i) >= byX.get(i - 1);
    }
    if (first == last && falls && rises) {
      return first + (first == 1 ? " pass" : " passes");
    }
    if (falls || rises) {
      return first + " to " + last + " passes";
    }
    return byX.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " passes";
  }
}
