package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A first run in a fresh folder says where its relative folders went; later runs do not. */
class FirstRunTest {

  @TempDir Path dir;

  private String secmem() throws Exception {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    // No -Dsecmem.logdir: the default logs/ is one of the folders under test, made in dir.
    Process p =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                FaultsTest.classpath(),
                "org.secmem.Main",
                "write",
                "--stream",
                "simple",
                "--n",
                "1000",
                "--reps",
                "1",
                "--warmup",
                "0")
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  @Test
  void theFirstRunSaysWhereDataResultsAndLogsWent() throws Exception {
    String first = secmem();
    String base = dir.toRealPath().toString();
    assertTrue(
        first.contains(
                "created in "
                    + base
                    + ": data/ (data files), results/ (results,"
                    + " summaries, charts), logs/ (the log)")
            || first.contains("created in " + dir.toAbsolutePath() + ": data/"),
        first);
    assertTrue(Files.isDirectory(dir.resolve("data")));
    assertFalse(secmem().contains("created in"), "only when a folder is new");
  }
}
