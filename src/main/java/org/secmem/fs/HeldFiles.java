package org.secmem.fs;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * The ownership gate's steps for files a process holds rather than files it judges by their mark
 * ({@link Ownership}): the files of a work folder it made and holds locked, the memory cgroups it
 * made, and the paths its streams are handed. Each step says in its Javadoc why it may.
 */
public final class HeldFiles {

  private HeldFiles() {}

  // ---- A work folder's own files -------------------------------------------------------------
  // A sort's or a buffer tree's work folder is secmem's by its locked owner marker (OwnerMarker,
  // judged by 'clean'), and the files in it are the ones this process's streams created there:
  // the process that holds the folder sizes, replaces and removes them as it goes. Callers name
  // only files of a work folder they made and hold.

  /** Removes {@code file} of a work folder this process holds; a missing one is fine. */
  public static boolean deleteWorkFile(Path file) throws IOException {
    return Files.deleteIfExists(file);
  }

  /** Removes the folder {@code folder} of a work folder this process holds, once empty. */
  public static void deleteWorkFolder(SecureFolder parent, String name) throws IOException {
    parent.deleteEmptyFolder(name);
  }

  /** Removes the entry {@code name} (never a folder) of a work folder this process holds. */
  public static void deleteWorkFile(SecureFolder folder, String name) throws IOException {
    folder.deleteFile(name);
  }

  /**
   * Sets the length of {@code file} of a work folder this process holds (created when missing, as a
   * merge's target before its region writers open it); nothing is truncated that it did not write.
   */
  public static void sizeWorkFile(Path file, long bytes) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(bytes);
    }
  }

  /**
   * Renames {@code from} over {@code to}, both files of a work folder this process holds (an engine
   * task's finished attempt over an earlier attempt's result), in one atomic step.
   */
  public static void replaceWorkFile(Path from, Path to) throws IOException {
    Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * Moves the finished {@code from} (a file of a work folder this process holds) to the fresh
   * temporary name {@code to} beside its target: renamed, or copied from another file system; never
   * over anything at {@code to}.
   */
  public static void moveToFreshName(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to); // another file system (--work-dir elsewhere): a copy
    }
  }

  // ---- Memory cgroups ---------------------------------------------------------------------------

  /**
   * Removes the memory cgroup {@code dir} ({@code rmdir}, which the kernel allows only once it
   * holds no process): one this process made (its name, unique to the run, was kept in memory) or
   * one that {@code clean} judged abandoned by the time in its name.
   */
  public static void deleteCgroup(Path dir) throws IOException {
    Files.delete(dir);
  }

  // ---- The stream layer ------------------------------------------------------------------------

  /**
   * A channel writing {@code path} from its start for a stream: created, or truncated when it is
   * there. Streams are handed only paths the caller has from this class (a fresh temporary, a file
   * of its own work folder, an output it may replace), so the stream layer decides nothing itself.
   */
  public static FileChannel streamTarget(Path path, Set<OpenOption> also) throws IOException {
    Set<OpenOption> o = new HashSet<>(also);
    o.add(StandardOpenOption.CREATE);
    o.add(StandardOpenOption.TRUNCATE_EXISTING);
    o.add(StandardOpenOption.WRITE);
    return FileChannel.open(path, o);
  }

  /**
   * As {@link #streamTarget}, a stream on the file ({@code FileOutputStream}: created or
   * truncated).
   */
  public static FileOutputStream streamTargetStream(Path path) throws IOException {
    return new FileOutputStream(path.toFile());
  }

  /**
   * The existing file {@code path} opened for writing anywhere in it, nothing truncated, for a
   * region stream (its caller sized it with {@link #sizeWorkFile}).
   */
  public static RandomAccessFile streamRegion(Path path) throws IOException {
    return new RandomAccessFile(path.toFile(), "rw");
  }
}
