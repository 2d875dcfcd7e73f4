package org.secmem.sort;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A sort's private folder of runs: {@code .secmem-sort-<pid>-<random>}, holding a marker file with
 * the owning process id so that leftovers of a killed process can be recognised and removed.
 * {@link #close()} removes the folder and everything in it, also after a failure.
 */
public final class WorkDirectory implements Closeable {

  public static final String PREFIX = ".secmem-sort-";
  public static final String MARKER = "secmem-owner.pid";

  private static final Logger LOG = LogManager.getLogger(WorkDirectory.class);

  private final Path dir;
  private final TempRegistry registry;
  private final java.util.concurrent.atomic.AtomicLong nextRun =
      new java.util.concurrent.atomic.AtomicLong();
  private boolean closed;

  private WorkDirectory(Path dir, TempRegistry registry) {
    this.dir = dir;
    this.registry = registry;
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
    Files.createDirectories(parent);
    long pid = ProcessHandle.current().pid();
    Path dir =
        parent.resolve(PREFIX + pid + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
    Files.createDirectory(dir);
    registry.register(dir);
    WorkDirectory wd = new WorkDirectory(dir, registry);
    try {
      Files.write(dir.resolve(MARKER), (pid + "\n").getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      wd.close();
      throw e;
    }
    return wd;
  }

  public Path path() {
    return dir;
  }

  /** A new, unused file name for a run of the given pass. */
  public Path newRun(int pass) {
    return dir.resolve("pass" + pass + "-run" + nextRun.getAndIncrement() + ".bin");
  }

  /** The name the finished output is written under before it is moved into place. */
  public Path outputInProgress() {
    return dir.resolve("output.part");
  }

  /** Renames the finished file over the output (atomically where the file system can). */
  public static void moveIntoPlace(Path from, Path to) throws IOException {
    Path parent = to.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      // Another file system (--work-dir elsewhere): copy beside the output, then rename there.
      Path beside = parent.resolve("." + to.getFileName() + ".part");
      try {
        Files.move(from, beside, StandardCopyOption.REPLACE_EXISTING);
        Files.move(beside, to, StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(beside);
      }
    }
  }

  /** Deletes a run that has been merged. */
  public void delete(Path run) throws IOException {
    Files.deleteIfExists(run);
  }

  /** Removes the folder and everything in it; may be called again. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    deleteTree(dir);
    registry.release(dir);
  }

  /** Deletes a file or a folder and everything in it; a missing path is fine. */
  public static void deleteTree(Path root) throws IOException {
    if (Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      org.apache.commons.io.file.PathUtils.delete(root);
    }
  }

  /**
   * Removes work folders in {@code parent} whose owning process is gone (left by {@code kill -9} or
   * a power cut); folders of live processes are left alone.
   *
   * @return the folders removed
   */
  public static List<Path> removeStale(Path parent) throws IOException {
    List<Path> removed = new ArrayList<>();
    if (!Files.isDirectory(parent)) {
      return removed;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, PREFIX + "*")) {
      for (Path candidate : entries) {
        Optional<Long> owner = owner(candidate);
        if (owner.isEmpty()) {
          continue; // not ours, or not readable: leave it
        }
        boolean alive = ProcessHandle.of(owner.get()).map(ProcessHandle::isAlive).orElse(false);
        if (!alive) {
          deleteTree(candidate);
          removed.add(candidate);
          LOG.info("Removed stale work folder {} of process {}", candidate, owner.get());
        }
      }
    }
    return removed;
  }

  private static Optional<Long> owner(Path dir) {
    Path marker = dir.resolve(MARKER);
    try {
      String text = new String(Files.readAllBytes(marker), StandardCharsets.US_ASCII).trim();
      return Optional.of(Long.parseLong(text));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }
}
