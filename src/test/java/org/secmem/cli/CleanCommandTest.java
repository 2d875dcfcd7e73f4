package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.OpenFiles;
import org.secmem.fs.Ownership;
import org.secmem.sort.WorkDirectory;

/**
 * {@code secmem clean} removes what interrupted runs leave and nothing a running one still uses:
 * work folders whose marker is gone (their removal was cut short), folders whose PID was reused,
 * and unfinished {@code .NAME.<uuid>.part} data files.
 */
class CleanCommandTest {

  @TempDir Path dir;

  @Test
  void data_removesGeneratedInputs_only_keepingOpenFreshLinkedAndOthers() throws IOException {
    Path old1 = generated("ints-n1024-s42-0.bin", ago(600));
    Path old2 = generated("sort-input-n4096-few-distinct-s-7.bin", ago(600));
    Path fresh = generated("ints-n1024-s42-1.bin", ago(5));
    Path held = generated("ints-n1024-s42-2.bin", ago(600));
    Path mine = file("in.bin", ago(600)); // a user's own input: not secmem's to remove
    Path elsewhere = Files.createDirectories(dir.resolve("other")).resolve("precious.bin");
    Files.write(elsewhere, new byte[8]);
    Path link = dir.resolve("ints-n1024-s42-3.bin");
    Files.createSymbolicLink(link, elsewhere);

    CliTest.Result without = CliTest.run("clean", dir.toString());
    assertEquals(0, without.code(), without.err());
    assertTrue(Files.exists(old1), "without --data generated inputs stay: " + without.out());

    CliTest.Result r;
    try (FileChannel open = FileChannel.open(held, StandardOpenOption.READ)) {
      r = CliTest.run("clean", "--data", dir.toString());
    }
    assertEquals(0, r.code(), r.err());
    assertFalse(Files.exists(old1), r.out());
    assertFalse(Files.exists(old2), r.out());
    assertTrue(r.out().contains("removed " + old1), r.out());
    assertTrue(r.out().contains("and 2 generated input(s)"), r.out());
    assertTrue(Files.exists(fresh), "written under a minute ago: may be in the making");
    assertTrue(r.out().contains("in use, kept " + fresh), r.out());
    if (OpenFiles.visible()) {
      assertTrue(Files.exists(held), "a process holds it open");
      assertTrue(r.out().contains("in use, kept " + held + ": a process has it open"), r.out());
    }
    assertTrue(Files.exists(mine));
    assertTrue(Files.isSymbolicLink(link), "a link is left alone: " + r.out());
    assertTrue(Files.exists(elsewhere), "never followed");
    assertTrue(r.out().contains("left alone " + link), r.out());
  }

  @Test
  void unmarkedOldFolder_isRemoved_freshAndLiveOnesKept() throws IOException {
    long me = ProcessHandle.current().pid();
    // Left by a removal cut short before the marker went: only its age tells it is abandoned.
    // (Named with a PID not this process's: clean never judges a folder named with its own.)
    Path unmarkedOld = folder(WorkDirectory.PREFIX + "71-0ld", null, ago(120));
    Path unmarkedFresh = folder(WorkDirectory.PREFIX + "71-f7e54", null, ago(2));
    Path live =
        folder(
            WorkDirectory.PREFIX + "71-1ive",
            me + "\n" + ProcessHandle.current().info().startInstant().map(s -> s + "\n").orElse(""),
            ago(3600));
    CliTest.Result r = CliTest.run("clean", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + unmarkedOld), r.out());
    assertTrue(
        r.out().contains("removed 1 stale work folder(s) and 0 unfinished file(s)"), r.out());
    assertFalse(Files.exists(unmarkedOld));
    assertTrue(Files.exists(unmarkedFresh), "a fresh folder may be a sort starting");
    assertTrue(Files.exists(live), "a running process's folder is kept");
  }

  @Test
  void folderWhosePidWasReused_isRemoved() throws IOException {
    ProcessHandle self = ProcessHandle.current();
    Optional<Instant> start = self.info().startInstant();
    assumeTrue(start.isPresent(), "this platform reports process start times");
    // Our PID, but a process started an hour before us: the owner is gone, the PID reused.
    Path reused =
        folder(
            WorkDirectory.PREFIX + "72-ab",
            self.pid() + "\n" + start.get().minus(Duration.ofHours(1)) + "\n",
            ago(5));
    CliTest.Result r = CliTest.run("clean", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + reused), r.out());
    assertFalse(Files.exists(reused));
  }

  @Test
  void unfinishedPartFiles_olderThanAMinute_areRemoved_freshOnesAndOthersKept() throws IOException {
    Path old = part("." + "in.bin." + UUID.randomUUID() + ".part", ago(300));
    Path fresh = part("." + "in.bin." + UUID.randomUUID() + ".part", ago(3));
    Path notOurs = file(".notes.part", ago(300));
    Path data = file("in.bin", ago(300));
    CliTest.Result r = CliTest.run("clean", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + old), r.out());
    assertTrue(
        r.out().contains("removed 0 stale work folder(s) and 1 unfinished file(s)"), r.out());
    assertFalse(Files.exists(old));
    assertTrue(Files.exists(fresh), "a live writer's file is kept");
    assertTrue(Files.exists(notOurs), "a name generate does not write is not touched");
    assertTrue(Files.exists(data));
  }

  @Test
  void nothingToClean_saysSo() {
    CliTest.Result r = CliTest.run("clean", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("nothing to clean in [" + dir + "]"), r.out());
  }

  private Path folder(String name, String marker, Instant modified) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p);
    if (marker != null) {
      Files.writeString(p.resolve(WorkDirectory.MARKER), marker);
    }
    for (int i = 0; i < 3; i++) {
      Files.write(p.resolve("pass1-run" + i + ".bin"), new byte[16]);
    }
    Files.setLastModifiedTime(p, FileTime.from(modified));
    return p;
  }

  private Path file(String name, Instant modified) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, new byte[64]);
    Files.setLastModifiedTime(p, FileTime.from(modified));
    return p;
  }

  /** An input as secmem generates it: 4N bytes, marked as an int file secmem wrote. */
  static Path generated(Path dir, String name, long bytes, Instant modified) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, new byte[(int) bytes]);
    Ownership.mark(p, Ownership.Made.INT_FILE);
    Files.setLastModifiedTime(p, FileTime.from(modified));
    return p;
  }

  private Path generated(String name, Instant modified) throws IOException {
    long n = Long.parseLong(name.replaceAll("^[a-z-]*-n(\\d+)-.*$", "$1"));
    return generated(dir, name, 4 * n, modified);
  }

  /** An unfinished file as secmem writes it: marked as a part. */
  private Path part(String name, Instant modified) throws IOException {
    Path p = file(name, modified);
    Ownership.mark(p, Ownership.Made.PART);
    Files.setLastModifiedTime(p, FileTime.from(modified));
    return p;
  }

  private static Instant ago(long seconds) {
    return Instant.now().minusSeconds(seconds);
  }
}
