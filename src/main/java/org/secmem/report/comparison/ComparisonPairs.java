package org.secmem.report.comparison;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * How two results files' configurations meet for a comparison: rows grouped by the key columns,
 * equal keys paired, a configuration alone paired with those that differ only where one side is
 * empty, and the preset's own settings folded into the preset when the comparison is by preset.
 */
final class ComparisonPairs {

  private ComparisonPairs() {}

  /**
   * The configurations of both sides paired: equal keys first; then a configuration left without a
   * partner meets every one of the other side's that differs from it only where one of the two is
   * empty (a column that does not apply to it, such as B for the buffered stream, or a column an
   * older version left empty), shown with the values of both; what is still alone is one-sided. In
   * BASE's order, then NEW's configurations that are only in NEW.
   */
  static List<Comparison.Pair> pairs(
      Map<List<String>, List<RawRow>> baseGroups,
      Map<List<String>, List<RawRow>> nextGroups,
      List<String> key,
      List<String> notes) {
    Set<List<String>> baseAlone = new LinkedHashSet<>(baseGroups.keySet());
    baseAlone.removeAll(nextGroups.keySet());
    Set<List<String>> nextAlone = new LinkedHashSet<>(nextGroups.keySet());
    nextAlone.removeAll(baseGroups.keySet());
    Set<List<String>> nextPaired = new LinkedHashSet<>();
    Set<String> wildcards = new TreeSet<>();
    List<Comparison.Pair> pairs = new ArrayList<>();
    for (Map.Entry<List<String>, List<RawRow>> b : baseGroups.entrySet()) {
      List<String> bk = b.getKey();
      if (!baseAlone.contains(bk)) {
        pairs.add(new Comparison.Pair(bk, b.getValue(), nextGroups.get(bk)));
        continue;
      }
      boolean paired = false;
      for (List<String> nk : nextAlone) {
        List<String> merged = merge(bk, nk);
        if (merged != null) {
          pairs.add(new Comparison.Pair(merged, b.getValue(), nextGroups.get(nk)));
          nextPaired.add(nk);
          paired = true;
          for (int i = 0; i < key.size(); i++) {
            if (!bk.get(i).equals(nk.get(i))) {
              wildcards.add(key.get(i));
            }
          }
        }
      }
      if (!paired) {
        pairs.add(new Comparison.Pair(bk, b.getValue(), null));
      }
    }
    for (List<String> nk : nextAlone) {
      if (!nextPaired.contains(nk)) {
        pairs.add(new Comparison.Pair(nk, null, nextGroups.get(nk)));
      }
    }
    if (!wildcards.isEmpty()) {
      notes.add(
          String.join(", ", wildcards)
              + (wildcards.size() == 1 ? " is" : " are")
              + " empty on one side for some configurations (not applicable there): those are"
              + " compared with every value of the other side");
    }
    return pairs;
  }

  /** The key of both where each column is equal or empty on one side; null when they differ. */
  private static List<String> merge(List<String> a, List<String> b) {
    List<String> merged = new ArrayList<>(a.size());
    for (int i = 0; i < a.size(); i++) {
      String x = a.get(i);
      String y = b.get(i);
      if (x.equals(y) || y.isEmpty()) {
        merged.add(x);
      } else if (x.isEmpty()) {
        merged.add(y);
      } else {
        return null;
      }
    }
    return merged;
  }

  static final String PRESET = "preset";

  /** What a sort preset chooses when the user does not: compared with the preset by --by preset. */
  private static final List<String> PRESET_SETTINGS =
      List.of(
          ResultColumns.READ_STREAM,
          ResultColumns.WRITE_STREAM,
          ResultColumns.B,
          ResultColumns.M,
          ResultColumns.D,
          "merger",
          "run_sort",
          "overlap",
          "parallel_merge",
          "access",
          "threads");

  /**
   * {@code key} without the preset's own settings that differ between the sides, each one value on
   * either side (classic's user-buffer streams against fast's channel ones): comparing presets
   * compares them as they come. A setting swept on a side (several values) stays in the key.
   */
  static List<String> withThePreset(
      List<String> key, List<RawRow> base, List<RawRow> next, List<String> notes) {
    List<String> kept = new ArrayList<>();
    List<String> moved = new ArrayList<>();
    for (String c : key) {
      Set<String> b =
          base.stream()
              .map(r -> r.get(c).trim())
              .collect(Collectors.toCollection(LinkedHashSet::new));
      Set<String> n =
          next.stream()
              .map(r -> r.get(c).trim())
              .collect(Collectors.toCollection(LinkedHashSet::new));
      if (PRESET_SETTINGS.contains(c) && b.size() == 1 && n.size() == 1 && !b.equals(n)) {
        moved.add(c + " " + orDash(b.iterator().next()) + " \u2192 " + orDash(n.iterator().next()));
      } else {
        kept.add(c);
      }
    }
    if (!moved.isEmpty()) {
      notes.add("compared with the preset, as it sets them: " + String.join(", ", moved));
    }
    return List.copyOf(kept);
  }

  private static String orDash(String v) {
    return v.isBlank() ? "-" : v;
  }

  static Map<List<String>, List<RawRow>> group(List<RawRow> rows, List<String> key) {
    Map<List<String>, List<RawRow>> groups = new LinkedHashMap<>();
    for (RawRow r : rows) {
      List<String> k = key.stream().map(c -> r.get(c).trim()).toList();
      groups.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
    }
    return groups;
  }
}
