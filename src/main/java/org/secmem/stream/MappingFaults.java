package org.secmem.stream;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Turns the JVM's report of a failed access to a mapped file into an IOException naming the file.
 *
 * <p>When the kernel cannot back a page of a mapping — the file was truncated under a reader, or
 * the disk filled up under a writer — it sends SIGBUS. The JVM skips the access (a load returns
 * garbage) and marks the thread: the next time the thread comes back from the VM into Java, it
 * throws {@code java.lang.InternalError: a fault occurred in a recent unsafe memory access}. That
 * can be anywhere later on: in our caller, inside the JDK's channel code (leaving its state
 * broken), or inside the cleaner that unmaps the window, whose handler then calls {@code
 * System.exit(1)}. So the mapped streams call {@link #surface()} before they release a window and
 * at close: a fault in a window is thrown there, inside the stream, where it is caught and
 * explained. A fault with several mapped streams on one thread is reported by the first of them
 * that checks.
 */
final class MappingFaults {

  private static final Logger LOG = LogManager.getLogger(MappingFaults.class);

  /** A size the compiler cannot see through: keeps the allocation below a call into the VM. */
  private static volatile int one = 1;

  /** Where the allocation goes, so that it is not optimized away. */
  @SuppressWarnings("unused")
  private static Object sink;

  private MappingFaults() {}

  /**
   * Throws the pending {@link InternalError} of a fault in a mapping of this thread, if there is
   * one. A two-dimensional array whose sizes are not constants is allocated by the VM itself
   * (interpreted or compiled: the {@code multianewarray} runtime call), and the JVM delivers a
   * pending fault on the way back from the VM to Java, that is here. Costs about as much as
   * allocating two tiny arrays; called once per window, not per int.
   */
  static void surface() {
    int n = one;
    sink = new int[n][n];
  }

  /** The error for a fault while writing {@code path} through a mapping. */
  static IOException writeFailed(Path path, InternalError fault) {
    LOG.debug("Fault in a mapping of {}", path, fault);
    String why;
    if (diskFull(path)) {
      why = "No space left on device (a write through the memory mapping failed)";
    } else {
      why =
          "a write through the memory mapping failed (SIGBUS: the disk may be full, or the file"
              + " was truncated or its storage failed)";
    }
    return new IOException(path + ": " + why, fault);
  }

  /**
   * The error for a fault while reading {@code path} through a mapping that ends at {@code end}.
   */
  static IOException readFailed(Path path, long end, InternalError fault) {
    LOG.debug("Fault in a mapping of {}", path, fault);
    long size = sizeOf(path);
    IOException e;
    if (size >= 0 && size < end) {
      e =
          new EOFException(
              path
                  + ": the file became shorter while it was being read ("
                  + size
                  + " bytes now; a read through the memory mapping failed)");
    } else {
      e =
          new IOException(
              path
                  + ": a read through the memory mapping failed (SIGBUS: the file"
                  + " was truncated or its storage failed)");
    }
    e.initCause(fault);
    return e;
  }

  /** Whether the file system of {@code path} has less than a page free. */
  private static boolean diskFull(Path path) {
    try {
      java.nio.file.FileStore store = Files.getFileStore(path);
      // A file system that states no size (ramfs) is never "full" by its blocks.
      return store.getTotalSpace() > 0 && store.getUsableSpace() < 4096;
    } catch (IOException e) {
      LOG.debug("Could not ask for the free space of {}", path, e);
      return false;
    }
  }

  /** The file's size now, or -1 when it cannot be known. */
  private static long sizeOf(Path path) {
    try {
      return Files.size(path);
    } catch (IOException e) {
      LOG.debug("Could not ask for the size of {}", path, e);
      return -1;
    }
  }
}
