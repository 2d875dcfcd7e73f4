package org.secmem.report;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.Reader;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Appends rows to a raw results CSV (RFC 4180, a header line), flushing after every row so that a
 * crash or Ctrl-C never loses a run already measured. A new or empty file gets the header; an
 * existing file is appended to only when its header is the current one, so that columns never
 * shift under a reader (see {@link ResultsTarget}, which checks the path before anything runs).
 *
 * <p>The writer knows how many data rows the file holds (those found at open plus those appended),
 * so an interrupt can say exactly what is kept: {@link #stop()} freezes the file and returns that
 * count.
 */
public final class RawResultsWriter implements ResultSink, Closeable {

  private static final Logger LOG = LogManager.getLogger(RawResultsWriter.class);

  private static final CSVFormat FORMAT = CSVFormat.RFC4180;

  private final Path file;
  private final CSVPrinter printer;
  private final boolean created;
  private final List<Path> createdFolders;
  private final long rowsBefore;
  private long rows;
  private boolean stopped;

  /**
   * What the file holds.
   *
   * @param inFile data rows in the file (rows below the header), earlier sessions' included
   * @param added rows this writer appended
   */
  public record Tally(long inFile, long added) {}

  private RawResultsWriter(Path file, CSVPrinter printer, boolean created, long rowsBefore,
      List<Path> createdFolders) {
    this.file = file;
    this.createdFolders = List.copyOf(createdFolders);
    this.printer = printer;
    this.created = created;
    this.rowsBefore = rowsBefore;
  }

  /**
   * Opens {@code file} for appending, creating it and its folder when missing. A last line cut
   * short (the writer of an earlier session died mid-row) is ended first, so that it stays one bad
   * line that readers name and skip, and the new rows are whole.
   *
   * @throws ResultsFileException when the path cannot hold a results file or the file has another
   *     header (naming the file and what was expected)
   */
  public static RawResultsWriter open(Path file) throws IOException {
    ResultsTarget.check(file);
    Path parent = file.toAbsolutePath().getParent();
    List<Path> folders = new ArrayList<>();
    for (Path p = parent; p != null && !Files.exists(p); p = p.getParent()) {
      folders.add(p);
    }
    Files.createDirectories(parent);
    boolean created = !Files.exists(file);
    boolean fresh = created || Files.size(file) == 0;
    long before = fresh ? 0 : countRows(file);
    boolean endLine = !fresh && !endsWithNewline(file);
    BufferedWriter out =
        Files.newBufferedWriter(
            file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    CSVPrinter printer = new CSVPrinter(out, FORMAT);
    if (fresh) {
      printer.printRecord((Object[]) ResultColumn.headers());
      printer.flush();
    } else if (endLine) {
      LOG.warn("{}: the last line was cut short; it stays as it is, new rows start below it", file);
      printer.println();
      printer.flush();
    }
    return new RawResultsWriter(file, printer, created, before, folders);
  }

  /** Data records below the header line of an existing results file. */
  private static long countRows(Path file) throws IOException {
    long records = 0;
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        CSVParser parser = CSVParser.parse(in, FORMAT.builder().setIgnoreEmptyLines(true).build())) {
      for (CSVRecord ignored : parser) {
        records++;
      }
    } catch (java.io.UncheckedIOException e) {
      // A line the parser cannot read (an open quote at the end of a cut-short file) ends the
      // count: what is above it is what readers will see.
      LOG.warn("{}: rows after record {} cannot be parsed", file, records, e);
    }
    return Math.max(0, records - 1);
  }

  private static boolean endsWithNewline(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size == 0) {
        return true;
      }
      java.nio.ByteBuffer last = java.nio.ByteBuffer.allocate(1);
      ch.read(last, size - 1);
      return last.get(0) == '\n';
    }
  }

  /**
   * Appends one row and flushes it. After {@link #stop()} (the process is being interrupted), the
   * row is not written and the calling thread waits here for the process to end, so that the file
   * holds exactly what the interrupt message says.
   */
  @Override
  public synchronized void accept(ResultRow row) throws IOException {
    while (stopped) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException(file + ": stopped by an interrupt; row not written");
      }
    }
    printer.printRecord(row.cellsInColumnOrder());
    printer.flush();
    rows++;
  }

  /**
   * Freezes the file for an interrupt: a row being written is finished first, later ones are not
   * written (their threads wait for the process to end).
   *
   * @return what the file holds now, and will hold
   */
  public synchronized Tally stop() {
    stopped = true;
    return tally();
  }

  /** What the file holds: its data rows, and how many of them this writer appended. */
  public synchronized Tally tally() {
    return new Tally(rowsBefore + rows, rows);
  }

  public Path file() {
    return file;
  }

  /** Whether this writer created the file (it did not exist before). */
  public boolean created() {
    return created;
  }

  /** The folders created to hold the file, deepest first (to remove them again when unused). */
  public List<Path> createdFolders() {
    return createdFolders;
  }

  /** Rows appended by this writer. */
  public synchronized long rowsWritten() {
    return rows;
  }

  @Override
  public synchronized void close() throws IOException {
    printer.close();
  }
}
