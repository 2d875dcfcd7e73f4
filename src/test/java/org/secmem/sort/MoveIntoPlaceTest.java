package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.Ownership;

/**
 * The finished output takes the output's name without being renamed over an existing file: that
 * rename makes ext4 start writing the new file back inside it, on the clock of every repetition
 * that replaces its predecessor's output. The old file is removed only once the new one is complete
 * beside it, so a failed move leaves it as it was. ({@link org.secmem.data.PartFile#commit}, which
 * this goes through, puts every finished file in place: generated data files and Spark's output
 * too.)
 */
class MoveIntoPlaceTest {

  @TempDir Path dir;

  private List<Path> hidden() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith(".")).toList();
    }
  }

  @Test
  void anExistingOutput_isRemovedBeforeTheNewOneTakesItsName() throws Exception {
    Path work = Files.createDirectory(dir.resolve("work"));
    Path from = Files.write(work.resolve("output.part"), new byte[] {5, 6, 7, 8});
    Path to = Files.write(dir.resolve("out.bin"), new byte[] {1, 2, 3, 4});
    Ownership.mark(to, Ownership.Made.INT_FILE); // an earlier sort's output
    List<String> events = new ArrayList<>();
    try (WatchService watch = FileSystems.getDefault().newWatchService()) {
      WatchKey key =
          dir.register(
              watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE);
      WorkDirectory.moveIntoPlace(from, to);
      // inotify reports in order; the events of the two renames and the removal all arrive.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!events.contains("ENTRY_CREATE out.bin") && System.nanoTime() < deadline) {
        WatchKey k = watch.poll(100, TimeUnit.MILLISECONDS);
        if (k != null) {
          for (WatchEvent<?> e : k.pollEvents()) {
            if (("out.bin").equals(String.valueOf(e.context()))) {
              events.add(e.kind().name() + " out.bin");
            }
          }
          k.reset();
        }
      }
      key.cancel();
    }
    assertEquals(
        List.of("ENTRY_DELETE out.bin", "ENTRY_CREATE out.bin"),
        events,
        "the old output is removed, then the new one renamed to the free name (a rename over it"
            + " shows as a create alone)");
    assertArrayEquals(new byte[] {5, 6, 7, 8}, Files.readAllBytes(to));
    assertEquals(List.of(), hidden(), "nothing left beside the output");
    assertEquals(false, Files.exists(from));
  }

  @Test
  void aMoveThatFails_leavesTheOldOutputAsItWas() throws IOException {
    Path to = Files.write(dir.resolve("out.bin"), new byte[] {1, 2, 3, 4});
    assertThrows(
        IOException.class,
        () -> WorkDirectory.moveIntoPlace(dir.resolve("work/never-written.part"), to));
    assertArrayEquals(new byte[] {1, 2, 3, 4}, Files.readAllBytes(to));
    assertEquals(List.of(), hidden());
  }

  @Test
  void aFolderAtTheOutputsName_isNotRemoved() throws IOException {
    Path from = Files.write(dir.resolve("output.part"), new byte[] {9});
    Path to = Files.createDirectory(dir.resolve("out.bin"));
    assertThrows(IOException.class, () -> WorkDirectory.moveIntoPlace(from, to));
    assertEquals(true, Files.isDirectory(to));
    assertEquals(List.of(), hidden());
  }

  @Test
  void aNewOutput_getsItsFolderAndName() throws IOException {
    Path from = Files.write(dir.resolve("output.part"), new byte[] {9});
    Path to = dir.resolve("new/sub/out.bin");
    WorkDirectory.moveIntoPlace(from, to);
    assertArrayEquals(new byte[] {9}, Files.readAllBytes(to));
  }
}
