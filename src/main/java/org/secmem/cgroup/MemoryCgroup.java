package org.secmem.cgroup;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.HeldFiles;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.units.Units;

/**
 * A memory cgroup made for one measured process, a child of this process's own, limited to a number
 * of bytes that its heap, everything else the JVM holds and the page cache of the files it touches
 * count against together, as RAM does on a machine of that size. The process is put into it through
 * {@link #procs()} (a shell that writes its own PID there, then runs the JVM); closing removes the
 * cgroup, which the kernel allows once no process is left in it (the pages it still charges pass to
 * the parent).
 */
public final class MemoryCgroup implements Closeable {

  /**
   * Every cgroup secmem makes is named {@code secmem-<pid>-<made>-<random>}: its maker's PID (as
   * its own PID namespace sees it), the epoch second it was made in hexadecimal, and 64 random bits
   * in 16 hexadecimal digits, so that runs in different PID namespaces (each may be PID 1 there)
   * never share a name. Cgroups of earlier versions, {@code secmem-<pid>-<hex>}, are still swept.
   */
  public static final String PREFIX = "secmem-";

  /** Random name parts: two processes started at the same instant must not draw the same. */
  private static final SecureRandom RANDOM = new SecureRandom();

  private static final Logger LOG = LogManager.getLogger(MemoryCgroup.class);

  /** How long {@link #close} waits for the cgroup's last process to be gone. */
  private static final int REMOVE_TRIES = 100;

  private static final long REMOVE_WAIT_MS = 20;

  private final MemoryHierarchy.Version version;
  private final Path dir;
  private final long limitBytes;
  private final Optional<MemoryHierarchy.Ceiling> ceiling;
  private final MadeCgroups made;

  private MemoryCgroup(
      MemoryHierarchy.Version version,
      Path dir,
      long limitBytes,
      Optional<MemoryHierarchy.Ceiling> ceiling,
      MadeCgroups made) {
    this.version = version;
    this.dir = dir;
    this.limitBytes = limitBytes;
    this.ceiling = ceiling;
    this.made = made;
  }

  /**
   * A new cgroup under {@code hierarchy}'s own, limited to {@code limitBytes} (swap included where
   * the kernel accounts it, so that the limit cannot be escaped by swapping). It is added to {@code
   * made}, the process's (its shutdown removes it, {@code secmem clean} leaves it alone), until it
   * is closed.
   *
   * @throws IOException saying why, and what it needs (root, or a delegated cgroup), where it
   *     cannot be made or limited; nothing is left behind
   */
  public static MemoryCgroup create(MemoryHierarchy hierarchy, long limitBytes, MadeCgroups made)
      throws IOException {
    if (limitBytes <= 0) {
      throw new IllegalArgumentException("a memory limit must be positive: " + limitBytes);
    }
    Path parent = hierarchy.self();
    Optional<MemoryHierarchy.Ceiling> ceiling =
        hierarchy.ceiling().filter(c -> c.bytes() < limitBytes);
    if (hierarchy.version() == MemoryHierarchy.Version.V2) {
      enableMemoryController(parent);
    }
    String name = name(ProcessHandle.current().pid(), Instant.now(), RANDOM.nextLong());
    Path dir = parent.resolve(name);
    try {
      Files.createDirectory(dir);
      made.add(dir);
    } catch (FileSystemException e) {
      throw new IOException(cannotMake(parent, e), e);
    }
    MemoryCgroup g = new MemoryCgroup(hierarchy.version(), dir, limitBytes, ceiling, made);
    try {
      g.limit();
    } catch (IOException e) {
      try {
        g.close();
      } catch (IOException gone) {
        e.addSuppressed(gone);
      }
      throw e;
    }
    LOG.info("Made memory cgroup {}", g);
    return g;
  }

  /**
   * Why no cgroup could be made in {@code parent}: a read-only mount (EROFS, a container without
   * cgroup write access) is not a matter of root, which would not help; anything else needs root or
   * a delegated cgroup.
   */
  static String cannotMake(Path parent, FileSystemException e) {
    return "cannot make a memory cgroup in "
        + parent
        + " ("
        + reason(e)
        + ")"
        + (String.valueOf(e.getReason()).contains("Read-only file system")
            ? ": the cgroup file system is mounted read-only here (a container without cgroup"
                + " write access?); run where it is writable, or without --memory-limit"
            : "; a memory limit needs root, or a cgroup delegated to this user");
  }

  /** The name of a cgroup made by process {@code pid} at {@code made}: see {@link #PREFIX}. */
  static String name(long pid, Instant made, long random) {
    return PREFIX
        + pid
        + "-"
        + Long.toHexString(made.getEpochSecond())
        + "-"
        + String.format("%016x", random);
  }

  private void limit() throws IOException {
    String bytes = Long.toString(limitBytes);
    if (version == MemoryHierarchy.Version.V1) {
      write("memory.limit_in_bytes", bytes);
      // Memory and swap together; absent where the kernel does not account swap.
      if (Files.exists(dir.resolve("memory.memsw.limit_in_bytes"))) {
        write("memory.memsw.limit_in_bytes", bytes);
      }
    } else {
      write("memory.max", bytes);
      if (Files.exists(dir.resolve("memory.swap.max"))) {
        write("memory.swap.max", "0");
      }
    }
  }

  /** cgroup v2 gives a child the memory controller only where its parent hands it down. */
  private static void enableMemoryController(Path parent) throws IOException {
    Path control = parent.resolve("cgroup.subtree_control");
    String now = Files.exists(control) ? Files.readString(control, StandardCharsets.US_ASCII) : "";
    if (Arrays.asList(now.trim().split("\\s+")).contains("memory")) {
      return;
    }
    try {
      Ownership.writeControl(control, "+memory");
    } catch (IOException e) {
      throw new IOException(
          "cannot give the memory controller to cgroups under "
              + parent
              + " ("
              + reason(e)
              + "); cgroup v2 refuses it to a cgroup that holds processes itself: run secmem in a"
              + " cgroup of its own with the controller delegated, e.g. systemd-run --scope -p"
              + " Delegate=yes secmem ...",
          e);
    }
  }

  private void write(String file, String value) throws IOException {
    try {
      Ownership.writeControl(dir.resolve(file), value);
    } catch (IOException e) {
      throw new IOException(
          "cannot set " + dir.resolve(file) + " to " + value + " (" + reason(e) + ")", e);
    }
  }

  /** The cgroup's folder. */
  public Path dir() {
    return dir;
  }

  /** The file a process writes its PID to, to enter the cgroup. */
  public Path procs() {
    return dir.resolve("cgroup.procs");
  }

  /** The limit asked for, in bytes. */
  public long limitBytes() {
    return limitBytes;
  }

  /**
   * The limit its processes are held to, in bytes: the one asked for, or less where this process's
   * own cgroup or an ancestor allows less (see {@link MemoryHierarchy#ceiling}).
   */
  public long effectiveLimitBytes() {
    return ceiling.map(MemoryHierarchy.Ceiling::bytes).orElse(limitBytes);
  }

  /** The limit file of an ancestor that allows less than the limit asked for; empty for none. */
  public Optional<MemoryHierarchy.Ceiling> tighterCeiling() {
    return ceiling;
  }

  /** Processes the kernel's OOM killer ended in this cgroup; empty where it does not say. */
  public OptionalLong oomKills() {
    Path events =
        dir.resolve(version == MemoryHierarchy.Version.V1 ? "memory.oom_control" : "memory.events");
    try {
      for (String line : Files.readAllLines(events, StandardCharsets.US_ASCII)) {
        String[] f = line.trim().split("\\s+");
        if (f.length == 2 && f[0].equals("oom_kill")) {
          return OptionalLong.of(Long.parseLong(f[1]));
        }
      }
    } catch (IOException | NumberFormatException e) {
      LOG.debug("No OOM count in {}", events, e);
    }
    return OptionalLong.empty();
  }

  /**
   * Removes the cgroup, waiting up to two seconds for its last process to be gone (see {@link
   * #remove}).
   *
   * @throws IOException naming the folder where it stays (a process still in it)
   */
  @Override
  public void close() throws IOException {
    remove(dir);
    made.removed(dir);
  }

  /**
   * Removes cgroup folder {@code dir}, waiting up to two seconds for its last process to be gone.
   * It waits even when this thread was interrupted (Ctrl-C stops the fork and then comes here): the
   * interrupt is kept and set again afterwards, so that a stopped batch leaves no cgroup behind.
   */
  static void remove(Path dir) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      FileSystemException last = null;
      for (int i = 0; i < REMOVE_TRIES; i++) {
        try {
          HeldFiles.deleteCgroup(dir);
          LOG.info("Removed memory cgroup {}", dir);
          return;
        } catch (NoSuchFileException e) {
          return;
        } catch (FileSystemException e) {
          last = e; // EBUSY while a process is still in it
        }
        try {
          Thread.sleep(REMOVE_WAIT_MS);
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      throw new IOException(
          "could not remove memory cgroup " + dir + " (" + reason(last) + "); remove it with rmdir",
          last);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * glibc's malloc serves a block of at least this many bytes with a mapping of its own, returned
   * to the kernel when freed, where it would otherwise raise the threshold to the largest block
   * freed so far and keep such blocks in its arenas once freed. A direct stream buffer is such a
   * block: a JVM reading 120 direct runs of 784 KiB held them after its sort was done (resident 676
   * MiB against 391 before the merge, a 320 MiB heap), and its next sort's merge was killed in a 1
   * GiB limit; with the threshold fixed the next sort started at 391 MiB again and both ran.
   */
  public static final long MALLOC_MMAP_THRESHOLD_BYTES = 128 * 1024;

  /**
   * {@code command} run inside this cgroup: a shell writes its own PID to {@link #procs}, then
   * becomes the command (the same PID), so that everything the command does from its first
   * instruction is charged here; with {@code MALLOC_MMAP_THRESHOLD_} set to {@link
   * #MALLOC_MMAP_THRESHOLD_BYTES} unless the environment sets it, so that the memory the process
   * frees is given back to the limit.
   */
  public List<String> enter(List<String> command) {
    List<String> out = new ArrayList<>(command.size() + 4);
    out.add("/bin/sh");
    out.add("-c");
    out.add(
        ": \"${MALLOC_MMAP_THRESHOLD_:="
            + MALLOC_MMAP_THRESHOLD_BYTES
            + "}\" && export MALLOC_MMAP_THRESHOLD_"
            + " && echo $$ > \"$0\" && exec \"$@\"");
    out.add(procs().toString());
    out.addAll(command);
    return out;
  }

  /**
   * How old an empty cgroup must be, by the time in its name, to count as abandoned. Its maker
   * starts the fork inside it right after making it (no more than starting {@code /bin/sh}, which
   * writes its own PID into it before anything else), and removes it as soon as the fork has ended.
   */
  public static final Duration ABANDONED_AFTER = Duration.ofMinutes(1);

  /** {@code secmem-<pid>-<made>-<random>}, see {@link #PREFIX}. */
  private static final Pattern NAME =
      Pattern.compile("secmem-[0-9]{1,18}-([0-9a-f]{1,12})-[0-9a-f]{16}");

  /** An older version's {@code secmem-<pid>-<hex>}, which says nothing of when it was made. */
  private static final Pattern OLD_NAME = Pattern.compile("secmem-[0-9]{1,18}-[0-9a-f]{1,16}");

  /**
   * Removes the cgroups under {@code hierarchy}'s own that secmem processes made and left behind
   * (killed with {@code kill -9}, or by a power cut, before they removed them): any but this
   * process's own (by name), with no process in them, made over {@link #ABANDONED_AFTER} ago by the
   * time in their name (an older version's name has none: its folder's modification time, which the
   * kernel may reset, stands in). Whether the PID in the name runs is not asked: the maker may be
   * in another PID namespace, and a PID seen running here may be another process's (PID 1 of a
   * container, or one reused); a cgroup in use holds its fork, and one made in the last minute may
   * be about to. Those are kept and listed as in use; one of another user, or one that cannot be
   * removed, is left alone with why. {@code own}: the cgroups this process made, which are never
   * removed here whatever their age.
   */
  public static Sweep removeAbandoned(MemoryHierarchy hierarchy, Instant now, MadeCgroups own)
      throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    UserPrincipal me = SecureFolder.currentUser();
    List<Path> found;
    try (Stream<Path> s = Files.list(hierarchy.self())) {
      found =
          s.filter(
                  p -> {
                    String n = p.getFileName().toString();
                    return NAME.matcher(n).matches() || OLD_NAME.matcher(n).matches();
                  })
              .filter(p -> !own.contains(p))
              .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
              .sorted()
              .toList();
    }
    for (Path dir : found) {
      try {
        List<String> procs =
            Files.readAllLines(dir.resolve("cgroup.procs"), StandardCharsets.US_ASCII).stream()
                .filter(l -> !l.isBlank())
                .toList();
        if (!procs.isEmpty()) {
          inUse.add(
              new Sweep.LeftAlone(
                  dir, procs.size() + " process(es) in it, the first " + procs.get(0)));
          continue;
        }
        Instant made = madeAt(dir);
        if (made.plus(ABANDONED_AFTER).isAfter(now)) {
          // Made a moment ago: its maker may be about to start a fork in it.
          inUse.add(
              new Sweep.LeftAlone(
                  dir,
                  "empty, made "
                      + Math.max(0, Duration.between(made, now).toSeconds())
                      + " s ago (a running secmem may be about to use it); it goes once it is a"
                      + " minute old"));
          continue;
        }
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        if (!owner.equals(me)) {
          left.add(
              new Sweep.LeftAlone(dir, "owned by " + owner.getName() + ", not " + me.getName()));
          continue;
        }
        HeldFiles.deleteCgroup(dir);
        LOG.info("Removed abandoned memory cgroup {}", dir);
        removed.add(dir);
      } catch (NoSuchFileException e) {
        // removed meanwhile, by its maker
      } catch (IOException e) {
        left.add(new Sweep.LeftAlone(dir, "cannot remove it: " + reason(e)));
      }
    }
    return new Sweep(removed, left, inUse);
  }

  /**
   * When the cgroup at {@code dir} was made: the time in its name, which nothing changes; for an
   * older version's name, its folder's modification time (the kernel sets it again when it forgets
   * and rebuilds the folder's inode, as dropping the caches does).
   */
  static Instant madeAt(Path dir) throws IOException {
    Matcher m = NAME.matcher(dir.getFileName().toString());
    if (m.matches()) {
      return Instant.ofEpochSecond(Long.parseUnsignedLong(m.group(1), 16));
    }
    return Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
        .lastModifiedTime()
        .toInstant();
  }

  private static String reason(IOException e) {
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  @Override
  public String toString() {
    return dir
        + " ("
        + Units.bytes(limitBytes)
        + ceiling.map(c -> ", held to " + Units.bytes(c.bytes()) + " by " + c.file()).orElse("")
        + ")";
  }
}
