package org.secmem.stream;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What every read stream shares: whether it is closed and how many of the file's ints it has handed
 * out ({@link IntCount}), the end of the file, a bulk read's checks, and closing once. A stream
 * adds only its own buffering: {@link #readNext()} (after {@link #countNext()}), {@link #readInts}
 * and {@link #release}.
 */
abstract class CountedReadStream implements ReadStream {

  private final IntCount count;

  /** A stream of the {@code totalInts} ints of {@code path} (or of its region). */
  CountedReadStream(Path path, long totalInts) {
    this.count = new IntCount(path, totalInts);
  }

  /**
   * Before one int of {@link #readNext()}: the stream is open and not at the end; it is counted.
   */
  protected final void countNext() throws EOFException {
    count.next();
  }

  @Override
  public final boolean endOfStream() {
    return count.atEnd();
  }

  @Override
  public final int read(int[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    int n = count.take(len);
    readInts(dst, off, n);
    return n;
  }

  /** Reads the next {@code n} ints, which the file holds, into {@code dst[off..off+n)}. */
  protected abstract void readInts(int[] dst, int off, int n) throws IOException;

  @Override
  public final void close() throws IOException {
    if (count.close()) {
      release();
    }
  }

  /** Closes what the stream holds; called once, by the first {@link #close()}. */
  protected abstract void release() throws IOException;
}
