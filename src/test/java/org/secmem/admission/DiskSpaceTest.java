package org.secmem.admission;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.runner.BadInputException;
import org.secmem.sort.WorkDirectory;

/** The one disk check: what it refuses, how it names it, and that skipping it skips it. */
class DiskSpaceTest {

  @TempDir Path dir;

  private long free() throws IOException {
    FileStore store = Files.getFileStore(dir);
    Assumptions.assumeTrue(store.getTotalSpace() > 0, "this file system states no size");
    return store.getUsableSpace();
  }

  @Test
  void refusesMoreThanIsFree_namingTheNearestFolderThatExists() throws IOException {
    long free = free();
    Path missing = dir.resolve("a").resolve("b");
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> DiskSpace.CHECKED.check(missing, free + (1L << 40), "the sorted output"));
    assertTrue(e.getMessage().startsWith("not enough free disk in " + dir), e.getMessage());
    assertTrue(e.getMessage().contains("the sorted output needs"), e.getMessage());
    assertDoesNotThrow(() -> DiskSpace.CHECKED.check(missing, 1, "one byte"));
    assertDoesNotThrow(() -> DiskSpace.UNCHECKED.check(missing, Long.MAX_VALUE, "anything"));
    assertEquals(DiskSpace.UNCHECKED, DiskSpace.of(true));
    assertEquals(DiskSpace.CHECKED, DiskSpace.of(false));
  }

  /**
   * Two work folders on one file system are checked together: each share alone fits, both do not.
   */
  @Test
  void workFoldersOnOneFileSystem_areCheckedTogether() throws IOException {
    long free = free();
    Path a = Files.createDirectory(dir.resolve("a"));
    Path b = Files.createDirectory(dir.resolve("b"));
    Path out = Files.createDirectory(dir.resolve("out"));
    List<Path> work = List.of(a, b);
    List<Optional<FileStore>> stores = work.stream().map(WorkDirectory::fileStore).toList();
    // Runs of 0.75 x free spread over two folders: each holds under half of free, together more.
    long ints = free * 3 / 4 / Integer.BYTES;
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> DiskSpace.CHECKED.sort(false, ints, false, out, work, stores));
    assertTrue(
        e.getMessage().contains("the sort's runs in the work folders on this file system"),
        e.getMessage());
    assertDoesNotThrow(() -> DiskSpace.UNCHECKED.sort(false, ints, false, out, work, stores));
    assertDoesNotThrow(() -> DiskSpace.CHECKED.sort(false, 1 << 10, true, out, work, stores));
  }

  @Test
  void sharedDisks_namesTheSecondFolderOnAFileSystem() throws IOException {
    Path a = Files.createDirectory(dir.resolve("a"));
    Path b = Files.createDirectory(dir.resolve("b"));
    List<Path> work = List.of(a, b);
    List<Optional<FileStore>> stores = work.stream().map(WorkDirectory::fileStore).toList();
    Assumptions.assumeTrue(stores.get(0).isPresent());
    String note = DiskSpace.sharedDisks("--work-dir", work, stores).orElseThrow();
    assertTrue(note.startsWith("--work-dir: " + b + " is on the same file system"), note);
    assertTrue(note.endsWith("as " + a + ": their runs share one disk's bandwidth"), note);
    assertEquals(Optional.empty(), DiskSpace.sharedDisks("--work-dir", List.of(a), stores));
  }
}
