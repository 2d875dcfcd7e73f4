package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code run --resume} after an interrupt at every point of a sweep: each (configuration, warm-up
 * or rep, number) ends in the file exactly once, and every rep is there. Also the interrupt
 * message: it states the rows the file really holds.
 */
class ResumeTest {

  @TempDir Path dir;

  /** Two configurations (B=64, B=128), one warm-up and three reps each: 8 rows in all. */
  private static final String SWEEP =
      "experiment,stream,n,b,reps,warmup,dir\n" + "read,user-buffer,3000,64|128,3,1,data\n";

  private static final List<String> EXPECTED =
      List.of(
          "64 warmup 1",
          "64 rep 1",
          "64 rep 2",
          "64 rep 3",
          "128 warmup 1",
          "128 rep 1",
          "128 rep 2",
          "128 rep 3");

  /** "b warmup|rep n" of every well-formed row, counted. */
  private static Map<String, Integer> runs(Path results) throws IOException {
    Map<String, Integer> runs = new TreeMap<>();
    String text = Files.readString(results, StandardCharsets.UTF_8);
    try (CSVParser p =
        CSVParser.parse(
            new StringReader(text),
            CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build())) {
      int cells = p.getHeaderNames().size();
      for (CSVRecord r : p) {
        if (r.size() != cells) {
          continue; // a line cut short by the interrupt: readers leave it out
        }
        String key =
            r.get("b")
                + (Boolean.parseBoolean(r.get("warmup")) ? " warmup " : " rep ")
                + r.get("rep");
        runs.merge(key, 1, Integer::sum);
      }
    }
    return runs;
  }

  private static void assertEachRunOnce(Path results, String context) throws IOException {
    Map<String, Integer> runs = runs(results);
    Map<String, Integer> expected = new TreeMap<>();
    EXPECTED.forEach(k -> expected.put(k, 1));
    assertEquals(expected, runs, context + ":\n" + Files.readString(results));
  }

  /** The lines of a complete sweep's results file: header and 8 rows. */
  /** A complete run in the given order, its lines (header first). */
  private List<String> completeRun(Path params, String order) throws IOException {
    Path full = dir.resolve("full-" + order + ".csv");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", full.toString(), "--order", order);
    assertEquals(0, r.code(), r.err());
    assertEachRunOnce(full, "a complete run");
    List<String> lines = Files.readAllLines(full, StandardCharsets.UTF_8);
    assertEquals(1 + 8, lines.size());
    return lines;
  }

  @Test
  void resume_afterAnInterruptAfterEveryRow_recordsEachRunExactlyOnce() throws IOException {
    Path params = dir.resolve("sweep.csv");
    Files.writeString(params, SWEEP);
    for (String order : List.of("sequential", "interleaved", "random")) {
      List<String> lines = completeRun(params, order);
      for (int kept = 0; kept <= 8; kept++) {
        Path results = dir.resolve("r" + kept + "-" + order + ".csv");
        Files.write(results, lines.subList(0, 1 + kept), StandardCharsets.UTF_8);
        CliTest.Result r =
            CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
        assertEquals(0, r.code(), r.err());
        assertEachRunOnce(results, "resumed after " + kept + " rows");
        // A second resume has nothing left to do and changes nothing.
        List<String> before = Files.readAllLines(results);
        CliTest.Result again =
            CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("2 of 2 configurations already measured"), again.out());
        assertEquals(before, Files.readAllLines(results));
      }
    }
  }

  @Test
  void resume_halfDoneConfiguration_warmsUpWithoutRecordingItAgain_andRunsOnlyMissingReps()
      throws IOException {
    Path params = dir.resolve("sweep.csv");
    Files.writeString(params, SWEEP);
    List<String> lines = completeRun(params, "sequential");
    Path results = dir.resolve("r.csv");
    // B=64 done; B=128 has its warm-up and rep 1.
    Files.write(results, lines.subList(0, 1 + 6), StandardCharsets.UTF_8);
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("resume: 1 of 2 configurations already measured"), r.out());
    assertTrue(r.out().contains("1 half-done"), r.out());
    assertTrue(r.out().contains("warm-up 1 (not recorded"), r.out());
    assertTrue(r.out().contains("rep 2:") && r.out().contains("rep 3:"), r.out());
    assertFalse(r.out().contains("rep 1:"), r.out());
    assertTrue(r.out().contains("(8 rows, 2 of them from this run)"), r.out());
    assertEachRunOnce(results, "resumed");
  }

  @Test
  void resume_afterALineCutShort_namesIt_removesIt_andRecordsEachRunOnce() throws IOException {
    Path params = dir.resolve("sweep.csv");
    Files.writeString(params, SWEEP);
    List<String> lines = completeRun(params, "sequential");
    for (int kept : new int[] {1, 5}) {
      Path results = dir.resolve("cut" + kept + ".csv");
      String half = lines.get(1 + kept).substring(0, lines.get(1 + kept).length() / 2);
      Files.writeString(
          results,
          String.join("\r\n", lines.subList(0, 1 + kept)) + "\r\n" + half,
          StandardCharsets.UTF_8);
      CliTest.Result r =
          CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
      assertEquals(0, r.code(), r.err());
      assertTrue(r.err().contains(results + ":" + (2 + kept) + ": left out: "), r.err());
      assertTrue(
          r.err().contains(results + ":" + (2 + kept) + ": the last line was cut off"), r.err());
      assertEachRunOnce(results, "resumed after " + kept + " rows and a cut line");
      assertFalse(
          Files.readString(results).contains(half),
          "the cut line is removed, no row" + " glued to it");
      assertEquals(1 + 8, Files.readAllLines(results, StandardCharsets.UTF_8).size());
    }
  }

  private Process start(Path params, Path results, Path out, Path err) throws IOException {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(
            java,
            "-Xmx256m",
            "-cp",
            System.getProperty("java.class.path"),
            "-Dsecmem.logdir=" + dir.resolve("logs"),
            "org.secmem.Main",
            "run",
            params.toString(),
            "--results",
            results.toString())
        .directory(dir.toFile())
        .redirectOutput(out.toFile())
        .redirectError(err.toFile())
        .start();
  }

  private static long dataRows(Path results) throws IOException {
    return Files.readAllLines(results, StandardCharsets.UTF_8).stream()
            .filter(l -> !l.isBlank())
            .count()
        - 1;
  }

  private static void interrupt(Process p, Path results, long atLeastRows) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (p.isAlive()
        && System.nanoTime() < deadline
        && (!Files.exists(results) || dataRows(results) < atLeastRows)) {
      Thread.sleep(20);
    }
    assertTrue(p.isAlive(), "still running when interrupted");
    Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
    assertEquals(0, kill.waitFor());
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the process ended");
  }

  @Test
  void sigint_thenResume_recordsEachRunExactlyOnce() throws Exception {
    // Enough configurations, each slow enough, that the interrupt lands inside the sweep.
    Path params = dir.resolve("sweep.csv");
    Files.writeString(
        params,
        "experiment,stream,n,b,reps,warmup,dir\n"
            + "write,user-buffer,300000,64|128|256|512|1024|2048|4096|8192,3,1,data\n");
    Path results = dir.resolve("r.csv");
    Path err = dir.resolve("err.txt");
    Process p = start(params, results, dir.resolve("out.txt"), err);
    try {
      interrupt(p, results, 6);
    } finally {
      p.destroyForcibly();
    }
    assertEquals(130, p.exitValue(), Files.readString(err));
    long kept = dataRows(results);
    assertTrue(kept >= 6 && kept < 32, kept + " rows");
    assertTrue(
        Files.readString(err).contains(results + " holds " + kept + " rows"),
        Files.readString(err));
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
    assertEquals(0, r.code(), r.err());
    Map<String, Integer> runs = runs(results);
    List<String> expected = new ArrayList<>();
    for (int b = 64; b <= 8192; b *= 2) {
      expected.add(b + " warmup 1");
      for (int rep = 1; rep <= 3; rep++) {
        expected.add(b + " rep " + rep);
      }
    }
    assertEquals(expected.stream().sorted().toList(), List.copyOf(runs.keySet()));
    assertTrue(runs.values().stream().allMatch(n -> n == 1), runs.toString());
  }

  @Test
  void sigint_messageStatesTheRowsTheFileHolds_earlierSessionsIncluded() throws Exception {
    // A resumed file that already holds many rows, and runs that take no time (N = 1): rows keep
    // coming while the interrupt is being handled.
    Path params = dir.resolve("zero.csv");
    Files.writeString(
        params, "experiment,stream,n,reps,warmup,dir\n" + "write,buffered,1,1000000,0,data\n");
    Path results = dir.resolve("r.csv");
    Path seed = dir.resolve("seed.csv");
    Files.writeString(
        dir.resolve("one.csv"),
        "experiment,stream,n,reps,warmup,dir\n" + "write,buffered,1,1,0,data\n");
    assertEquals(
        0,
        CliTest.run("run", dir.resolve("one.csv").toString(), "--results", seed.toString()).code());
    List<String> one = Files.readAllLines(seed, StandardCharsets.UTF_8);
    List<String> earlier = new ArrayList<>();
    earlier.add(one.get(0));
    for (int i = 0; i < 30_000; i++) {
      earlier.add(one.get(1));
    }
    Files.write(results, earlier, StandardCharsets.UTF_8);

    Path err = dir.resolve("err.txt");
    Process p = start(params, results, dir.resolve("out.txt"), err);
    try {
      interrupt(p, results, 30_000 + 2000);
    } finally {
      p.destroyForcibly();
    }
    String message = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(130, p.exitValue(), message);
    long inFile = dataRows(results);
    Matcher m = Pattern.compile("(\\d+) rows").matcher(message);
    assertTrue(m.find(), message);
    assertEquals(inFile, Long.parseLong(m.group(1)), "rows said vs rows in the file: " + message);
    assertTrue(
        message.contains(
            results
                + " holds "
                + inFile
                + " rows, "
                + (inFile - 30_000)
                + " of them from this run"),
        message);
  }

  @Test
  void resume_aRowThatIsNotUtf8_namesIt_andRunsItsRepAgain() throws IOException {
    Path params = dir.resolve("sweep.csv");
    Files.writeString(params, SWEEP);
    List<String> lines = completeRun(params, "sequential");
    Path results = dir.resolve("r.csv");
    byte[] text = (String.join("\r\n", lines) + "\r\n").getBytes(StandardCharsets.UTF_8);
    // "64 rep 2", line 4: one byte that is no UTF-8 text at its start.
    int line4 = String.join("\r\n", lines.subList(0, 3)).length() + 2;
    text[line4] = (byte) 0xff;
    Files.write(results, text);

    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");

    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.err().contains(results + ":4: left out: not UTF-8 text (byte 0xff at column 1)"),
        r.err());
    assertTrue(r.out().contains("resume: 1 of 2 configurations already measured"), r.out());
    RawResults read = RawResults.read(results);
    Map<String, Integer> runs = new TreeMap<>();
    for (RawRow row : read.rows()) {
      runs.merge(
          row.get("b") + (row.isWarmup() ? " warmup " : " rep ") + row.get("rep"), 1, Integer::sum);
    }
    Map<String, Integer> expected = new TreeMap<>();
    EXPECTED.forEach(k -> expected.put(k, 1));
    assertEquals(expected, runs, r.out());
  }
}
