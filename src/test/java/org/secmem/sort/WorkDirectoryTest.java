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
import org.secmem.fs.MarkerHolder;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.ThisMachine;

/**
 * A work folder's marker outlives everything else in it, so a removal cut short still says whose
 * the folder is; and {@link WorkDirectory#removeStale} recognises abandoned folders with and
 * without a marker, by the marker's lock, and for older markers folders whose PID now belongs to
 * another process; it leaves alone what secmem never makes.
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
    WorkDirectory.deleteTree(
        work,
        (f, name) -> {
          order.add(f.path().resolve(name));
          delete(f, name);
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
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                WorkDirectory.deleteTree(
                    work,
                    (f, name) -> {
                      if (++deleted[0] == 500) {
                        throw new IOException("cut short");
                      }
                      delete(f, name);
                    }));
    assertEquals("cut short", e.getMessage());
    assertTrue(Files.exists(work.resolve(WorkDirectory.MARKER)), "the marker is still there");
    assertEquals(1000 - 499 + 1, count(work), "half the runs and the marker are left");
    assertEquals(List.of(work), WorkDirectory.removeStale(dir).removed());
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
    assertTrue(
        Files.exists(work.resolve(WorkDirectory.MARKER)),
        "the marker is kept while anything else is left");
  }

  @Test
  void create_writesWhoOwnsIt_andLocksTheMarkerUntilClosed() throws Exception {
    ProcessHandle self = ProcessHandle.current();
    Path marker;
    try (WorkDirectory w = WorkDirectory.create(dir)) {
      marker = w.path().resolve(WorkDirectory.MARKER);
      // The lock is this process's: another one cannot take it. (Asked first: reading the
      // marker here opens and closes it, which drops this process's lock, as POSIX has it.)
      assertEquals("held", MarkerHolder.tryLockFromAnotherProcess(marker));
      List<String> lines = Files.readAllLines(marker);
      assertEquals(Long.toString(self.pid()), lines.get(0));
      self.info().startInstant().ifPresent(s -> assertEquals(s.toString(), lines.get(1)));
      ThisMachine here = ThisMachine.current();
      assertEquals(
          List.of("host=" + here.host(), "boot=" + here.bootId(), "pidns=" + here.pidNamespace()),
          lines.subList(2, 5));
    }
    assertFalse(Files.exists(marker.getParent()), "closed: the folder is gone");
  }

  @Test
  void removeStale_judgesEveryKindOfFolder() throws Exception {
    ProcessHandle self = ProcessHandle.current();
    Optional<Instant> start = self.info().startInstant();
    assumeTrue(start.isPresent(), "this platform reports process start times");
    long me = self.pid();
    Instant now = Instant.now();
    Path dead = marked("dead", DEAD_PID + "\n" + Instant.now() + "\n");
    Path live = marked("live", OwnerMarker.olderText(me, start));
    Path legacyLive = marked("legacy", me + "\n");
    Path reused =
        marked(
            "reused",
            OwnerMarker.olderText(me, Optional.of(start.get().minus(Duration.ofHours(1)))));
    // A marker of this version whose lock nobody holds: the owner is gone, whatever its PID says
    // (it may be a live process's of another PID namespace, or a PID reused here).
    Path unlocked = marked("unlocked", OwnerMarker.text(me, start, ThisMachine.current()));
    ThisMachine elsewhere = new ThisMachine("elsewhere", "0000-other-boot", "pid:[1]");
    Path otherHost = marked("otherhost", OwnerMarker.text(me, start, elsewhere));
    Path unmarkedOld = unmarked(WorkDirectory.PREFIX + "77-old", now.minusSeconds(120));
    Path unmarkedFresh = unmarked(WorkDirectory.PREFIX + "77-fresh", now.minusSeconds(5));
    // The PID in the name is no evidence (it may be another namespace's): only age.
    Path unmarkedDead = unmarked(WorkDirectory.PREFIX + DEAD_PID + "-x", now.minusSeconds(5));
    Path foreignFresh = unmarked(WorkDirectory.PREFIX + "notours", now.minusSeconds(5));
    // Named with this process's PID: never judged (judging would open, then close, the marker
    // and so drop this process's own lock on it).
    Path mine = unmarked(WorkDirectory.PREFIX + me + "-old", now.minusSeconds(120));
    Sweep sweep = WorkDirectory.removeStale(dir, now, WorkDirectoryTest::delete);
    assertEquals(sorted(List.of(dead, reused, unlocked, unmarkedOld)), sorted(sweep.removed()));
    assertEquals(
        List.of(otherHost),
        sweep.leftAlone().stream().map(Sweep.LeftAlone::path).toList(),
        "another machine's folder is reported, not removed");
    assertTrue(
        sweep.leftAlone().get(0).reason().contains("another machine"),
        sweep.leftAlone().toString());
    for (Path kept :
        List.of(live, legacyLive, unmarkedFresh, unmarkedDead, foreignFresh, mine, otherHost)) {
      assertTrue(Files.isDirectory(kept), "kept: " + kept);
    }
    for (Path gone : sweep.removed()) {
      assertFalse(Files.exists(gone), "removed: " + gone);
    }
  }

  /** A folder whose marker another live process holds locked is kept; once it ends, removed. */
  @Test
  void removeStale_keepsAFolderWhoseMarkerIsLocked_andRemovesItOnceTheOwnerIsGone()
      throws Exception {
    Path work = dir.resolve(WorkDirectory.PREFIX + "424242-held");
    Files.createDirectories(work);
    Files.write(work.resolve("pass1-run0.bin"), new byte[16]);
    try (MarkerHolder holder = MarkerHolder.start(work, WorkDirectory.MARKER)) {
      Sweep s = WorkDirectory.removeStale(dir);
      assertEquals(List.of(), s.removed(), "its owner holds the lock");
      assertEquals(List.of(work), s.inUse().stream().map(Sweep.LeftAlone::path).toList());
      assertTrue(s.inUse().get(0).reason().contains("holds its lock"), s.inUse().toString());
      assertTrue(Files.exists(work.resolve("pass1-run0.bin")));
    }
    assertEquals(List.of(work), WorkDirectory.removeStale(dir).removed(), "its owner is gone");
  }

  /**
   * A fork killed between making its folder and its marker: a fresh folder without a marker is kept
   * as possibly a sort just starting, unless the caller saw that process end.
   */
  @Test
  void removeLeftoversOf_aDeadChild_takesItsFreshFolderWithoutAMarker() throws IOException {
    Path fresh = unmarked(WorkDirectory.PREFIX + "4242-fresh", Instant.now());
    Path other = unmarked(WorkDirectory.PREFIX + "4343-fresh", Instant.now());
    assertEquals(List.of(), WorkDirectory.removeStale(dir).removed());
    assertEquals(List.of(fresh), WorkDirectory.removeLeftoversOf(dir, 4242).removed());
    assertTrue(Files.isDirectory(other), "another process's fresh folder is kept");
  }

  /** What secmem never makes in a work folder makes it leave the folder alone. */
  @Test
  void removeStale_leavesAloneAFolderHoldingASubfolderOrALink() throws IOException {
    Path outside = Files.createDirectories(dir.resolve("outside"));
    Files.write(outside.resolve("precious"), new byte[4]);
    Path withSub = unmarked(WorkDirectory.PREFIX + "31-sub", Instant.now().minusSeconds(600));
    Files.createDirectories(withSub.resolve("s"));
    Files.setLastModifiedTime(withSub, FileTime.from(Instant.now().minusSeconds(600)));
    Path withLink = unmarked(WorkDirectory.PREFIX + "32-link", Instant.now().minusSeconds(600));
    Files.createSymbolicLink(withLink.resolve("l"), outside);
    Files.setLastModifiedTime(withLink, FileTime.from(Instant.now().minusSeconds(600)));
    Path link = dir.resolve(WorkDirectory.PREFIX + "33-islink");
    Files.createSymbolicLink(link, outside);
    Sweep s = WorkDirectory.removeStale(dir);
    assertEquals(List.of(), s.removed());
    assertEquals(
        sorted(List.of(withSub, withLink)),
        sorted(s.leftAlone().stream().map(Sweep.LeftAlone::path).toList()));
    assertTrue(
        s.leftAlone().stream().allMatch(l -> l.reason().contains("secmem never makes")),
        s.leftAlone().toString());
    assertTrue(Files.exists(withSub.resolve("pass2-run7.bin")));
    assertTrue(Files.exists(outside.resolve("precious")));
    assertTrue(Files.isSymbolicLink(link), "a link named like a work folder is not touched");
  }

  private static void delete(SecureFolder f, String name) throws IOException {
    if (f.kindOf(name).filter(k -> k == SecureFolder.Kind.FOLDER).isPresent()) {
      f.deleteEmptyFolder(name);
    } else {
      f.deleteFile(name);
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
      Process c =
          new ProcessBuilder("chattr", flag, p.toString()).redirectErrorStream(true).start();
      c.getInputStream().readAllBytes();
      return c.waitFor(10, TimeUnit.SECONDS) ? c.exitValue() : -1;
    } catch (IOException e) {
      return -1; // no chattr
    }
  }
}
