package org.secmem.results;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * {@link ResultFormat#CSV}: RFC 4180 with a header line of every {@link ResultColumn}, in order;
 * cells a spreadsheet would run as formulas are protected ({@link SpreadsheetText}).
 */
final class CsvCodec implements ResultCodec {

  private static final Logger LOG = LogManager.getLogger(CsvCodec.class);

  private static final CSVFormat WRITE_FORMAT = CSVFormat.RFC4180;

  @Override
  public byte[] fileStart() throws IOException {
    return line(List.of(ResultColumn.headers()));
  }

  @Override
  public String lineBreak() {
    return WRITE_FORMAT.getRecordSeparator();
  }

  @Override
  public byte[] row(ResultRow row) throws IOException {
    return line(row.cellsInColumnOrder());
  }

  /** The CSV line of {@code cells}, record separator included, in UTF-8. */
  private static byte[] line(Iterable<String> cells) throws IOException {
    StringBuilder text = new StringBuilder(1024);
    try (CSVPrinter printer = new CSVPrinter(text, WRITE_FORMAT)) {
      printer.printRecord(SpreadsheetText.protect(cells));
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The end of the file as RFC 4180 reads it: its last line was cut off when it has no line break
   * at its end (secmem ends every row with one) and has fewer cells than the header or ends inside
   * a quoted cell. A last line without a line break that has every cell is a whole row, written by
   * a tool that does not end its last line.
   */
  @Override
  public FileEnd end(FileChannel channel) throws IOException {
    CsvTail tail = CsvTail.read(channel);
    int columns = ResultColumn.headers().length;
    boolean cutOff =
        !tail.endsWithLineFeed()
            && !(tail.lastByte() == '\r' && !tail.inQuotes())
            && (tail.inQuotes() || tail.cells() < columns);
    return new FileEnd(
        tail.size(),
        Math.max(0, tail.records() - 1 - (cutOff ? 1 : 0)),
        tail.lastRecordStart(),
        tail.lastRecordLine(),
        tail.lastByte(),
        cutOff,
        tail.lineFeedInLastRecord(),
        tail.inQuotes()
            ? "inside a quoted cell that never closes"
            : tail.cells() + " of " + columns + " cells");
  }

  /** What the first line must be, for messages. */
  private static String expectedStart() {
    List<String> expected = Arrays.asList(ResultColumn.headers());
    // The full header is over 100 columns: messages show its start and how many there are.
    return "secmem's header, which starts '"
        + String.join(",", expected.subList(0, Math.min(4, expected.size())))
        + ",...' ("
        + expected.size()
        + " columns)";
  }

  @Override
  public void checkStart(Path file, Path abs) throws ResultsFileException {
    String first;
    try {
      first = ResultsTarget.firstLine(abs);
    } catch (CharacterCodingException e) {
      throw new ResultsFileException(
          file
              + ": is not a secmem results file (not UTF-8 text); expected a CSV file whose first"
              + " line is "
              + expectedStart()
              + "; choose another --results file",
          e);
    } catch (IOException e) {
      throw new ResultsFileException(file + ": cannot be read: " + ResultsTarget.describe(e), e);
    }
    if (first == null) {
      throw new ResultsFileException(
          file
              + ": is not a secmem results file (its first line is longer than "
              + ResultsTarget.MAX_HEADER_BYTES
              + " bytes); expected "
              + expectedStart()
              + "; choose another --results file");
    }
    List<String> expected = Arrays.asList(ResultColumn.headers());
    List<String> found;
    try (CSVParser parser = CSVParser.parse(new StringReader(first), CSVFormat.RFC4180)) {
      Iterator<CSVRecord> it = parser.iterator();
      found = it.hasNext() ? it.next().toList() : List.of();
    } catch (IOException | RuntimeException e) {
      LOG.debug("{}: first line is not CSV", file, e);
      found = List.of(first);
    }
    if (found.equals(expected)) {
      return;
    }
    if (!found.contains(ResultColumns.EXPERIMENT)) {
      throw new ResultsFileException(
          file
              + ": is not a secmem results file: its first line is '"
              + ResultsTarget.abbreviate(first)
              + "', expected "
              + expectedStart()
              + "; choose another --results file (secmem appends only to its own results files)"
              + (ResultFormat.ofContent(first) == ResultFormat.JSON_LINES
                  ? "; it looks like JSON Lines results: those are appended to under a name"
                      + " ending in .jsonl"
                  : ""));
    }
    List<String> missing = new ArrayList<>(expected);
    missing.removeAll(found);
    List<String> unknown = new ArrayList<>(found);
    unknown.removeAll(expected);
    throw new ResultsFileException(
        file
            + ": has another version's header, so rows cannot be"
            + " appended under the same columns"
            + (unknown.isEmpty()
                ? ""
                : "; columns this version does not write: " + columnList(unknown))
            + (missing.isEmpty() ? "" : "; columns it lacks: " + columnList(missing))
            + (missing.isEmpty() && unknown.isEmpty() ? "; its columns are in another order" : "")
            + "; choose another --results file");
  }

  /** Up to six column names, then how many more. */
  private static String columnList(List<String> columns) {
    int shown = Math.min(6, columns.size());
    return String.join(", ", columns.subList(0, shown))
        + (columns.size() > shown ? " and " + (columns.size() - shown) + " more" : "");
  }

  @Override
  public RawResults parse(String source, String text, List<RowProblem> leftOut) throws IOException {
    Lines lines = new Lines(text);
    // secmem ends every row with a line break: a last line without one was cut off mid-row.
    boolean ended = text.endsWith("\n") || text.endsWith("\r");
    CSVParser parser;
    try {
      parser = CSVParser.parse(new StringReader(text), RawResults.FORMAT);
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
                + RawResults.abbreviate(header.toString())
                + " (not a secmem results file)");
      }
      RowsRead read = new RowsRead(source, leftOut);
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
          read.leaveOut(
              line,
              "cannot be parsed ("
                  + e.getCause().getMessage()
                  + ")"
                  + (!ended && line == lines.last()
                      ? ", and it is the last line, with no line break at its end: "
                          + RawResults.CUT_OFF
                      : "; the rest of the file is skipped"));
          break;
        }
        // A record's position is where the parser started looking: skip the empty lines it
        // passed over.
        long line = lines.nextNonBlank(lines.lineAt(record.getCharacterPosition()) - 1);
        lastLine = line;
        Optional<String> wrong = check(record, header, !ended && line == lines.last());
        if (wrong.isPresent()) {
          read.leaveOut(line, wrong.get());
          continue;
        }
        Map<String, String> cells = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
          cells.put(header.get(i), SpreadsheetText.unprotect(record.get(i)));
        }
        read.take(line, cells);
      }
      return read.results(header);
    }
  }

  /**
   * What is wrong with a record's shape, or empty when it has the header's cells.
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
                  : unended
                      ? ", and no line break at the end: " + RawResults.CUT_OFF
                      : " (cut short?)"));
    }
    return Optional.empty();
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
}
