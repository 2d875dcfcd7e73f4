package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Links planted beside a results file ({@code r-environment.txt}, {@code r-summary.csv}) made
 * secmem overwrite the files they point to: each is now refused, the file it points to untouched,
 * and the failure names the link.
 */
class BesideResultsLinksTest {

  @TempDir Path dir;

  @Test
  void aLinkAtTheEnvironmentRecord_isNotWrittenThrough() throws IOException {
    Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
    Path link = Files.createSymbolicLink(dir.resolve("r-environment.txt"), victim);
    CliTest.Result r = run();
    assertNotEquals(0, r.code(), r.out());
    assertTrue(r.err().contains(link.toString()) && r.err().contains("symbolic link"), r.err());
    assertEquals("precious", Files.readString(victim));
  }

  @Test
  void aLinkAtTheSummary_isRefusedBeforeAnythingRuns() throws IOException {
    Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
    Path link = Files.createSymbolicLink(dir.resolve("r-summary.csv"), victim);
    CliTest.Result r = run();
    // Refused before anything runs: secmem never writes through a link beside its results.
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains(link.toString()) && r.err().contains("symbolic link"), r.err());
    assertEquals("precious", Files.readString(victim));
    assertFalse(Files.exists(dir.resolve("r.csv")), "nothing measured, no results file");
  }

  private CliTest.Result run() {
    return CliTest.run(
        "write",
        "--stream",
        "simple",
        "--n",
        "1000",
        "--reps",
        "1",
        "--warmup",
        "0",
        "--dir",
        dir.resolve("data").toString(),
        "--results",
        dir.resolve("r.csv").toString());
  }
}
