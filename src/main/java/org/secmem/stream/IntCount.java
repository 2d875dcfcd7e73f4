package org.secmem.stream;

import java.io.EOFException;
import java.nio.file.Path;

/**
 * The bookkeeping every read stream shares: whether it is closed, and how many of the file's ints
 * it has handed out. The streams keep only their own buffering.
 */
final class IntCount {

  private final Path path;
  private final long total;
  private long read;
  private boolean closed;

  IntCount(Path path, long total) {
    this.path = path;
    this.total = total;
  }

  /** Before one int: the stream is open and not at the end; the int is counted. */
  void next() throws EOFException {
    if (closed) {
      throw StreamState.closed();
    }
    if (read >= total) {
      throw StreamState.endOfFile(path, total);
    }
    read++;
  }

  /** Before a bulk read of up to {@code len} ints: how many there are, counted as read. */
  int take(int len) {
    if (closed) {
      throw StreamState.closed();
    }
    int n = (int) Math.min(len, total - read);
    read += n;
    return n;
  }

  boolean atEnd() {
    if (closed) {
      throw StreamState.closed();
    }
    return read >= total;
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
