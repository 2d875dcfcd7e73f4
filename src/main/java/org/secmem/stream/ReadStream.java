package org.secmem.stream;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;

/**
 * Reads a file of 32-bit big-endian ints, or a region of one, one at a time or in bulk. "The file"
 * below means the region for a stream opened on one.
 *
 * <p>Instances come open from {@link Streams#openReader}; the caller owns the stream and must close
 * it (try-with-resources). After {@link #close()} every method but {@code close} throws {@code
 * IllegalStateException("closed")}; {@code close} may be called again.
 */
public interface ReadStream extends Closeable {

  /**
   * Returns the next int of the file.
   *
   * @throws EOFException when every int has been read
   */
  int readNext() throws IOException;

  /** Returns true when every int of the file has been read. */
  boolean endOfStream() throws IOException;

  /**
   * Reads up to {@code len} ints into {@code dst[off..off+len)}: fewer only at the end of the file.
   *
   * @return the number of ints read; 0 at the end of the file (or when {@code len} is 0)
   */
  int read(int[] dst, int off, int len) throws IOException;
}
