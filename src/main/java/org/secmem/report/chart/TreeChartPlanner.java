package org.secmem.report.chart;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;
import org.secmem.report.chart.ChartSpec.AxisKind;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.report.stats.Statistics;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultColumns;

/**
 * The charts of a sort sweep with buffer-tree rows, as seed 004 draws them, against N (or M when
 * only M varies, or the keys' arrival time in online sorting, Figure 7): time of the buffer tree
 * for each (a, b) beside the merge sort and the in-memory sort of the same file (Figures 2–3);
 * block pushes for each (a, b) (Figure 4); the time by activity for each (a, b) — total, insertions
 * and their internal and leaf emptying, force-empty, output (Figures 5–6); the blocks read plus
 * written beside the cost model's bound n·log_m(n); and, against the arrival time, what remains
 * after the last key arrived. One set per read/write pair, B and the other parameters; in-memory
 * rows, which have no M, join every M.
 */
public final class TreeChartPlanner {

  static final String TREE = "buffer-tree";
  private static final String ALGORITHM = "algorithm";

  /** Online sorting's time between keys (seed 004 Figure 7): an x axis of its own. */
  static final String ARRIVAL = "arrival_ns_per_key";

  private TreeChartPlanner() {}

  /** Whether {@code rows} hold buffer-tree runs. */
  static boolean applies(List<RawRow> rows) {
    return rows.stream().anyMatch(TreeChartPlanner::isTree);
  }

  public static boolean isTree(RawRow r) {
    return r.get(ALGORITHM).trim().equals(TREE);
  }

  /**
   * The charts of the buffer-tree rows of {@code rows} (one sweep), beside the merge and in-memory
   * rows of {@code pool} (the file's sort rows: a parameter file has a line per algorithm) that
   * share their settings; sets that have fewer than {@code minPoints} x values are named in
   * leftOut.
   */
  static List<ChartSpec> plan(
      List<RawRow> rows, Peers pool, int minPoints, String where, List<String> leftOut) {
    List<RawRow> tree = rows.stream().filter(TreeChartPlanner::isTree).toList();
    String x =
        distinct(tree, ResultColumns.N) > 1
            ? ResultColumns.N
            : distinct(tree, ResultColumns.M) > 1
                ? ResultColumns.M
                : distinct(tree, ARRIVAL) > 1 ? ARRIVAL : null;
    if (x == null) {
      // one configuration: bars beside the merge sorts of its file and N, M
      return bars(tree, pool.all());
    }
    List<String> groupBy =
        new ArrayList<>(
            List.of(
                ResultColumns.READ_STREAM,
                ResultColumns.WRITE_STREAM,
                ResultColumns.B,
                ResultColumns.SHAPE,
                ResultColumns.ORDER,
                ResultColumns.CACHE,
                ResultColumns.SYNC,
                ResultColumns.N,
                ResultColumns.M,
                ARRIVAL,
                // measured on another JVM or under another memory limit: another chart
                ResultColumn.JAVA_VERSION.header(),
                ResultColumn.MEMORY_LIMIT.header()));
    groupBy.remove(x);
    Map<Map<String, String>, List<RawRow>> groups = new LinkedHashMap<>();
    for (RawRow r : tree) {
      groups.computeIfAbsent(key(r, groupBy), k -> new ArrayList<>()).add(r);
    }
    List<ChartSpec> specs = new ArrayList<>();
    boolean several = groups.size() > 1;
    int index = 0;
    for (Map.Entry<Map<String, String>, List<RawRow>> g : groups.entrySet()) {
      Group c =
          new Group(
              specs,
              leftOut,
              where,
              minPoints,
              x,
              several ? "-" + (++index) : "",
              RowGroups.fixed(g.getKey()),
              pair(g.getValue().get(0)),
              byFanout(g.getValue()),
              pool.of(x, g.getKey()));
      // Figures 2-3: time per (a, b), beside the merge and in-memory sorts of the sweep.
      c.line(Metric.TIME, c.fixed, c.perFanout(RawRow::elapsedMs, true), "time", "", c.subject);
      if (x.equals(ARRIVAL)) {
        // Figure 7's point: what remains after the last key arrived (the producer's time hides
        // the rest): the buffer tree's force-empty and output, the other sorts' whole sort.
        Map<String, String> note = new LinkedHashMap<>(c.fixed);
        note.put("time", "after the last key arrived");
        c.line(
            Metric.TIME,
            note,
            c.perFanout(TreeChartPlanner::afterLastKey, true),
            "after-last-key",
            "",
            c.subject);
      }
      // Figure 4: block pushes per (a, b).
      c.line(
          Metric.BLOCK_PUSHES,
          c.fixed,
          c.perFanout(r -> r.number("block_pushes"), false),
          "block-pushes",
          "",
          c.subject);
      // Blocks moved beside the bound.
      List<Series> blocks =
          c.perFanout(r -> sum(r.number("blocks_read"), r.number("blocks_written")), false);
      blocks.add(
          series(
              "bound n·log_m(n)",
              g.getValue(),
              x,
              r -> r.number(ResultColumns.PREDICTED_IOS),
              blocks.size()));
      c.line(Metric.BLOCKS, c.fixed, blocks, "blocks", "", c.subject);
      // Figures 5-6: time by activity, one chart per (a, b).
      for (Map.Entry<String, List<RawRow>> f : c.byFanout.entrySet()) {
        List<RawRow> fr = f.getValue();
        List<Series> parts = new ArrayList<>();
        parts.add(series("total", fr, x, RawRow::elapsedMs, 0));
        parts.add(series("insertions", fr, x, r -> ms(r, "insert_ns"), 1));
        parts.add(
            series(
                "insertion: empty internal buffers", fr, x, r -> ms(r, "insert_internal_ns"), 2));
        parts.add(series("insertion: empty leaf buffers", fr, x, r -> ms(r, "insert_leaf_ns"), 3));
        parts.add(series("force empty all buffers", fr, x, r -> ms(r, "force_empty_ns"), 4));
        parts.add(series("output", fr, x, r -> ms(r, "output_ns"), 5));
        Map<String, String> withFanout = new LinkedHashMap<>(c.fixed);
        withFanout.put("fanout", f.getKey());
        c.line(
            Metric.TIME,
            withFanout,
            parts,
            "activity",
            "-" + fanoutStem(f.getKey()),
            c.subject + ", buffer tree " + f.getKey());
      }
    }
    return specs;
  }

  /**
   * The settings a tree's bar chart holds one of, and {@code TreeAdvice} compares a tree within; B
   * and d may differ between its bars.
   */
  public static final List<String> BAR_GROUP =
      List.of(
          ResultColumns.READ_STREAM,
          ResultColumns.WRITE_STREAM,
          ResultColumns.N,
          ResultColumns.M,
          ResultColumns.SHAPE,
          ResultColumns.ORDER,
          ResultColumns.CACHE,
          ResultColumns.SYNC);

  /**
   * The colours of the bar chart's bars: brown for the tree, grey for every merge sort (the label
   * tells d and B apart), fixed rather than keyed by name: only three colours belong to no type
   * ({@link SeriesStyle}), so a fourth bar keyed by name would take a stream type's colour in a
   * chart of one pair.
   */
  static final String TREE_BARS = SeriesStyle.ordinalKey(7);

  static final String MERGE_BARS = SeriesStyle.ordinalKey(8);

  /**
   * A bar chart of time per sort for tree rows of one configuration each (quick.csv's): a bar per
   * (a, b) and B, beside a bar per merge sort (d, B) of the same pair, N and M from {@code pool},
   * lowest time first. Nothing when no peer shares them (a bar alone compares nothing).
   */
  private static List<ChartSpec> bars(List<RawRow> tree, List<RawRow> pool) {
    Map<Map<String, String>, List<RawRow>> groups = new LinkedHashMap<>();
    for (RawRow r : tree) {
      groups.computeIfAbsent(key(r, BAR_GROUP), k -> new ArrayList<>()).add(r);
    }
    List<ChartSpec> specs = new ArrayList<>();
    for (Map.Entry<Map<String, String>, List<RawRow>> g : groups.entrySet()) {
      Map<String, List<RawRow>> bars = new LinkedHashMap<>();
      for (Map.Entry<String, List<RawRow>> f : byFanout(g.getValue()).entrySet()) {
        bars.put("buffer tree " + f.getKey() + ", " + bytes(f.getValue().get(0)), f.getValue());
      }
      for (RawRow r : pool) {
        if (!isTree(r) && r.has(ResultColumns.D) && key(r, BAR_GROUP).equals(g.getKey())) {
          String name = "merge sort, d = " + r.get(ResultColumns.D).trim() + ", " + bytes(r);
          bars.computeIfAbsent(name, k -> new ArrayList<>()).add(r);
        }
      }
      List<Series> series = new ArrayList<>();
      bars.forEach(
          (name, rows) -> {
            List<Double> ms = new ArrayList<>();
            rows.forEach(r -> r.elapsedMs().ifPresent(ms::add));
            if (!ms.isEmpty()) {
              String key = name.startsWith("buffer tree") ? TREE_BARS : MERGE_BARS;
              series.add(new Series(name, List.of(new Point(0, Statistics.of(ms))), key, false));
            }
          });
      if (series.size() < 2) {
        continue;
      }
      series.sort(Comparator.comparingDouble(s -> s.points().get(0).stats().median()));
      List<Series> placed = new ArrayList<>();
      for (Series s : series) {
        placed.add(
            new Series(
                s.name(),
                List.of(new Point(placed.size(), s.points().get(0).stats())),
                s.key(),
                false));
      }
      specs.add(
          new ChartSpec(
              "sort",
              Metric.TIME,
              ALGORITHM,
              RowGroups.fixed(g.getKey()),
              false,
              placed,
              "sort-time-by-sort-buffer-tree" + (groups.size() > 1 ? "-" + specs.size() : ""),
              Kind.BAR,
              AxisKind.CATEGORY,
              "buffer tree vs merge, " + pair(g.getValue().get(0)),
              ChartSpec.YScale.AUTO));
    }
    return specs;
  }

  private static String bytes(RawRow r) {
    return "B = " + ChartPainter.size(ResultColumns.B, r.get(ResultColumns.B).trim());
  }

  /**
   * One group's charts: its x, its fixed settings and its rows by (a, b) and by peer, and where its
   * charts go (kept when their series have enough points, else named in leftOut).
   */
  private record Group(
      List<ChartSpec> specs,
      List<String> leftOut,
      String where,
      int minPoints,
      String x,
      String suffix,
      Map<String, String> fixed,
      String subject,
      Map<String, List<RawRow>> byFanout,
      List<RawRow> peers) {

    /** A series per (a, b), then (with {@code peers}) one per other sort of the sweep. */
    List<Series> perFanout(Function<RawRow, OptionalDouble> metric, boolean withPeers) {
      List<Series> out = new ArrayList<>();
      for (Map.Entry<String, List<RawRow>> f : byFanout.entrySet()) {
        out.add(series("buffer tree " + f.getKey(), f.getValue(), x, metric, out.size()));
      }
      if (withPeers) {
        for (Map.Entry<String, List<RawRow>> p : byPeer(peers).entrySet()) {
          out.add(series(p.getKey(), p.getValue(), x, metric, out.size()));
        }
      }
      return out;
    }

    /** A line chart of {@code series}, named {@code sort-<what>-vs-<x>-buffer-tree...}. */
    void line(
        Metric metric,
        Map<String, String> notes,
        List<Series> series,
        String what,
        String tail,
        String chartSubject) {
      boolean logX = logX(x, series);
      add(
          specs,
          leftOut,
          where,
          minPoints,
          new ChartSpec(
              "sort",
              metric,
              x,
              notes,
              logX,
              series,
              "sort-" + what + "-vs-" + x + "-buffer-tree" + suffix + tail,
              Kind.LINE,
              AxisKind.of(x, logX),
              chartSubject,
              ChartSpec.YScale.AUTO));
    }
  }

  private static void add(
      List<ChartSpec> specs, List<String> leftOut, String where, int minPoints, ChartSpec spec) {
    List<Series> kept = new ArrayList<>();
    List<String> tooShort = new ArrayList<>();
    for (Series s : spec.series()) {
      if (s.points().size() >= minPoints) {
        kept.add(s);
      } else if (!s.points().isEmpty()) {
        tooShort.add(s.name() + " (" + s.points().size() + ")");
      }
    }
    if (!tooShort.isEmpty()) {
      leftOut.add(
          where
              + ": "
              + spec.fileStem()
              + ": fewer than "
              + minPoints
              + " x values: "
              + String.join(", ", tooShort));
    }
    if (kept.isEmpty()) {
      return;
    }
    specs.add(spec.withSeries(kept));
  }

  private static Series series(
      String name,
      List<RawRow> rows,
      String x,
      Function<RawRow, OptionalDouble> metric,
      int style) {
    TreeMap<Double, List<Double>> points = new TreeMap<>();
    for (RawRow r : rows) {
      OptionalDouble v = metric.apply(r);
      OptionalDouble at = r.number(x);
      if (v.isPresent() && at.isPresent()) {
        points.computeIfAbsent(at.getAsDouble(), k -> new ArrayList<>()).add(v.getAsDouble());
      }
    }
    return new Series(
        name,
        points.entrySet().stream()
            .map(e -> new Point(e.getKey(), Statistics.of(e.getValue())))
            .toList(),
        SeriesStyle.ordinalKey(style),
        false);
  }

  /** Tree rows by their (a, b), largest b first (whatever order the runs were in). */
  private static Map<String, List<RawRow>> byFanout(List<RawRow> rows) {
    TreeMap<long[], List<RawRow>> sorted =
        new TreeMap<>((x, y) -> x[1] != y[1] ? Long.compare(y[1], x[1]) : Long.compare(y[0], x[0]));
    for (RawRow r : rows) {
      long[] ab = {(long) r.number("fanout_a").orElse(0), (long) r.number("fanout_b").orElse(0)};
      sorted.computeIfAbsent(ab, k -> new ArrayList<>()).add(r);
    }
    Map<String, List<RawRow>> by = new LinkedHashMap<>();
    sorted.forEach((ab, list) -> by.put(fanoutName(ab[0], ab[1]), list));
    return by;
  }

  private static String fanoutName(long a, long b) {
    return "(a, b) = (" + a + ", " + b + ")";
  }

  /** "a8-b32" from "(a, b) = (8, 32)", for file names. */
  static String fanoutStem(String name) {
    String[] ab = name.substring(name.indexOf('=') + 1).replaceAll("[^0-9,]", "").split(",");
    return "a" + ab[0] + "-b" + ab[1];
  }

  /** The other algorithms' rows: the merge sort per d and preset, the in-memory sort. */
  private static Map<String, List<RawRow>> byPeer(List<RawRow> rows) {
    Map<String, List<RawRow>> by = new LinkedHashMap<>();
    for (RawRow r : rows) {
      String algorithm = r.get(ALGORITHM).trim();
      String name =
          algorithm.equals("in-memory")
              ? "in-memory sort"
              : "merge sort, d = "
                  + r.get(ResultColumns.D).trim()
                  + " ("
                  + r.get("preset").trim()
                  + ")";
      by.computeIfAbsent(name, k -> new ArrayList<>()).add(r);
    }
    return by;
  }

  /**
   * The merge and in-memory rows of a file's sorts (warm-ups left out), found by the settings of a
   * group of buffer-tree rows: equal cells, a blank M (in-memory) matching any. Indexed by their
   * other cells once per x axis for the whole file, so that planning stays linear in the file's
   * rows (going through every sort row for each group of each sweep would make it quadratic).
   */
  static final class Peers {
    private final List<RawRow> pool;

    /** Per x and the group's columns but M: the peers with an x, by their cells there. */
    private final Map<List<String>, Map<List<String>, List<RawRow>>> byCells = new HashMap<>();

    /**
     * @param pool every sort row of the file, in file order
     */
    Peers(List<RawRow> pool) {
      this.pool = pool;
    }

    /** Every sort row of the file, in file order. */
    List<RawRow> all() {
      return pool;
    }

    /** The peers of a group of tree rows over {@code x}, in file order. */
    List<RawRow> of(String x, Map<String, String> group) {
      List<String> columns =
          group.keySet().stream().filter(c -> !c.equals(ResultColumns.M)).toList();
      List<String> indexKey = new ArrayList<>(columns);
      indexKey.add(0, x);
      Map<List<String>, List<RawRow>> index =
          byCells.computeIfAbsent(
              indexKey,
              k -> {
                Map<List<String>, List<RawRow>> byThese = new HashMap<>();
                for (RawRow r : pool) {
                  if (!isTree(r) && r.has(x)) {
                    byThese.computeIfAbsent(cells(r, columns), c -> new ArrayList<>()).add(r);
                  }
                }
                return byThese;
              });
      List<String> wanted = new ArrayList<>(columns.size());
      columns.forEach(c -> wanted.add(group.get(c)));
      List<RawRow> found = index.getOrDefault(wanted, List.of());
      String m = group.get(ResultColumns.M);
      if (m == null) {
        return Collections.unmodifiableList(found);
      }
      return found.stream()
          .filter(
              r -> {
                String v = r.get(ResultColumns.M).trim();
                return v.equals(m) || v.isEmpty();
              })
          .toList();
    }

    private static List<String> cells(RawRow r, List<String> columns) {
      List<String> cells = new ArrayList<>(columns.size());
      columns.forEach(c -> cells.add(r.get(c).trim()));
      return cells;
    }
  }

  private static Map<String, String> key(RawRow r, List<String> columns) {
    Map<String, String> k = new LinkedHashMap<>();
    columns.forEach(c -> k.put(c, r.get(c).trim()));
    return k;
  }

  private static String pair(RawRow r) {
    String read = r.get(ResultColumns.READ_STREAM).trim();
    String write = r.get(ResultColumns.WRITE_STREAM).trim();
    return SeriesStyle.pairKey(read, write);
  }

  private static long distinct(List<RawRow> rows, String column) {
    return rows.stream()
        .map(r -> r.get(column).trim())
        .filter(v -> !v.isEmpty())
        .distinct()
        .count();
  }

  private static boolean logX(String x, List<Series> series) {
    return ChartPlanner.logScale(x, series);
  }

  /** Milliseconds of a run after its last key arrived: elapsed less generate_ns. */
  private static OptionalDouble afterLastKey(RawRow r) {
    OptionalDouble total = r.elapsedMs();
    OptionalDouble arriving = ms(r, "generate_ns");
    return total.isPresent() && arriving.isPresent()
        ? OptionalDouble.of(total.getAsDouble() - arriving.getAsDouble())
        : OptionalDouble.empty();
  }

  private static OptionalDouble ms(RawRow r, String nsColumn) {
    OptionalDouble ns = r.number(nsColumn);
    return ns.isPresent() ? OptionalDouble.of(ns.getAsDouble() / 1e6) : OptionalDouble.empty();
  }

  private static OptionalDouble sum(OptionalDouble a, OptionalDouble b) {
    return a.isPresent() && b.isPresent()
        ? OptionalDouble.of(a.getAsDouble() + b.getAsDouble())
        : OptionalDouble.empty();
  }
}
