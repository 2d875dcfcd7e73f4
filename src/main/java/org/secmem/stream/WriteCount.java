package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The bookkeeping every write stream shares: whether it is closed, and, for a region writer, how
 * many of the region's ints are still free. A whole-file writer has no limit. The streams keep only
 * their own buffering.
 */
final class WriteCount {

  private final Path path;
  private final long firstInt;
  private final long limit;
  private long written;
  private boolean closed;

  private WriteCount(Path path, long firstInt, long limit) {
    this.path = path;
    this.firstInt = firstInt;
    this.limit = limit;
  }

  /** For a writer of a whole new file: any number of ints. */
  static WriteCount unbounded(Path path) {
    return new WriteCount(path, 0, Long.MAX_VALUE);
  }

  /** For a writer of ints [atInt, atInt + lenInts) of an existing file. */
  static WriteCount region(Path path, long atInt, long lenInts) {
    return new WriteCount(path, atInt, lenInts);
  }

  /**
   * Before {@code n} ints are written: the stream is open and they fit; they are counted.
   *
   * @throws IOException naming the region when they would go past its end (nothing is counted)
   */
  void add(int n) throws IOException {
    if (closed) {
      throw StreamState.closed();
    }
    if (n > limit - written) {
      throw full(n);
    }
    written += n;
  }

  /**
   * Before a bulk write of {@code src[off .. off + len)}: the range is within the array, the stream
   * is open and they fit; they are counted.
   *
   * @throws IndexOutOfBoundsException when the range is not within {@code src}
   */
  void add(int[] src, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, src.length);
    add(len);
  }

  /** The error for {@code n} ints more than the region holds. */
  IOException full(long n) {
    return new IOException(
        path
            + ": cannot write "
            + n
            + " more int(s) to the region of "
            + limit
            + " ints ["
            + firstInt
            + ", "
            + (firstInt + limit)
            + "): "
            + written
            + " already written");
  }

  /** Marks the stream closed; false when it already was (close may be called twice). */
  boolean close() {
    if (closed) {
      return false;
    }
    closed = true;
    return true;
  }
}
