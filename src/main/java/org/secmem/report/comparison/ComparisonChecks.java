package org.secmem.report.comparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * Why a comparison cannot be made, said before it is tried: a --by value no row has, a column one
 * side leaves blank, configurations on one side only or none in common.
 */
final class ComparisonChecks {

  private ComparisonChecks() {}

  /**
   * Notes the measured rows that {@code --by column=A:B} leaves out because they have no value
   * there at all (a sort's rows under {@code --by stream}): not compared, but not dropped silently
   * either.
   */
  static void blankLeftOut(RawResults raw, String column, String asked, List<String> notes) {
    if (asked.isBlank()) {
      return;
    }
    List<RawRow> blank = raw.measuredRows().stream().filter(r -> r.get(column).isBlank()).toList();
    if (blank.isEmpty()) {
      return;
    }
    Set<String> experiments =
        blank.stream()
            .map(r -> r.get(ResultColumns.EXPERIMENT).trim())
            .collect(Collectors.toCollection(TreeSet::new));
    notes.add(
        "left out of "
            + raw.source()
            + ": "
            + blank.size()
            + " measured "
            + (blank.size() == 1 ? "row" : "rows")
            + " without a "
            + column
            + " value ("
            + String.join(", ", experiments)
            + "), which --by "
            + column
            + " cannot compare");
  }

  static List<RawRow> pick(RawResults raw, String value, String column)
      throws IncomparableResultsException {
    List<RawRow> measured = raw.measuredRows();
    if (measured.isEmpty()) {
      throw new IncomparableResultsException(
          raw.source()
              + ": no measured row to compare"
              + (raw.rows().isEmpty() ? "" : " (" + raw.rows().size() + " warm-up rows only)"));
    }
    if (value == null) {
      return measured;
    }
    List<RawRow> picked =
        measured.stream().filter(r -> r.get(column).trim().equals(value)).toList();
    if (picked.isEmpty()) {
      throw new IncomparableResultsException(
          raw.source()
              + ": no measured row with "
              + column
              + "="
              + value
              + "; "
              + column
              + " there is "
              + valuesText(measured, column));
    }
    return picked;
  }

  /** {@code one of: a, b, c}, {@code always a}, or {@code empty in every row}. */
  static String valuesText(List<RawRow> rows, String column) {
    Set<String> values = new TreeSet<>();
    rows.forEach(r -> values.add(r.get(column).trim()));
    if (values.size() == 1) {
      String v = values.iterator().next();
      return v.isEmpty() ? "empty in every row (or not a column)" : "always " + v;
    }
    return "one of: "
        + values.stream().map(v -> v.isEmpty() ? "(empty)" : v).collect(Collectors.joining(", "));
  }

  /**
   * A configuration column that only {@code raw} has must hold one value per configuration of the
   * common columns: else its rows cannot be matched one to one.
   */
  static void checkOneSided(
      RawResults raw,
      List<RawRow> rows,
      List<String> own,
      List<String> other,
      List<String> key,
      String byColumn,
      boolean isBase,
      List<String> notes)
      throws IncomparableResultsException {
    for (String c : own) {
      if (other.contains(c) || c.equals(byColumn)) {
        continue;
      }
      Map<List<String>, List<RawRow>> groups = ComparisonPairs.group(rows, key);
      for (List<RawRow> g : groups.values()) {
        Set<String> values = new TreeSet<>();
        g.forEach(r -> values.add(r.get(c).trim()));
        if (values.size() > 1) {
          String example = values.stream().filter(v -> !v.isEmpty()).findFirst().orElse("");
          throw new IncomparableResultsException(
              raw.source()
                  + ": column '"
                  + c
                  + "' is only"
                  + " in "
                  + (isBase ? "BASE" : "NEW")
                  + ", and it takes several values in one"
                  + " configuration ("
                  + values.stream()
                      .map(v -> v.isEmpty() ? "(empty)" : v)
                      .collect(Collectors.joining(", "))
                  + "): say which to compare, e.g. --by "
                  + c
                  + "="
                  + (isBase ? example + ":" : ":" + example));
        }
      }
      Set<String> values = new TreeSet<>();
      rows.forEach(r -> values.add(r.get(c).trim()));
      values.remove("");
      notes.add(
          c
              + " is only in "
              + (isBase ? "BASE" : "NEW")
              + " ("
              + (values.isEmpty() ? "always empty" : String.join(", ", values))
              + "): not used to match");
    }
  }

  /** With {@code --by COLUMN} and no values, a configuration has one value of it per side. */
  static void checkOneValue(RawResults raw, List<RawRow> rows, List<String> key, String column)
      throws IncomparableResultsException {
    for (Map.Entry<List<String>, List<RawRow>> g : ComparisonPairs.group(rows, key).entrySet()) {
      Set<String> values = new TreeSet<>();
      g.getValue().forEach(r -> values.add(r.get(column).trim()));
      if (values.size() > 1) {
        throw new IncomparableResultsException(
            raw.source()
                + ": --by "
                + column
                + ": one"
                + " configuration has "
                + values.size()
                + " values of "
                + column
                + " ("
                + String.join(", ", values)
                + "); say which rows are BASE and which NEW with --by "
                + column
                + "=A:B");
      }
    }
  }

  /** The most values per column that the message of no match names. */
  static final int NAMED = 3;

  static String noneInCommon(
      RawResults base,
      RawResults next,
      List<RawRow> baseRows,
      List<RawRow> nextRows,
      List<String> key) {
    List<String> matched = new ArrayList<>();
    List<String> apart = new ArrayList<>();
    for (String c : key) {
      Set<String> b = new TreeSet<>();
      Set<String> n = new TreeSet<>();
      baseRows.forEach(r -> b.add(r.get(c).trim()));
      nextRows.forEach(r -> n.add(r.get(c).trim()));
      if (b.size() == 1 && n.size() == 1 && b.contains("") && n.contains("")) {
        continue; // empty on both sides: it matched, and says nothing
      }
      matched.add(c);
      if (b.stream().noneMatch(n::contains)) {
        apart.add(c + " (BASE: " + few(b) + "; NEW: " + few(n) + ")");
      }
    }
    // one line a terminal shows whole: the first columns that keep the files apart
    int named = 2;
    String more = apart.size() > named ? " and " + (apart.size() - named) + " more columns" : "";
    return next.source()
        + ": no configuration in common with "
        + base.source()
        + (apart.isEmpty()
            ? " (matched on "
                + String.join(", ", matched)
                + "; each has configurations the other"
                + " lacks)"
            : ": no value in common in "
                + String.join(", ", apart.subList(0, Math.min(named, apart.size())))
                + more
                + "; to compare across a column, name it with --by COLUMN");
  }

  /** Up to {@value #NAMED} values, "(empty)" for the empty one, then how many more. */
  static String few(Set<String> values) {
    List<String> shown =
        values.stream().limit(NAMED).map(v -> v.isEmpty() ? "(empty)" : v).toList();
    return String.join(", ", shown)
        + (values.size() > NAMED ? " and " + (values.size() - NAMED) + " more" : "");
  }
}
