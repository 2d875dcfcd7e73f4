package org.secmem.sort;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;
import org.secmem.fs.HeldFiles;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.TempRegistry;

/**
 * A sort's private folder of runs, one in each work folder given (several disks): {@code
 * .secmem-sort-<pid>-<random>}, each holding an {@link OwnerMarker} that this process keeps locked
 * for as long as the folder is in use, so that leftovers of a killed process can be recognised and
 * removed, from any PID namespace and, where locks reach, any host. {@link #close()} removes the
 * folders and everything in them, also after a failure, and removes the marker last: a removal cut
 * short (kill -9 after Ctrl-C, an out-of-memory) leaves a folder that still says whose it is. A
 * work folder holds files only, never a subfolder or a link.
 *
 * <p>Every removal works relative to a folder opened without following links ({@link
 * SecureFolder}): a leftover another user planted, or swaps a link into while it is removed, never
 * makes secmem delete anything outside it.
 */
public final class WorkDirectory implements Closeable {

  public static final String PREFIX = ".secmem-sort-";
  public static final String MARKER = "secmem-owner.pid";

  /**
   * How long a folder without a marker must have been left untouched before it counts as abandoned
   * ({@link Sweep#ABANDONED_AFTER}): a live sort writes its marker right after creating its folder.
   */
  public static final Duration ABANDONED_AFTER = Sweep.ABANDONED_AFTER;

  /** Rounds of deleting a folder's entries before giving up on a writer that keeps adding. */
  private static final int DELETE_ROUNDS = 5;

  private static final Logger LOG = LogManager.getLogger(WorkDirectory.class);

  /** Deletes one entry of an open folder; tests replace it to cut a removal short. */
  @FunctionalInterface
  interface Deleter {
    void delete(SecureFolder folder, String name) throws IOException;
  }

  /**
   * Unlinks a file or link, or removes an empty folder, relative to the open folder: what is at the
   * name is looked at without following links, and if it is swapped meanwhile the call fails (a
   * folder is never unlinked, a link never removed as a folder).
   */
  private static final Deleter FILES =
      (f, name) -> {
        if (f.kindOf(name).filter(k -> k == SecureFolder.Kind.FOLDER).isPresent()) {
          HeldFiles.deleteWorkFolder(f, name);
        } else {
          HeldFiles.deleteWorkFile(f, name);
        }
      };

  private final List<Path> dirs;

  /** Per folder, the locked marker that says it is in use; closed once the folder is gone. */
  private final List<OwnerMarker> markers;

  private final int outputFolder;
  private final TempRegistry registry;
  private final AtomicLong nextRun = new AtomicLong();
  private final AtomicLongArray written;

  /** Runs read for the last time, being deleted on {@link #deleter}'s thread. */
  private final Queue<Future<?>> deletions = new ConcurrentLinkedQueue<>();

  private final ExecutorService deleter = Tasks.single("secmem-delete");
  private final AtomicLongArray read;
  private boolean closed;

  private WorkDirectory(
      List<Path> dirs, List<OwnerMarker> markers, int outputFolder, TempRegistry registry) {
    this.dirs = List.copyOf(dirs);
    this.markers = new ArrayList<>(markers);
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
   * Creates a fresh work folder inside {@code parent}, registered with {@code registry} until it is
   * closed, so that an interrupt handler can remove it.
   */
  public static WorkDirectory create(Path parent, TempRegistry registry) throws IOException {
    return create(List.of(parent), parent, registry);
  }

  /**
   * Creates a fresh work folder inside each of {@code parents} (several disks), each registered
   * with {@code registry} until closed. Runs go to the folders in turn ({@link #newRun}); the
   * output in progress goes to the first folder on the file system of {@code outputParent}, so that
   * moving it into place is a rename, or to the first folder when none is.
   *
   * @param parents one or more folders, created when missing; no folder twice
   * @param outputParent the folder the finished output goes to (it may not exist yet)
   */
  public static WorkDirectory create(List<Path> parents, Path outputParent, TempRegistry registry)
      throws IOException {
    if (parents.isEmpty()) {
      throw new IllegalArgumentException("no work folder given");
    }
    if (new HashSet<>(parents.stream().map(p -> p.toAbsolutePath().normalize()).toList()).size()
        != parents.size()) {
      throw new IllegalArgumentException("a work folder is named twice: " + parents);
    }
    long pid = ProcessHandle.current().pid();
    List<Path> made = new ArrayList<>();
    List<OwnerMarker> markers = new ArrayList<>();
    try {
      for (Path parent : parents) {
        Files.createDirectories(parent);
        Path dir =
            parent.resolve(
                PREFIX + pid + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        // Registered first: an interrupt between making the folder and registering it would leave
        // it (the cleanup skips a registered name that is not there yet). The name is fresh and
        // unguessable, so nobody else's folder can be at it.
        registry.register(dir);
        try {
          Files.createDirectory(dir);
        } catch (IOException | RuntimeException e) {
          registry.release(dir);
          throw e;
        }
        made.add(dir);
        markers.add(OwnerMarker.create(dir.resolve(MARKER)));
      }
    } catch (IOException | RuntimeException e) {
      new WorkDirectory(made, markers, 0, registry).closeAfter(e);
      throw e;
    }
    return new WorkDirectory(made, markers, outputFolder(parents, outputParent), registry);
  }

  /**
   * Creates the work folders of {@code spec}: one in each of its {@link SortSpec#workParents}, the
   * output in progress on the output's file system where one of them is.
   */
  public static WorkDirectory create(SortSpec spec, TempRegistry registry) throws IOException {
    return create(spec.workParents(), spec.output().toAbsolutePath().getParent(), registry);
  }

  /** {@link #removeStale(Path)} in each of {@code parents}. */
  public static Sweep removeStale(List<Path> parents) throws IOException {
    Sweep all = Sweep.empty();
    for (Path parent : parents) {
      all = all.and(removeStale(parent));
    }
    return all;
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

  /** The (first) work folder. */
  public Path path() {
    return dirs.get(0);
  }

  /** Every work folder, one per parent given, in the order given. */
  public List<Path> paths() {
    return dirs;
  }

  /**
   * A new, unused file name for a run of the given pass: in the folders in turn, run after run (as
   * GNU sort spreads its temporary files over several {@code -T} folders), so that the d runs a
   * merge reads come from every folder at once, and the runs written side by side by the run
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
    Ownership.createFolders(to.toAbsolutePath().getParent());
    try (PartFile beside = PartFile.beside(to, TempRegistry.none())) {
      HeldFiles.moveToFreshName(from, beside.path());
      beside.commit();
    }
  }

  /** Deletes a run that has been merged. */
  public void delete(Path run) throws IOException {
    HeldFiles.deleteWorkFile(run);
  }

  /**
   * Deletes a file read for the last time on a thread of its own: removing a file whose pages the
   * kernel is writing back waits for that write, and the merge that read it should not. {@link
   * #awaitDeletes} waits for every such deletion.
   */
  public void deleteInBackground(Path file) {
    deletions.add(
        deleter.submit(
            () -> {
              delete(file);
              return null;
            }));
  }

  /** Waits until every {@link #deleteInBackground} deletion is done; rethrows the first failure. */
  public void awaitDeletes() throws IOException {
    for (Future<?> f = deletions.poll(); f != null; f = deletions.poll()) {
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
    for (int i = 0; i < dirs.size(); i++) {
      Path dir = dirs.get(i);
      try {
        try {
          deleteTree(dir);
        } finally {
          // Unlinked or not, the folder is no longer in use: a later sweep may judge it.
          if (i < markers.size()) {
            markers.get(i).close();
          }
        }
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
   * Deletes a file or a folder and everything in it, without following links; a missing path is
   * fine. For secmem's own temporaries (registered by this process). In a folder, a {@link #MARKER}
   * is deleted last, once nothing else is left: whatever cuts the removal short, the folder keeps
   * saying whose it is, so {@link #removeStale} can finish the job.
   */
  public static void deleteTree(Path root) throws IOException {
    deleteTree(root, FILES);
  }

  static void deleteTree(Path root, Deleter deleter) throws IOException {
    Path abs = root.toAbsolutePath();
    if (abs.getParent() == null || !Files.exists(abs.getParent(), LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!SecureFolder.supported(abs.getParent())) {
      // No openat here (not Linux or macOS): this process's own temporaries, by path, links
      // removed as links and never followed into.
      deleteOwnByPath(abs);
      return;
    }
    SecureFolder.atEntry(
        abs,
        (parent, name, kind) -> {
          if (kind == SecureFolder.Kind.FOLDER) {
            try (SecureFolder f = parent.openFolder(name)) {
              deleteContents(f, MARKER, deleter);
            }
          }
          deleter.delete(parent, name);
        });
  }

  /** {@link #deleteTree} where there are no secure directory streams: the marker last. */
  private static void deleteOwnByPath(Path p) throws IOException {
    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
      Path marker = p.resolve(MARKER);
      try (Stream<Path> entries = Files.list(p)) {
        for (Path e : entries.toList()) {
          if (!e.equals(marker)) {
            deleteOwnByPath(e);
          }
        }
      }
      HeldFiles.deleteWorkFile(marker);
    }
    HeldFiles.deleteWorkFile(p);
  }

  /**
   * Deletes everything in {@code f} (subfolders too: another engine's parts folder is registered
   * the same way), {@code keepLast} only once nothing else is left.
   */
  private static void deleteContents(SecureFolder f, String keepLast, Deleter deleter)
      throws IOException {
    // A writer stopping (after an interrupt) may still add a file: list again until only the
    // marker is left, and keep the marker if that never happens.
    for (int round = 0; ; round++) {
      long found = 0;
      for (SecureFolder.Entry e : f.list()) {
        if (e.name().equals(keepLast)) {
          continue;
        }
        found++;
        if (e.kind() == SecureFolder.Kind.FOLDER) {
          try (SecureFolder sub = f.openFolder(e.name())) {
            deleteContents(sub, null, deleter);
          }
        }
        deleter.delete(f, e.name());
      }
      if (found == 0) {
        break;
      }
      if (round + 1 == DELETE_ROUNDS) {
        throw new DirectoryNotEmptyException(
            f.path() + " (files kept appearing while it was" + " removed)");
      }
    }
    if (keepLast != null) {
      deleter.delete(f, keepLast);
    }
  }

  /**
   * Removes work folders in {@code parent} whose owning process is gone (left by {@code kill -9}, a
   * power cut, or a removal that was cut short); folders of live processes are left alone. A
   * folder's owner is gone when the lock on its marker is free (the owner holds it for the folder's
   * life; the kernel drops it when the process ends, whatever PID namespace it was in), or, for a
   * marker of an older version without a lock, when the process it names is not running or started
   * at another time than it says. A folder without a marker (its removal was cut short) is removed
   * when it is older than {@link #ABANDONED_AFTER}.
   *
   * <p>Only what secmem makes is removed: a folder of this user's, not a link, holding files only.
   * A folder holding anything else (a subfolder, a link, a device) or owned by another user is left
   * alone and reported; so is one whose owner ran on another machine, where a free lock proves
   * nothing. A folder named with this process's PID is never judged (judging opens its marker, and
   * closing that would drop this process's own lock on it).
   */
  public static Sweep removeStale(Path parent) throws IOException {
    return StaleWorkFolders.sweep(parent, Instant.now(), FILES, -1);
  }

  /**
   * {@link #removeStale(Path)}, and also the folders of {@code deadPid}, a child this process saw
   * end (a fork killed by the OOM killer), even one killed between making its folder and its
   * marker, which would otherwise be kept as possibly a sort just starting.
   */
  public static Sweep removeLeftoversOf(Path parent, long deadPid) throws IOException {
    return StaleWorkFolders.sweep(parent, Instant.now(), FILES, deadPid);
  }

  static Sweep removeStale(Path parent, Instant now, Deleter deleter) throws IOException {
    return StaleWorkFolders.sweep(parent, now, deleter, -1);
  }
}
