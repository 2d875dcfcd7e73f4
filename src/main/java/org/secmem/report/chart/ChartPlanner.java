package org.secmem.report.chart;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.report.chart.ChartSpec.AxisKind;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.report.stats.Statistics;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultColumns;

/**
 * Decides which charts a results file calls for, as data: no drawing.
 *
 * <p>A chart joins only rows of one sweep. Rows belong to one sweep when they have the same {@value
 * #SWEEP} cell (the command or parameter-file line they came from, e.g. {@code cli} or {@code
 * sweep.csv:3}). A file without that column (written by an older secmem) is cut into sweeps by file
 * order, as a parameter line writes them (types one after another): a sweep ends where the
 * experiment changes or a type comes back after another; rows of a single type are cut further
 * where a second swept parameter starts to vary. Within a sweep, every swept parameter that takes
 * several values is an x axis; the rows with that parameter are grouped so that every other
 * configuration column is equal within a chart (a chart never mixes cache states or N values), and
 * each stream type (for sort: each read/write pair, preset) is a series. Rows of the same sweep and
 * the same other values that leave x empty (a type that does not use B) are a flat series.
 *
 * <p>A series needs {@link #MIN_POINTS_GUESSED} x values when the sweeps were guessed from file
 * order and there are several (a line of two points from two sweeps is noise), two when the file
 * names its sweeps or is one sweep; a chart needs a measured series. When nothing is swept but
 * several types were measured in one configuration, a bar chart per metric compares them. What was
 * left out is logged.
 *
 * <p>A sort sweep that varies both d and M is drawn as the seed draws it, one line per M over d and
 * one line per d over M, one chart per read/write pair or preset ({@link SortChartPlanner}),
 * instead of one chart of one line per M and per d.
 *
 * <p>Planning takes time in proportion to the file's rows (and n log n to order the points): rows
 * are grouped through hash maps, and what a series is named after or which rows join a line is
 * worked out once per chart, never by comparing each row or group with every other (that would make
 * a results file that runs append to slower to chart with every run).
 */
public final class ChartPlanner {

  /** The results column that names the sweep (command or parameter-file line) of a row. */
  public static final String SWEEP = "sweep";

  /** x values a series needs when sweeps are guessed from file order. */
  public static final int MIN_POINTS_GUESSED = 3;

  private static final Logger LOG = LogManager.getLogger(ChartPlanner.class);
  private static final Set<String> LOG_SCALE_PARAMETERS =
      Set.of(ResultColumns.N, ResultColumns.B, ResultColumns.M);
  private static final double LOG_SCALE_SPAN = 100;
  static final String ALGORITHM = "algorithm";
  static final String MERGE = "merge";
  static final String WORK_DIR = "work_dir";
  static final String ENGINE = "engine";

  /** Another engine's series: its name, master and settings (secmem's own rows leave them out). */
  static final List<String> ENGINE_SERIES = List.of(ENGINE, "master", "partitions", "engine_conf");

  /** The merges' own read stream: blank where the runs are read as the input is. */
  static final String MERGE_READ = ResultColumns.MERGE_READ_STREAM;

  static final List<String> SORT_SERIES_EXTRAS =
      List.of("preset", "tool", ALGORITHM, MERGE_READ, WORK_DIR);

  /** The priority-queue experiment: a series per queue (and per tree where its setup varies). */
  static final String PQ = "pq";

  /**
   * What tells a pq series: the queue, and the buffer tree's streams and (a, b), which the java
   * queue leaves blank (so that they do not split its rows from the tree's into other charts).
   */
  static final List<String> PQ_SERIES =
      List.of(
          ALGORITHM, ResultColumns.READ_STREAM, ResultColumns.WRITE_STREAM, "fanout_a", "fanout_b");

  private final List<String> leftOut = new ArrayList<>();

  /** The sort rows of the file {@link #plan} plans, for buffer-tree charts; made when needed. */
  private TreeChartPlanner.Peers treePeers;

  /** What the last {@link #plan} left out and why, one line each. */
  public List<String> leftOut() {
    return List.copyOf(leftOut);
  }

  /**
   * The charts {@code raw} calls for, in file order of their sweeps.
   *
   * @throws IllegalArgumentException when a parameter or measurement cell is not a number
   */
  public List<ChartSpec> plan(RawResults raw) {
    leftOut.clear();
    treePeers = null;
    for (RawRow r : raw.measuredRows()) {
      // a parameter that is not a number fails here, naming its line
      ResultColumns.SWEPT_PARAMETERS.stream().filter(raw.header()::contains).forEach(r::number);
    }
    List<ChartSpec> all = new ArrayList<>();
    // rows that name their sweep are grouped by it; rows without (older files, or older rows of
    // an appended file) are cut into sweeps by file order
    Map<String, List<RawRow>> named = new LinkedHashMap<>();
    List<RawRow> unnamed = new ArrayList<>();
    for (RawRow measured : raw.measuredRows()) {
      RawRow r = ownParametersOnly(measured);
      if (r.has(SWEEP)) {
        String key = r.get(ResultColumns.EXPERIMENT).trim() + "\u0000" + r.get(SWEEP).trim();
        named.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
      } else {
        unnamed.add(r);
      }
    }
    List<List<RawRow>> guessed = Sweeps.guessedSweeps(raw, unnamed);
    // guessed sweeps may be cut wrong; with one there is nothing to confuse it with
    int guessedMin = guessed.size() == 1 && named.isEmpty() ? 2 : MIN_POINTS_GUESSED;
    List<List<RawRow>> namedSweeps = new ArrayList<>(named.values());
    namedSweeps.sort(Comparator.comparingLong(rows -> rows.get(0).line()));
    // a parameter file's lines that one chart should hold are one sweep
    List<List<RawRow>> sweeps = new ArrayList<>(SweepJoins.join(raw, namedSweeps));
    sweeps.addAll(guessed);
    sweeps.sort(Comparator.comparingLong(rows -> rows.get(0).line()));
    for (List<RawRow> sweep : sweeps) {
      // the charts of one sweep share one y scale, so that siblings read alike
      all.addAll(YScales.shared(planSweep(raw, sweep, sweep.get(0).has(SWEEP) ? 2 : guessedMin)));
    }
    List<ChartSpec> unique = ChartStems.unique(all);
    leftOut.forEach(line -> LOG.info("{}: chart left out: {}", raw.source(), line));
    return unique;
  }

  // ---- sweeps (found by Sweeps) ----
  private static final List<String> OWN_SORT_SETTINGS =
      List.of("merger", "run_sort", "overlap", "parallel_merge", "access");

  /** The columns whose blank means "does not apply": the swept ones and secmem's own settings. */
  private static List<String> notApplicable(List<String> swept) {
    List<String> all = new ArrayList<>(swept);
    all.addAll(OWN_SORT_SETTINGS);
    return all;
  }

  /** secmem's own sort's parameters, which another engine's row has no say in. */
  private static final List<String> OWN_SORT_PARAMETERS =
      List.of(ResultColumns.B, ResultColumns.K, ResultColumns.M, ResultColumns.D, "threads");

  /**
   * Another engine's row as a chart sees it: its cores ({@code threads}) and memory (M) are its own
   * settings, not points of secmem's sweeps over them, so they are blank there (not applicable,
   * joining any value) and the row sits beside secmem's rows of the same N.
   */
  static RawRow ownParametersOnly(RawRow r) {
    String engine = r.get(ENGINE).trim();
    if (engine.isEmpty() || engine.equals("secmem")) {
      return r;
    }
    Map<String, String> cells = new LinkedHashMap<>(r.cells());
    OWN_SORT_PARAMETERS.forEach(p -> cells.computeIfPresent(p, (k, v) -> ""));
    return new RawRow(r.source(), r.line(), cells);
  }

  static List<String> seriesColumns(RawResults raw, String experiment) {
    if (experiment.equals(PQ)) {
      return PQ_SERIES.stream().filter(raw.header()::contains).toList();
    }
    List<String> cols =
        experiment.equals("sort")
            ? List.of(
                ResultColumns.READ_STREAM,
                ResultColumns.WRITE_STREAM,
                "preset",
                "tool",
                ALGORITHM,
                MERGE_READ,
                WORK_DIR,
                ENGINE,
                "master",
                "partitions",
                "engine_conf")
            : List.of(ResultColumns.STREAM);
    return cols.stream().filter(raw.header()::contains).toList();
  }

  // ---- charts of one sweep ----

  private List<ChartSpec> planSweep(RawResults raw, List<RawRow> rows, int minPoints) {
    String experiment = rows.get(0).get(ResultColumns.EXPERIMENT).trim();
    String where = rows.get(0).source() + ":" + rows.get(0).line() + " (" + experiment + ")";
    if (experiment.equals("sort") && TreeChartPlanner.applies(rows)) {
      // Seed 004's figures: the buffer tree per (a, b) beside the other sorts of the sweep; the
      // other sorts' own charts follow as usual.
      // Its peers may be on other lines of the file (a line per algorithm): all sort rows,
      // gathered once for every tree sweep of the file.
      if (treePeers == null) {
        treePeers =
            new TreeChartPlanner.Peers(
                raw.measuredRows().stream()
                    .filter(r -> r.get(ResultColumns.EXPERIMENT).trim().equals("sort"))
                    .toList());
      }
      List<ChartSpec> specs =
          new ArrayList<>(TreeChartPlanner.plan(rows, treePeers, minPoints, where, leftOut));
      List<RawRow> others =
          rows.stream()
              .filter(r -> !r.get(ALGORITHM).trim().equals(TreeChartPlanner.TREE))
              .toList();
      if (!others.isEmpty()) {
        specs.addAll(planSweepOf(raw, others, minPoints));
      }
      return specs;
    }
    return planSweepOf(raw, rows, minPoints);
  }

  private List<ChartSpec> planSweepOf(RawResults raw, List<RawRow> rows, int minPoints) {
    String experiment = rows.get(0).get(ResultColumns.EXPERIMENT).trim();
    String where = rows.get(0).source() + ":" + rows.get(0).line() + " (" + experiment + ")";
    boolean sort = experiment.equals("sort");
    boolean pq = experiment.equals(PQ);
    List<String> seriesColumns = seriesColumns(raw, experiment);
    List<String> context =
        raw.configurationColumns().stream()
            .filter(c -> !c.equals(ResultColumns.EXPERIMENT) && !c.equals(SWEEP))
            .filter(c -> !seriesColumns.contains(c))
            // another engine's version goes with its series, as its name does
            .filter(c -> !c.equals("engine_version"))
            .toList();
    List<String> swept =
        ResultColumns.SWEPT_PARAMETERS.stream().filter(raw.header()::contains).toList();
    List<String> varying =
        swept.stream().filter(p -> distinctNonEmpty(rows, p).size() > 1).toList();
    List<Metric> metrics = new ArrayList<>(List.of(Metric.TIME));
    // A pq row's bytes are its keys, not I/O: its MiB/s says nothing time does not.
    if (!sort && !pq && rows.stream().anyMatch(r -> r.mibPerS().isPresent())) {
      metrics.add(Metric.THROUGHPUT);
    }
    List<ChartSpec> specs = new ArrayList<>();
    if (varying.isEmpty()) {
      // a swept parameter is blank only for types it does not apply to: not a different setting
      List<String> settings = context.stream().filter(c -> !swept.contains(c)).toList();
      for (Map.Entry<Map<String, String>, List<RawRow>> g :
          RowGroups.joinNotApplicable(RowGroups.byContext(rows, settings), OWN_SORT_SETTINGS)
              .entrySet()) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String c : context) {
          Set<String> v = distinctNonEmpty(g.getValue(), c);
          values.put(c, v.size() == 1 ? v.iterator().next() : "");
        }
        List<Series> bars = new ArrayList<>();
        for (Metric metric : metrics) {
          bars = barSeries(g.getValue(), metric, seriesColumns, sort);
          if (bars.size() < 2) {
            break;
          }
          specs.add(
              new ChartSpec(
                  experiment,
                  metric,
                  seriesColumns.isEmpty() ? "series" : seriesColumns.get(0),
                  RowGroups.fixed(values),
                  false,
                  bars,
                  safe(experiment)
                      + "-"
                      + metric.fileName()
                      + "-by-"
                      + (sort ? "sort" : pq ? "queue" : "stream"),
                  Kind.BAR,
                  AxisKind.CATEGORY,
                  "",
                  ChartSpec.YScale.AUTO));
        }
        if (bars.size() < 2) {
          leftOut.add(where + ": one configuration of one type, nothing to compare");
        }
      }
      return specs;
    }
    // a sort sweep over d and M: one line per M (or d), not one chart per M (or d)
    boolean dByM = sort && varying.contains(ResultColumns.D) && varying.contains(ResultColumns.M);
    List<String> xs = new ArrayList<>(varying);
    if (dByM) {
      // over d first, over M next, as the seed's figures 31 and 32
      xs.remove(ResultColumns.D);
      xs.add(xs.indexOf(ResultColumns.M), ResultColumns.D);
    }
    for (String x : xs) {
      if (dByM && SortChartPlanner.LINES.containsKey(x)) {
        specs.addAll(
            SortChartPlanner.plan(rows, x, context, seriesColumns, minPoints, where, leftOut));
        continue;
      }
      List<String> others = context.stream().filter(c -> !c.equals(x)).toList();
      List<RawRow> withX = rows.stream().filter(r -> r.has(x)).toList();
      List<RawRow> withoutX = rows.stream().filter(r -> !r.has(x)).toList();
      FlatRows flat = new FlatRows(RowGroups.byContext(withoutX, others), swept);
      for (Map.Entry<Map<String, String>, List<RawRow>> g :
          RowGroups.joinNotApplicable(RowGroups.byContext(withX, others), notApplicable(swept))
              .entrySet()) {
        for (Metric metric : metrics) {
          List<Series> measured = new ArrayList<>();
          List<String> tooShort = new ArrayList<>();
          for (Series s : lineSeries(g.getValue(), x, metric, seriesColumns, sort)) {
            if (s.points().size() >= minPoints) {
              measured.add(s);
            } else {
              tooShort.add(s.name() + " (" + s.points().size() + ")");
            }
          }
          if (!tooShort.isEmpty() && metric == Metric.TIME) {
            leftOut.add(
                where
                    + ": "
                    + experiment
                    + " vs "
                    + label(x)
                    + " "
                    + describe(g.getKey())
                    + ": fewer than "
                    + minPoints
                    + " x values: "
                    + String.join(", ", tooShort));
          }
          if (measured.isEmpty()) {
            continue;
          }
          List<Series> series = new ArrayList<>(measured);
          List<RawRow> flatRows = flat.of(g.getKey());
          series.addAll(flatSeries(flatRows, x, metric, seriesColumns, sort, measured));
          boolean logX = logScale(x, series);
          specs.add(
              new ChartSpec(
                  experiment,
                  metric,
                  x,
                  RowGroups.fixed(g.getKey()),
                  logX,
                  series,
                  safe(experiment) + "-" + metric.fileName() + "-vs-" + safe(x),
                  Kind.LINE,
                  AxisKind.of(x, logX),
                  "",
                  ChartSpec.YScale.AUTO));
        }
      }
    }
    return specs;
  }

  private static String describe(Map<String, String> context) {
    return RowGroups.fixed(context).entrySet().stream()
        .filter(e -> ResultColumns.SWEPT_PARAMETERS.contains(e.getKey()))
        .map(e -> label(e.getKey()) + "=" + e.getValue())
        .collect(Collectors.joining(", ", "at ", ""));
  }

  /** A series' legend name and style key (see {@link Series}). */
  record Identity(String name, String key) {}

  /** A sort series' work folders: "runs in A + B", or "runs beside the output" for the default. */
  static String workDirName(String cell) {
    return cell.isEmpty() ? "runs beside the output" : "runs in " + cell.replace(",", " + ");
  }

  private static OptionalDouble metric(RawRow r, Metric metric) {
    return metric == Metric.TIME ? r.elapsedMs() : r.mibPerS();
  }

  private static List<Series> lineSeries(
      List<RawRow> rows, String x, Metric metric, List<String> seriesColumns, boolean sort) {
    Map<Identity, TreeMap<Double, List<Double>>> byName = new LinkedHashMap<>();
    SeriesNames names = new SeriesNames(seriesColumns, sort, rows);
    for (RawRow r : rows) {
      OptionalDouble y = metric(r, metric);
      OptionalDouble xv = r.number(x);
      if (y.isEmpty() || xv.isEmpty()) {
        continue;
      }
      byName
          .computeIfAbsent(names.of(r), k -> new TreeMap<>())
          .computeIfAbsent(xv.getAsDouble(), k -> new ArrayList<>())
          .add(y.getAsDouble());
    }
    List<Series> series = new ArrayList<>();
    byName.forEach(
        (id, points) ->
            series.add(
                new Series(
                    id.name(),
                    points.entrySet().stream()
                        .map(e -> new Point(e.getKey(), Statistics.of(e.getValue())))
                        .toList(),
                    id.key(),
                    false)));
    return series;
  }

  private static List<Series> barSeries(
      List<RawRow> rows, Metric metric, List<String> seriesColumns, boolean sort) {
    Map<Identity, List<Double>> byName = valuesBySeries(rows, metric, seriesColumns, sort);
    // in an evident order: lowest time first, highest throughput first
    Comparator<Map.Entry<Identity, Statistics>> byMedian =
        Comparator.comparingDouble(e -> e.getValue().median());
    List<Map.Entry<Identity, Statistics>> ordered =
        byName.entrySet().stream()
            .map(e -> Map.entry(e.getKey(), Statistics.of(e.getValue())))
            .sorted(metric == Metric.THROUGHPUT ? byMedian.reversed() : byMedian)
            .toList();
    List<Series> series = new ArrayList<>();
    int i = 0;
    for (Map.Entry<Identity, Statistics> e : ordered) {
      series.add(
          new Series(
              e.getKey().name(), List.of(new Point(i++, e.getValue())), e.getKey().key(), false));
    }
    return series;
  }

  /** The metric's values of {@code rows}, grouped by series in the order they first appear. */
  private static Map<Identity, List<Double>> valuesBySeries(
      List<RawRow> rows, Metric metric, List<String> seriesColumns, boolean sort) {
    Map<Identity, List<Double>> byName = new LinkedHashMap<>();
    SeriesNames names = new SeriesNames(seriesColumns, sort, rows);
    for (RawRow r : rows) {
      OptionalDouble y = metric(r, metric);
      if (y.isPresent()) {
        byName.computeIfAbsent(names.of(r), k -> new ArrayList<>()).add(y.getAsDouble());
      }
    }
    return byName;
  }

  /**
   * The rows without x that go with a group's line: those that agree with it on every other value,
   * a swept parameter they leave blank agreeing with any (the in-memory sort has neither M nor d,
   * and is a level line beside the merge sort's M or d sweep).
   *
   * <p>The groups of rows without x are indexed once by the cells they compare, so that each line
   * finds its own in one look-up per set of blank parameters, not by comparing itself with every
   * group.
   */
  private static final class FlatRows {
    private final List<List<RawRow>> groups = new ArrayList<>();

    /** For each set of columns a group compares, the groups (their numbers) by those cells. */
    private final Map<List<String>, Map<List<String>, List<Integer>>> byCells =
        new LinkedHashMap<>();

    /**
     * @param flatGroups rows without x by their other values, in file order
     */
    FlatRows(Map<Map<String, String>, List<RawRow>> flatGroups, List<String> swept) {
      for (Map.Entry<Map<String, String>, List<RawRow>> f : flatGroups.entrySet()) {
        List<String> compared = RowGroups.compared(f.getKey(), swept);
        byCells
            .computeIfAbsent(compared, c -> new HashMap<>())
            .computeIfAbsent(RowGroups.cells(f.getKey(), compared), c -> new ArrayList<>())
            .add(groups.size());
        groups.add(f.getValue());
      }
    }

    /** The rows that go with the line of {@code key}, group by group in file order. */
    List<RawRow> of(Map<String, String> key) {
      List<Integer> found = new ArrayList<>();
      byCells.forEach(
          (columns, index) ->
              found.addAll(index.getOrDefault(RowGroups.cells(key, columns), List.of())));
      Collections.sort(found);
      List<RawRow> rows = new ArrayList<>();
      found.forEach(i -> rows.addAll(groups.get(i)));
      return rows;
    }
  }

  /** Runs without x as level lines over the x range of {@code measured}. */
  private static List<Series> flatSeries(
      List<RawRow> rows,
      String x,
      Metric metric,
      List<String> seriesColumns,
      boolean sort,
      List<Series> measured) {
    DoubleSummaryStatistics xs = xRange(measured);
    double minX = xs.getMin();
    double maxX = xs.getMax();
    Map<Identity, List<Double>> byName = valuesBySeries(rows, metric, seriesColumns, sort);
    List<Series> flat = new ArrayList<>();
    for (Map.Entry<Identity, List<Double>> e : byName.entrySet()) {
      Statistics stats = Statistics.of(e.getValue());
      flat.add(
          new Series(
              e.getKey().name() + ", no " + label(x),
              List.of(new Point(minX, stats), new Point(maxX, stats)),
              e.getKey().key(),
              true));
    }
    return flat;
  }

  static boolean logScale(String x, List<Series> series) {
    DoubleSummaryStatistics xs = xRange(series);
    if (xs.getMin() <= 0) {
      return false;
    }
    return LOG_SCALE_PARAMETERS.contains(x) || xs.getMax() / xs.getMin() > LOG_SCALE_SPAN;
  }

  /** The x values of every point of {@code series}: their least and greatest. */
  private static DoubleSummaryStatistics xRange(List<Series> series) {
    return series.stream()
        .flatMap(s -> s.points().stream())
        .mapToDouble(Point::x)
        .summaryStatistics();
  }

  private static Set<String> distinctNonEmpty(List<RawRow> rows, String column) {
    return rows.stream()
        .filter(r -> r.has(column))
        .map(r -> r.get(column).trim())
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  static String orDash(String value) {
    return value.isBlank() ? "-" : value.trim();
  }

  private static final Map<String, String> LABELS =
      Map.of(
          ResultColumns.N,
          "N",
          ResultColumns.B,
          "B",
          ResultColumns.K,
          "k",
          ResultColumns.M,
          "M",
          ResultColumns.D,
          "d",
          ResultColumn.ARRIVAL_NS_PER_KEY.header(),
          "ns between arriving keys");

  private static final Map<String, String> AXIS_UNITS =
      Map.of(
          ResultColumns.N, "ints per file",
          ResultColumns.B, "bytes",
          ResultColumns.K, "streams",
          ResultColumns.M, "ints in memory",
          ResultColumns.D, "merge fan-in");

  public static String label(String parameter) {
    return LABELS.getOrDefault(parameter, parameter);
  }

  /** The unit of an axis against {@code parameter}, "" for a parameter without one. */
  static String axisUnit(String parameter) {
    return AXIS_UNITS.getOrDefault(parameter, "");
  }

  static String safe(String s) {
    String cleaned = s.trim().replaceAll("[^A-Za-z0-9._-]+", "_");
    return cleaned.isEmpty() ? "_" : cleaned;
  }
}
