package org.secmem.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where this process's memory cgroup is: the folder of the memory controller's hierarchy (v1, a
 * {@code cgroup} mount with the {@code memory} option) or of the unified one (v2, {@code cgroup2}),
 * found from {@code /proc/self/cgroup} and {@code /proc/self/mountinfo}. A machine with both
 * (hybrid) has the memory controller on one of them only: the v1 one where it is mounted.
 *
 * @param version which hierarchy holds the memory controller
 * @param self the folder of this process's own cgroup in it
 */
public record MemoryHierarchy(Version version, Path self) {

  /** The cgroup interface version. */
  public enum Version {
    /** Legacy: {@code memory.limit_in_bytes}, {@code memory.max_usage_in_bytes}. */
    V1,
    /** Unified: {@code memory.max}, {@code memory.peak}. */
    V2
  }

  private static final Path PROC_CGROUP = Paths.get("/proc/self/cgroup");
  private static final Path MOUNTINFO = Paths.get("/proc/self/mountinfo");

  /** This process's memory cgroup; empty where there is none (not Linux, no memory controller). */
  public static Optional<MemoryHierarchy> locate() {
    try {
      return of(
          Files.readAllLines(PROC_CGROUP, StandardCharsets.UTF_8),
          Files.readAllLines(MOUNTINFO, StandardCharsets.UTF_8));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The memory cgroup that the lines of a {@code /proc/<pid>/cgroup} and a {@code mountinfo} file
   * describe; empty where the memory controller is mounted nowhere this process can see, or its
   * cgroup lies outside the mounted part (another cgroup namespace's).
   */
  static Optional<MemoryHierarchy> of(List<String> procCgroup, List<String> mountinfo) {
    String v1Path = null;
    String v2Path = null;
    for (String line : procCgroup) {
      String[] f = line.split(":", 3);
      if (f.length < 3) {
        continue;
      }
      if (Arrays.asList(f[1].split(",")).contains("memory")) {
        v1Path = f[2];
      } else if (f[0].equals("0") && f[1].isEmpty()) {
        v2Path = f[2];
      }
    }
    for (String line : mountinfo) {
      Mount m = Mount.parse(line);
      if (m == null) {
        continue;
      }
      if (v1Path != null
          && m.fsType.equals("cgroup")
          && Arrays.asList(m.superOptions.split(",")).contains("memory")) {
        return m.folderOf(v1Path).map(p -> new MemoryHierarchy(Version.V1, p));
      }
    }
    if (v2Path != null) {
      for (String line : mountinfo) {
        Mount m = Mount.parse(line);
        if (m != null && m.fsType.equals("cgroup2")) {
          Optional<Path> folder = m.folderOf(v2Path);
          if (folder.isPresent() && v2HasMemory(m.mountPoint)) {
            return folder.map(p -> new MemoryHierarchy(Version.V2, p));
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The tightest memory limit that this process's cgroup and its ancestors put on a cgroup made
   * under it: the least {@code memory.limit_in_bytes} (v1; of those that count their children's
   * memory, {@code memory.use_hierarchy} 1) or {@code memory.max} (v2) from this cgroup up to the
   * top of the mounted hierarchy, with the folder that sets it; empty where none is set (v2's
   * {@code max}; v1's "unlimited" is a number larger than any machine's memory, and is returned). A
   * cgroup outside the mount (another cgroup namespace's ancestors) is not seen.
   *
   * @throws IOException where a limit file cannot be read or does not hold a limit
   */
  public Optional<Ceiling> ceiling() throws IOException {
    String file = version == Version.V1 ? "memory.limit_in_bytes" : "memory.max";
    Ceiling least = null;
    for (Path dir = self; dir != null; dir = dir.getParent()) {
      Path limit = dir.resolve(file);
      if (!Files.exists(limit)) {
        break; // above the hierarchy's root (v2: its root, which has no limit)
      }
      if (version == Version.V1 && !hierarchical(dir)) {
        break; // neither it nor its ancestors count a child's memory
      }
      String text = Files.readString(limit, StandardCharsets.US_ASCII).trim();
      if (text.equals("max")) {
        continue;
      }
      long bytes;
      try {
        bytes = Long.parseLong(text);
      } catch (NumberFormatException e) {
        throw new IOException(limit + " holds '" + text + "', not a number of bytes", e);
      }
      if (least == null || bytes < least.bytes()) {
        least = new Ceiling(bytes, limit);
      }
    }
    return Optional.ofNullable(least);
  }

  /** v1: whether the cgroup at {@code dir} counts its children's memory against its limit. */
  private static boolean hierarchical(Path dir) throws IOException {
    Path flag = dir.resolve("memory.use_hierarchy");
    return !Files.exists(flag)
        || !Files.readString(flag, StandardCharsets.US_ASCII).trim().equals("0");
  }

  /**
   * A memory limit that a cgroup's ancestors put on it.
   *
   * @param bytes the limit
   * @param file the limit file that sets it
   */
  public record Ceiling(long bytes, Path file) {}

  /** Whether the unified hierarchy mounted at {@code root} offers the memory controller. */
  private static boolean v2HasMemory(Path root) {
    try {
      String controllers =
          Files.readString(root.resolve("cgroup.controllers"), StandardCharsets.US_ASCII);
      return Arrays.asList(controllers.trim().split("\\s+")).contains("memory");
    } catch (IOException e) {
      return false;
    }
  }

  /** The fields of one mountinfo line that matter here. */
  private static final class Mount {
    final String root;
    final Path mountPoint;
    final String fsType;
    final String superOptions;

    private Mount(String root, Path mountPoint, String fsType, String superOptions) {
      this.root = root;
      this.mountPoint = mountPoint;
      this.fsType = fsType;
      this.superOptions = superOptions;
    }

    /** A line's fields, or null for one that is not a mountinfo line. */
    static Mount parse(String line) {
      String[] f = line.trim().split(" ");
      int dash = Arrays.asList(f).indexOf("-");
      if (dash < 6 || f.length < dash + 4) {
        return null;
      }
      return new Mount(unescape(f[3]), Paths.get(unescape(f[4])), f[dash + 1], f[dash + 3]);
    }

    /** The folder of cgroup {@code path} under this mount, if the mount shows it. */
    Optional<Path> folderOf(String path) {
      String rel;
      if (root.equals("/")) {
        rel = path;
      } else if (path.equals(root)) {
        rel = "/";
      } else if (path.startsWith(root + "/")) {
        rel = path.substring(root.length());
      } else {
        return Optional.empty();
      }
      if (rel.contains("/..") || rel.contains("(deleted)")) {
        return Optional.empty();
      }
      String trimmed = rel.replaceAll("^/+", "");
      return Optional.of(trimmed.isEmpty() ? mountPoint : mountPoint.resolve(trimmed));
    }

    /** mountinfo writes space, tab, newline and backslash as octal escapes. */
    private static String unescape(String s) {
      StringBuilder out = new StringBuilder(s.length());
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
          out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
          i += 3;
        } else {
          out.append(c);
        }
      }
      return out.toString();
    }
  }
}
