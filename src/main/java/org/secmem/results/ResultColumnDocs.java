package org.secmem.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.secmem.names.TabSeparated;

/**
 * What every {@link ResultColumn} means, in one line with its unit, and which kinds of row fill it:
 * the source of {@code docs/results-columns.md}, which {@link #markdown()} writes and {@code
 * ResultColumnsDocTest} keeps equal to it. The descriptions are data, one line a column in {@code
 * result-columns.tsv} beside this class; a column added to {@link ResultColumn} needs its line
 * there (the class refuses to load without one), and the document must then be regenerated. The
 * kinds of row are the enum's own ({@link ResultColumn#rows()}), which rows are held to as they are
 * built.
 *
 * <p>Kept apart from the enum so that the enum stays a plain list of the file's columns; the
 * meanings are taken from the code that fills each column (the trials of {@code
 * org.secmem.experiment} and the statistics other engines report).
 */
public final class ResultColumnDocs {

  /** Where the document lives, relative to the repository's root. */
  public static final String DOCUMENT = "docs/results-columns.md";

  /** How to rewrite the document after a change here; told by the test that compares them. */
  public static final String REGENERATE =
      "mvn -q -pl core test -Dtest=ResultColumnsDocTest -Dsecmem.regenerateDocs=true";

  /** The descriptions, one line a column: {@code column<TAB>meaning}. */
  static final String RESOURCE = "result-columns.tsv";

  private static final String LAYOUT = "column<TAB>meaning";

  /**
   * One column's documentation.
   *
   * @param rows the kinds of row that fill it, as the document names them ({@link
   *     RowKind#describe})
   * @param meaning what the cell holds and in which unit, one line
   */
  public record Entry(String rows, String meaning) {}

  private static final Map<ResultColumn, Entry> DOCS = table();

  private ResultColumnDocs() {}

  /** The documentation of {@code column}. */
  public static Entry of(ResultColumn column) {
    return DOCS.get(column);
  }

  /** The text of {@code docs/results-columns.md}: an introduction and a table of every column. */
  public static String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# Columns of the raw results file\n\n")
        .append(
            "<!-- Generated from src/main/resources/org/secmem/results/result-columns.tsv: edit"
                + " the\n     descriptions there, then run\n     ")
        .append(REGENERATE)
        .append(
            "\n     (ResultColumnsDocTest fails while this file differs"
                + " from the code). -->\n\n")
        .append(
            "A raw results file (`results/<timestamp>-<experiment>/<timestamp>-<experiment>.csv`,"
                + " or `--results`) is CSV (RFC 4180,\n"
                + "UTF-8) with one header line, then one row per run: every warm-up (`warmup` ="
                + " `true`) and\n"
                + "repetition of every configuration, and the re-runs of `--sentinel` (`sentinel` ="
                + " `true`). A cell\n"
                + "is blank where its column does not apply to the run or was not measured, never a"
                + " made-up zero;\n"
                + "numbers are written the same on every machine (`.` as the decimal point). Beside"
                + " the file:\n"
                + "its summary, charts and report page ([Where results go](results.md)).\n\n")
        .append(
            "With `--format jsonl` (or a `--results` file named `.jsonl`) the same columns are"
                + " written as\nJSON Lines: the first line is the environment record,"
                + " `{\"environment\": {...}}` (each later\nsession that appends writes its own"
                + " before its rows), then one object per run with its\ncolumns in this order;"
                + " a blank cell is left out, and each value has its column's *kind*:\n`integer`"
                + " and `decimal` are JSON numbers (digit for digit as in the CSV), `boolean` is"
                + " `true`\nor `false`, `text` a string.\n\n")
        .append(
            "The columns come in the order below, the file's order. New columns are only"
                + " ever added at the\nend: none is renamed, moved or removed, so scripts can rely"
                + " on the names. secmem appends rows\nonly to a file with this version's header"
                + " (it names the columns that differ otherwise);\n`chart`, `compare` and `advise`"
                + " read files of earlier versions too, by column name: a column\nan older file"
                + " lacks reads as blank.\n\n")
        .append(
            "*rows* says which kinds of row fill the column (`all`: every experiment's; a sort's"
                + " algorithms\nin brackets when not every sort's, `engine` being another"
                + " engine's sort): a row of another\nkind leaves it blank, and secmem refuses to"
                + " write one that does not. The meaning says when\nit stays blank in them too."
                + " Times are wall-clock unless they say CPU.\n\n")
        .append("| # | column | kind | rows | meaning |\n")
        .append("|---:|---|---|---|---|\n");
    ResultColumn[] all = ResultColumn.values();
    for (int i = 0; i < all.length; i++) {
      Entry e = DOCS.get(all[i]);
      md.append("| ")
          .append(i + 1)
          .append(" | `")
          .append(all[i].header())
          .append('`')
          .append(" | ")
          .append(all[i].kind().name().toLowerCase(Locale.ROOT))
          .append(" | ")
          .append(e.rows())
          .append(" | ")
          .append(cell(e.meaning()))
          .append(" |\n");
    }
    return md.toString();
  }

  /** A table cell's text: a '|' would end the cell, so it is escaped (also inside code). */
  private static String cell(String text) {
    return text.replace("|", "\\|");
  }

  private static Map<ResultColumn, Entry> table() {
    Map<String, ResultColumn> byHeader = new HashMap<>();
    for (ResultColumn c : ResultColumn.values()) {
      byHeader.put(c.header(), c);
    }
    Map<ResultColumn, Entry> t = new EnumMap<>(ResultColumn.class);
    for (List<String> f : TabSeparated.rows(ResultColumnDocs.class, RESOURCE, 2, LAYOUT)) {
      ResultColumn column = byHeader.get(f.get(0));
      if (column == null) {
        throw new IllegalStateException(RESOURCE + ": no result column is named " + f.get(0));
      }
      if (f.get(1).isBlank()) {
        throw new IllegalStateException(RESOURCE + ": " + f.get(0) + " has no meaning");
      }
      if (t.put(column, new Entry(RowKind.describe(column.rows()), f.get(1))) != null) {
        throw new IllegalStateException(RESOURCE + ": " + f.get(0) + " is described twice");
      }
    }
    List<String> missing = new ArrayList<>();
    for (ResultColumn c : ResultColumn.values()) {
      if (!t.containsKey(c)) {
        missing.add(c.header());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException(
          "result columns without a description in " + RESOURCE + ": " + missing);
    }
    return Collections.unmodifiableMap(t);
  }
}
