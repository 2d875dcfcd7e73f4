package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.ThisMachine;
import org.secmem.sort.WorkDirectory;

/**
 * The scratch folders another engine's module makes ({@code .secmem-spark-parts-<pid>-*} beside the
 * output, {@code .secmem-spark-local-<pid>-*} in the temporary folder) and a kill -9 leaves: only
 * the next sort by that engine removed them, never {@code secmem clean}. Clean removes them when
 * secmem marked them and their owner is gone, and leaves live ones, unmarked ones and links.
 */
class CleanEngineScratchTest {

  /** No process holds the lock of a marker naming it: its owner is gone. */
  private static final long GONE = 999_999_999L;

  @TempDir Path dir;

  @Test
  void clean_removesAKilledEnginesMarkedScratchFolders_only() throws Exception {
    Path parts = leftover(".secmem-spark-parts-" + GONE + "-a");
    Path local = leftover(".secmem-spark-local-" + GONE + "-b");
    Files.createDirectories(local.resolve("blockmgr-1").resolve("0a"));
    Files.write(
        local.resolve("blockmgr-1").resolve("0a").resolve("shuffle_0_0_0.data"), new byte[8]);
    Path unmarked = Files.createDirectory(dir.resolve(".secmem-spark-parts-" + GONE + "-c"));
    Files.write(unmarked.resolve("part-00000"), new byte[4]);
    Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
    Path target = leftoverIn(elsewhere, ".secmem-spark-local-" + GONE + "-d");
    Path link = Files.createSymbolicLink(dir.resolve(".secmem-spark-local-" + GONE + "-e"), target);
    Path live = Ownership.createFreshFolder(dir, ".secmem-spark-parts-1-f");
    try (MarkerHolder holder = MarkerHolder.start(live, WorkDirectory.MARKER)) {
      CliTest.Result r = CliTest.run("clean", dir.toString());
      assertEquals(0, r.code(), r.err());
      assertFalse(Files.exists(parts), "a killed run's parts folder: " + r.out());
      assertFalse(Files.exists(local), "a killed run's local folder: " + r.out());
      assertTrue(r.out().contains("removed " + parts), r.out());
      assertTrue(Files.isDirectory(unmarked), "a folder secmem did not mark stays");
      assertTrue(Files.isSymbolicLink(link), "a link stays");
      assertTrue(Files.isDirectory(target), "and so does what it points to");
      assertTrue(Files.exists(target.resolve("part-00000")));
      assertTrue(Files.isDirectory(live), "a live run's folder stays");
      assertTrue(r.out().contains("in use, kept " + live), r.out());
    }
  }

  private Path leftover(String name) throws IOException {
    return leftoverIn(dir, name);
  }

  /** A scratch folder as a run killed with kill -9 leaves it: marked, its marker's lock free. */
  private static Path leftoverIn(Path parent, String name) throws IOException {
    Path f = Ownership.createFreshFolder(parent, name);
    Files.writeString(
        f.resolve(WorkDirectory.MARKER),
        OwnerMarker.text(GONE, Optional.empty(), ThisMachine.current()));
    Files.write(f.resolve("part-00000"), new byte[4]);
    return f;
  }
}
