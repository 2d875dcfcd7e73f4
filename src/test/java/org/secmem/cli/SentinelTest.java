package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/** {@code --sentinel}: a reference configuration re-measured through the sweep, kept apart. */
class SentinelTest {

  @TempDir Path dir;

  @Test
  void sentinelRuns_firstEveryFewAndLast_markedAndCountedApart_andResumeIgnoresThem()
      throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,stream,n,reps,warmup,dir\n"
            + "write,simple|buffered|user-buffer,1000,3,0,"
            + dir.resolve("data")
            + "\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "run",
            params.toString(),
            "--sentinel",
            "2",
            "--sentinel-every",
            "2",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    RawResults raw = RawResults.read(results);
    assertEquals(9, raw.rows().size(), "the configurations' own rows");
    // 9 runs, a sentinel before runs 1, 3, 5, 7, 9 and after the last: 6.
    List<RawRow> sentinels = raw.sentinels();
    assertEquals(6, sentinels.size());
    for (int i = 0; i < 6; i++) {
      assertEquals("buffered", sentinels.get(i).get("stream"));
      assertEquals(Integer.toString(i + 1), sentinels.get(i).get("rep"));
    }
    // The rows in file order, S for a sentinel run (its own column, wherever it is).
    List<RawRow> all = new ArrayList<>(raw.rows());
    all.addAll(raw.sentinels());
    all.sort(Comparator.comparingLong(RawRow::line));
    List<String> order = all.stream().map(row -> row.isSentinel() ? "S" : "r").toList();
    assertEquals(
        List.of("S", "r", "r", "S", "r", "r", "S", "r", "r", "S", "r", "r", "S", "r", "S"), order);
    assertTrue(r.out().contains("sentinel write stream=buffered"), r.out());
    String summary = Files.readString(dir.resolve("r-summary.csv"));
    assertTrue(
        summary
            .lines()
            .filter(l -> l.startsWith("write,buffered,"))
            .findFirst()
            .orElseThrow()
            .contains(",3,0,"),
        "buffered counts its own 3 reps only: " + summary);

    CliTest.Result again =
        CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
    assertEquals(0, again.code(), again.err());
    assertTrue(again.out().contains("3 of 3 configurations already measured"), again.out());
  }

  @Test
  void aSentinelTheBatchDoesNotHave_orNotANumber_isRefusedBeforeAnyRun() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "write",
            "--stream",
            "simple,buffered",
            "--n",
            "100",
            "--dir",
            dir.resolve("data").toString(),
            "--sentinel",
            "3",
            "--results",
            results.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--sentinel 3: the batch has 2 configurations (1 .. 2)"), r.err());
    assertTrue(!Files.exists(results), "nothing measured, nothing written");
    CliTest.Result bad =
        CliTest.run(
            "write",
            "--stream",
            "simple",
            "--n",
            "100",
            "--dir",
            dir.resolve("data").toString(),
            "--sentinel",
            "first");
    assertEquals(2, bad.code(), bad.err());
    assertTrue(bad.err().contains("neither a configuration number"), bad.err());
    // Spaces around auto: accepted where checked, then parsed without trimming (an internal
    // error, exit 1) before --sentinel was read once.
    CliTest.Result spaced =
        CliTest.run(
            "write",
            "--stream",
            "simple",
            "--n",
            "100",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            dir.resolve("spaced.csv").toString(),
            "--sentinel",
            " auto");
    assertEquals(0, spaced.code(), spaced.err());
    assertTrue(RawResults.read(dir.resolve("spaced.csv")).sentinels().size() >= 2);
  }

  @Test
  void theSentinelWarmsUpBeforeItsFirstRun_recordedAsSentinelWarmups() throws IOException {
    Path results = dir.resolve("w.csv");
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
            "1",
            "--warmup",
            "2",
            "--sentinel",
            "auto",
            "--order",
            "sequential",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    List<RawRow> s = RawResults.read(results).sentinels();
    // Two warm-ups first, then a run before each round of 2 runs ... and one at the end.
    assertEquals(
        List.of("true", "true", "false", "false", "false", "false"),
        s.stream().map(x -> x.get("warmup")).toList());
    assertEquals(List.of("1", "2", "1", "2", "3", "4"), s.stream().map(x -> x.get("rep")).toList());
    assertEquals("1", RawResults.read(results).sentinels().get(0).get("order_index"));
    assertTrue(r.out().contains(": 4 runs over the sweep"), r.out());
  }
}
