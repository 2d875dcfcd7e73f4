package org.secmem.report.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;
import org.secmem.stream.StreamType;

/**
 * The order in which a summary and the report list configurations: the order of the command or
 * parameter file that asked for them (its {@code sweep} cell, {@code FILE:LINE} by line), and
 * within one line by the swept values — numbers by size, stream types in the seeds' order (simple,
 * buffered, user-buffer, mapped, then the newer ones), experiments as write, read, sort, pq, other
 * text alphabetically. A file without sweeps keeps its order. An interleaved run measures
 * configurations in a shuffled order; the tables a person reads do not follow it.
 */
public final class ConfigurationOrder {

  private static final Pattern FILE_LINE = Pattern.compile("(.*):(\\d+)");

  private static final List<String> STREAM_NAMES =
      Arrays.stream(StreamType.values()).map(StreamType::cliName).toList();

  /** The experiments in the order the seeds run them: data written before it is read. */
  private static final List<String> EXPERIMENT_NAMES = List.of("write", "read", "sort", "pq");

  private ConfigurationOrder() {}

  /**
   * Rows grouped by their configuration values, in the order of the command or file that asked for
   * them and then by their values (this order), not in the shuffled order an interleaved run
   * measured them in.
   */
  public static Map<List<String>, List<RawRow>> byConfiguration(
      RawResults raw, List<String> config) {
    Map<List<String>, List<RawRow>> groups = new LinkedHashMap<>();
    for (RawRow r : raw.rows()) {
      List<String> key = config.stream().map(r::get).toList();
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    return sorted(groups, config);
  }

  /**
   * {@code groups} (configuration values in {@code columns} order → their rows) sorted: by the
   * earliest sweep among each group's rows, then by the values.
   */
  static Map<List<String>, List<RawRow>> sorted(
      Map<List<String>, List<RawRow>> groups, List<String> columns) {
    if (groups.values().stream().flatMap(List::stream).noneMatch(r -> r.has(ResultColumns.SWEEP))) {
      // A file from before sweeps were recorded ran its configurations in order: keep it.
      return groups;
    }
    // Each sweep's source (a command or a file) ranked by where it first appears.
    Map<String, Integer> sourceRank = new HashMap<>();
    groups.values().stream()
        .flatMap(List::stream)
        .sorted(Comparator.comparingLong(RawRow::line))
        .forEach(r -> sourceRank.putIfAbsent(source(r), sourceRank.size()));
    Map<List<String>, long[]> sweepOf = new HashMap<>();
    groups.forEach(
        (key, rows) ->
            sweepOf.put(
                key,
                rows.stream()
                    .map(r -> new long[] {sourceRank.get(source(r)), sweepLine(r)})
                    .min(ConfigurationOrder::compareSweeps)
                    .orElse(new long[] {0, 0})));
    List<List<String>> keys = new ArrayList<>(groups.keySet());
    keys.sort(
        Comparator.<List<String>, long[]>comparing(sweepOf::get, ConfigurationOrder::compareSweeps)
            .thenComparing(ConfigurationOrder::compareValues));
    Map<List<String>, List<RawRow>> result = new LinkedHashMap<>();
    keys.forEach(k -> result.put(k, groups.get(k)));
    return result;
  }

  private static int compareSweeps(long[] a, long[] b) {
    int bySource = Long.compare(a[0], b[0]);
    return bySource != 0 ? bySource : Long.compare(a[1], b[1]);
  }

  private static String source(RawRow r) {
    String sweep = r.get(ResultColumns.SWEEP).trim();
    Matcher m = FILE_LINE.matcher(sweep);
    return m.matches() ? m.group(1) : sweep;
  }

  private static long sweepLine(RawRow r) {
    Matcher m = FILE_LINE.matcher(r.get(ResultColumns.SWEEP).trim());
    if (!m.matches()) {
      return 0;
    }
    try {
      return Long.parseLong(m.group(2));
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE; // a line number past long: after every other line
    }
  }

  /** Cell by cell: the first that differs decides. */
  static int compareValues(List<String> a, List<String> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = compareCells(a.get(i).trim(), b.get(i).trim());
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  /** Blank first, then numbers by size, stream types in their order, other text alphabetically. */
  static int compareCells(String a, String b) {
    if (a.equals(b)) {
      return 0;
    }
    if (a.isEmpty() || b.isEmpty()) {
      return a.isEmpty() ? -1 : 1;
    }
    Double x = number(a);
    Double y = number(b);
    if (x != null && y != null) {
      int c = Double.compare(x, y);
      return c != 0 ? c : a.compareTo(b);
    }
    for (List<String> known : List.of(STREAM_NAMES, EXPERIMENT_NAMES)) {
      int i = known.indexOf(a);
      int j = known.indexOf(b);
      if (i >= 0 && j >= 0) {
        return Integer.compare(i, j);
      }
    }
    return a.compareTo(b);
  }

  private static Double number(String text) {
    try {
      double v = Double.parseDouble(text);
      return Double.isFinite(v) ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
