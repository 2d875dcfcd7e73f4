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
}
