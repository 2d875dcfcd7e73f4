package org.secmem.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * {@link ResultFormat#JSON_LINES}: one JSON object a line, UTF-8, each line ended by {@code \n},
 * one line a run, so that pandas, DuckDB and Polars load the file as a table as it is: the
 * environment record is the file beside it, and each row's {@code session} joins it to its record.
 * Files of earlier versions, where each session's rows follow its environment record as a line of
 * its own ({@code {"environment": {"time": ..., ...}}}), are read and appended to all the same. A
 * run's object holds its columns in {@link ResultColumn} order, each by its kind ({@link
 * ResultColumn.Kind}): numbers as JSON numbers, written digit for digit as the CSV cell (so {@code
 * 120.000} stays {@code 120.000}), flags as {@code true}/{@code false}, text as strings; a column
 * that does not apply to the run is left out. A cell that does not fit its column's kind is written
 * as a string, so nothing is ever lost.
 */
final class JsonLinesCodec implements ResultCodec {

  private static final Logger LOG = LogManager.getLogger(JsonLinesCodec.class);

  /** The one key of an environment line. */
  static final String ENVIRONMENT = "environment";

  /**
   * Reads NaN and Infinity as numbers, which no JSON writer should write, so that a line holding
   * one is named as secmem names a cell that is not a finite number, not in the parser's words.
   */
  private static final JsonFactory JSON =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .build();

  /** The byte-order mark in UTF-8, which may start a file a text editor saved. */
  private static final byte[] BOM_BYTES = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  /** How many bytes at the start of a line tell an environment line from a run's. */
  private static final int LINE_HEAD = 32;

  @Override
  public byte[] fileStart() {
    return new byte[0]; // the first row starts the file
  }

  @Override
  public String lineBreak() {
    return "\n";
  }

  @Override
  public byte[] row(ResultRow row) throws IOException {
    StringWriter text = new StringWriter(1024);
    try (JsonGenerator g = JSON.createGenerator(text)) {
      g.writeStartObject();
      for (ResultColumn column : ResultColumn.values()) {
        String cell = row.get(column);
        if (cell.isEmpty()) {
          continue;
        }
        g.writeFieldName(column.header());
        writeCell(g, column, cell);
      }
      g.writeEndObject();
    }
    return (text + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static void writeCell(JsonGenerator g, ResultColumn column, String cell)
      throws IOException {
    if (!column.kind().accepts(cell)) {
      // A bug that a user's run logs rather than loses (see ResultRow.Builder): written as a
      // string, so that no file is ever written with a number that a JSON parser cannot read.
      LOG.warn(
          "{}: '{}' is no {} value; written as a string", column.header(), cell, column.kind());
      g.writeString(cell);
      return;
    }
    switch (column.kind()) {
      case INTEGER, DECIMAL -> g.writeNumber(cell);
      case BOOLEAN -> g.writeBoolean(Boolean.parseBoolean(cell));
      case TEXT -> g.writeString(cell);
    }
  }

  /**
   * The end of the file, line by line: whole rows are the lines of runs that end with a line break,
   * and a last line without one when it is a whole JSON value. Any other last line was cut off; it
   * is one line, so it can be removed when it is no longer than a row can be.
   */
  @Override
  public FileEnd end(FileChannel channel) throws IOException {
    FileChunks chunks = new FileChunks(channel);
    long size = chunks.size();
    long rows = 0;
    long start = 0;
    long line = 1;
    byte[] head = new byte[LINE_HEAD];
    int headLength = 0;
    boolean content = false;
    while (chunks.next()) {
      for (int i = 0; i < chunks.length(); i++) {
        byte b = chunks.get(i);
        if (b == '\n') {
          rows += content && !isEnvironment(head, headLength) ? 1 : 0;
          start = chunks.offset(i) + 1;
          line++;
          headLength = 0;
          content = false;
          continue;
        }
        if (!content && (b == ' ' || b == '\t' || b == '\r' || isBom(chunks.offset(i), b))) {
          continue; // a byte-order mark does not make the environment line a run's
        }
        content = true;
        if (headLength < LINE_HEAD) {
          head[headLength++] = b;
        }
      }
    }
    int last = chunks.lastByte();
    boolean cutOff = false;
    if (content) {
      long length = size - start;
      boolean whole = length <= FileEnd.MAX_CUT_OFF_BYTES && isWholeValue(channel, start, length);
      if (whole) {
        rows += isEnvironment(head, headLength) ? 0 : 1;
      } else {
        cutOff = true;
      }
    }
    return new FileEnd(size, rows, start, line, last, cutOff, false, "an unfinished JSON object");
  }

  /** Whether {@code b}, at {@code offset} in the file, is part of a byte-order mark first. */
  private static boolean isBom(long offset, byte b) {
    return offset < BOM_BYTES.length && b == BOM_BYTES[(int) offset];
  }

  /** Whether a line starts as an environment line: {@code {"environment"}. */
  private static boolean isEnvironment(byte[] head, int length) {
    String text = new String(head, 0, length, StandardCharsets.UTF_8).replace(" ", "");
    return text.startsWith("{\"" + ENVIRONMENT + "\"");
  }

  /** Whether the bytes at {@code start} are one whole JSON value, nothing after it but spaces. */
  private static boolean isWholeValue(FileChannel channel, long start, long length)
      throws IOException {
    ByteBuffer bytes = ByteBuffer.allocate((int) length);
    while (bytes.hasRemaining() && channel.read(bytes, start + bytes.position()) > 0) {
      // reads the last line
    }
    try (JsonParser p = JSON.createParser(bytes.array(), 0, bytes.position())) {
      if (p.nextToken() == null) {
        return false;
      }
      p.skipChildren();
      return p.nextToken() == null;
    } catch (IOException e) {
      LOG.debug("the last line is no whole JSON value", e);
      return false;
    }
  }

  @Override
  public void checkStart(Path file, Path abs) throws ResultsFileException {
    String problem;
    try (InputStream in = Files.newInputStream(abs);
        JsonParser p = JSON.createParser(in)) {
      problem =
          p.nextToken() != JsonToken.START_OBJECT
              ? "it does not start with a JSON object"
              : firstObjectProblem(p);
    } catch (IOException e) {
      LOG.debug("{}: does not start as JSON", file, e);
      problem = "it does not start with a JSON object";
    }
    if (problem != null) {
      throw new ResultsFileException(
          file
              + ": is not a secmem JSON Lines results file: "
              + problem
              + "; expected a first line that is a run, {\""
              + ResultColumn.headers()[0]
              + "\": ...} (or, from earlier versions, {\""
              + ENVIRONMENT
              + "\": {...}}), as secmem writes it; choose another --results file (secmem appends"
              + " only to its own results files)"
              + (looksLikeCsv(abs)
                  ? "; it looks like CSV results: those are appended to under a name ending in"
                      + " .csv"
                  : ""));
    }
  }

  /**
   * What is wrong with the first object of a file, its start read: null when it is a run (its first
   * key is a column) or an earlier version's environment record.
   */
  private static String firstObjectProblem(JsonParser p) throws IOException {
    if (p.nextToken() != JsonToken.FIELD_NAME) {
      return "its first object is empty";
    }
    String key = p.currentName();
    if (ENVIRONMENT.equals(key)) {
      return p.nextToken() != JsonToken.START_OBJECT ? "its environment record is no object" : null;
    }
    return List.of(ResultColumn.headers()).contains(key)
        ? null
        : "its first object is no run (it starts with '" + RawResults.abbreviate(key) + "')";
  }

  /** Whether a file starts as a CSV results file does: its header's first column. */
  private static boolean looksLikeCsv(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      String head = new String(in.readNBytes(64), StandardCharsets.UTF_8).replace("\uFEFF", "");
      return head.startsWith(ResultColumn.headers()[0] + ",");
    } catch (IOException e) {
      LOG.debug("{}: cannot be read", file, e);
      return false;
    }
  }

  /**
   * The rows of JSON Lines text. Each line stands alone: a line that is no JSON object, holds a
   * list or an object where a cell is expected, or repeats a key is left out and named, and the
   * lines after it are read. The columns are this version's, in their order, then any others the
   * file holds (a later version's), in the order they first appear.
   */
  @Override
  public RawResults parse(String source, String text, List<RowProblem> leftOut) throws IOException {
    boolean ended = text.endsWith("\n") || text.endsWith("\r");
    String[] lines = text.split("\n", -1);
    int lastContent = lines.length;
    while (lastContent > 0 && lines[lastContent - 1].isBlank()) {
      lastContent--;
    }
    Set<String> columns = new LinkedHashSet<>(List.of(ResultColumn.headers()));
    RowsRead read = new RowsRead(source, leftOut);
    boolean environment = false;
    boolean any = false;
    for (int i = 0; i < lastContent; i++) {
      String lineText = lines[i];
      if (lineText.isBlank()) {
        continue;
      }
      long line = i + 1L;
      boolean unended = !ended && i == lastContent - 1;
      Map<String, String> cells = new LinkedHashMap<>();
      Optional<String> wrong;
      try {
        wrong = readObject(lineText, cells);
      } catch (IOException e) {
        String why = why(e);
        wrong =
            Optional.of(
                "cannot be parsed ("
                    + RawResults.abbreviate(why)
                    + ")"
                    + (unended
                        ? ", and it is the last line, with no line break at its end: "
                            + RawResults.CUT_OFF
                        : ""));
      }
      if (wrong.isEmpty() && cells.containsKey(ENVIRONMENT)) {
        environment = true;
        continue;
      }
      if (wrong.isPresent()) {
        read.leaveOut(line, wrong.get());
        continue;
      }
      any = true;
      columns.addAll(cells.keySet());
      read.take(line, cells);
    }
    if (!environment && !any) {
      throw new MalformedResultsException(
          source
              + ": not a secmem results file: no line is an environment record or a run"
              + (read.problems().isEmpty() ? "" : " (" + read.problems().get(0).what() + ")"));
    }
    return read.results(List.copyOf(columns));
  }

  /** What a parser said is wrong, without the location it appends (messages give the line). */
  private static String why(IOException e) {
    return e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
  }

  /**
   * Reads one line's object into {@code cells}: its values as text (numbers digit for digit as
   * written, flags as {@code true}/{@code false}, null as empty); an environment line's record
   * under {@link #ENVIRONMENT}.
   *
   * @return what is wrong with the line, or empty when it is a whole object of cells
   */
  private static Optional<String> readObject(String line, Map<String, String> cells)
      throws IOException {
    try (JsonParser p = JSON.createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return Optional.of("not a JSON object");
      }
      for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
        String key = p.currentName();
        JsonToken value = p.nextToken();
        if (key.equals(ENVIRONMENT) && value == JsonToken.START_OBJECT) {
          p.skipChildren();
          cells.put(ENVIRONMENT, "");
          continue;
        }
        switch (value) {
          case VALUE_NUMBER_FLOAT -> {
            if (p.isNaN()) {
              return Optional.of(key + ": '" + p.getText() + "' is not a finite number");
            }
            cells.put(key, p.getText());
          }
          case VALUE_STRING, VALUE_NUMBER_INT -> cells.put(key, p.getText());
          case VALUE_TRUE, VALUE_FALSE -> cells.put(key, p.getText());
          case VALUE_NULL -> cells.put(key, "");
          default -> {
            return Optional.of(
                key
                    + ": "
                    + (value == JsonToken.START_ARRAY ? "a list" : "an object")
                    + " where a cell is expected");
          }
        }
      }
      if (p.nextToken() != null) {
        return Optional.of("more than one JSON value on the line");
      }
      return Optional.empty();
    }
  }
}
