package org.secmem.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Where a file system keeps no extended attributes, the ownership rule still holds: what secmem
 * made there is proved by its ledger ({@link MadeLedger}), and a file only named like it is not. On
 * a ramfs, which keeps none.
 */
class MadeLedgerTest {

  private RamFs ramfs;
  private Path dir;

  @BeforeEach
  void mount() throws Exception {
    ramfs = RamFs.mount();
    dir = ramfs.root();
  }

  @AfterEach
  void unmount() throws IOException {
    if (ramfs != null) {
      ramfs.close();
    }
  }

  private static void write(FileChannel c, String text) throws IOException {
    c.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void aFileSecmemMadeThere_isItsByTheLedger_andRemovable_once() throws IOException {
    Path file = dir.resolve("ints-n1-s1-0.bin");
    try (FileChannel c = Ownership.createNew(file, Ownership.Made.INT_FILE)) {
      write(c, "1234");
    }
    assertEquals(Optional.of(Ownership.Made.INT_FILE), Ownership.madeAs(file));
    assertFalse(Ownership.isMade(file, Ownership.Made.RESULTS), "made as one thing, not another");

    assertTrue(Ownership.deleteMade(file, Ownership.Made.INT_FILE));
    assertFalse(Files.exists(file));
    Files.writeString(file, "mine");
    assertFalse(
        Ownership.isMade(file, Ownership.Made.INT_FILE), "the user's file at the same name");
  }

  @Test
  void aUsersFileNamedLikeSecmems_isNotItsThere_andTheRefusalSaysWhy() throws IOException {
    Path file = Files.writeString(dir.resolve("ints-n1-s1-0.bin"), "1234");
    assertEquals(Optional.empty(), Ownership.madeAs(file));
    Ownership.NotSecmemsException e =
        assertThrows(
            Ownership.NotSecmemsException.class,
            () -> Ownership.deleteMade(file, Ownership.Made.INT_FILE));
    assertTrue(e.getMessage().contains("keeps no extended attributes"), e.getMessage());
    assertTrue(e.getMessage().contains(MadeLedger.folder().toString()), e.getMessage());
    assertEquals("1234", Files.readString(file));
  }

  @Test
  void aFileMovedOverItsTarget_isJudgedAtItsNewName_only() throws IOException {
    Path temporary = dir.resolve(".out.bin.1.part");
    Path target = dir.resolve("out.bin");
    try (FileChannel c = Ownership.createNew(temporary, Ownership.Made.PART)) {
      write(c, "abcd");
    }
    Ownership.replace(temporary, target, Ownership.Made.INT_FILE, false);
    assertTrue(Ownership.isMade(target, Ownership.Made.INT_FILE));

    // A second run replaces it: the first is forgotten, the second is secmem's.
    Path again = dir.resolve(".out.bin.2.part");
    try (FileChannel c = Ownership.createNew(again, Ownership.Made.PART)) {
      write(c, "efgh");
    }
    Ownership.replaceByRemoving(again, target, Ownership.Made.INT_FILE, false);
    assertEquals("efgh", Files.readString(target));
    assertTrue(Ownership.isMade(target, Ownership.Made.INT_FILE));
    Files.writeString(temporary, "user's");
    assertFalse(Ownership.isMade(temporary, Ownership.Made.PART), "the old name proves nothing");
  }

  @Test
  void aFolderSecmemMade_andOnlyThat_isRemovedWhenEmpty() throws IOException {
    Path fresh = Ownership.createFreshFolder(dir, "results");
    assertTrue(Ownership.isMade(fresh, Ownership.Made.FOLDER));
    Path users = Files.createDirectory(dir.resolve("mine"));
    assertFalse(Ownership.deleteEmptyFolder(users));
    assertTrue(Ownership.deleteEmptyFolder(fresh));
    assertTrue(Files.isDirectory(users));
    assertFalse(Files.exists(fresh));
  }

  @Test
  void aLedgerOthersMayWrite_isNotBelieved() throws IOException {
    Path file = dir.resolve("ints-n1-s1-0.bin");
    try (FileChannel c = Ownership.createNew(file, Ownership.Made.INT_FILE)) {
      write(c, "1234");
    }
    Path ledgers = MadeLedger.folder();
    var before = Files.getPosixFilePermissions(ledgers, LinkOption.NOFOLLOW_LINKS);
    try {
      Files.setPosixFilePermissions(ledgers, PosixFilePermissions.fromString("rwxrwxrwx"));
      assertFalse(Ownership.isMade(file, Ownership.Made.INT_FILE));
      assertThrows(
          Ownership.NotSecmemsException.class,
          () -> Ownership.deleteMade(file, Ownership.Made.INT_FILE));
    } finally {
      Files.setPosixFilePermissions(ledgers, before);
    }
    assertTrue(Ownership.isMade(file, Ownership.Made.INT_FILE));
  }

  @Test
  void aForgedLineForAnotherInode_orAnotherPath_provesNothing() throws IOException {
    Path ours = dir.resolve("ours.bin");
    try (FileChannel c = Ownership.createNew(ours, Ownership.Made.INT_FILE)) {
      write(c, "1234");
    }
    Path users = Files.writeString(dir.resolve("users.bin"), "5678");
    // The user's file is given the name secmem's had: same path, another inode.
    Files.move(users, ours, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    assertFalse(Ownership.isMade(ours, Ownership.Made.INT_FILE));
  }

  @Test
  void theLedger_dropsTheFilesThatAreGone_onceItHasGrown() throws IOException {
    for (int i = 0; i < 600; i++) {
      Path gone = dir.resolve("gone-" + i + ".bin");
      try (FileChannel c = Ownership.createNew(gone, Ownership.Made.INT_FILE)) {
        write(c, "1234");
      }
      Files.delete(gone); // behind the gate's back: the ledger is not told
    }
    Path kept = dir.resolve("kept.bin");
    try (FileChannel c = Ownership.createNew(kept, Ownership.Made.INT_FILE)) {
      write(c, "1234");
    }
    long device = ((Number) Files.getAttribute(kept, "unix:dev")).longValue();
    Path ledger = MadeLedger.folder().resolve("made-" + Long.toHexString(device) + ".tsv");
    long lines = Files.readAllLines(ledger).size();
    assertTrue(lines < 600, "compacted to what is still there: " + lines + " lines");
    assertTrue(Ownership.isMade(kept, Ownership.Made.INT_FILE));
  }
}
