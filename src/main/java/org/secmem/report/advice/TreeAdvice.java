package org.secmem.report.advice;

import static org.secmem.report.advice.Advice.aligned;
import static org.secmem.report.advice.Advice.describe;
import static org.secmem.report.advice.Advice.range;
import static org.secmem.report.advice.Advice.times;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.secmem.report.chart.TreeChartPlanner;
import org.secmem.report.stats.Statistics;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;
import org.secmem.sort.CostModel;

/**
 * The advice of one buffer-tree sort configuration (seed 004): its time beside the fastest merge
 * sort of the same read/write pair, N and M (the same memory), judged by the advice's noise test
 * ({@link Advice#withinNoise(List, List)}), with the blocks each moved; when the file has no such
 * merge sort, what to add. Seed 004's finding on this machine: the tree is slower than a merge sort
 * at equal memory (docs/buffer-tree.md), which the verdict line states.
 *
 * @param group the read/write pair, N and M (and shape, order, cache and sync when set)
 * @param a the tree's a
 * @param b the tree's b
 * @param bufferBytes the tree's B in bytes, "" when not recorded
 * @param rows the tree's measured rows
 * @param merge the fastest merge sort of the same group, absent when the file has none
 * @param toAdd what to add to the sweep for this configuration
 */
record TreeAdvice(
    Map<String, String> group,
    long a,
    long b,
    String bufferBytes,
    List<RawRow> rows,
    Optional<Merge> merge,
    List<Suggestion> toAdd) {

  TreeAdvice {
    group = Collections.unmodifiableMap(new LinkedHashMap<>(group));
    rows = List.copyOf(rows);
    toAdd = List.copyOf(toAdd);
  }

  /** The settings a tree shares with the merge sorts it is set against: its bar chart's. */
  private static final List<String> GROUP = TreeChartPlanner.BAR_GROUP;

  /**
   * The fastest merge sort of a tree's group.
   *
   * @param d its fan-in
   * @param bufferBytes its B in bytes, "" when not recorded
   * @param rows its measured rows
   */
  record Merge(String d, String bufferBytes, List<RawRow> rows) {

    Merge {
      rows = List.copyOf(rows);
    }

    Statistics stats() {
      return Statistics.of(elapsed(rows));
    }
  }

  Statistics stats() {
    return Statistics.of(elapsed(rows));
  }

  /** Whether the tree and the merge sort are within noise (false without a merge sort). */
  boolean withinNoise() {
    return merge.map(m -> Advice.withinNoise(elapsed(rows), elapsed(m.rows()))).orElse(false);
  }

  /** The tree's median over the merge sort's (above 1: the tree is slower). */
  double ratio() {
    return merge.map(m -> stats().median() / m.stats().median()).orElse(1.0);
  }

  /** The advice of every buffer-tree configuration of {@code raw}, in file order. */
  static List<TreeAdvice> of(RawResults raw) {
    Map<List<String>, List<RawRow>> trees = new LinkedHashMap<>();
    List<RawRow> merges = new ArrayList<>();
    for (RawRow r : raw.measuredRows()) {
      if (!r.get(ResultColumns.EXPERIMENT).trim().equals("sort") || r.elapsedMs().isEmpty()) {
        continue;
      }
      if (TreeChartPlanner.isTree(r)) {
        List<String> key = new ArrayList<>(cells(r, GROUP).values());
        key.add(r.get(ResultColumns.B).trim());
        key.add(r.get("fanout_a").trim());
        key.add(r.get("fanout_b").trim());
        trees.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
      } else if (r.has(ResultColumns.D)) {
        merges.add(r);
      }
    }
    List<TreeAdvice> out = new ArrayList<>();
    trees.values().forEach(rows -> out.add(advise(rows, merges)));
    return out;
  }

  private static TreeAdvice advise(List<RawRow> rows, List<RawRow> merges) {
    RawRow first = rows.get(0);
    Map<String, String> group = cells(first, GROUP);
    // every merge sort configuration of the group (d, B, preset, ...), the fastest median wins
    Map<List<String>, List<RawRow>> configs = new LinkedHashMap<>();
    for (RawRow r : merges) {
      if (cells(r, GROUP).equals(group)) {
        configs.computeIfAbsent(configKey(r), k -> new ArrayList<>()).add(r);
      }
    }
    Optional<Merge> merge =
        configs.values().stream()
            .filter(l -> !l.isEmpty())
            .min(Comparator.comparingDouble(l -> Statistics.of(elapsed(l)).median()))
            .map(
                l ->
                    new Merge(
                        l.get(0).get(ResultColumns.D).trim(),
                        l.get(0).get(ResultColumns.B).trim(),
                        l));
    List<Suggestion> add = new ArrayList<>();
    String where = "sort buffer tree " + describe(group, shown(group));
    if (merge.isEmpty()) {
      add.add(
          new Suggestion(
              where,
              "no merge sort of the same read/write pair, N and M to compare the buffer tree"
                  + " with: add one, e.g. "
                  + mergeLine(group)));
    }
    return new TreeAdvice(
        group,
        (long) first.number("fanout_a").orElse(0),
        (long) first.number("fanout_b").orElse(0),
        first.get(ResultColumns.B).trim(),
        rows,
        merge,
        add);
  }

  /** A parameter line of a merge sort of the group's pair, N and M, at two d. */
  private static String mergeLine(Map<String, String> group) {
    return "experiment=sort, read_stream="
        + group.get(ResultColumns.READ_STREAM)
        + ", write_stream="
        + group.get(ResultColumns.WRITE_STREAM)
        + ", n="
        + power(group.get(ResultColumns.N))
        + ", m="
        + power(group.get(ResultColumns.M))
        + ", d=4|16, reps="
        + Advice.ENOUGH_REPS;
  }

  /** "2^20" for 1048576; anything else as written. */
  private static String power(String v) {
    try {
      long x = Long.parseLong(v);
      return x > 0 && Long.bitCount(x) == 1 ? "2^" + Long.numberOfTrailingZeros(x) : v;
    } catch (NumberFormatException e) {
      return v;
    }
  }

  private static List<String> configKey(RawRow r) {
    List<String> key = new ArrayList<>();
    for (String c : List.of(ResultColumns.D, ResultColumns.B, "preset", "merger", "run_sort")) {
      key.add(r.get(c).trim());
    }
    return key;
  }

  private static Map<String, String> cells(RawRow r, List<String> columns) {
    Map<String, String> k = new LinkedHashMap<>();
    columns.forEach(c -> k.put(c, r.get(c).trim()));
    return k;
  }

  /** The pair, N and M, those that are set (the other settings grouped on are left unsaid). */
  private static List<String> shown(Map<String, String> group) {
    return GROUP.subList(0, 4).stream().filter(c -> !group.get(c).isEmpty()).toList();
  }

  private static List<Double> elapsed(List<RawRow> rows) {
    return rows.stream().map(r -> r.elapsedMs().getAsDouble()).toList();
  }

  // ---- text ----

  String fanout() {
    return "(a, b) = (" + a + ", " + b + ")";
  }

  private static String withB(String what, String bytes) {
    return bytes.isEmpty() ? what : what + ", B = " + Numbers.setting(ResultColumns.B, bytes);
  }

  /** The configuration's block of {@code secmem advise} and of the report page. */
  List<String> text() {
    List<String> out = new ArrayList<>();
    out.add("sort, buffer tree vs merge sort, " + describe(group, shown(group)));
    List<List<String>> table = new ArrayList<>();
    table.add(List.of("", "settings", "median ms (min\u2013max)", "reps", "I/Os"));
    table.add(
        List.of(
            "buffer tree",
            withB(fanout(), bufferBytes),
            range(stats(), SortBestTable::ms),
            Integer.toString(stats().count()),
            treeIos()));
    merge.ifPresent(
        m ->
            table.add(
                List.of(
                    "fastest merge sort",
                    withB("d = " + m.d(), m.bufferBytes()),
                    range(m.stats(), SortBestTable::ms),
                    Integer.toString(m.stats().count()),
                    mergeIos(m))));
    out.addAll(aligned("  ", table));
    out.add("  verdict: " + verdict());
    toAdd.forEach(s -> out.add("  add: " + s.what()));
    return out;
  }

  /** The configuration on one line: the end of {@code secmem run}. */
  String brief() {
    String s =
        "sort buffer tree "
            + fanout()
            + " "
            + describe(group, shown(group))
            + ": "
            + SortBestTable.ms(stats().median())
            + " ms";
    return merge
        .map(
            m ->
                s
                    + " against the fastest merge sort d = "
                    + m.d()
                    + " "
                    + SortBestTable.ms(m.stats().median())
                    + " ms: "
                    + verdict())
        .orElse(s + ": no merge sort at the same pair, N and M to compare with");
  }

  /** Slower, faster or within noise, by how much, and whether noise can be ruled out. */
  String verdict() {
    if (merge.isEmpty()) {
      return "no merge sort of the same read/write pair, N and M in this file: nothing to"
          + " compare with";
    }
    Merge m = merge.get();
    double r = ratio();
    String how =
        r >= 1
            ? "slower: " + times(r) + " the fastest merge sort's time"
            : "faster: the fastest merge sort took " + times(1 / r) + " its time";
    if (Math.min(stats().count(), m.stats().count()) < 2) {
      return "the buffer tree is " + how + "; one run each, so noise cannot be ruled out";
    }
    return withinNoise()
        ? "the buffer tree and the merge sort are within noise (" + times(r) + " in the median)"
        : "the buffer tree is " + how + " (apart: beyond noise)";
  }

  /** The tree's blocks moved and its bound, and the bytes they make. */
  private String treeIos() {
    OptionalDouble read = median(rows, "blocks_read");
    OptionalDouble written = median(rows, "blocks_written");
    OptionalDouble bound = median(rows, ResultColumns.PREDICTED_IOS);
    List<String> parts = new ArrayList<>();
    if (read.isPresent() && written.isPresent()) {
      double blocks = read.getAsDouble() + written.getAsDouble();
      parts.add(Numbers.grouped(blocks) + " blocks moved" + bytes(blocks, bufferBytes));
    }
    bound.ifPresent(v -> parts.add("bound n\u00b7log_m(n) " + Numbers.grouped(v)));
    return parts.isEmpty() ? "\u2013" : String.join("; ", parts);
  }

  /** The merge sort's I/Os as recorded, else as the cost model predicts them. */
  private String mergeIos(Merge m) {
    OptionalDouble ios = median(m.rows(), ResultColumns.PREDICTED_IOS);
    OptionalDouble bytes = Advice.number(m.bufferBytes());
    if (ios.isEmpty() && bytes.isPresent()) {
      ios =
          OptionalDouble.of(
              CostModel.predictedBlockTransfers(
                  (long) Double.parseDouble(group.get(ResultColumns.N)),
                  (long) Double.parseDouble(group.get(ResultColumns.M)),
                  (int) Double.parseDouble(m.d()),
                  (int) bytes.getAsDouble()));
    }
    return ios.isEmpty()
        ? "\u2013"
        : Numbers.grouped(ios.getAsDouble())
            + " predicted by the model"
            + bytes(ios.getAsDouble(), m.bufferBytes());
  }

  /** " (51.8 MiB)": blocks of B bytes as bytes, when B is known. */
  private static String bytes(double blocks, String bufferBytes) {
    OptionalDouble b = Advice.number(bufferBytes);
    return b.isEmpty() ? "" : " (" + Numbers.bytes(blocks * b.getAsDouble()) + ")";
  }

  private static OptionalDouble median(List<RawRow> rows, String column) {
    List<Double> v = new ArrayList<>();
    for (RawRow r : rows) {
      try {
        r.number(column).ifPresent(v::add);
      } catch (IllegalArgumentException e) {
        // text in a measurement column: not a number to use
      }
    }
    return v.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(Statistics.of(v).median());
  }
}
