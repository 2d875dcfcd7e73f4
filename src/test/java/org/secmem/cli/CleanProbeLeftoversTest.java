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
    // A marker whose writer is gone: nobody holds its lock.
    Path marker = dir.resolve(stem + ".4194301.owner");
    Files.writeString(
        marker,
        OwnerMarker.text(4194301, Optional.empty(), ThisMachine.current()),
        StandardCharsets.US_ASCII);

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
      // Untouched for long: a live probe reading with O_DIRECT leaves the time as it was.
      Files.setLastModifiedTime(device, FileTime.from(Instant.now().minusSeconds(600)));

      CliTest.Result r = CliTest.run("clean", dir.toString());

      assertEquals(0, r.code(), r.err());
      assertTrue(Files.exists(device), "a live probe's file is kept: " + r.out());
      assertTrue(r.out().contains("in use, kept " + device), r.out());
      probe.kill(); // kill -9: the file is left behind, the lock released by the kernel
    }
    assertTrue(Files.exists(device), "kill -9 leaves the file");

    CliTest.Result r = CliTest.run("clean", dir.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + device), r.out());
    assertEquals(0, count(dir), "nothing of the probe's is left: " + r.out());
  }

  @Test
  void anOlderProbesFileWithoutMarker_isRemovedOnlyOnceUntouchedForAMinute() throws Exception {
    Path fresh = dir.resolve(".secmem-probe-" + UUID.randomUUID() + ".cache");
    Path old = dir.resolve(".secmem-probe-" + UUID.randomUUID() + ".device");
    Files.write(fresh, new byte[16]);
    Files.write(old, new byte[16]);
    Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(600)));

    CliTest.Result r = CliTest.run("clean", dir.toString());

    assertEquals(0, r.code(), r.err());
    assertFalse(Files.exists(old), r.out());
    assertTrue(Files.exists(fresh), "written a moment ago: perhaps a probe at work: " + r.out());
  }

  private static long count(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.count();
    }
  }
}
