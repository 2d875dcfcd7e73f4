package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.runner.ExperimentSession;

class RunCommandTest {

  @TempDir Path dir;

  @Test
  void seedReportsOwnLines_runUnchanged_oneMeasuredRowPerLoop() throws IOException {
    Path params = dir.resolve("write.csv");
    Files.writeString(
        params,
        "Stream Type (only 1 per row); Total integers per file (Ex: 1000, 10000, 100000...);"
            + "Nr of streams; Buffer size range (Ex: 1,6);Nr Loops  \n"
            + "Buffer;1000,10000;1;0,2;6  \n"
            + "Buffer;1000;2;0,2;6\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "write",
            "--params",
            params.toString(),
            "--warmup",
            "0",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = Files.readAllLines(results);
    assertEquals(1 + 3 * 6, lines.size());
    assertTrue(lines.stream().skip(1).allMatch(l -> l.contains(",write,buffered,")), lines.get(1));
    assertTrue(Files.exists(dir.resolve("r-summary.csv")));
    assertTrue(Files.exists(dir.resolve("r-environment.txt")));
  }

  @Test
  void fileWithSeveralBadLines_isRefusedWhole_namingEachLine_nothingRuns() throws IOException {
    Path params = dir.resolve("bad.csv");
    Files.writeString(
        params,
        "experiment,stream,n,k,b\n"
            + "write,simple,100,1,\n"
            + "write,user-buffer,100,1,3\n"
            + "read,simple,100,0,\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains(params + ":3: b: 3 is below the minimum 4"), r.err());
    assertTrue(r.err().contains(params + ":4: k: 0 is below the minimum 1"), r.err());
    assertTrue(r.err().contains("nothing was run"), r.err());
    assertFalse(Files.exists(results));
    assertFalse(r.err().contains("\tat "), r.err());
  }

  @Test
  void sortRows_takeAThreadsColumn_andRecordTheThreadsThatRan() throws IOException {
    Path params = dir.resolve("threads.csv");
    Files.writeString(
        params,
        "experiment,n,m,b,preset,threads,reps,warmup\n" + "sort,20000,4096,64,fast,1|3,1,0\n");
    Path results = dir.resolve("t.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = Files.readAllLines(results);
    List<String> header = List.of(lines.get(0).split(","));
    int threads = header.indexOf("threads");
    int workers = header.indexOf("run_workers");
    assertEquals("1", lines.get(1).split(",")[threads]);
    assertEquals("3", lines.get(2).split(",")[threads]);
    assertEquals("3", lines.get(2).split(",")[workers]);
  }

  @Test
  void aLaterSortRowTheHeapCannotHold_isRefusedBeforeTheFirstRowRuns() throws IOException {
    Path params = dir.resolve("heap.csv");
    Files.writeString(
        params,
        "experiment,n,m,preset,reps,warmup\n"
            + "sort,1000,1000,classic,1,0\n"
            + "sort,2^29,2^30,fast,1,0\n");
    Path results = dir.resolve("h.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains(params + ":3: m: "), r.err());
    assertTrue(r.err().contains("-Xmx"), r.err());
    assertFalse(Files.exists(results), "nothing ran, not even the first row");
  }

  @Test
  void headerFile_runsEveryCombination_andDrawsCharts() throws IOException {
    Path params = dir.resolve("sweep.csv");
    Files.writeString(
        params,
        "# a B sweep\nexperiment,stream,n,b,reps,warmup,dir\n"
            + "read,user-buffer|mapped,5000,64..1024 x4,2,0,data\n");
    Path results = dir.resolve("sweep-results.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(1 + 2 * 3 * 2, Files.readAllLines(results).size());
    assertTrue(Files.exists(dir.resolve("data")), "dir resolves against the file's folder");
    assertTrue(r.out().contains("charts: "), r.out());
    try (var charts = Files.list(dir.resolve("sweep-results-charts"))) {
      assertTrue(charts.anyMatch(p -> p.toString().endsWith("read-time-vs-b.png")));
    }
  }

  @Test
  void aSweepOfB_endsWithTheAdvice_andThePageShowsIt() throws IOException {
    Path params = dir.resolve("b.csv");
    Files.writeString(
        params, "experiment,stream,n,b,reps,warmup\n" + "write,user-buffer,2000,64|4096,2,0\n");
    Path results = dir.resolve("b-results.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    String out = r.out();
    int summary = out.indexOf("summary: ");
    int advice = out.indexOf("advice: write n = 2000 ints, k = 1: best user-buffer at B = ");
    int page = out.indexOf("report: ");
    assertTrue(summary >= 0 && summary < advice && advice < page, out);
    assertTrue(out.contains("advice in full: secmem advise " + results), out);
    String html = Files.readString(dir.resolve("b-results-report.html"));
    assertTrue(html.contains("<h3 id=\"advice-write\">Advice: write</h3>"), html);
  }

  @Test
  void aSweepOfManyGroups_printsAtMostTwelveLinesOfAdvice_thenPointsToAdvise() throws IOException {
    Path params = dir.resolve("many.csv");
    Files.writeString(
        params,
        "experiment,stream,n,b,reps,warmup\n"
            + "write,user-buffer,1000..14000 +1000,64|4096,1,0\n");
    Path results = dir.resolve("many-results.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    long shown = r.out().lines().filter(l -> l.startsWith("advice: ")).count();
    assertEquals(ExperimentSession.ADVICE_LINES + 1, shown, r.out());
    assertTrue(r.out().contains(" more lines\nadvice in full: secmem advise "), r.out());
  }

  @Test
  void aRunThatSweepsNoBdOrM_printsNoAdvice() throws IOException {
    Path params = dir.resolve("k.csv");
    Files.writeString(
        params, "experiment,stream,n,k,reps,warmup\n" + "write,buffered,2000,1|2,1,0\n");
    Path results = dir.resolve("k-results.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    assertFalse(r.out().contains("advice"), r.out());
  }

  @Test
  void seedFile_throughRun_needsExperiment() throws IOException {
    Path params = dir.resolve("seed.csv");
    Files.writeString(params, "Buffer;1000;1;0,2;1\n");
    CliTest.Result r = CliTest.run("run", params.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--experiment"), r.err());
  }

  @Test
  void missingParamFile_exit2() {
    CliTest.Result r = CliTest.run("run", dir.resolve("nope.csv").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("nope.csv: parameter file does not exist"), r.err());
  }
}
