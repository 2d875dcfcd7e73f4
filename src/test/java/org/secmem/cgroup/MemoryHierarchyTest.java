package org.secmem.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding this process's memory cgroup from /proc/self/cgroup and mountinfo lines. */
class MemoryHierarchyTest {

  @TempDir Path dir;

  private static final String V1_MEMORY_MOUNT =
      "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory";

  @Test
  void v1_theMemoryLinesPath_underTheMemoryMount() {
    Optional<MemoryHierarchy> h =
        MemoryHierarchy.of(
            List.of("5:devices:/", "4:memory:/process_api/f9c6", "3:cpuset:/", "0::/"),
            List.of(
                "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
                "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu",
                V1_MEMORY_MOUNT));
    assertEquals(
        Optional.of(
            new MemoryHierarchy(
                MemoryHierarchy.Version.V1, Path.of("/sys/fs/cgroup/memory/process_api/f9c6"))),
        h);
  }

  @Test
  void v1_controllersSharingAHierarchy_andAMountOfAPartOfIt() {
    // memory co-mounted with another controller; the mount shows /a of the hierarchy only.
    Optional<MemoryHierarchy> h =
        MemoryHierarchy.of(
            List.of("7:cpu,memory:/a/b/c"),
            List.of("40 31 0:40 /a /mnt/cg rw - cgroup cgroup rw,cpu,memory"));
    assertEquals(Path.of("/mnt/cg/b/c"), h.orElseThrow().self());
  }

  @Test
  void aCgroupOutsideTheMountedPart_isNotFound() {
    // Another cgroup namespace's path: the mount does not show it.
    assertEquals(
        Optional.empty(),
        MemoryHierarchy.of(
            List.of("4:memory:/other/x"),
            List.of("40 31 0:40 /mine /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory")));
    assertEquals(
        Optional.empty(), MemoryHierarchy.of(List.of("4:memory:/../x"), List.of(V1_MEMORY_MOUNT)));
  }

  @Test
  void noMemoryController_isNotFound() {
    assertEquals(
        Optional.empty(),
        MemoryHierarchy.of(
            List.of("3:cpu:/", "0::/"),
            List.of("32 31 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu")));
  }

  @Test
  void v2_whereTheUnifiedHierarchyOffersMemory_andAMountPointWithASpace() throws IOException {
    Path root = Files.createDirectories(dir.resolve("cg root"));
    Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
    String mount = root.toString().replace(" ", "\\040");
    Optional<MemoryHierarchy> h =
        MemoryHierarchy.of(
            List.of("0::/user.slice/app.scope"),
            List.of("30 23 0:26 / " + mount + " rw - cgroup2 cgroup2 rw,nsdelegate"));
    assertEquals(
        new MemoryHierarchy(MemoryHierarchy.Version.V2, root.resolve("user.slice/app.scope")),
        h.orElseThrow());
    Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io pids\n");
    assertTrue(
        MemoryHierarchy.of(
                List.of("0::/user.slice/app.scope"),
                List.of("30 23 0:26 / " + mount + " rw - cgroup2 cgroup2 rw"))
            .isEmpty(),
        "a unified hierarchy without the memory controller");
  }

  @Test
  void hybrid_takesTheV1MemoryHierarchy() throws IOException {
    Path unified = Files.createDirectories(dir.resolve("unified"));
    Files.writeString(unified.resolve("cgroup.controllers"), "memory\n");
    Optional<MemoryHierarchy> h =
        MemoryHierarchy.of(
            List.of("4:memory:/m", "0::/u"),
            List.of("30 23 0:26 / " + unified + " rw - cgroup2 cgroup2 rw", V1_MEMORY_MOUNT));
    assertEquals(MemoryHierarchy.Version.V1, h.orElseThrow().version());
    assertEquals(Path.of("/sys/fs/cgroup/memory/m"), h.orElseThrow().self());
  }

  private static Path cgroup(Path dir, String file, String limit) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(file), limit + "\n");
    return dir;
  }

  /**
   * Issue 45, item 10: secmem's own cgroup or an ancestor may allow less than a limit asked for;
   * the least limit from its own cgroup up to the hierarchy's root is the one a fork is held to.
   */
  @Test
  void v1_theCeiling_isTheLeastLimitOfItsCgroupAndItsAncestors() throws IOException {
    String file = "memory.limit_in_bytes";
    Path root = cgroup(dir.resolve("memory"), file, "9223372036854771712");
    Path parent = cgroup(root.resolve("batch"), file, Long.toString(260L << 20));
    Path self = cgroup(parent.resolve("secmem"), file, "9223372036854771712");
    MemoryHierarchy h = new MemoryHierarchy(MemoryHierarchy.Version.V1, self);
    assertEquals(
        Optional.of(new MemoryHierarchy.Ceiling(260L << 20, parent.resolve(file))), h.ceiling());
    cgroup(self, file, Long.toString(100L << 20));
    assertEquals(100L << 20, h.ceiling().orElseThrow().bytes(), "its own limit too");
    // A v1 cgroup that does not count its children's memory holds them to nothing.
    Files.writeString(self.resolve("memory.use_hierarchy"), "0\n");
    assertEquals(Optional.empty(), h.ceiling());
  }

  @Test
  void v2_theCeiling_skipsMax_andStopsAtTheRoot() throws IOException {
    Path root = Files.createDirectories(dir.resolve("unified"));
    Path parent = cgroup(root.resolve("batch.slice"), "memory.max", Long.toString(1L << 30));
    Path self = cgroup(parent.resolve("secmem.scope"), "memory.max", "max");
    MemoryHierarchy h = new MemoryHierarchy(MemoryHierarchy.Version.V2, self);
    assertEquals(1L << 30, h.ceiling().orElseThrow().bytes());
    cgroup(parent, "memory.max", "max");
    assertEquals(Optional.empty(), h.ceiling());
  }
}
