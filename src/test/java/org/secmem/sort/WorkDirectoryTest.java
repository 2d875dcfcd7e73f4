package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A work folder's marker outlives everything else in it, so a removal cut short still says whose
 * the folder is; and {@link WorkDirectory#removeStale} recognises abandoned folders with and
 * without a marker, and folders whose PID now belongs to another process.
 */
class WorkDirectoryTest {

  /** A PID no process has (above Linux's pid_max). */
  private static final long DEAD_PID = 2147483646L;

  @TempDir Path dir;

  private final List<Path> immutable = new ArrayList<>();

  @AfterEach
  void releaseImmutable() throws Exception {
    for (Path p : immutable) {
      chattr("-i", p);
    }
  }

  @Test
  void deleteTree_removesTheMarkerLast_afterEveryRun() throws IOException {
    Path work = folderWithRuns(DEAD_PID + "\n", 1000);
    List<Path> order = new ArrayList<>();
    WorkDirectory.deleteTree(work, p -> {
      order.add(p);
      Files.deleteIfExists(p);
    });
    assertFalse(Files.exists(work));
    assertEquals(1000 + 2, order.size(), "every run, the marker, the folder");
    assertEquals(work.resolve(WorkDirectory.MARKER), order.get(order.size() - 2));
    assertEquals(work, order.get(order.size() - 1));
  }

  @Test
  void deleteTree_cutShortMidway_keepsTheMarker_andRemoveStaleFinishesTheJob() throws IOException {
    Path work = folderWithRuns(DEAD_PID + "\n", 1000);
    long[] deleted = {0};
    IOException e = assertThrows(IOException.class, () -> WorkDirectory.deleteTree(work, p -> {
      if (++deleted[0] == 500) {
        throw new IOException("cut short");
      }
      Files.deleteIfExists(p);
    }));
    assertEquals("cut short", e.getMessage());
    assertTrue(Files.exists(work.resolve(WorkDirectory.MARKER)), "the marker is still there");
    assertEquals(1000 - 499 + 1, count(work), "half the runs and the marker are left");
    assertEquals(List.of(work), WorkDirectory.removeStale(dir));
    assertFalse(Files.exists(work));
  }

  /** A real failure (an immutable run, where chattr works): the folder keeps its marker. */
  @Test
  void deleteTree_failingOnARealFile_keepsTheMarker() throws Exception {
    Path work = folderWithRuns(DEAD_PID + "\n", 200);
    // Make the entry listed right after the marker undeletable: deleting in listing order would
    // remove the marker first and then fail, leaving a folder nobody recognises.
    List<Path> listed = list(work);
    while (listed.get(listed.size() - 1).endsWith(WorkDirectory.MARKER)) {
      Files.write(work.resolve("pass1-run" + listed.size() + ".bin"), new byte[16]);
      listed = list(work);
    }
    Path stuck = listed.get(listed.indexOf(work.resolve(WorkDirectory.MARKER)) + 1);
    assumeTrue(chattr("+i", stuck) == 0, "chattr +i works here (root on ext4)");
    immutable.add(stuck);
    assertThrows(IOException.class, () -> WorkDirectory.deleteTree(work));
    assertTrue(Files.exists(work.resolve(WorkDirectory.MARKER)),
        "the marker is kept while anything else is left");
  }

  @Test
  void create_writesPidAndStartTime_andOldPidOnlyMarkersAreStillRead() throws IOException {
    ProcessHandle self = ProcessHandle.current();
    try (WorkDirectory w = WorkDirectory.create(dir)) {
      List<String> lines = Files.readAllLines(w.path().resolve(WorkDirectory.MARKER));
      assertEquals(Long.toString(self.pid()), lines.get(0));
      self.info().startInstant().ifPresent(s -> assertEquals(s.toString(), lines.get(1)));
      WorkDirectory.Owner o = WorkDirectory.Owner.read(w.path().resolve(WorkDirectory.MARKER))
          .orElseThrow();
      assertEquals(self.pid(), o.pid);
      assertTrue(o.alive());
    }
    Path old = dir.resolve("old.pid");
    Files.writeString(old, self.pid() + "\n");
    WorkDirectory.Owner o = WorkDirectory.Owner.read(old).orElseThrow();
    assertEquals(Optional.empty(), o.start);
    assertTrue(o.alive(), "a PID-only marker of a live process");
  }

  @Test
  void removeStale_judgesEveryKindOfFolder() throws IOException {
    ProcessHandle self = ProcessHandle.current();
    Optional<Instant> start = self.info().startInstant();
    assumeTrue(start.isPresent(), "this platform reports process start times");
    long me = self.pid();
    Instant now = Instant.now();
    Path dead = marked("dead", DEAD_PID + "\n" + Instant.now() + "\n");
    Path live = marked("live", WorkDirectory.markerText(me, start));
    Path legacyLive = marked("legacy", me + "\n");
    Path reused = marked("reused", WorkDirectory.markerText(me,
        Optional.of(start.get().minus(Duration.ofHours(1)))));
    Path unmarkedOld = unmarked(WorkDirectory.PREFIX + me + "-old", now.minusSeconds(120));
    Path unmarkedFresh = unmarked(WorkDirectory.PREFIX + me + "-fresh", now.minusSeconds(5));
    Path unmarkedDead = unmarked(WorkDirectory.PREFIX + DEAD_PID + "-x", now.minusSeconds(5));
    Path foreignFresh = unmarked(WorkDirectory.PREFIX + "notours", now.minusSeconds(5));
    List<Path> removed = WorkDirectory.removeStale(dir, now);
    assertEquals(sorted(List.of(dead, reused, unmarkedOld, unmarkedDead)), sorted(removed));
    for (Path kept : List.of(live, legacyLive, unmarkedFresh, foreignFresh)) {
      assertTrue(Files.isDirectory(kept), "kept: " + kept);
    }
    for (Path gone : removed) {
      assertFalse(Files.exists(gone), "removed: " + gone);
    }
  }

  private Path folderWithRuns(String marker, int runs) throws IOException {
    Path work = dir.resolve(WorkDirectory.PREFIX + DEAD_PID + "-cut");
    Files.createDirectories(work);
    Files.writeString(work.resolve(WorkDirectory.MARKER), marker);
    for (int i = 0; i < runs; i++) {
      Files.write(work.resolve("pass1-run" + i + ".bin"), new byte[16]);
    }
    return work;
  }

  private Path marked(String name, String marker) throws IOException {
    Path p = dir.resolve(WorkDirectory.PREFIX + name);
    Files.createDirectories(p);
    Files.writeString(p.resolve(WorkDirectory.MARKER), marker);
    Files.write(p.resolve("pass1-run0.bin"), new byte[16]);
    // Old, so that only the marker can keep it.
    Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(3600)));
    return p;
  }

  private Path unmarked(String name, Instant modified) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p);
    Files.write(p.resolve("pass2-run7.bin"), new byte[16]);
    Files.setLastModifiedTime(p, FileTime.from(modified));
    return p;
  }

  private static List<Path> list(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.collect(Collectors.toList());
    }
  }

  private static long count(Path d) throws IOException {
    return list(d).size();
  }

  private static List<Path> sorted(List<Path> l) {
    return l.stream().sorted().collect(Collectors.toList());
  }

  private static int chattr(String flag, Path p) throws Exception {
    try {
      Process c = new ProcessBuilder("chattr", flag, p.toString()).redirectErrorStream(true)
          .start();
      c.getInputStream().readAllBytes();
      return c.waitFor(10, TimeUnit.SECONDS) ? c.exitValue() : -1;
    } catch (IOException e) {
      return -1; // no chattr
    }
  }
}
