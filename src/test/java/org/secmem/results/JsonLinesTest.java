package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON Lines results files: written whole a line at a time, one line a run carrying its session's
 * id (the environment record is the file beside), appended to as safely as a CSV, and read back
 * line by line, one bad line costing only itself.
 */
class JsonLinesTest {

  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  private static ResultRow row(String when) {
    return ResultRow.builder(RowKind.WRITE)
        .set(ResultColumn.WHEN, when)
        .set(ResultColumn.EXPERIMENT, "write")
        .set(ResultColumn.SHAPE, "a,\"b\"\n")
        .set(ResultColumn.ELAPSED_NS, 1500)
        .set(ResultColumn.ELAPSED_MS, 0.0015, 3)
        .set(ResultColumn.WARMUP, false)
        .build();
  }

  private static EnvironmentRecord env(String command) {
    return new EnvironmentRecord(
        Map.of("command", command, EnvironmentRecord.SESSION, "s-" + command));
  }

  private static List<String> lines(Path f) throws IOException {
    return Files.readAllLines(f, StandardCharsets.UTF_8);
  }

  private static List<String> whens(RawResults r) {
    return r.rows().stream().map(x -> x.get("when")).toList();
  }

  @Test
  void theFormat_isTheNamesForWriting_andTheContentsForReading() throws IOException {
    assertEquals(ResultFormat.JSON_LINES, ResultFormat.ofFile(Path.of("a/b.JSONL")));
    assertEquals(ResultFormat.JSON_LINES, ResultFormat.ofFile(Path.of("b.ndjson")));
    assertEquals(ResultFormat.CSV, ResultFormat.ofFile(Path.of("b.csv")));
    assertEquals(ResultFormat.CSV, ResultFormat.ofFile(Path.of("b.txt")));
    assertEquals(ResultFormat.JSON_LINES, ResultFormat.parse("ndjson"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ResultFormat.parse("xml"));
    assertTrue(e.getMessage().contains("csv, jsonl"), e.getMessage());

    Path f = dir.resolve("r.jsonl");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.begin(env("secmem write"));
      w.accept(row("t1"));
    }
    // Read by what it holds, whatever it is called.
    Path renamed = Files.copy(f, dir.resolve("results.txt"));
    assertEquals(List.of("t1"), whens(RawResults.read(renamed)));
  }

  @Test
  void everyLineIsARun_carryingItsSessionsId_andASessionWithoutRowsAddsNothing()
      throws IOException {
    Path f = dir.resolve("r.jsonl");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.begin(env("first"));
      w.accept(row("t1"));
      w.accept(row("t2"));
    }
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.begin(env("idle"));
    }
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertEquals(new RawResultsWriter.Tally(2, 0), w.tally());
      w.begin(env("second"));
      w.accept(row("t3"));
    }
    // Issue 49, item 13: no environment line, so that every reader loads one table of runs.
    List<String> lines = lines(f);
    assertEquals(3, lines.size(), String.join("\n", lines));
    assertEquals("s-first", JSON.readTree(lines.get(0)).get("session").asText());
    assertEquals("s-first", JSON.readTree(lines.get(1)).get("session").asText());
    assertEquals("s-second", JSON.readTree(lines.get(2)).get("session").asText());
    JsonNode t1 = JSON.readTree(lines.get(0));
    assertEquals(1500, t1.get("elapsed_ns").asLong());
    assertTrue(t1.get("elapsed_ms").isNumber());
    assertEquals("0.002", t1.get("elapsed_ms").asText(), "the CSV's digits, not a double's");
    assertTrue(t1.get("warmup").isBoolean());
    assertEquals("a,\"b\"\n", t1.get("shape").asText());
    assertTrue(!t1.has("n"), "a column that does not apply is left out");
    RawResults read = RawResults.read(f);
    assertEquals(List.of(), read.problems());
    assertEquals(List.of("t1", "t2", "t3"), whens(read));
    assertEquals("", read.rows().get(0).get("n"));
    assertEquals(List.of(1L, 2L, 3L), read.rows().stream().map(RawRow::line).toList());
  }

  @Test
  void aFileOfAnEarlierVersion_environmentLinesBetweenRows_isReadAndAppendedTo()
      throws IOException {
    Path f =
        Files.writeString(
            dir.resolve("r.jsonl"),
            String.join(
                "\n",
                "{\"environment\":{\"command\":\"first\"}}",
                "{\"when\":\"t1\",\"experiment\":\"write\",\"warmup\":true}",
                "{\"environment\":{\"command\":\"second\"}}",
                "{\"when\":\"t2\",\"experiment\":\"write\",\"warmup\":false}",
                ""));
    ResultsTarget.check(f);
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertEquals(new RawResultsWriter.Tally(2, 0), w.tally(), "environment lines are no rows");
      w.begin(env("third"));
      w.accept(row("t3"));
    }
    RawResults read = RawResults.read(f);
    assertEquals(List.of(), read.problems());
    assertEquals(List.of("t1", "t2", "t3"), whens(read));
    assertEquals(
        List.of("", "", "s-third"), read.rows().stream().map(r -> r.get("session")).toList());
    assertEquals(List.of(2L, 4L, 5L), read.rows().stream().map(RawRow::line).toList());
  }

  @Test
  void aCutOffLastLine_isRemovedBeforeAppending_andAWholeOneEndedAndKept() throws IOException {
    Path f = dir.resolve("r.jsonl");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.begin(env("first"));
      w.accept(row("t1"));
      w.accept(row("t2"));
    }
    String text = Files.readString(f);
    Files.writeString(f, text.substring(0, text.length() - 20));
    RawResults cut = RawResults.read(f);
    assertEquals(List.of("t1"), whens(cut));
    assertEquals(1, cut.problems().size());
    assertEquals(2, cut.problems().get(0).line());
    assertTrue(cut.problems().get(0).what().contains("cut off"), cut.problems().toString());
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertTrue(w.removedLastLine().isPresent());
      assertTrue(
          w.removedLastLine().get().what().contains("an unfinished JSON object"),
          w.removedLastLine().get().what());
      w.begin(env("second"));
      w.accept(row("t3"));
    }
    assertEquals(List.of("t1", "t3"), whens(RawResults.read(f)));

    // A last line that is whole but has no line break (a tool that does not end its last line).
    String whole = Files.readString(f);
    Files.writeString(f, whole.substring(0, whole.length() - 1));
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      assertTrue(w.removedLastLine().isEmpty());
      assertEquals(2, w.tally().inFile());
      w.accept(row("t4"));
    }
    assertEquals(List.of("t1", "t3", "t4"), whens(RawResults.read(f)));
  }

  @Test
  void aDiskFullPartWayThroughTheFirstRow_leavesTheFileAsBefore() throws IOException {
    Path f = dir.resolve("r.jsonl");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      w.begin(env("first"));
      w.accept(row("t1"));
    }
    byte[] before = Files.readAllBytes(f);
    FullDiskChannel[] ch = new FullDiskChannel[1];
    try (RawResultsWriter w =
        RawResultsWriter.open(
            f,
            p -> {
              FullDiskChannel c =
                  new FullDiskChannel(
                      FileChannel.open(p, StandardOpenOption.WRITE, StandardOpenOption.APPEND),
                      100);
              ch[0] = c;
              return c;
            })) {
      w.begin(env("second"));
      assertThrows(IOException.class, () -> w.accept(row("t2")));
      assertArrayEquals(before, Files.readAllBytes(f), "the row is not written");
      ch[0].free(Long.MAX_VALUE / 2);
      w.accept(row("t3"));
    }
    List<String> lines = lines(f);
    assertEquals(2, lines.size());
    assertEquals("s-second", JSON.readTree(lines.get(1)).get("session").asText());
    assertEquals(List.of("t1", "t3"), whens(RawResults.read(f)));
  }

  @Test
  void badLines_costOnlyThemselves_andColumnsOfALaterVersionAreKept() throws IOException {
    Path f =
        Files.writeString(
            dir.resolve("r.jsonl"),
            String.join(
                "\n",
                "{\"environment\":{\"command\":\"x\"}}",
                "{\"experiment\":\"write\",\"when\":\"a\",\"elapsed_ns\":5,\"future\":\"f\"}",
                "not json",
                "{\"experiment\":\"write\",\"when\":\"b\",\"n\":[1,2]}",
                "{\"experiment\":\"write\",\"when\":\"c\",\"when\":\"d\"}",
                "[1]",
                "{\"experiment\":\"write\",\"when\":\"e\",\"elapsed_ns\":-3}",
                "",
                "{\"experiment\":\"write\",\"when\":\"g\",\"sync\":null,\"warmup\":true}",
                ""));
    RawResults r = RawResults.read(f);
    assertEquals(List.of("a", "g"), whens(r));
    assertEquals("f", r.rows().get(0).get("future"));
    assertEquals("future", r.header().get(r.header().size() - 1));
    assertEquals("", r.rows().get(1).get("sync"));
    assertEquals(List.of("a"), r.measuredRows().stream().map(x -> x.get("when")).toList());
    assertEquals(List.of(3L, 4L, 5L, 6L, 7L), r.problems().stream().map(RowProblem::line).toList());
    assertTrue(r.problems().get(1).what().startsWith("n: a list"), r.problems().toString());
    assertTrue(r.problems().get(2).what().contains("Duplicate field"), r.problems().toString());
    assertTrue(r.problems().get(3).what().contains("not a JSON object"), r.problems().toString());
    assertTrue(r.problems().get(4).what().contains("negative"), r.problems().toString());
  }

  @Test
  void aFileThatIsNoResults_isRefused() throws IOException {
    Path f = Files.writeString(dir.resolve("r.jsonl"), "[1,2]\n\"x\"\n");
    MalformedResultsException e =
        assertThrows(MalformedResultsException.class, () -> RawResults.read(f));
    assertTrue(
        e.getMessage().contains("no line is an environment record or a run"), e.getMessage());
  }

  @Test
  void appending_isRefusedToAFileOfTheOtherFormat_namingIt() throws IOException {
    Path csv = dir.resolve("r.csv");
    try (RawResultsWriter w = RawResultsWriter.open(csv)) {
      w.accept(row("t1"));
    }
    Path csvNamedJsonl = Files.copy(csv, dir.resolve("c.jsonl"));
    ResultsFileException e =
        assertThrows(ResultsFileException.class, () -> ResultsTarget.check(csvNamedJsonl));
    assertTrue(e.getMessage().contains("is not a secmem JSON Lines results file"), e.getMessage());
    assertTrue(e.getMessage().contains("it looks like CSV results"), e.getMessage());

    Path jsonl = dir.resolve("r.jsonl");
    try (RawResultsWriter w = RawResultsWriter.open(jsonl)) {
      w.accept(row("t1"));
    }
    Path jsonlNamedCsv = Files.copy(jsonl, dir.resolve("j.csv"));
    e = assertThrows(ResultsFileException.class, () -> ResultsTarget.check(jsonlNamedCsv));
    assertTrue(e.getMessage().contains("it looks like JSON Lines results"), e.getMessage());
    assertArrayEquals(Files.readAllBytes(jsonl), Files.readAllBytes(jsonlNamedCsv));
  }
}
