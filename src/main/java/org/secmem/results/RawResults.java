package org.secmem.results;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The rows of a raw results CSV (RFC 4180, header line), read by column name: columns may come in
 * any order, and columns this version does not know are kept (see {@link ResultColumns} for how
 * they are classified).
 *
 * <p>A row that cannot be used is left out and named in {@link #problems()}: a cell count other
 * than the header's (a cell too many; a last line cut off, which is named as such when it also
 * lacks the line break that ends every row secmem writes), an empty experiment, a number cell that
 * is not a finite number or is negative, a warm-up flag that is neither true nor false, and
 * whatever follows a line the CSV parser cannot read. The rows that are fine are still read, so one
 * bad line never costs the rest of a file. A last line without a line break that is a whole row (a
 * tool that does not end its last line) is used.
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
   * Reads a raw results file, which must be UTF-8 text; a byte-order mark before the header (a
   * spreadsheet's "CSV UTF-8") is not part of the first column's name.
   *
   * @throws MalformedResultsException naming the file when it is empty, not text, or its header is
   *     not a results header
   */
  public static RawResults read(Path csv) throws IOException {
    byte[] bytes = Files.readAllBytes(csv);
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new MalformedResultsException(
          csv + ": not a results file: not UTF-8 text (" + e.getMessage() + ")", e);
    }
    return parseText(csv.toString(), text);
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
    return parseText(source, text.toString());
  }

  private static RawResults parseText(String source, String text) throws IOException {
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
    Lines lines = new Lines(text);
    // secmem ends every row with a line break: a last line without one was cut off mid-row.
    boolean ended = text.endsWith("\n") || text.endsWith("\r");
    CSVParser parser;
    try {
      parser = CSVParser.parse(new StringReader(text), FORMAT);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new MalformedResultsException(source + ":1: bad header: " + e.getMessage(), e);
    }
    try (parser) {
      List<String> header = parser.getHeaderNames();
      if (!header.contains(ResultColumns.EXPERIMENT)) {
        throw new MalformedResultsException(
            source
                + ":1: no '"
                + ResultColumns.EXPERIMENT
                + "' column in the header "
                + abbreviate(header.toString())
                + " (not a secmem results file)");
      }
      List<RawRow> rows = new ArrayList<>();
      List<RawRow> sentinels = new ArrayList<>();
      List<RowProblem> problems = new ArrayList<>();
      Iterator<CSVRecord> it = parser.iterator();
      long lastLine = 1;
      while (true) {
        CSVRecord record;
        try {
          if (!it.hasNext()) {
            break;
          }
          record = it.next();
        } catch (UncheckedIOException e) {
          if (!(e.getCause() instanceof CSVException)) {
            throw e.getCause();
          }
          long line = lines.nextNonBlank(lastLine);
          problems.add(
              new RowProblem(
                  source,
                  line,
                  "cannot be parsed ("
                      + e.getCause().getMessage()
                      + ")"
                      + (!ended && line == lines.last()
                          ? ", and it is the last line, with no line"
                              + " break at its end: "
                              + CUT_OFF
                          : "; the rest of the file is skipped")));
          break;
        }
        // A record's position is where the parser started looking: skip the empty lines it
        // passed over.
        long line = lines.nextNonBlank(lines.lineAt(record.getCharacterPosition()) - 1);
        lastLine = line;
        Optional<String> wrong = check(record, header, !ended && line == lines.last());
        if (wrong.isPresent()) {
          problems.add(new RowProblem(source, line, wrong.get()));
          continue;
        }
        Map<String, String> cells = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
          cells.put(header.get(i), SpreadsheetText.unprotect(record.get(i)));
        }
        RawRow row = new RawRow(source, line, cells);
        (row.isSentinel() ? sentinels : rows).add(row);
      }
      problems.forEach(p -> LOG.warn("{}: left out", p));
      return new RawResults(source, header, rows, problems, sentinels);
    }
  }

  /** Why a last line without a line break is left out: what secmem never writes. */
  private static final String CUT_OFF =
      "cut off (the writer stopped mid-row: a crash, or a full disk?)";

  /**
   * What is wrong with a record, or empty when it can be used.
   *
   * @param unended whether the record is the last line and has no line break at its end
   */
  private static Optional<String> check(CSVRecord record, List<String> header, boolean unended) {
    if (record.size() != header.size()) {
      int extra = record.size() - header.size();
      return Optional.of(
          record.size()
              + " cells where the header has "
              + header.size()
              + (extra > 0
                  ? " (" + extra + " too many)"
                  : unended ? ", and no line break at the end: " + CUT_OFF : " (cut short?)"));
    }
    int experiment = header.indexOf(ResultColumns.EXPERIMENT);
    if (record.get(experiment).isBlank()) {
      return Optional.of(ResultColumns.EXPERIMENT + ": empty");
    }
    for (String column : NUMBER_COLUMNS) {
      int i = header.indexOf(column);
      if (i < 0) {
        continue;
      }
      String cell = record.get(i).trim();
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
    int warmup = header.indexOf(ResultColumns.WARMUP);
    if (warmup >= 0) {
      String cell = record.get(warmup).trim();
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

  private static String abbreviate(String text) {
    String printable = text.replaceAll("\\p{Cntrl}", "?");
    return printable.length() <= 60 ? printable : printable.substring(0, 57) + "...";
  }

  /** Line numbers of character positions: the offsets where lines start. */
  private static final class Lines {
    private final String text;
    private final long[] starts;
    private final int count;

    Lines(String text) {
      this.text = text;
      long[] s = new long[64];
      int n = 0;
      s[n++] = 0;
      for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
        if (n == s.length) {
          s = Arrays.copyOf(s, n * 2);
        }
        s[n++] = i + 1L;
      }
      starts = s;
      count = n;
    }

    /** The number of the last line: the one after the last line break, even when empty. */
    long last() {
      return count;
    }

    /** The 1-based line that holds {@code position}. */
    long lineAt(long position) {
      int i = Arrays.binarySearch(starts, 0, count, position);
      return (i >= 0 ? i : -i - 2) + 1L;
    }

    /** The first line after {@code line} that holds more than a line break. */
    long nextNonBlank(long line) {
      for (long l = line + 1; l <= count; l++) {
        int from = (int) starts[(int) l - 1];
        int to = l < count ? (int) starts[(int) l] : text.length();
        if (!text.substring(from, to).isBlank()) {
          return l;
        }
      }
      return Math.min(line + 1, count);
    }
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
