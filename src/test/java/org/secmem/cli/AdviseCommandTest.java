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

/** {@code secmem advise}: exit codes and the text a user reads. */
class AdviseCommandTest {

  @TempDir Path dir;

  private Path results(String csv) throws IOException {
    Path f = dir.resolve("r.csv");
    Files.writeString(f, csv);
    return f;
  }

  private static final String SWEEP =
      "experiment,stream,n,k,b,warmup,mib_per_s\n"
          + "write,mapped,1000000,1,4096,false,100\n"
          + "write,mapped,1000000,1,4096,false,110\n"
          + "write,mapped,1000000,1,4096,false,120\n"
          + "write,mapped,1000000,1,65536,false,300\n"
          + "write,mapped,1000000,1,65536,false,310\n"
          + "write,mapped,1000000,1,65536,false,320\n"
          + "write,buffered,1000000,1,,false,150\n"
          + "write,buffered,1000000,1,,false,151\n"
          + "write,buffered,1000000,1,,false,152\n"
          + "sort,,1000000,,65536,false,\n";

  @Test
  void streamSweep_printsTheTable_theBestType_andWhatToAdd_exit0() throws IOException {
    CliTest.Result r = CliTest.run("advise", results(SWEEP).toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("Advice from "), r.out());
    assertTrue(r.out().contains("write, n = 1000000 ints, k = 1"), r.out());
    assertTrue(r.out().contains("  mapped    64 KiB  310.0 (300.0\u2013320.0)"), r.out());
    assertTrue(r.out().contains("best type: mapped at B = 64 KiB"), r.out());
    assertTrue(
        r.out().contains("  add: mapped is still faster at the largest B (64 KiB)"), r.out());
    assertTrue(r.out().contains("1 thing to add to the sweep"), r.out());
    assertTrue(r.out().contains("extend b beyond it"), r.out());
  }

  @Test
  void chart_ofASweepOfB_endsWithTheAdviceInBrief_asARunDoes() throws IOException {
    Path f = results(SWEEP.replace("sort,,1000000,,65536,false,\n", ""));
    CliTest.Result r = CliTest.run("chart", f.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("advice: "), r.out());
    assertTrue(r.out().contains("advice in full: secmem advise " + f), r.out());
    assertTrue(r.out().indexOf("advice in full") < r.out().indexOf("report: "), r.out());
  }

  @Test
  void aSummaryComparisonOrParameterFile_isNotAResultsFile_exit2_forEveryReader()
      throws IOException {
    Path raw = results(SWEEP);
    assertEquals(0, CliTest.run("chart", raw.toString()).code());
    Path summary = dir.resolve("r-summary.csv");
    assertTrue(Files.exists(summary));
    Path params =
        Files.writeString(dir.resolve("p.csv"), "experiment,stream,n\nwrite,mapped,1000\n");
    for (Path f : List.of(summary, params)) {
      for (String[] args :
          List.of(
              new String[] {"advise", f.toString()},
              new String[] {"chart", f.toString()},
              new String[] {"compare", raw.toString(), f.toString(), "--fail-if-slower", "5"},
              new String[] {"compare", f.toString(), raw.toString()})) {
        CliTest.Result r = CliTest.run(args);
        assertEquals(2, r.code(), String.join(" ", args) + ": " + r.out() + r.err());
        assertTrue(r.err().contains(f + " is not a secmem results file"), r.err());
      }
    }
  }

  @Test
  void experimentOption_keepsToThatExperiment() throws IOException {
    CliTest.Result r = CliTest.run("advise", results(SWEEP).toString(), "--experiment", "sort");

    assertEquals(0, r.code(), r.err());
    assertFalse(r.out().contains("mapped"), r.out());
    assertTrue(r.out().contains("nothing to advise on: no measured sort run"), r.out());
    assertTrue(r.out().contains("configs/advise-sort.csv"), r.out());
    assertFalse(r.out().contains("configs/advise-streams.csv"), r.out());
  }

  @Test
  void headerOnly_saysWhatToRun_exit0() throws IOException {
    CliTest.Result r =
        CliTest.run("advise", results("experiment,stream,n,b,mib_per_s\n").toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("nothing to advise on"), r.out());
    assertTrue(r.out().contains("secmem run configs/advise-streams.csv"), r.out());
  }

  @Test
  void missingFile_exit2_oneLineNamingIt() {
    Path missing = dir.resolve("nope.csv");
    CliTest.Result r = CliTest.run("advise", missing.toString());

    assertEquals(2, r.code());
    assertTrue(r.err().contains(missing + " does not exist"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void notAResultsFile_exit2() throws IOException {
    CliTest.Result r = CliTest.run("advise", results("a,b\n1,2\n").toString());

    assertEquals(2, r.code());
    assertTrue(r.err().contains("not a secmem results file"), r.err());
  }

  @Test
  void unknownExperiment_exit2() throws IOException {
    CliTest.Result r = CliTest.run("advise", results(SWEEP).toString(), "--experiment", "pq");

    assertEquals(2, r.code());
    assertTrue(r.err().contains("--experiment: 'pq' is not one of write, read, sort"), r.err());
  }

  @Test
  void help_showsExamples() {
    CliTest.Result r = CliTest.run("advise", "--help");

    assertEquals(0, r.code());
    assertTrue(r.out().contains("secmem advise results/streams.csv"), r.out());
    assertTrue(r.out().contains("knee"), r.out());
  }
}
