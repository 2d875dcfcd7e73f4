package org.secmem.report;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * Appends rows to a raw results CSV (RFC 4180, a header line), flushing after every row so that a
 * crash or Ctrl-C never loses a run already measured. A new or empty file gets the header; an
 * existing file is appended to only when its header is the current one, so that columns never
 * shift under a reader.
 */
public final class RawResultsWriter implements ResultSink, Closeable {

  private static final CSVFormat FORMAT = CSVFormat.RFC4180;

  private final Path file;
  private final CSVPrinter printer;
  private long rows;

  private RawResultsWriter(Path file, CSVPrinter printer) {
    this.file = file;
    this.printer = printer;
  }

  /**
   * Opens {@code file} for appending, creating it and its folder when missing.
   *
   * @throws IOException when the file exists with another header (naming both)
   */
  public static RawResultsWriter open(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    boolean fresh = !Files.exists(file) || Files.size(file) == 0;
    if (!fresh) {
      checkHeader(file);
    }
    BufferedWriter out =
        Files.newBufferedWriter(
            file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    CSVPrinter printer = new CSVPrinter(out, FORMAT);
    if (fresh) {
      printer.printRecord((Object[]) ResultColumn.headers());
      printer.flush();
    }
    return new RawResultsWriter(file, printer);
  }

  private static void checkHeader(Path file) throws IOException {
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        CSVParser parser = CSVParser.parse(in, FORMAT)) {
      Iterator<CSVRecord> it = parser.iterator();
      List<String> found = it.hasNext() ? it.next().toList() : List.of();
      List<String> expected = Arrays.asList(ResultColumn.headers());
      if (!found.equals(expected)) {
        throw new IOException(
            file
                + ": cannot append, its header is not the one this version writes (expected "
                + String.join(",", expected)
                + "); choose another --results file");
      }
    }
  }

  @Override
  public void accept(ResultRow row) throws IOException {
    ResultColumn[] columns = ResultColumn.values();
    Object[] cells = new Object[columns.length];
    for (int i = 0; i < columns.length; i++) {
      cells[i] = row.get(columns[i]);
    }
    printer.printRecord(cells);
    printer.flush();
    rows++;
  }

  public Path file() {
    return file;
  }

  /** Rows appended by this writer. */
  public long rowsWritten() {
    return rows;
  }

  @Override
  public void close() throws IOException {
    printer.close();
  }
}
