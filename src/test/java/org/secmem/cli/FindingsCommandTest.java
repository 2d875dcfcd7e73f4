package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code secmem findings}: its findings file refused up front where it checks nothing. */
class FindingsCommandTest {

  @TempDir Path dir;

  /** A results file with one row, so that only the findings file is at fault. */
  private Path results() throws IOException {
    Path r = dir.resolve("r.csv");
    Files.write(r, List.of("experiment,stream,n,k,elapsed_ns", "write,buffered,1000,1,1000000"));
    return r;
  }

  @Test
  void aFindingsFileWithNoRules_isRefused_notAnEmptyTableThatExitsZero() throws IOException {
    Path tsv = dir.resolve("empty.tsv");
    Files.write(tsv, List.of("# comments only", "", "id\treport\twhere"));
    CliTest.Result r = CliTest.run("findings", "--findings", tsv.toString(), results().toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("no rules in " + tsv), r.err());
  }

  @Test
  void theBuiltInFindings_areTheShippedFile() throws IOException {
    Path shipped = Path.of(System.getProperty("secmem.root", "."), "configs", "seed-findings.tsv");
    assertEquals(
        org.secmem.seeds.FindingsFile.read(shipped).size(),
        org.secmem.seeds.FindingsFile.builtIn().size());
    assertTrue(org.secmem.seeds.FindingsFile.builtIn().size() > 10);
  }

  @Test
  void theSameResultsFileGivenManyTimes_countsOnce() throws IOException {
    Path laptop =
        Path.of(System.getProperty("secmem.root", "."), "docs", "seed-results", "laptop.csv")
            .toAbsolutePath();
    CliTest.Result once = CliTest.run("findings", laptop.toString());
    String[] many = new String[31];
    many[0] = "findings";
    for (int i = 1; i < many.length; i++) {
      many[i] =
          i % 2 == 0
              ? laptop.toString()
              : Path.of("").toAbsolutePath().relativize(laptop).toString();
    }
    Files.createSymbolicLink(dir.resolve("again.csv"), laptop);
    CliTest.Result again =
        CliTest.run("findings", laptop.toString(), dir.resolve("again.csv").toString());
    CliTest.Result repeated = CliTest.run(many);
    assertEquals(0, once.code(), once.err());
    assertEquals(once.out(), repeated.out(), "the same verdicts and intervals");
    assertEquals(once.out(), again.out(), "a link to it is the same file");
    assertTrue(repeated.err().contains("the same file is given more than once"), repeated.err());
  }

  /**
   * Rows of a shared JVM and of fresh JVMs (their fork cell), in one file or two, are two methods,
   * named by what the rows record; files of one method pool; --method-per-file names each file.
   */
  @Test
  void resultsOfTwoMethods_areSettledAcross_andFilesOfOneMethodPool() throws IOException {
    Path tsv = dir.resolve("f.tsv");
    Files.write(
        tsv,
        List.of(
            "id\treport\twhere\tfinding\tconfig\tmetric\tconditions\trule",
            "S-1\t000\tFig. 1\tBuffer beats Simple\tseed\tms\t\tbetter\tstream=buffered"
                + "\tstream=simple"));
    String header = "experiment,stream,n,k,elapsed_ns,fork,java_version";
    Path shared = dir.resolve("shared.csv");
    Path forked = dir.resolve("forked.csv");
    Path sharedAgain = dir.resolve("shared-again.csv");
    Files.write(shared, runs(header, "", 1.0, 1.5));
    Files.write(sharedAgain, runs(header, "", 1.0, 1.5));
    Files.write(forked, runs(header, "1", 1.5, 1.0));
    CliTest.Result two =
        CliTest.run("findings", "--findings", tsv.toString(), shared.toString(), forked.toString());
    assertEquals(0, two.code(), two.err());
    assertTrue(
        two.out()
            .contains(
                "1 findings checked across 2 methods (shared JVM, JDK 17.0.15; forked, JDK"
                    + " 17.0.15): 0 agree, 0 within noise, 0 differ, 1 unsettled."),
        two.out());
    assertTrue(two.out().contains("**shared JVM, JDK 17.0.15** (agrees): "), two.out());
    assertTrue(two.out().contains("| unsettled |"), two.out());
    CliTest.Result pooled =
        CliTest.run(
            "findings", "--findings", tsv.toString(), shared.toString(), sharedAgain.toString());
    assertTrue(
        pooled
            .out()
            .contains(
                "1 findings checked by one method (shared JVM, JDK 17.0.15), not settled across"
                    + " methods: 1 agree, 0 within noise, 0 differ."),
        pooled.out());
    CliTest.Result perFile =
        CliTest.run(
            "findings",
            "--findings",
            tsv.toString(),
            "--method-per-file",
            shared.toString(),
            sharedAgain.toString());
    assertTrue(
        perFile
            .out()
            .contains(
                "1 findings checked across 2 methods (shared.csv; shared-again.csv): 1 agree, 0"
                    + " within noise, 0 differ, 0 unsettled."),
        perFile.out());
  }

  /**
   * A summary has no fork column: its method is what the environment record beside it says
   * (forks=1: forked), or "fork not recorded" where there is none.
   */
  @Test
  void aSummarysMethod_isWhatItsEnvironmentRecordSays() throws IOException {
    Path tsv = dir.resolve("f.tsv");
    Files.write(
        tsv,
        List.of(
            "id\treport\twhere\tfinding\tconfig\tmetric\tconditions\trule",
            "S-1\t000\tFig. 1\tBuffer beats Simple\tseed\tms\t\tbetter\tstream=buffered"
                + "\tstream=simple"));
    Path shared = dir.resolve("shared.csv");
    Files.write(shared, runs("experiment,stream,n,k,elapsed_ns,fork,java_version", "", 1.0, 1.5));
    Path summary = dir.resolve("forked-summary.csv");
    Files.write(
        summary,
        List.of(
            "experiment,stream,n,k,elapsed_ms_median,java_version",
            "write,buffered,1000,1,1.5,17.0.15",
            "write,simple,1000,1,1.0,17.0.15"));
    CliTest.Result unrecorded =
        CliTest.run(
            "findings", "--findings", tsv.toString(), shared.toString(), summary.toString());
    assertTrue(
        unrecorded.out().contains("(shared JVM, JDK 17.0.15; fork not recorded, JDK 17.0.15)"),
        unrecorded.out());
    Files.write(dir.resolve("forked-environment.txt"), List.of("# record", "forks=1"));
    CliTest.Result recorded =
        CliTest.run(
            "findings", "--findings", tsv.toString(), shared.toString(), summary.toString());
    assertTrue(
        recorded
            .out()
            .contains(
                "1 findings checked across 2 methods (shared JVM, JDK 17.0.15; forked, JDK"
                    + " 17.0.15): 0 agree, 0 within noise, 0 differ, 1 unsettled."),
        recorded.out());
  }

  /** Three runs each of buffered and simple writes, {@code buffered} and {@code simple} ms. */
  private static List<String> runs(String header, String fork, double buffered, double simple) {
    List<String> lines = new java.util.ArrayList<>(List.of(header));
    for (double d : new double[] {0.99, 1.0, 1.01}) {
      lines.add("write,buffered,1000,1," + (long) (buffered * d * 1e6) + "," + fork + ",17.0.15");
      lines.add("write,simple,1000,1," + (long) (simple * d * 1e6) + "," + fork + ",17.0.15");
    }
    return lines;
  }
}
