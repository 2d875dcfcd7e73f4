package org.secmem.report;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * @param source where the rows came from, for messages
 * @param header the column names in file order
 * @param rows every row, warm-ups included, in file order
 */
public record RawResults(String source, List<String> header, List<RawRow> rows) {

  private static final Logger LOG = LogManager.getLogger(RawResults.class);

  static final CSVFormat FORMAT =
      CSVFormat.RFC4180
          .builder()
          .setHeader()
          .setSkipHeaderRecord(true)
          .setIgnoreEmptyLines(true)
          .setAllowMissingColumnNames(false)
          .setDuplicateHeaderMode(DuplicateHeaderMode.DISALLOW)
          .build();

  public RawResults {
    header = List.copyOf(header);
    rows = List.copyOf(rows);
  }

  /** Reads a raw results file (UTF-8). */
  public static RawResults read(Path csv) throws IOException {
    try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      return parse(csv.toString(), in);
    }
  }

  /**
   * Parses raw results from {@code in}, which the caller closes. Records with a different number of
   * cells than the header (e.g. a last line cut short when the writer died) are skipped and logged.
   *
   * @throws MalformedResultsException when the header is missing, has no {@code experiment}
   *     column, or repeats a name
   */
  public static RawResults parse(String source, Reader in) throws IOException {
    CSVParser parser;
    try {
      parser = CSVParser.parse(in, FORMAT);
    } catch (IllegalArgumentException e) {
      throw new MalformedResultsException(source + ": bad header: " + e.getMessage(), e);
    }
    try (parser) {
      List<String> header = parser.getHeaderNames();
      if (!header.contains(ResultColumns.EXPERIMENT)) {
        throw new MalformedResultsException(
            source + ":1: no '" + ResultColumns.EXPERIMENT + "' column in the header " + header);
      }
      List<RawRow> rows = new ArrayList<>();
      for (CSVRecord record : parser) {
        long line = record.getRecordNumber() + 1;
        if (record.size() != header.size()) {
          LOG.warn(
              "{}:{}: skipped: {} cells where the header has {}",
              source,
              line,
              record.size(),
              header.size());
          continue;
        }
        Map<String, String> cells = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
          cells.put(header.get(i), record.get(i));
        }
        rows.add(new RawRow(source, line, cells));
      }
      return new RawResults(source, header, rows);
    } catch (UncheckedIOException e) {
      throw e.getCause();
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
