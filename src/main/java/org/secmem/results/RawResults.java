package org.secmem.results;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.DuplicateHeaderMode;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The rows of a raw results file (CSV, RFC 4180 with a header line, or JSON Lines: see {@link
 * ResultFormat}), read by column name: columns may come in any order, and columns this version does
 * not know are kept (see {@link ResultColumns} for how they are classified).
 *
 * <p>A row that cannot be used is left out and named in {@link #problems()}: a cell count other
 * than the header's (a cell too many; a last line cut off, which is named as such when it also
 * lacks the line break that ends every row secmem writes), a line that is not UTF-8 text, an empty
 * experiment, a number cell that is not a finite number or is negative, a warm-up flag that is
 * neither true nor false, and whatever follows a line the CSV parser cannot read. The rows that are
 * fine are still read, so one bad line never costs the rest of a file. A last line without a line
 * break that is a whole row (a tool that does not end its last line) is used.
 *
 * @param source where the rows came from, for messages
 * @param header the column names in file order
 * @param rows every usable row, warm-ups included, in file order; not the sentinel's re-runs
 * @param problems the rows left out, in file order
 * @param sentinels the rows of {@code --sentinel} re-runs of a reference configuration (marked
 *     {@code sentinel=true}), in file order: kept apart, so that they count for neither that
 *     configuration's summary, its charts, nor its repetitions on {@code --resume}
 */
public record RawResults(
    String source,
    List<String> header,
    List<RawRow> rows,
    List<RowProblem> problems,
    List<RawRow> sentinels) {

  private static final Logger LOG = LogManager.getLogger(RawResults.class);

  /** The byte-order mark as a character: U+FEFF, which UTF-8 writes as EF BB BF. */
  static final String BOM = "\uFEFF";

  public static final CSVFormat FORMAT =
      CSVFormat.RFC4180
          .builder()
          .setHeader()
          .setSkipHeaderRecord(true)
          .setIgnoreEmptyLines(true)
          .setAllowMissingColumnNames(false)
          .setDuplicateHeaderMode(DuplicateHeaderMode.DISALLOW)
          .build();

  /**
   * Columns that summaries and charts read as numbers: a row with text, a number that is not finite
   * or a negative one there is left out.
   */
  private static final List<String> NUMBER_COLUMNS =
      Stream.concat(
              ResultColumns.SWEPT_PARAMETERS.stream(),
              Stream.of(
                  ResultColumns.ELAPSED_NS,
                  ResultColumns.ELAPSED_MS,
                  ResultColumns.MIB_PER_S,
                  ResultColumns.NS_PER_INT,
                  ResultColumns.BYTES))
          .toList();

  public RawResults {
    header = List.copyOf(header);
    rows = List.copyOf(rows);
    problems = List.copyOf(problems);
    sentinels = List.copyOf(sentinels);
  }

  /** Results without sentinel rows. */
  public RawResults(
      String source, List<String> header, List<RawRow> rows, List<RowProblem> problems) {
    this(source, header, rows, problems, List.of());
  }

  /** Results without problems. */
  public RawResults(String source, List<String> header, List<RawRow> rows) {
    this(source, header, rows, List.of());
  }

  /**
   * Reads a raw results file in either format (CSV or JSON Lines, told apart by its contents: see
   * {@link ResultFormat#ofContent}), which must be UTF-8 text; a byte-order mark before the header
   * (a spreadsheet's "CSV UTF-8") is not part of the first column's name. Each line is decoded on
   * its own: a line that is not UTF-8 text is left out and named, as other bad lines are.
   *
   * @throws MalformedResultsException naming the file when it is empty, not text, or its header is
   *     not a results header (a CSV header line that is not UTF-8 text included)
   */
  public static RawResults read(Path file) throws IOException {
    String source = file.toString();
    Utf8Lines lines = Utf8Lines.decode(source, Files.readAllBytes(file));
    if (!lines.notText().isEmpty()) {
      RowProblem first = lines.notText().get(0);
      boolean noText = lines.text().replace(BOM, "").isBlank();
      if (noText
          || (first.line() == lines.firstContentLine()
              && ResultFormat.ofContent(lines.text()) == ResultFormat.CSV)) {
        // Without a header the rows below it have no columns: a CSV file starts with one.
        throw new MalformedResultsException(
            source
                + ":"
                + first.line()
                + ": not a results file: "
                + (noText ? "" : "its header line is ")
                + first.what());
      }
    }
    return parseText(source, lines.text(), lines.notText());
  }

  /**
   * Parses raw results from {@code in}, which the caller closes. Rows that cannot be used are left
   * out, logged, and listed in {@link #problems()}. A byte-order mark first is skipped.
   *
   * @throws MalformedResultsException when the input is empty, the header is missing, has no {@code
   *     experiment} column, or repeats a name
   */
  public static RawResults parse(String source, Reader in) throws IOException {
    StringBuilder text = new StringBuilder();
    char[] buf = new char[8192];
    for (int n; (n = in.read(buf)) > 0; ) {
      text.append(buf, 0, n);
    }
    return parseText(source, text.toString(), List.of());
  }

  /**
   * The rows of {@code text}, in the format its contents are written in ({@link
   * ResultFormat#ofContent}), with {@code leftOut}, lines already left out (emptied in the text).
   */
  private static RawResults parseText(String source, String text, List<RowProblem> leftOut)
      throws IOException {
    if (text.startsWith(BOM)) {
      // A UTF-8 byte-order mark, as spreadsheets save "CSV UTF-8": not part of the first column's
      // name (parameter files drop it the same way).
      text = text.substring(1);
    }
    if (text.isBlank()) {
      throw new MalformedResultsException(
          source + ": empty: no header line, no rows (not a results file)");
    }
    if (text.indexOf('\0') >= 0) {
      throw new MalformedResultsException(
          source + ": not a results file: it holds NUL bytes (a binary file?)");
    }
    return ResultFormat.ofContent(text).codec().parse(source, text, leftOut);
  }

  /** Why a last line without a line break is left out: what secmem never writes. */
  static final String CUT_OFF = "cut off (the writer stopped mid-row: a crash, or a full disk?)";

  /**
   * What is wrong with a row's cells (by column name), or empty when it can be used: an empty
   * experiment, a number column that holds no finite number or a negative one, a warm-up flag that
   * is neither true nor false. Every format's reader leaves such a row out.
   */
  static Optional<String> checkCells(Map<String, String> cells) {
    String experiment = cells.getOrDefault(ResultColumns.EXPERIMENT, "");
    if (experiment.isBlank()) {
      return Optional.of(ResultColumns.EXPERIMENT + ": empty");
    }
    for (String column : NUMBER_COLUMNS) {
      String cell = cells.getOrDefault(column, "").trim();
      if (cell.isEmpty()) {
        continue;
      }
      if (!isFiniteNumber(cell)) {
        return Optional.of(column + ": '" + abbreviate(cell) + "' is not a number");
      }
      // Times, rates, sizes and swept counts: a negative one was never measured (a clock that
      // went back, a hand edit), and a mean over it would be quietly wrong.
      if (Double.parseDouble(cell) < 0) {
        return Optional.of(column + ": '" + abbreviate(cell) + "' is negative");
      }
    }
    String warmup = cells.get(ResultColumns.WARMUP);
    if (warmup != null) {
      String cell = warmup.trim();
      if (!cell.isEmpty() && !cell.equalsIgnoreCase("true") && !cell.equalsIgnoreCase("false")) {
        return Optional.of(
            ResultColumns.WARMUP + ": '" + abbreviate(cell) + "' is neither true nor false");
      }
    }
    return Optional.empty();
  }

  private static boolean isFiniteNumber(String cell) {
    try {
      return Double.isFinite(Double.parseDouble(cell));
    } catch (NumberFormatException e) {
      return false;
    }
  }

  static String abbreviate(String text) {
    String printable = text.replaceAll("\\p{Cntrl}", "?");
    return printable.length() <= 60 ? printable : printable.substring(0, 57) + "...";
  }

  /** The rows that count: every row that is not a warm-up. */
  public List<RawRow> measuredRows() {
    return rows.stream().filter(r -> !r.isWarmup()).toList();
  }

  /** The configuration columns of this file, in header order (see {@link ResultColumns}). */
  public List<String> configurationColumns() {
    return header.stream().filter(ResultColumns::isConfiguration).toList();
  }
}
