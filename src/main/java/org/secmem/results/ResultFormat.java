package org.secmem.results;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.secmem.names.CliName;
import org.secmem.names.Names;

/**
 * The formats a results file can be written in, chosen by {@code --format} or by the results file's
 * extension, and recognised by their contents when read: every reader of results ({@code chart},
 * {@code compare}, {@code advise}, {@code findings}, {@code --resume}) reads both. Both hold the
 * same columns ({@link ResultColumn}); a format is how a row becomes a line.
 */
public enum ResultFormat implements CliName {
  /**
   * RFC 4180 CSV with a header line of every column, one row a run, an empty cell where a column
   * does not apply: what a spreadsheet opens. The environment record is the file beside it.
   */
  CSV("csv", ".csv", List.of(), new CsvCodec()),
  /**
   * JSON Lines: one JSON object a line, one a run, its columns in the CSV's order, numbers as
   * numbers, {@code true}/{@code false} as booleans, a column that does not apply left out. The
   * environment record is the file beside it, as for CSV (files of earlier versions hold each
   * session's record as a line {@code {"environment": {...}}} before its rows, and are still read).
   */
  JSON_LINES("jsonl", ".jsonl", List.of("ndjson", "json-lines"), new JsonLinesCodec());

  private final String cliName;
  private final String extension;
  private final List<String> aliases;
  private final ResultCodec codec;

  ResultFormat(String cliName, String extension, List<String> aliases, ResultCodec codec) {
    this.cliName = cliName;
    this.extension = extension;
    this.aliases = aliases;
    this.codec = codec;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  @Override
  public List<String> aliases() {
    return aliases;
  }

  /** The file extension, dot included: {@code .csv}, {@code .jsonl}. */
  public String extension() {
    return extension;
  }

  /** How this format writes and reads lines. */
  ResultCodec codec() {
    return codec;
  }

  /**
   * @throws IllegalArgumentException naming the allowed formats
   */
  public static ResultFormat parse(String name) {
    return Names.parse(ResultFormat.class, "results format", name);
  }

  /**
   * The format a results file is written in: JSON Lines for a name ending in {@code .jsonl} or
   * {@code .ndjson}, CSV for any other. An existing file must hold that format to be appended to
   * ({@link ResultsTarget}).
   */
  public static ResultFormat ofFile(Path file) {
    Path name = file.getFileName();
    String lower = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
    return lower.endsWith(".jsonl") || lower.endsWith(".ndjson") ? JSON_LINES : CSV;
  }

  /**
   * The format of a results file's text, whatever its name: JSON Lines when its first character
   * that is no space (after a byte-order mark) opens an object or a list, CSV otherwise (a CSV
   * header starts with a column's name).
   */
  public static ResultFormat ofContent(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\uFEFF' || Character.isWhitespace(c)) {
        continue;
      }
      return c == '{' || c == '[' ? JSON_LINES : CSV;
    }
    return CSV;
  }
}
