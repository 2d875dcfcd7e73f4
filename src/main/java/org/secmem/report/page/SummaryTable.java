package org.secmem.report.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.secmem.report.chart.HtmlText;
import org.secmem.results.Numbers;
import org.secmem.results.ResultColumns;
import org.secmem.units.Units;

/**
 * One experiment's summary on the report page, in two forms: a compact table that fits a laptop
 * window (the settings that vary, in a column each or, past {@value #MAX_SETTING_COLUMNS}, joined
 * in one column that wraps; the repetitions, the median time and its range, the median throughput,
 * the predicted I/Os, whether the output was verified and the drift), and below it, one click away,
 * the full table with every column of the summary CSV (which is twice as wide as a 1280-pixel
 * window and would hide most of its columns behind a scrollbar).
 *
 * <p>N and M are written as the text writes them ({@code 2^18}), B as bytes ({@code 64 KiB}); each
 * such cell keeps the number it stands for in {@code data-v}, so that sorting by the column sorts
 * by the number. Configuration columns empty in every row are left out of both forms, and those
 * with one value in every row are said once above them.
 */
final class SummaryTable {

  /** The summary column the measurements start at: settings come before it. */
  static final String COUNT = "count";

  /** The measurements the compact form keeps, in its order, with their headings. */
  private static final List<List<String>> COMPACT =
      List.of(
          List.of(COUNT, "reps"),
          List.of(ResultColumns.ELAPSED_MS + "_median", "median ms"),
          List.of(ResultColumns.ELAPSED_MS + "_min", "min ms"),
          List.of(ResultColumns.ELAPSED_MS + "_max", "max ms"),
          List.of(ResultColumns.MIB_PER_S + "_median", "median MiB/s"),
          List.of(ResultColumns.PREDICTED_IOS, "predicted I/Os"),
          List.of(ResultColumns.VERIFIED, "verified"),
          List.of("drift", "drift"));

  private static final Set<String> INTS = Set.of(ResultColumns.N, ResultColumns.M);

  /**
   * The most settings the compact form gives a column each; more are joined into one column that
   * wraps (a sort sweep varies 14 settings: 21 columns do not fit 1,100 pixels).
   */
  static final int MAX_SETTING_COLUMNS = 4;

  /** The column index that stands for the joined settings. */
  private static final int JOINED = -1;

  private SummaryTable() {}

  /** Both forms of the summary {@code rows} (of {@code header}), the experiment column left out. */
  static void html(
      StringBuilder h, List<String> header, List<List<String>> rows, int experimentCol) {
    if (rows.isEmpty()) {
      h.append("<p class=\"note\">No summary rows.</p>\n");
      return;
    }
    int firstStat = header.indexOf(COUNT);
    List<Integer> settings = new ArrayList<>();
    List<Integer> measured = new ArrayList<>();
    List<String> same = new ArrayList<>();
    for (int c = 0; c < header.size(); c++) {
      if (c == experimentCol || emptyInEveryRow(rows, c)) {
        continue;
      }
      boolean setting = firstStat < 0 || c < firstStat;
      if (setting && rows.size() > 1 && constant(rows, c)) {
        same.add(header.get(c) + " = " + shown(header.get(c), cell(rows.get(0), c)));
      } else if (setting) {
        settings.add(c);
      } else {
        measured.add(c);
      }
    }
    if (!same.isEmpty()) {
      h.append("<p class=\"same\">Same in every row: ");
      for (int i = 0; i < same.size(); i++) {
        h.append(i == 0 ? "" : " · ").append("<code>").append(esc(same.get(i))).append("</code>");
      }
      h.append("</p>\n");
    }
    List<Integer> compact = new ArrayList<>();
    List<String> headings = new ArrayList<>();
    if (settings.size() > MAX_SETTING_COLUMNS) {
      compact.add(JOINED);
      headings.add("configuration");
    } else {
      compact.addAll(settings);
      settings.forEach(c -> headings.add(header.get(c)));
    }
    for (List<String> m : COMPACT) {
      int c = header.indexOf(m.get(0));
      if (measured.contains(c)) {
        compact.add(c);
        headings.add(m.get(1));
      }
    }
    h.append("<div class=\"scroll\">");
    table(h, "summary sortable compact", header, rows, compact, headings, settings);
    h.append("</div>\n");
    List<Integer> all = new ArrayList<>(settings);
    all.addAll(measured);
    if (all.size() > compact.size()) {
      h.append("<details class=\"full\"><summary>All ")
          .append(all.size())
          .append(" columns, as in the summary CSV</summary>\n<div class=\"scroll\">");
      table(
          h,
          "summary sortable full",
          header,
          rows,
          all,
          all.stream().map(header::get).toList(),
          settings);
      h.append("</div></details>\n");
    }
  }

  private static void table(
      StringBuilder h,
      String cssClass,
      List<String> header,
      List<List<String>> rows,
      List<Integer> cols,
      List<String> headings,
      List<Integer> settings) {
    h.append("<table class=\"").append(cssClass).append("\">\n<thead><tr>");
    headings.forEach(t -> h.append("<th title=\"click to sort\">").append(esc(t)).append("</th>"));
    h.append("</tr></thead>\n<tbody>\n");
    int verified = header.indexOf(ResultColumns.VERIFIED);
    for (List<String> r : rows) {
      h.append("<tr>");
      for (int c : cols) {
        if (c == JOINED) {
          h.append("<td class=\"label\">").append(esc(joined(header, r, settings))).append("</td>");
          continue;
        }
        String v = cell(r, c);
        String s = shown(header.get(c), v);
        h.append("<td");
        if (c == verified && v.equals("false")) {
          h.append(" class=\"bad\"");
        }
        if (!s.equals(v)) {
          h.append(" data-v=\"").append(esc(v)).append('"');
        }
        h.append('>').append(esc(s)).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody></table>\n");
  }

  /** A cell as the page's text writes it: N and M as counts of ints, B in bytes. */
  static String shown(String column, String value) {
    long v;
    try {
      v = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return value;
    }
    if (v < 0) {
      return value;
    }
    if (INTS.contains(column)) {
      return Units.count(v);
    }
    return column.equals(ResultColumns.B) ? Numbers.bytes(v) : value;
  }

  /** The settings of {@code row} that vary, as {@code n = 2^20 · d = 4}; blank ones left out. */
  static String joined(List<String> header, List<String> row, List<Integer> settings) {
    List<String> parts = new ArrayList<>();
    for (int c : settings) {
      String v = cell(row, c).trim();
      if (!v.isEmpty()) {
        parts.add(header.get(c) + " = " + shown(header.get(c), v));
      }
    }
    return String.join(" \u00b7 ", parts);
  }

  private static String cell(List<String> row, int c) {
    return c < row.size() ? row.get(c) : "";
  }

  private static boolean emptyInEveryRow(List<List<String>> rows, int c) {
    return rows.stream().allMatch(r -> cell(r, c).isEmpty());
  }

  private static boolean constant(List<List<String>> rows, int c) {
    String v0 = cell(rows.get(0), c);
    return rows.stream().allMatch(r -> c < r.size() && r.get(c).equals(v0));
  }

  private static String esc(String s) {
    return HtmlText.esc(s);
  }
}
