package org.secmem.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.RootOnly;
import org.secmem.fs.Sweep;

/**
 * Making, limiting and removing a memory cgroup: the files it writes on a stand-in hierarchy of
 * both versions, and the real thing where this machine has a memory controller and the right to use
 * it (root here; skipped elsewhere).
 */
class MemoryCgroupTest {

  @TempDir Path dir;

  /** This test's own record of the cgroups it made, as a process's shutdown cleanup keeps one. */
  private final MadeCgroups made = new MadeCgroups();

  private static String read(Path p) throws IOException {
    return Files.readString(p, StandardCharsets.US_ASCII).trim();
  }

  /** Empties a stand-in cgroup folder (a real one has no files to remove) and closes it. */
  private static void closeStandIn(MemoryCgroup g) throws IOException {
    try (Stream<Path> files = Files.list(g.dir())) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    g.close();
    assertFalse(Files.exists(g.dir()));
  }

  @Test
  void v1_limitsMemoryAndSwapTogether() throws IOException {
    MemoryCgroup g =
        MemoryCgroup.create(new MemoryHierarchy(MemoryHierarchy.Version.V1, dir), 1L << 30, made);
    assertEquals(dir, g.dir().getParent());
    assertTrue(
        g.dir()
            .getFileName()
            .toString()
            .startsWith("secmem-" + ProcessHandle.current().pid() + "-"),
        "named after its maker: " + g.dir());
    assertEquals("1073741824", read(g.dir().resolve("memory.limit_in_bytes")));
    assertEquals(g.dir().resolve("cgroup.procs"), g.procs());
    closeStandIn(g);
  }

  /**
   * A process in the cgroup has glibc give freed buffers back: {@code MALLOC_MMAP_THRESHOLD_} is
   * set, unless the environment already chose one; and the PID written is the command's.
   */
  @Test
  void theProcessEntered_givesFreedBuffersBack_unlessItsEnvironmentSaysOtherwise()
      throws Exception {
    MemoryCgroup g =
        MemoryCgroup.create(new MemoryHierarchy(MemoryHierarchy.Version.V1, dir), 1L << 30, made);
    String[] script = {"/bin/sh", "-c", "echo \"$$ ${MALLOC_MMAP_THRESHOLD_:-unset}\""};
    ProcessBuilder plain = new ProcessBuilder(g.enter(java.util.List.of(script)));
    plain.environment().remove("MALLOC_MMAP_THRESHOLD_");
    Process p = plain.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    assertEquals(p.pid() + " " + MemoryCgroup.MALLOC_MMAP_THRESHOLD_BYTES, out);
    assertEquals(Long.toString(p.pid()), read(g.procs()), "the shell's PID, the process it became");
    ProcessBuilder own = new ProcessBuilder(g.enter(java.util.List.of(script)));
    own.environment().put("MALLOC_MMAP_THRESHOLD_", "65536");
    Process q = own.start();
    String kept = new String(q.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
    assertTrue(q.waitFor(10, TimeUnit.SECONDS));
    assertEquals(q.pid() + " 65536", kept, "a threshold the user set is kept");
    closeStandIn(g);
  }

  /**
   * Issue 45, item 10: under a cgroup that allows 260 MiB, a cgroup asked for 2 GiB holds its
   * processes to 260 MiB, and says so; one asked for less keeps its own.
   */
  @Test
  void aLimitAboveWhatItsParentAllows_isHeldToTheParents() throws IOException {
    Files.writeString(dir.resolve("memory.limit_in_bytes"), Long.toString(260L << 20));
    MemoryHierarchy h = new MemoryHierarchy(MemoryHierarchy.Version.V1, dir);
    MemoryCgroup above = MemoryCgroup.create(h, 2L << 30, made);
    assertEquals(2L << 30, above.limitBytes());
    assertEquals(260L << 20, above.effectiveLimitBytes());
    assertEquals(dir.resolve("memory.limit_in_bytes"), above.tighterCeiling().orElseThrow().file());
    closeStandIn(above);
    MemoryCgroup below = MemoryCgroup.create(h, 128L << 20, made);
    assertEquals(128L << 20, below.effectiveLimitBytes());
    assertEquals(Optional.empty(), below.tighterCeiling());
    closeStandIn(below);
  }

  @Test
  void v2_handsTheControllerDown_thenLimitsAndForbidsSwap() throws IOException {
    Files.writeString(dir.resolve("cgroup.subtree_control"), "cpu\n");
    MemoryCgroup g =
        MemoryCgroup.create(new MemoryHierarchy(MemoryHierarchy.Version.V2, dir), 512L << 20, made);
    assertEquals("+memory", read(dir.resolve("cgroup.subtree_control")));
    assertEquals("536870912", read(g.dir().resolve("memory.max")));
    closeStandIn(g);
  }

  @Test
  void aHierarchyThatCannotBeWritten_isRefusedWithWhatItNeeds_andLeavesNothing()
      throws IOException {
    Path missing = dir.resolve("no-such-cgroup");
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                MemoryCgroup.create(
                    new MemoryHierarchy(MemoryHierarchy.Version.V1, missing), 1L << 30, made));
    assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("needs root"), e.getMessage());
    assertFalse(Files.exists(missing));
  }

  /**
   * A cgroup file system mounted read-only (a container without cgroup write access) is said to be
   * read-only; root would not help, so the message does not ask for it. EROFS is what the JDK
   * reports as "Read-only file system"; root here writes through a chmod, so the error is made as
   * the JDK makes it.
   */
  @Test
  void aReadOnlyCgroupMount_isCalledReadOnly_notNeedsRoot() {
    Path parent = dir.resolve("memory");
    String m =
        MemoryCgroup.cannotMake(
            parent,
            new java.nio.file.FileSystemException(
                parent.resolve("secmem-1-0-0").toString(), null, "Read-only file system"));
    assertTrue(m.contains(parent.toString()), m);
    assertTrue(m.contains("mounted read-only"), m);
    assertFalse(m.contains("root"), m);

    String denied =
        MemoryCgroup.cannotMake(
            parent, new java.nio.file.AccessDeniedException(parent.resolve("x").toString()));
    assertTrue(denied.contains("needs root"), denied);
    assertFalse(denied.contains("read-only"), denied);
  }

  @Test
  void aHierarchyMountedReadOnly_isSaidToBe_notBlamedOnRoot() throws Exception {
    try (org.secmem.fs.RamFs ro = org.secmem.fs.RamFs.mount("tmpfs", "ro")) {
      IOException e =
          assertThrows(
              IOException.class,
              () ->
                  MemoryCgroup.create(
                      new MemoryHierarchy(MemoryHierarchy.Version.V1, ro.root()), 1L << 30, made));
      assertTrue(e.getMessage().contains("mounted read-only here"), e.getMessage());
      assertFalse(e.getMessage().contains("needs root"), e.getMessage());
    }
  }

  private static Optional<MemoryHierarchy> writableHierarchy() {
    Optional<MemoryHierarchy> h = MemoryHierarchy.locate();
    return h.filter(x -> Files.isWritable(x.self()));
  }

  @Test
  void real_aLimitedCgroup_takesAProcess_andIsRemovedWhenItEnds() throws Exception {
    Optional<MemoryHierarchy> h = writableHierarchy();
    assumeTrue(h.isPresent(), "no memory cgroup this process may make children in");
    Path madeDir;
    try (MemoryCgroup g = MemoryCgroup.create(h.get(), 256L << 20, made)) {
      madeDir = g.dir();
      String limitFile =
          h.get().version() == MemoryHierarchy.Version.V1 ? "memory.limit_in_bytes" : "memory.max";
      assertEquals("268435456", read(g.dir().resolve(limitFile)));
      Process p =
          new ProcessBuilder(g.enter(java.util.List.of("cat", g.procs().toString()))).start();
      String procs = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertTrue(p.waitFor(10, TimeUnit.SECONDS));
      assertEquals(Long.toString(p.pid()), procs.trim(), "the shell's PID, the process it became");
      assertEquals(0, g.oomKills().orElse(0));
    }
    assertFalse(Files.exists(madeDir), "removed once its process ended");
  }

  @Test
  void real_aProcessAboveTheLimit_isKilledAndCounted() throws Exception {
    Optional<MemoryHierarchy> h = writableHierarchy();
    assumeTrue(h.isPresent(), "no memory cgroup this process may make children in");
    try (MemoryCgroup g = MemoryCgroup.create(h.get(), 32L << 20, made)) {
      // tail -c keeps the last 256 MiB of its input in memory: eight times the limit.
      Process p =
          new ProcessBuilder(
                  "/bin/sh",
                  "-c",
                  "echo $$ > \"$0\" && exec sh -c 'head -c 268435456 /dev/zero | tail -c 268435456"
                      + " > /dev/null'",
                  g.procs().toString())
              .start();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      assertEquals(137, p.exitValue(), "killed by SIGKILL");
      assertTrue(g.oomKills().orElse(0) >= 1, "the cgroup counted the OOM kill");
    }
  }

  /**
   * Issue 45, item 5: a run in another PID namespace may have this process's PID (PID 1 in each
   * namespace), so a folder named with it is not this process's; shutdown removes exactly the
   * cgroups this process made, by name.
   */
  @Test
  void atShutdown_theCgroupsThisProcessMade_areRemoved_notOthersWithItsPid() throws IOException {
    MemoryHierarchy h = new MemoryHierarchy(MemoryHierarchy.Version.V1, dir);
    MemoryCgroup a = MemoryCgroup.create(h, 64L << 20, made);
    MemoryCgroup b = MemoryCgroup.create(h, 64L << 20, made);
    for (MemoryCgroup g : new MemoryCgroup[] {a, b}) {
      try (Stream<Path> files = Files.list(g.dir())) {
        for (Path f : files.toList()) {
          Files.delete(f); // a stand-in's limit files; a real cgroup's go with it
        }
      }
    }
    long pid = ProcessHandle.current().pid();
    // Another namespace's runs with the same PID: an older version's name, and this one's.
    Path oldName = Files.createDirectory(dir.resolve(MemoryCgroup.PREFIX + pid + "-feed"));
    Path newName =
        Files.createDirectory(dir.resolve(MemoryCgroup.name(pid, Instant.now(), 0xfeedL)));

    assertEquals(Set.of(a.dir(), b.dir()), Set.copyOf(made.removeAll()));

    assertFalse(Files.exists(a.dir()));
    assertFalse(Files.exists(b.dir()));
    assertTrue(Files.exists(oldName), "another namespace's run's");
    assertTrue(Files.exists(newName), "another namespace's run's");
    assertEquals(List.of(), made.removeAll(), "each is removed once");
  }

  /**
   * {@code secmem clean} run in the process that made a cgroup (the menu) leaves it alone however
   * old it looks: the process's record says it is its own, not a name or an age. Another record (a
   * process of its own) sees the same empty folder as abandoned.
   */
  @Test
  void clean_neverRemovesACgroupThisProcessMade_howeverOldItLooks() throws IOException {
    MemoryHierarchy h = new MemoryHierarchy(MemoryHierarchy.Version.V1, dir);
    MemoryCgroup g = MemoryCgroup.create(h, 64L << 20, made);
    Files.writeString(g.dir().resolve("cgroup.procs"), ""); // no process in it
    Instant later = Instant.now().plus(Duration.ofHours(1));

    Sweep own = MemoryCgroup.removeAbandoned(h, later, made);
    assertEquals(List.of(), own.removed(), own.toString());
    assertEquals(List.of(), own.leftAlone(), "not even looked at: " + own);
    assertEquals(List.of(), own.inUse(), own.toString());
    assertTrue(Files.exists(g.dir().resolve("memory.limit_in_bytes")), "this process's own");

    // Another process's record: the same folder is an abandoned one (a stand-in holds files, so
    // the sweep cannot remove it, and says so; a real cgroup's files go with it).
    Sweep other = MemoryCgroup.removeAbandoned(h, later, new MadeCgroups());
    assertEquals(
        List.of(g.dir()),
        other.leftAlone().stream().map(Sweep.LeftAlone::path).toList(),
        "" + other);
    closeStandIn(g);
    assertTrue(made.isEmpty(), "closing takes it off the record");
  }

  @Test
  void names_areUniqueAcrossPidNamespaces_andSayWhenTheyWereMade() throws IOException {
    MemoryCgroup a =
        MemoryCgroup.create(new MemoryHierarchy(MemoryHierarchy.Version.V1, dir), 1L << 30, made);
    MemoryCgroup b =
        MemoryCgroup.create(new MemoryHierarchy(MemoryHierarchy.Version.V1, dir), 1L << 30, made);
    String pid = Long.toString(ProcessHandle.current().pid());
    for (MemoryCgroup g : new MemoryCgroup[] {a, b}) {
      String[] f = g.dir().getFileName().toString().split("-");
      assertEquals(4, f.length, g.dir().toString());
      assertEquals(pid, f[1]);
      assertTrue(f[2].matches("[0-9a-f]+"), f[2]);
      assertTrue(f[3].matches("[0-9a-f]{16}"), "64 random bits: " + f[3]);
      closeStandIn(g);
    }
    assertFalse(a.dir().equals(b.dir()));
    assertEquals(
        "secmem-1-5f5e100-000000000000feed",
        MemoryCgroup.name(1, Instant.ofEpochSecond(100_000_000), 0xfeedL));
  }

  @Test
  void real_atShutdown_everyCgroupOfThisProcess_isRemoved_andNoOtherOne() throws Exception {
    Optional<MemoryHierarchy> h = writableHierarchy();
    RootOnly.require(h.isPresent(), "a memory cgroup this process may make children in");
    MemoryCgroup a = MemoryCgroup.create(h.get(), 64L << 20, made);
    MemoryCgroup b = MemoryCgroup.create(h.get(), 64L << 20, made);
    // Another PID namespace's secmem with this process's PID: not this process's to remove.
    Path other =
        h.get().self().resolve(MemoryCgroup.PREFIX + ProcessHandle.current().pid() + "-feed");
    Files.createDirectory(other);
    try {
      List<Path> removed = made.removeAll();
      assertEquals(Set.of(a.dir(), b.dir()), Set.copyOf(removed));
      assertFalse(Files.exists(a.dir()));
      assertFalse(Files.exists(b.dir()));
      assertTrue(Files.exists(other));
    } finally {
      Files.delete(other);
    }
  }

  /** A cgroup folder named as secmem names them, made {@code ago} before {@code now}. */
  private static Path leftBy(Path parent, long pid, Instant now, Duration ago) throws IOException {
    return Files.createDirectory(
        parent.resolve(
            MemoryCgroup.name(
                pid, now.minus(ago), java.util.concurrent.ThreadLocalRandom.current().nextLong())));
  }

  /**
   * Issue 45, item 13: the kernel sets a cgroup folder's modification time again (after a cold
   * cache run); the age is the one in its name, so a cgroup made a moment ago stays however old its
   * folder looks, and an old one does not look new.
   */
  @Test
  void anEmptyCgroupsAge_isTheOneInItsName_notItsFoldersTime() throws IOException {
    Instant now = Instant.now();
    Path young = leftBy(dir, 1, now, Duration.ofSeconds(5));
    Files.writeString(young.resolve("cgroup.procs"), "");
    Files.setLastModifiedTime(young, FileTime.from(now.minus(Duration.ofHours(2))));
    Path old = leftBy(dir, 1, now, Duration.ofMinutes(2));
    Files.writeString(old.resolve("cgroup.procs"), "");

    Sweep s =
        MemoryCgroup.removeAbandoned(
            new MemoryHierarchy(MemoryHierarchy.Version.V1, dir), now, made);

    assertEquals(
        now.minus(Duration.ofMinutes(2)).getEpochSecond(),
        MemoryCgroup.madeAt(old).getEpochSecond());
    assertEquals(List.of(young), s.inUse().stream().map(Sweep.LeftAlone::path).toList());
    assertTrue(s.inUse().get(0).reason().contains("made 5 s ago"), s.inUse().toString());
    // A stand-in folder holds a file, so it cannot go; a real cgroup's files go with it.
    assertEquals(List.of(old), s.leftAlone().stream().map(Sweep.LeftAlone::path).toList());
  }

  /** An older version's name has no time in it: its folder's modification time stands in. */
  @Test
  void anOlderVersionsName_isAgedByItsFoldersTime() throws IOException {
    Path old = Files.createDirectory(dir.resolve(MemoryCgroup.PREFIX + "12-cafe"));
    Instant then = Instant.parse("2026-01-02T03:04:05Z");
    Files.setLastModifiedTime(old, FileTime.from(then));
    assertEquals(then, MemoryCgroup.madeAt(old));
  }

  /**
   * A secmem killed with kill -9 leaves its cgroup: {@code secmem clean} removes an empty one made
   * over a minute ago by the time in its name (its folder was made just now), whatever process runs
   * here under the PID in its name (issue 45, item 6: PID 1 always runs, and a PID of this process
   * may be another namespace's run's); it keeps one with a process in it, one made a moment ago,
   * and this process's own.
   */
  @Test
  void real_abandonedCgroups_areRemoved_butNotOnesInUse_newOnes_orThisProcesss() throws Exception {
    Optional<MemoryHierarchy> h = writableHierarchy();
    RootOnly.require(h.isPresent(), "a memory cgroup this process may make children in");
    Path self = h.get().self();
    Instant now = Instant.now();
    Duration old = Duration.ofMinutes(2);
    // Made two minutes ago by PID 1 (always running), by this test JVM's parent, by a process with
    // this PID in another namespace, and by a process that has ended.
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    long pid = ProcessHandle.current().pid();
    long parent = ProcessHandle.current().parent().orElseThrow().pid();
    List<Path> abandoned = new java.util.ArrayList<>();
    for (long maker : new long[] {1, parent, pid, ended.pid()}) {
      abandoned.add(leftBy(self, maker, now, old));
    }
    Path young = leftBy(self, ended.pid(), now, Duration.ofSeconds(5));
    Path busy = leftBy(self, 2, now, old);
    Path notOurs = self.resolve("secmem-not-a-cgroup-of-secmem");
    Files.createDirectory(notOurs);
    Process sleeper = null;
    try (MemoryCgroup own = MemoryCgroup.create(h.get(), 64L << 20, made)) {
      sleeper =
          new ProcessBuilder(
                  "/bin/sh",
                  "-c",
                  "echo $$ > \"$0\" && exec sleep 60",
                  busy.resolve("cgroup.procs").toString())
              .start();
      long until = System.nanoTime() + 5_000_000_000L;
      while (Files.readString(busy.resolve("cgroup.procs")).isBlank()
          && System.nanoTime() < until) {
        Thread.sleep(20);
      }
      Sweep s = MemoryCgroup.removeAbandoned(h.get(), now, made);
      assertEquals(Set.copyOf(abandoned), Set.copyOf(s.removed()), s.toString());
      for (Path p : abandoned) {
        assertFalse(Files.exists(p), p.toString());
      }
      assertEquals(
          Set.of(busy, young), Set.copyOf(s.inUse().stream().map(Sweep.LeftAlone::path).toList()));
      assertEquals(List.of(), s.leftAlone());
      assertTrue(Files.exists(young), "made 5 s ago: its maker may be about to use it");
      assertTrue(Files.exists(busy));
      assertTrue(Files.exists(own.dir()), "this process's own cgroup stays");
      assertTrue(Files.exists(notOurs), "not a name secmem gives");
    } finally {
      if (sleeper != null) {
        sleeper.destroyForcibly().waitFor();
      }
      List<Path> planted = new java.util.ArrayList<>(abandoned);
      planted.addAll(List.of(young, busy, notOurs));
      for (Path p : planted) {
        for (int i = 0; i < 100 && Files.exists(p); i++) {
          try {
            Files.delete(p);
          } catch (java.nio.file.FileSystemException e) {
            Thread.sleep(20); // the sleeper's exit is still being accounted
          }
        }
      }
    }
  }
}
