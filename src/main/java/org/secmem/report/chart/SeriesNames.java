package org.secmem.report.chart;

import static org.secmem.report.chart.ChartPlanner.ALGORITHM;
import static org.secmem.report.chart.ChartPlanner.ENGINE;
import static org.secmem.report.chart.ChartPlanner.MERGE;
import static org.secmem.report.chart.ChartPlanner.MERGE_READ;
import static org.secmem.report.chart.ChartPlanner.PQ;
import static org.secmem.report.chart.ChartPlanner.SORT_SERIES_EXTRAS;
import static org.secmem.report.chart.ChartPlanner.WORK_DIR;
import static org.secmem.report.chart.ChartPlanner.orDash;
import static org.secmem.report.chart.ChartPlanner.workDirName;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * Names the series of one chart's rows (or of the rows a chart's names are told apart among).
 * Whether a setting varies between those rows, which decides whether a name carries it, is worked
 * out once per setting, when first asked, and not again for each row: asking it per row would make
 * planning quadratic in a sweep's rows.
 */
final class SeriesNames {
  private final List<String> seriesColumns;
  private final boolean sort;
  private final List<RawRow> all;

  /** Per column: whether its cells differ between {@code all}, as asked. */
  private final Map<String, Boolean> varies = new HashMap<>();

  /** secmem's own rows of {@code all} (not another engine's), and the same per column. */
  private List<RawRow> own;

  private final Map<String, Boolean> ownVaries = new HashMap<>();
  private Boolean onePair;

  /** The buffer tree's rows of a pq chart: whether their streams, their (a, b) differ. */
  private Boolean treeStreamsVary;

  private Boolean treeFanoutsVary;

  /**
   * @param seriesColumns the columns that tell series apart (see {@link #seriesColumns})
   * @param sort whether the rows are sort rows
   * @param all the rows whose series are named
   */
  SeriesNames(List<String> seriesColumns, boolean sort, List<RawRow> all) {
    this.seriesColumns = seriesColumns;
    this.sort = sort;
    this.all = all;
  }

  /** The series of {@code r}, one of the rows given. */
  ChartPlanner.Identity of(RawRow r) {
    if (r.get(ResultColumns.EXPERIMENT).trim().equals(PQ)) {
      return pq(r);
    }
    if (!sort) {
      String name =
          seriesColumns.stream().map(c -> orDash(r.get(c))).collect(Collectors.joining(", "));
      name = name.isEmpty() ? "runs" : name;
      return new ChartPlanner.Identity(name, name);
    }
    String engine = r.get(ENGINE).trim();
    if (!engine.isEmpty() && !engine.equals("secmem")) {
      // Another engine: its name and master, and its settings where they differ between rows.
      List<String> parts = new ArrayList<>(List.of(engine + " " + r.get("master").trim()));
      for (String c : List.of("partitions", "engine_conf", WORK_DIR)) {
        if (seriesColumns.contains(c)
            && r.has(c)
            && varies.computeIfAbsent(c, k -> differ(all, x -> x.get(k).trim()))) {
          parts.add(
              c.equals("partitions")
                  ? r.get(c).trim() + " partitions"
                  : c.equals(WORK_DIR) ? workDirName(r.get(c).trim()) : r.get(c).trim());
        }
      }
      String name = String.join(", ", parts);
      return new ChartPlanner.Identity(name, name);
    }
    String read = orDash(r.get(ResultColumns.READ_STREAM));
    String write = orDash(r.get(ResultColumns.WRITE_STREAM));
    String pair = SeriesStyle.pairKey(read, write);
    List<String> extras = new ArrayList<>();
    for (String c : SORT_SERIES_EXTRAS) {
      // A baseline algorithm is named even alone (a level line beside the merge sort's sweep).
      boolean baseline = c.equals(ALGORITHM) && !r.get(c).trim().equals(MERGE);
      // A blank work_dir is a setting too (the default folder), not a missing value; so is a
      // blank merge_read_stream (the runs read as the input is).
      boolean blankSays = c.equals(WORK_DIR) || c.equals(MERGE_READ) && isMerge(r);
      if (seriesColumns.contains(c)
          && (r.has(c) || blankSays)
          && (baseline || ownVaries.computeIfAbsent(c, k -> differ(own(), x -> x.get(k).trim())))) {
        extras.add(
            c.equals(WORK_DIR)
                ? workDirName(r.get(c).trim())
                : c.equals(MERGE_READ) ? mergeReadName(r) : r.get(c).trim());
      }
    }
    if (extras.isEmpty()) {
      return new ChartPlanner.Identity(pair, pair);
    }
    if (onePair == null) {
      List<RawRow> rows = own();
      onePair =
          !rows.isEmpty()
              && !differ(
                  rows,
                  x ->
                      x.get(ResultColumns.READ_STREAM).trim()
                          + "/"
                          + x.get(ResultColumns.WRITE_STREAM).trim());
    }
    String extra = String.join(", ", extras);
    return onePair
        ? new ChartPlanner.Identity(extra, extra)
        : new ChartPlanner.Identity(pair + ", " + extra, extra);
  }

  /** Whether {@code r} is a merge sort's row (an older file's rows name no algorithm). */
  private static boolean isMerge(RawRow r) {
    String algorithm = r.get(ALGORITHM).trim();
    return algorithm.isEmpty() || algorithm.equals(MERGE);
  }

  /** {@code merges read direct}: the merges' read stream, the input's where the cell is blank. */
  private static String mergeReadName(RawRow r) {
    String own = r.get(MERGE_READ).trim();
    return "merges read " + (own.isEmpty() ? orDash(r.get(ResultColumns.READ_STREAM)) : own);
  }

  /** secmem's own rows, told apart among themselves: another engine's blanks split nothing. */
  private List<RawRow> own() {
    if (own == null) {
      own =
          all.stream()
              .filter(x -> x.get(ENGINE).trim().isEmpty() || x.get(ENGINE).trim().equals("secmem"))
              .toList();
    }
    return own;
  }

  /**
   * A pq series: the queue's name, and for the buffer tree its streams and (a, b) where they differ
   * between the chart's tree rows ("buffer-tree, mapped/channel, (2, 8)").
   */
  private ChartPlanner.Identity pq(RawRow r) {
    String name = orDash(r.get(ALGORITHM));
    List<String> extras = new ArrayList<>();
    if (r.has(ResultColumns.READ_STREAM)) {
      if (treeStreamsVary == null) {
        List<RawRow> trees = all.stream().filter(x -> x.has(ResultColumns.READ_STREAM)).toList();
        treeStreamsVary =
            differ(
                trees,
                x ->
                    x.get(ResultColumns.READ_STREAM).trim()
                        + "/"
                        + x.get(ResultColumns.WRITE_STREAM).trim());
        treeFanoutsVary =
            differ(trees, x -> x.get("fanout_a").trim() + "," + x.get("fanout_b").trim());
      }
      if (treeStreamsVary) {
        extras.add(
            r.get(ResultColumns.READ_STREAM).trim()
                + "/"
                + r.get(ResultColumns.WRITE_STREAM).trim());
      }
      if (seriesColumns.contains("fanout_a") && treeFanoutsVary) {
        extras.add("(" + r.get("fanout_a").trim() + ", " + r.get("fanout_b").trim() + ")");
      }
    }
    String full = extras.isEmpty() ? name : name + ", " + String.join(", ", extras);
    return new ChartPlanner.Identity(full, full);
  }

  /** Whether {@code value} takes more than one value over {@code rows}. */
  private static boolean differ(List<RawRow> rows, Function<RawRow, String> value) {
    String first = null;
    for (RawRow x : rows) {
      String v = value.apply(x);
      if (first == null) {
        first = v;
      } else if (!v.equals(first)) {
        return true;
      }
    }
    return false;
  }
}
