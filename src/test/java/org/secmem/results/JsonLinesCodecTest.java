package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON Lines results read a line at a time: a line that is not UTF-8 text, or holds NaN, costs only
 * itself and is named in secmem's words; a byte-order mark first changes nothing.
 */
class JsonLinesCodecTest {

  @TempDir Path dir;

  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  static ResultRow row(String when) {
    return ResultRow.builder(RowKind.WRITE)
        .set(ResultColumn.WHEN, when)
        .set(ResultColumn.EXPERIMENT, "write")
        .set(ResultColumn.ELAPSED_NS, 1500)
        .set(ResultColumn.ELAPSED_MS, 0.0015, 3)
        .set(ResultColumn.WARMUP, false)
        .build();
  }

  /**
   * A file of an environment line and rows t1, t2, t3: as versions before issue 49 started it, and
   * as this one still appends to it.
   */
  private Path written() throws IOException {
    Path f = dir.resolve("r.jsonl");
    Files.deleteIfExists(f);
    Files.writeString(f, "{\"environment\":{\"command\":\"x\"}}\n");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.begin(new EnvironmentRecord(Map.of("command", "x")));
      w.accept(row("t1"));
      w.accept(row("t2"));
      w.accept(row("t3"));
    }
    return f;
  }

  private static List<String> whens(RawResults r) {
    return r.rows().stream().map(x -> x.get("when")).toList();
  }

  /** The file with byte 0xff put in before {@code at}'s first occurrence. */
  private static void spoil(Path f, String at) throws IOException {
    byte[] t = Files.readAllBytes(f);
    int i = new String(t, StandardCharsets.UTF_8).indexOf(at); // ASCII before it: bytes = chars
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(t, 0, i);
    out.write(0xff);
    out.write(t, i, t.length - i);
    Files.write(f, out.toByteArray());
  }

  @Test
  void read_aRowWithAByteThatIsNotUtf8_isLeftOutAndNamed_theOtherRowsRead() throws IOException {
    Path f = written();
    String line3 = Files.readAllLines(f).get(2);
    spoil(f, "t2");

    RawResults r = RawResults.read(f);

    assertEquals(List.of("t1", "t3"), whens(r));
    assertEquals(
        List.of(f + ":3: not UTF-8 text (byte 0xff at column " + (line3.indexOf("t2") + 1) + ")"),
        r.problems().stream().map(RowProblem::toString).toList());
  }

  @Test
  void read_anEnvironmentLineThatIsNotUtf8_isLeftOut_theRowsRead() throws IOException {
    Path f = written();
    spoil(f, "command");

    RawResults r = RawResults.read(f);

    assertEquals(List.of("t1", "t2", "t3"), whens(r));
    assertEquals(List.of(1L), r.problems().stream().map(RowProblem::line).toList());
  }

  @Test
  void aRowThatIsNotUtf8_isAppendedBelow_andCountedAsTheRowsAre() throws IOException {
    Path f = written();
    spoil(f, "t2");

    ResultsTarget.check(f);
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertEquals(3, w.tally().inFile());
      w.accept(row("t4"));
    }

    assertEquals(List.of("t1", "t3", "t4"), whens(RawResults.read(f)));
  }

  @Test
  void aFileWithAByteOrderMark_readsItsFirstRecord_andCountsItsRows() throws IOException {
    Path f = written();
    byte[] text = Files.readAllBytes(f);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(BOM);
    out.write(text);
    Files.write(f, out.toByteArray());

    RawResults r = RawResults.read(f);
    assertEquals(List.of("t1", "t2", "t3"), whens(r));
    assertEquals(List.of(), r.problems());

    ResultsTarget.check(f);
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertEquals(3, w.tally().inFile(), "the environment line is no row");
      w.accept(row("t4"));
      assertEquals(4, w.tally().inFile());
    }
    assertEquals(List.of("t1", "t2", "t3", "t4"), whens(RawResults.read(f)));
  }

  @Test
  void aCellThatIsNaNOrInfinite_isNamedInSecmemsWords() throws IOException {
    Path f =
        Files.writeString(
            dir.resolve("r.jsonl"),
            String.join(
                "\n",
                "{\"environment\":{\"command\":\"x\"}}",
                "{\"experiment\":\"write\",\"when\":\"a\",\"mib_per_s\":NaN}",
                "{\"experiment\":\"write\",\"when\":\"b\",\"elapsed_ms\":-Infinity}",
                "{\"experiment\":\"write\",\"when\":\"c\",\"elapsed_ms\":1.5}",
                ""));

    RawResults r = RawResults.read(f);

    assertEquals(List.of("c"), whens(r));
    assertEquals(
        List.of(
            f + ":2: mib_per_s: 'NaN' is not a finite number",
            f + ":3: elapsed_ms: '-Infinity' is not a finite number"),
        r.problems().stream().map(RowProblem::toString).toList());
    assertFalse(r.problems().toString().contains("ALLOW_NON_NUMERIC"), r.problems().toString());
  }
}
