package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/** {@code --fork N}: each configuration measured in N fresh JVMs, every row recorded once. */
class ForkTest {

  @TempDir Path dir;

  private static List<CSVRecord> rows(Path results) throws IOException {
    try (CSVParser p =
        CSVParser.parse(
            new StringReader(Files.readString(results, StandardCharsets.UTF_8)),
            CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build())) {
      return p.getRecords();
    }
  }

  @Test
  void steadyWarmup_runsInEachFork_andEveryRepSaysHowMany() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "write",
            "--stream",
            "buffered",
            "--n",
            "1000",
            "--dir",
            dir.resolve("data").toString(),
            "--reps",
            "2",
            "--warmup",
            "0",
            "--fork",
            "2",
            "--steady-warmup",
            "300",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    List<CSVRecord> rows = rows(results);
    assertEquals(4, rows.size(), "the steadying runs are not recorded");
    for (CSVRecord row : rows) {
      int steady = Integer.parseInt(row.get("steady_warmups"));
      assertTrue(steady >= 1 && steady <= 1000, row.toString());
    }
    // Each fork warmed its own JVM: the two forks' counts are their own, each the same on its
    // two reps.
    assertEquals(rows.get(0).get("steady_warmups"), rows.get(1).get("steady_warmups"));
    assertEquals(rows.get(2).get("steady_warmups"), rows.get(3).get("steady_warmups"));
    assertTrue(
        Files.readString(results.resolveSibling("r-environment.txt"))
            .contains("steady_warmup_ms=300"));
  }

  @Test
  void twoForks_eachRunTheirWarmupsAndReps_numberedApart_inInterleavedOrder() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "write",
            "--stream",
            "simple,buffered",
            "--n",
            "1000",
            "--dir",
            dir.resolve("data").toString(),
            "--reps",
            "2",
            "--warmup",
            "1",
            "--fork",
            "2",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("(fork 2 of 2)"), r.out());
    List<CSVRecord> rows = rows(results);
    assertEquals(2 * 2 * (2 + 1), rows.size());
    Map<String, List<String>> byType = new TreeMap<>();
    for (CSVRecord row : rows) {
      byType
          .computeIfAbsent(row.get("stream"), k -> new ArrayList<>())
          .add(
              row.get("fork")
                  + (Boolean.parseBoolean(row.get("warmup")) ? "w" : "r")
                  + row.get("rep"));
    }
    // Fork 1 runs warm-up 1 and reps 1-2; fork 2 warm-up 2 and reps 3-4.
    List<String> expected = List.of("1w1", "1r1", "1r2", "2w2", "2r3", "2r4");
    assertEquals(expected, byType.get("simple"));
    assertEquals(expected, byType.get("buffered"));
    // Interleaved: both configurations' first forks before either's second.
    List<String> forks = rows.stream().map(x -> x.get("fork")).toList();
    assertEquals(List.of("1", "1", "1", "1", "1", "1", "2", "2", "2", "2", "2", "2"), forks);
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(Integer.toString(i + 1), rows.get(i).get("order_index"));
    }
    assertTrue(
        Files.readString(dir.resolve("r-summary.csv")).contains(",4,2,"),
        "the summary counts every fork's reps (4) and warm-ups (2)");
  }

  @Test
  void resume_withForks_runsOnlyTheForksWithMissingReps() throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,stream,n,reps,warmup,dir\n"
            + "write,simple,1000,2,1,"
            + dir.resolve("data")
            + "\n");
    Path full = dir.resolve("full.csv");
    assertEquals(
        0,
        CliTest.run("run", params.toString(), "--fork", "2", "--results", full.toString()).code());
    List<String> lines = Files.readAllLines(full);
    assertEquals(1 + 6, lines.size());
    Path cut = dir.resolve("cut.csv");
    // Fork 1 done, fork 2's warm-up and first rep recorded: rep 4 is missing.
    Files.write(cut, lines.subList(0, 1 + 5));
    CliTest.Result r =
        CliTest.run(
            "run", params.toString(), "--fork", "2", "--results", cut.toString(), "--resume");
    assertEquals(0, r.code(), r.err());
    List<CSVRecord> rows = rows(cut);
    assertEquals(6, rows.size());
    CSVRecord last = rows.get(5);
    assertEquals("4", last.get("rep"));
    assertEquals("false", last.get("warmup"));
    assertEquals("2", last.get("fork"));
  }

  @Test
  void aSentinelWithForks_isAFreshJvmEachTime_keptApart() throws IOException {
    Path results = dir.resolve("s.csv");
    CliTest.Result r =
        CliTest.run(
            "write",
            "--stream",
            "simple,buffered,user-buffer",
            "--n",
            "1000",
            "--dir",
            dir.resolve("data").toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--fork",
            "1",
            "--sentinel",
            "2",
            "--sentinel-every",
            "2",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    RawResults raw = RawResults.read(results);
    assertEquals(3, raw.rows().size());
    // 3 forks; a sentinel fork before forks 1 and 3, and one after the last.
    assertEquals(3, raw.sentinels().size());
    for (RawRow s : raw.sentinels()) {
      assertEquals("buffered", s.get("stream"));
      assertEquals("", s.get("round"));
    }
    assertEquals(List.of("1", "2", "3"), raw.sentinels().stream().map(x -> x.get("rep")).toList());
    assertTrue(r.out().contains(" sentinel: "), r.out());
  }
}
