package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV results read a line at a time as UTF-8: a line that is not text costs only itself. */
class CsvCodecTest {

  @TempDir Path dir;

  private static final String HEADER = "experiment,stream,b,rep,warmup,elapsed_ms\r\n";

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** {@code text} with {@code bad} inserted at byte {@code at}. */
  private static byte[] withByte(String text, int at, byte bad) {
    byte[] t = utf8(text);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(t, 0, at);
    out.write(bad);
    out.write(t, at, t.length - at);
    return out.toByteArray();
  }

  private static List<Long> lines(RawResults r) {
    return r.rows().stream().map(RawRow::line).toList();
  }

  @Test
  void read_aLineWithAByteThatIsNotUtf8_isLeftOutAndNamed_theOtherRowsRead() throws IOException {
    String text =
        HEADER
            + "read,mapped,64,1,false,1.0\r\n"
            + "read,mapped,128,1,false,2.0\r\n"
            + "read,mapped,256,1,false,3.0\r\n";
    int row3 = text.indexOf("read,mapped,128");
    // At every byte of the row, its line break included: one bad byte costs only that row.
    for (int column = 0; column <= "read,mapped,128,1,false,2.0\r".length(); column++) {
      Path f = Files.write(dir.resolve("r.csv"), withByte(text, row3 + column, (byte) 0xff));

      RawResults r = RawResults.read(f);

      assertEquals(List.of(2L, 4L), lines(r), "bad byte at column " + (column + 1));
      assertEquals(
          List.of(f + ":3: not UTF-8 text (byte 0xff at column " + (column + 1) + ")"),
          r.problems().stream().map(RowProblem::toString).toList());
    }
  }

  @Test
  void read_aColumnCountsCharactersNotBytes_andProblemsStayInFileOrder() throws IOException {
    String text =
        HEADER
            + "read,mapped,64,1,false,1.0,x\r\n"
            + "read,\u00e9t\u00e9,128,1,false,2.0\r\n"
            + "read,mapped,256,1,false,3.0\r\n";
    int at = text.indexOf("128");
    byte[] bytes = withByte(text, at + 2, (byte) 0xc3); // "é" begun and not finished
    Path f = Files.write(dir.resolve("r.csv"), bytes);

    RawResults r = RawResults.read(f);

    assertEquals(List.of(4L), lines(r));
    assertEquals(List.of(2L, 3L), r.problems().stream().map(RowProblem::line).toList());
    assertEquals("not UTF-8 text (byte 0xc3 at column 10)", r.problems().get(1).what());
  }

  @Test
  void read_aLastLineCutInsideACharacter_isNamedCutOff() throws IOException {
    byte[] head = utf8(HEADER + "read,mapped,64,1,false,1.0\r\nread,\u00e9");
    Path f = Files.write(dir.resolve("r.csv"), Arrays.copyOf(head, head.length - 1));

    RawResults r = RawResults.read(f);

    assertEquals(List.of(2L), lines(r));
    assertEquals(1, r.problems().size());
    assertTrue(r.problems().get(0).what().startsWith("not UTF-8 text (byte 0xc3 at column 6)"));
    assertTrue(r.problems().get(0).what().contains(RawResults.CUT_OFF), r.problems().toString());
  }

  @Test
  void read_aHeaderLineThatIsNotUtf8_isNoResultsFile() throws IOException {
    Path f =
        Files.write(
            dir.resolve("r.csv"),
            withByte(HEADER + "read,mapped,64,1,false,1.0\r\n", 3, (byte) 0xff));

    MalformedResultsException e =
        assertThrows(MalformedResultsException.class, () -> RawResults.read(f));

    assertEquals(
        f + ":1: not a results file: its header line is not UTF-8 text (byte 0xff at column 4)",
        e.getMessage());
  }

  @Test
  void read_aFileOfNoTextAtAll_isNoResultsFile() throws IOException {
    Path f = Files.write(dir.resolve("r.csv"), new byte[] {(byte) 0xfe, (byte) 0xff, '\n'});

    MalformedResultsException e =
        assertThrows(MalformedResultsException.class, () -> RawResults.read(f));

    assertEquals(
        f + ":1: not a results file: not UTF-8 text (byte 0xfe at column 1)", e.getMessage());
  }

  @Test
  void appending_belowALineThatIsNotUtf8_keepsItAndReadsTheNewRows() throws IOException {
    Path f = dir.resolve("r.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.accept(JsonLinesCodecTest.row("t1"));
      w.accept(JsonLinesCodecTest.row("t2"));
    }
    String text = Files.readString(f);
    int t1 = text.indexOf("t1");
    Files.write(f, withByte(text, t1, (byte) 0xff));

    ResultsTarget.check(f); // the header is still checked, and passes
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertEquals(2, w.tally().inFile());
      w.accept(JsonLinesCodecTest.row("t3"));
    }

    RawResults r = RawResults.read(f);
    assertEquals(List.of("t2", "t3"), r.rows().stream().map(x -> x.get("when")).toList());
    assertEquals(List.of(2L), r.problems().stream().map(RowProblem::line).toList());
  }
}
