package org.secmem.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.secmem.results.RawRow;

/**
 * The rows of one sweep grouped by the settings a chart holds fixed, a row that leaves a swept
 * parameter blank joining the groups it agrees with.
 */
final class RowGroups {

  private RowGroups() {}

  /** Rows grouped by their values in {@code columns}, in file order of each group's first row. */
  static Map<Map<String, String>, List<RawRow>> byContext(List<RawRow> rows, List<String> columns) {
    Map<Map<String, String>, List<RawRow>> groups = new LinkedHashMap<>();
    for (RawRow r : rows) {
      Map<String, String> key = new LinkedHashMap<>();
      columns.forEach(c -> key.put(c, r.get(c).trim()));
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    return groups;
  }

  /**
   * Rows that leave a swept parameter blank (a type it does not apply to, such as buffered and B)
   * join the groups that agree with them on every other value; alone they are a group only when
   * there is none.
   */
  static Map<Map<String, String>, List<RawRow>> joinNotApplicable(
      Map<Map<String, String>, List<RawRow>> groups, List<String> swept) {
    Map<Map<String, String>, List<RawRow>> result = new LinkedHashMap<>();
    groups.forEach((k, v) -> result.put(k, new ArrayList<>(v)));
    // For each set of columns a partial key compares, every key by its cells there: a partial
    // key finds the keys it joins in one look-up, not by comparing itself with each.
    Map<List<String>, Map<List<String>, List<Map<String, String>>>> byCells = new HashMap<>();
    for (Map.Entry<Map<String, String>, List<RawRow>> g : groups.entrySet()) {
      Map<String, String> key = g.getKey();
      List<String> compared = compared(key, swept);
      if (compared.size() == key.size()) {
        continue; // no blank swept parameter
      }
      Map<List<String>, List<Map<String, String>>> index =
          byCells.computeIfAbsent(
              compared,
              columns -> {
                Map<List<String>, List<Map<String, String>>> byThese = new HashMap<>();
                for (Map<String, String> other : groups.keySet()) {
                  byThese.computeIfAbsent(cells(other, columns), c -> new ArrayList<>()).add(other);
                }
                return byThese;
              });
      // the keys that agree with it on every value it does not leave blank, in file order
      List<Map<String, String>> targets =
          new ArrayList<>(index.getOrDefault(cells(key, compared), List.of()));
      targets.remove(key);
      // A key that already joined others is gone: its rows are in those, and so go these.
      targets.removeIf(t -> !result.containsKey(t));
      if (!targets.isEmpty()) {
        targets.forEach(t -> result.get(t).addAll(g.getValue()));
        result.remove(key);
      }
    }
    // series in the order their first rows appear in the file
    result.values().forEach(rows -> rows.sort(Comparator.comparingLong(RawRow::line)));
    return result;
  }

  /**
   * The columns of {@code key} that must match: all but the {@code swept} parameters it leaves
   * blank, which agree with any value.
   */
  static List<String> compared(Map<String, String> key, List<String> swept) {
    List<String> columns = new ArrayList<>(key.size());
    key.forEach(
        (c, v) -> {
          if (!v.isEmpty() || !swept.contains(c)) {
            columns.add(c);
          }
        });
    return columns;
  }

  /** The cells of {@code key} in {@code columns}, in that order; null where it has none. */
  static List<String> cells(Map<String, String> key, List<String> columns) {
    List<String> cells = new ArrayList<>(columns.size());
    columns.forEach(c -> cells.add(key.get(c)));
    return cells;
  }

  static Map<String, String> fixed(Map<String, String> context) {
    Map<String, String> fixed = new LinkedHashMap<>();
    context.forEach(
        (k, v) -> {
          if (!v.isEmpty()) {
            fixed.put(k, v);
          }
        });
    return fixed;
  }
}
