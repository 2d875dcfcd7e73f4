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
}
