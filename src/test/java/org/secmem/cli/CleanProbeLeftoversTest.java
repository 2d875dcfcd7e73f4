package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.ThisMachine;

/**
 * The scratch file of a {@code secmem probe} killed with kill -9 ({@code
 * .secmem-probe-<uuid>.device}, up to the probe's --size): {@code secmem clean} removes it once the
 * lock on its owner marker is free, and keeps it while the probe that made it still runs.
 */
class CleanProbeLeftoversTest {

  @TempDir Path dir;

  @Test
  void deviceFileOfAProbeThatIsGone_isRemovedWithItsMarker() throws Exception {
    String stem = ".secmem-probe-" + UUID.randomUUID();
    Path device = dir.resolve(stem + ".device");
    Files.write(device, new byte[4096]);
    Ownership.mark(device, Ownership.Made.PART);
    // A marker whose writer is gone: nobody holds its lock.
    Path marker = dir.resolve(stem + ".4194301.owner");
    Files.writeString(
        marker,
        OwnerMarker.text(4194301, Optional.empty(), ThisMachine.current()),
        StandardCharsets.US_ASCII);
    Ownership.mark(marker, Ownership.Made.PART);

    CliTest.Result r = CliTest.run("clean", dir.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + device), r.out());
    assertFalse(Files.exists(device));
    assertFalse(Files.exists(marker), "its marker goes with it");
  }

  @Test
  void deviceFileOfALiveProbe_isKept_andRemovedOnceItsOwnerIsKilled() throws Exception {
    String stem = ".secmem-probe-" + UUID.randomUUID();
    Path device = dir.resolve(stem + ".device");
    try (MarkerHolder probe = MarkerHolder.start(dir, stem + ".4194301.owner")) {
      Files.write(device, new byte[4096]);
      Ownership.mark(device, Ownership.Made.PART);
      // Untouched for long: a live probe reading with O_DIRECT leaves the time as it was.
      Files.setLastModifiedTime(device, FileTime.from(Instant.now().minusSeconds(600)));

      CliTest.Result r = CliTest.run("clean", dir.toString());

      assertEquals(0, r.code(), r.err());
      assertTrue(Files.exists(device), "a live probe's file is kept: " + r.out());
      assertTrue(r.out().contains("in use, kept " + device), r.out());
      probe.kill(); // kill -9: the file is left behind, the lock released by the kernel
    }
    // As a probe marks its marker (OwnerMarker.create does, before it locks it).
    Ownership.mark(dir.resolve(stem + ".4194301.owner"), Ownership.Made.PART);
    assertTrue(Files.exists(device), "kill -9 leaves the file");

    CliTest.Result r = CliTest.run("clean", dir.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + device), r.out());
    assertEquals(0, count(dir), "nothing of the probe's is left: " + r.out());
  }

  @Test
  void aMarkedProbeFileWithoutOwnerMarker_isRemovedOnceUntouchedForAMinute_anUnmarkedOneStays()
      throws Exception {
    Path fresh = dir.resolve(".secmem-probe-" + UUID.randomUUID() + ".cache");
    Path old = dir.resolve(".secmem-probe-" + UUID.randomUUID() + ".device");
    Path notOurs = dir.resolve(".secmem-probe-" + UUID.randomUUID() + ".device");
    for (Path p : new Path[] {fresh, old, notOurs}) {
      Files.write(p, new byte[16]);
    }
    Ownership.mark(fresh, Ownership.Made.PART);
    Ownership.mark(old, Ownership.Made.PART);
    for (Path p : new Path[] {old, notOurs}) {
      Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(600)));
    }

    CliTest.Result r = CliTest.run("clean", dir.toString());

    assertEquals(0, r.code(), r.err());
    assertFalse(Files.exists(old), r.out());
    assertTrue(Files.exists(fresh), "written a moment ago: perhaps a probe at work: " + r.out());
    assertTrue(Files.exists(notOurs), "named like a probe's, but secmem did not make it");
  }

  private static long count(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.count();
    }
  }
}
