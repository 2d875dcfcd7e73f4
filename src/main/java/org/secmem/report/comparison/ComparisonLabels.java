package org.secmem.report.comparison;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.secmem.report.chart.ChartPainter;
import org.secmem.report.chart.ChartPlanner;
import org.secmem.results.ResultColumns;

/**
 * How a comparison names and orders its rows: the columns that tell configurations apart, named as
 * a user chooses them, in the order of their values.
 */
final class ComparisonLabels {

  private ComparisonLabels() {}

  /**
   * Per experiment, the columns its rows are labelled with: the experiment itself when the
   * comparison has several, and the columns whose value differs between that experiment's
   * configurations (a sort's M does not label a write, nor does a column only sorts fill).
   */
  static Map<String, List<String>> labelColumns(List<Comparison.Pair> pairs, List<String> key) {
    Map<String, List<List<String>>> byExperiment = new LinkedHashMap<>();
    for (Comparison.Pair p : pairs) {
      byExperiment
          .computeIfAbsent(Comparison.experimentOf(key, p.key()), e -> new ArrayList<>())
          .add(p.key());
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<List<String>>> e : byExperiment.entrySet()) {
      // columns with two values at least, not counting empty; all that differ only when those
      // would give two configurations one label
      List<String> columns = columns(e.getValue(), key, byExperiment.size() > 1, true);
      Set<String> labels = new HashSet<>();
      for (List<String> k : e.getValue()) {
        labels.add(label(key, columns, k));
      }
      if (labels.size() < e.getValue().size()) {
        columns = columns(e.getValue(), key, byExperiment.size() > 1, false);
      }
      out.put(e.getKey(), telling(e.getValue(), key, columns));
    }
    return out;
  }

  /** Columns named first in a label: what a user chooses, before what follows from it. */
  static final List<String> LABEL_PRIORITY =
      List.of(
          ResultColumns.EXPERIMENT,
          "preset",
          "algorithm",
          ResultColumns.STREAM,
          ResultColumns.N,
          ResultColumns.K,
          ResultColumns.B,
          ResultColumns.M,
          ResultColumns.D,
          "threads",
          ResultColumns.READ_STREAM,
          ResultColumns.WRITE_STREAM,
          ResultColumns.MERGE_READ_STREAM);

  /**
   * Of {@code columns}, those that tell the configurations apart, taken in {@link #LABEL_PRIORITY}
   * order and then the key's: a column whose values follow from those already taken (a preset's
   * merger, run sort, B and threads) is left out, so that a label says what was chosen in a few
   * words.
   */
  static List<String> telling(List<List<String>> keys, List<String> key, List<String> columns) {
    List<String> candidates = new ArrayList<>();
    LABEL_PRIORITY.stream().filter(columns::contains).forEach(candidates::add);
    columns.stream().filter(c -> !candidates.contains(c)).forEach(candidates::add);
    List<String> kept = new ArrayList<>();
    long told = 1;
    for (String c : candidates) {
      List<String> trial = new ArrayList<>(kept);
      trial.add(c);
      long distinct =
          keys.stream()
              .map(k -> trial.stream().map(t -> k.get(key.indexOf(t))).toList())
              .distinct()
              .count();
      if (distinct > told || (c.equals(ResultColumns.EXPERIMENT) && kept.isEmpty())) {
        kept.add(c);
        told = distinct;
      }
    }
    return kept.isEmpty() ? columns : kept;
  }

  static List<String> columns(
      List<List<String>> keys, List<String> key, boolean withExperiment, boolean nonBlankOnly) {
    List<String> columns = new ArrayList<>();
    if (withExperiment && key.contains(ResultColumns.EXPERIMENT)) {
      columns.add(ResultColumns.EXPERIMENT);
    }
    for (int i = 0; i < key.size(); i++) {
      final int c = i;
      if (key.get(i).equals(ResultColumns.EXPERIMENT)) {
        continue;
      }
      if (keys.stream()
              .map(k -> k.get(c))
              .filter(v -> !nonBlankOnly || !v.isBlank())
              .distinct()
              .count()
          > 1) {
        columns.add(key.get(i));
      }
    }
    if (columns.isEmpty() && key.contains(ResultColumns.EXPERIMENT)) {
      columns.add(ResultColumns.EXPERIMENT);
    }
    return columns;
  }

  /**
   * Pairs in a reading order: experiments as they first appear, then by each key column in turn,
   * numbers as numbers (results of an interleaved sweep are in random order).
   */
  static List<Comparison.Pair> sorted(List<Comparison.Pair> pairs, List<String> key) {
    List<String> experiments =
        pairs.stream().map(p -> Comparison.experimentOf(key, p.key())).distinct().toList();
    Comparator<Comparison.Pair> order =
        Comparator.comparingInt(p -> experiments.indexOf(Comparison.experimentOf(key, p.key())));
    for (int i = 0; i < key.size(); i++) {
      final int c = i;
      order = order.thenComparing(p -> p.key().get(c), ComparisonLabels::compareValues);
    }
    List<Comparison.Pair> out = new ArrayList<>(pairs);
    out.sort(order);
    return out;
  }

  /** Blank first, then numbers by value, then text. */
  static int compareValues(String a, String b) {
    if (a.equals(b)) {
      return 0;
    }
    if (a.isBlank() || b.isBlank()) {
      return a.isBlank() ? -1 : 1;
    }
    Double x = numberOrNull(a);
    Double y = numberOrNull(b);
    if (x != null && y != null) {
      return Double.compare(x, y);
    }
    if (x != null || y != null) {
      return x != null ? -1 : 1;
    }
    return a.compareTo(b);
  }

  static Double numberOrNull(String s) {
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** {@code write N=1M B=64K}: the experiment bare, the other varying columns as name=value. */
  static String label(List<String> key, List<String> varying, List<String> values) {
    List<String> parts = new ArrayList<>();
    for (String c : varying) {
      String v = values.get(key.indexOf(c));
      if (v.isBlank()) {
        continue;
      }
      parts.add(
          c.equals(ResultColumns.EXPERIMENT)
              ? v
              : ChartPlanner.label(c) + "=" + ChartPainter.size(c, v));
    }
    return parts.isEmpty() ? "(all)" : String.join(" ", parts);
  }
}
