package org.secmem.sort;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;

/**
 * A sort's private folder of runs, one in each work folder given (several disks): {@code
 * .secmem-sort-<pid>-<random>}, each holding a marker file with
 * the owning process's id and start time so that leftovers of a killed process can be recognised
 * and removed. {@link #close()} removes the folders and everything in them, also after a failure, and
 * removes the marker last: a removal cut short (kill -9 after Ctrl-C, an out-of-memory) leaves a
 * folder that still says whose it is.
 */
public final class WorkDirectory implements Closeable {

  public static final String PREFIX = ".secmem-sort-";
  public static final String MARKER = "secmem-owner.pid";

  /**
   * How long a folder without a marker, or an unfinished temporary file, must have been left
   * untouched before it counts as abandoned: a live sort writes its marker right after creating
   * its folder, and a live writer keeps its file's modification time fresh.
   */
  public static final Duration ABANDONED_AFTER = Duration.ofMinutes(1);

  /**
   * Start times that differ by more than this belong to different processes (the PID was reused);
   * within it, to the same one (the kernel's boot time, from which start times are computed, can
   * move a little when the clock is adjusted).
   */
  private static final Duration SAME_START = Duration.ofSeconds(2);

  /** Rounds of deleting a folder's entries before giving up on a writer that keeps adding. */
  private static final int DELETE_ROUNDS = 5;

  private static final Pattern NAME_PID = Pattern.compile(Pattern.quote(PREFIX) + "(\\d{1,18})-.*");

  private static final Logger LOG = LogManager.getLogger(WorkDirectory.class);

  /** Deletes one file or empty folder; tests replace it to cut a removal short. */
  @FunctionalInterface
  interface Deleter {
    void delete(Path path) throws IOException;
  }

  private static final Deleter FILES = Files::deleteIfExists;

  private final List<Path> dirs;
  private final int outputFolder;
  private final TempRegistry registry;
  private final java.util.concurrent.atomic.AtomicLong nextRun =
      new java.util.concurrent.atomic.AtomicLong();
  private final AtomicLongArray written;
  /** Runs read for the last time, being deleted on {@link #deleter}'s thread. */
  private final java.util.Queue<java.util.concurrent.Future<?>> deletions =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final java.util.concurrent.ExecutorService deleter = Tasks.single("secmem-delete");
  private final AtomicLongArray read;
  private boolean closed;

  private WorkDirectory(List<Path> dirs, int outputFolder, TempRegistry registry) {
    this.dirs = List.copyOf(dirs);
    this.outputFolder = outputFolder;
    this.registry = registry;
    this.written = new AtomicLongArray(dirs.size());
    this.read = new AtomicLongArray(dirs.size());
  }

  /** Creates a fresh work folder inside {@code parent} (created when missing). */
  public static WorkDirectory create(Path parent) throws IOException {
    return create(parent, TempRegistry.none());
  }

  /**
   * Creates a fresh work folder inside {@code parent}, registered with {@code registry} until it
   * is closed, so that an interrupt handler can remove it.
   */
  public static WorkDirectory create(Path parent, TempRegistry registry) throws IOException {
    return create(List.of(parent), parent, registry);
  }

  /**
   * Creates a fresh work folder inside each of {@code parents} (several disks), each registered
   * with {@code registry} until closed. Runs go to the folders in turn ({@link #newRun}); the
   * output in progress goes to the first folder on the file system of {@code outputParent}, so
   * that moving it into place is a rename, or to the first folder when none is.
   *
   * @param parents one or more folders, created when missing; no folder twice
   * @param outputParent the folder the finished output goes to (it may not exist yet)
   */
  public static WorkDirectory create(List<Path> parents, Path outputParent, TempRegistry registry)
      throws IOException {
    if (parents.isEmpty()) {
      throw new IllegalArgumentException("no work folder given");
    }
    if (new java.util.HashSet<>(parents.stream().map(p -> p.toAbsolutePath().normalize())
        .toList()).size() != parents.size()) {
      throw new IllegalArgumentException("a work folder is named twice: " + parents);
    }
    ProcessHandle self = ProcessHandle.current();
    long pid = self.pid();
    byte[] marker = markerText(pid, self.info().startInstant()).getBytes(StandardCharsets.US_ASCII);
    List<Path> made = new ArrayList<>();
    try {
      for (Path parent : parents) {
        Files.createDirectories(parent);
        Path dir = parent.resolve(
            PREFIX + pid + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        Files.createDirectory(dir);
        registry.register(dir);
        made.add(dir);
        Files.write(dir.resolve(MARKER), marker);
      }
    } catch (IOException | RuntimeException e) {
      new WorkDirectory(made, 0, registry).closeAfter(e);
      throw e;
    }
    return new WorkDirectory(made, outputFolder(parents, outputParent), registry);
  }

  /**
   * Creates the work folders of {@code spec}: one in each of its {@link SortSpec#workParents},
   * the output in progress on the output's file system where one of them is.
   */
  public static WorkDirectory create(SortSpec spec, TempRegistry registry) throws IOException {
    return create(spec.workParents(), spec.output().toAbsolutePath().getParent(), registry);
  }

  /** {@link #removeStale(Path)} in each of {@code parents}. */
  public static void removeStale(List<Path> parents) throws IOException {
    for (Path parent : parents) {
      removeStale(parent);
    }
  }

  /** Index of the first of {@code parents} on the file system of {@code outputParent}, or 0. */
  public static int outputFolder(List<Path> parents, Path outputParent) {
    if (parents.size() == 1) {
      return 0;
    }
    Optional<FileStore> target = fileStore(outputParent);
    for (int i = 0; i < parents.size() && target.isPresent(); i++) {
      if (fileStore(parents.get(i)).equals(target)) {
        return i;
      }
    }
    return 0;
  }

  /**
   * The file system of {@code dir}, or of its nearest existing ancestor (a folder may be created
   * later); empty when it cannot be told.
   */
  public static Optional<FileStore> fileStore(Path dir) {
    try {
      return Optional.of(Files.getFileStore(existingAncestor(dir)));
    } catch (IOException e) {
      LOG.info("Cannot tell the file system of {}", dir, e);
      return Optional.empty();
    }
  }

  /** {@code p}, or its nearest ancestor that exists. */
  private static Path existingAncestor(Path p) {
    Path a = p.toAbsolutePath();
    while (a != null && !Files.exists(a)) {
      a = a.getParent();
    }
    return a == null ? p.toAbsolutePath().getRoot() : a;
  }

  /** The marker's text: the PID, and on a second line the process's start time when known. */
  static String markerText(long pid, Optional<Instant> start) {
    return pid + "\n" + start.map(s -> s + "\n").orElse("");
  }

  /** The (first) work folder. */
  public Path path() {
    return dirs.get(0);
  }

  /** Every work folder, one per parent given, in the order given. */
  public List<Path> paths() {
    return dirs;
  }

  /**
   * A new, unused file name for a run of the given pass: in the folders in turn, run after run
   * (as GNU sort spreads its temporary files over several {@code -T} folders), so that the d runs
   * a merge reads come from every folder at once, and the runs written side by side by the run
   * formation's workers go to different folders.
   */
  public Path newRun(int pass) {
    long i = nextRun.getAndIncrement();
    return dirs.get((int) (i % dirs.size())).resolve("pass" + pass + "-run" + i + ".bin");
  }

  /** The name the finished output is written under before it is moved into place. */
  public Path outputInProgress() {
    return dirs.get(outputFolder).resolve("output.part");
  }

  /**
   * {@code streams}, counting the bytes each of its streams moves to or from a file in a work
   * folder against that folder (see {@link #tally()}).
   */
  public StreamFactory counting(StreamFactory streams) {
    return new CountingStreams(streams, this::folderOf, read, written);
  }

  /** The index of the work folder holding {@code file}, or -1. */
  private int folderOf(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    for (int i = 0; i < dirs.size(); i++) {
      if (dirs.get(i).toAbsolutePath().equals(parent)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Puts the finished file {@code from} at the output's name {@code to}: renamed (or, from another
   * file system, copied) beside the output first, then moved into place as every finished file is
   * ({@link PartFile#commit}: an older output goes only once the new one is complete beside it, and
   * the new one is not renamed over it, which ext4 would make the sort pay for).
   */
  public static void moveIntoPlace(Path from, Path to) throws IOException {
    Files.createDirectories(to.toAbsolutePath().getParent());
    try (PartFile beside = PartFile.beside(to, TempRegistry.none())) {
      try {
        Files.move(from, beside.path(), StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(from, beside.path()); // another file system (--work-dir elsewhere): a copy
      }
      beside.commit();
    }
  }

  /** Deletes a run that has been merged. */
  public void delete(Path run) throws IOException {
    Files.deleteIfExists(run);
  }

  /**
   * Deletes a file read for the last time on a thread of its own: removing a file whose pages the
   * kernel is writing back waits for that write, and the merge that read it should not.
   * {@link #awaitDeletes} waits for every such deletion.
   */
  public void deleteInBackground(Path file) {
    deletions.add(deleter.submit(() -> {
      delete(file);
      return null;
    }));
  }

  /** Waits until every {@link #deleteInBackground} deletion is done; rethrows the first failure. */
  public void awaitDeletes() throws IOException {
    for (java.util.concurrent.Future<?> f = deletions.poll(); f != null; f = deletions.poll()) {
      Tasks.await(f);
    }
  }

  /**
   * Bytes moved per work folder so far.
   *
   * @param folders the work folders, in the order given
   * @param written per folder: bytes the streams of {@link #counting} wrote to its files
   * @param read per folder: bytes they read from its files
   */
  public record Tally(List<Path> folders, List<Long> written, List<Long> read) {
    public Tally {
      folders = List.copyOf(folders);
      written = List.copyOf(written);
      read = List.copyOf(read);
    }
  }

  /** Bytes moved per work folder so far, by the streams of {@link #counting}. */
  public Tally tally() {
    List<Long> w = new ArrayList<>();
    List<Long> r = new ArrayList<>();
    for (int i = 0; i < dirs.size(); i++) {
      w.add(written.get(i));
      r.add(read.get(i));
    }
    return new Tally(dirs, w, r);
  }

  /** Removes every folder and everything in them; may be called again. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    IOException first = null;
    try {
      Tasks.stop(deleter);
    } catch (IOException e) {
      first = e;
    }
    for (Path dir : dirs) {
      try {
        deleteTree(dir);
        registry.release(dir);
      } catch (IOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  /** Closes after {@code failure}, keeping a failure of the removal with it. */
  private void closeAfter(Throwable failure) {
    try {
      close();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * Deletes a file or a folder and everything in it; a missing path is fine. In a folder, a
   * {@link #MARKER} is deleted last, once nothing else is left: whatever cuts the removal short,
   * the folder keeps saying whose it is, so {@link #removeStale} can finish the job.
   */
  public static void deleteTree(Path root) throws IOException {
    deleteTree(root, FILES);
  }

  static void deleteTree(Path root, Deleter deleter) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      Path marker = root.resolve(MARKER);
      // A writer stopping (after an interrupt) may still add a file: list again until only the
      // marker is left, and keep the marker if that never happens.
      for (int round = 0; deleteAllBut(root, marker, deleter) > 0; round++) {
        if (round + 1 == DELETE_ROUNDS) {
          throw new DirectoryNotEmptyException(root + " (files kept appearing while it was"
              + " removed)");
        }
      }
      deleter.delete(marker);
    }
    deleter.delete(root);
  }

  /** Deletes every entry of {@code dir} except {@code keep}; returns how many it found. */
  private static long deleteAllBut(Path dir, Path keep, Deleter deleter) throws IOException {
    long found = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        if (p.equals(keep)) {
          continue;
        }
        found++;
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          deleteTree(p, deleter);
        } else {
          deleter.delete(p);
        }
      }
    }
    return found;
  }

  /**
   * Removes work folders in {@code parent} whose owning process is gone (left by {@code kill -9},
   * a power cut, or a removal that was cut short); folders of live processes are left alone. A
   * folder's owner is gone when the process its marker names is not running, or is running but
   * started at another time than the marker says (the PID was reused). A folder without a marker
   * (its removal was cut short, or a version before markers were removed last) is removed when the
   * process named in the folder's name is gone, or when it is older than {@link
   * #ABANDONED_AFTER}.
   *
   * @return the folders removed
   */
  public static List<Path> removeStale(Path parent) throws IOException {
    return removeStale(parent, Instant.now());
  }

  static List<Path> removeStale(Path parent, Instant now) throws IOException {
    List<Path> removed = new ArrayList<>();
    if (!Files.isDirectory(parent)) {
      return removed;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, PREFIX + "*")) {
      for (Path candidate : entries) {
        if (!Files.isDirectory(candidate, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        try {
          Optional<String> why = staleBecause(candidate, now);
          if (why.isPresent()) {
            deleteTree(candidate);
            removed.add(candidate);
            LOG.info("Removed stale work folder {}: {}", candidate, why.get());
          }
        } catch (NoSuchFileException e) {
          // Removed meanwhile by its owner or by another clean: nothing left to do.
          LOG.debug("{} went away while it was looked at", candidate, e);
        }
      }
    }
    return removed;
  }

  /** Why {@code dir} is abandoned, or empty when it may belong to a live sort. */
  private static Optional<String> staleBecause(Path dir, Instant now) throws IOException {
    Optional<Owner> marked = Owner.read(dir.resolve(MARKER));
    if (marked.isPresent()) {
      Owner o = marked.get();
      return o.alive() ? Optional.empty() : Optional.of("process " + o.pid + " is gone");
    }
    Optional<Long> named = pidInName(dir);
    if (named.isPresent() && !new Owner(named.get(), Optional.empty()).alive()) {
      return Optional.of("no marker, and process " + named.get() + " is gone");
    }
    Instant modified = Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS).toInstant();
    if (modified.plus(ABANDONED_AFTER).isBefore(now)) {
      return Optional.of("no marker, untouched since " + modified);
    }
    return Optional.empty();
  }

  private static Optional<Long> pidInName(Path dir) {
    Matcher m = NAME_PID.matcher(dir.getFileName().toString());
    return m.matches() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
  }

  /** The process a marker names: its PID, and its start time when the marker records one. */
  static final class Owner {
    final long pid;
    final Optional<Instant> start;

    Owner(long pid, Optional<Instant> start) {
      this.pid = pid;
      this.start = start;
    }

    /** The marker's owner; empty when there is no marker or it cannot be read as one. */
    static Optional<Owner> read(Path marker) {
      List<String> lines;
      try {
        lines = Files.readAllLines(marker, StandardCharsets.US_ASCII);
      } catch (NoSuchFileException e) {
        return Optional.empty();
      } catch (IOException e) {
        LOG.warn("Cannot read the work-folder marker {}; judging the folder without it", marker, e);
        return Optional.empty();
      }
      try {
        long pid = Long.parseLong(lines.isEmpty() ? "" : lines.get(0).trim());
        // Markers of older versions hold only the PID.
        Optional<Instant> start = lines.size() > 1 && !lines.get(1).isBlank()
            ? Optional.of(Instant.parse(lines.get(1).trim())) : Optional.empty();
        return Optional.of(new Owner(pid, start));
      } catch (NumberFormatException | DateTimeParseException e) {
        LOG.warn("The work-folder marker {} is not one secmem wrote: {}; judging the folder"
            + " without it", marker, lines);
        return Optional.empty();
      }
    }

    /** Whether this process still runs: same PID and, when recorded, the same start time. */
    boolean alive() {
      Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
      if (h.isEmpty()) {
        return false;
      }
      if (start.isEmpty()) {
        return true;
      }
      Optional<Instant> actual = h.get().info().startInstant();
      return actual.isEmpty()
          || Duration.between(start.get(), actual.get()).abs().compareTo(SAME_START) <= 0;
    }
  }
}
