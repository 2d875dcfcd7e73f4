package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawResultsTest {

  @TempDir Path dir;

  /** The UTF-8 byte-order mark a spreadsheet writes first when it saves "CSV UTF-8". */
  private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

  @Test
  void read_aFileSavedWithAUtf8Bom_readsTheFirstColumnByItsOwnName() throws IOException {
    byte[] csv = "when,experiment,elapsed_ms\r\nt1,read,1.0\r\n".getBytes(StandardCharsets.UTF_8);
    Path f = dir.resolve("bom.csv");
    Files.write(f, BOM);
    Files.write(f, csv, StandardOpenOption.APPEND);

    RawResults r = RawResults.read(f);

    assertEquals(List.of("when", "experiment", "elapsed_ms"), r.header());
    assertEquals("t1", r.rows().get(0).get("when"));
    assertEquals(List.of(), r.problems());
    assertEquals(2, r.rows().get(0).line());
  }

  @Test
  void parse_aBomBeforeTheHeader_isNotPartOfTheFirstColumn() throws IOException {
    RawResults r = RawResults.parse("t", new StringReader("\uFEFFwhen,experiment\nt1,read\n"));

    assertEquals(List.of("when", "experiment"), r.header());
    assertEquals("t1", r.rows().get(0).get("when"));
  }

  @Test
  void parse_shortRecord_isSkipped() throws IOException {
    String raw = "experiment,stream,elapsed_ms\n" + "read,mapped,1.0\n" + "read,mapped\n";

    RawResults r = RawResults.parse("t", new StringReader(raw));

    assertEquals(1, r.rows().size());
    assertEquals(2, r.rows().get(0).line());
  }

  @Test
  void parse_noExperimentColumn_throws() {
    MalformedResultsException e =
        assertThrows(
            MalformedResultsException.class,
            () -> RawResults.parse("t.csv", new StringReader("stream,n\nmapped,1\n")));
    assertTrue(e.getMessage().startsWith("t.csv:1: no 'experiment' column"), e.getMessage());
  }

  @Test
  void configurationColumns_excludeBookkeepingAndMeasurements() throws IOException {
    String raw =
        "when,experiment,stream,seed,rep,warmup,b,elapsed_ns,merger,gc_ns,verified,preset\n";

    RawResults r = RawResults.parse("t", new StringReader(raw));

    assertEquals(
        List.of("experiment", "stream", "b", "merger", "preset"), r.configurationColumns());
  }

  @Test
  void row_missingColumn_readsAsEmpty() throws IOException {
    RawRow row = RawResults.parse("t", new StringReader("experiment\nread\n")).rows().get(0);

    assertEquals("", row.get("stream"));
    assertFalse(row.has("stream"));
    assertFalse(row.isWarmup());
    assertTrue(row.elapsedMs().isEmpty());
  }

  @Test
  void row_elapsedMsDerivedFromNanoseconds() throws IOException {
    RawRow row =
        RawResults.parse(
                "t", new StringReader("experiment,elapsed_ns,bytes\nread,2000000,2097152\n"))
            .rows()
            .get(0);

    assertEquals(2.0, row.elapsedMs().getAsDouble(), 0.0);
    assertEquals(1000.0, row.mibPerS().getAsDouble(), 1e-9);
  }
}
