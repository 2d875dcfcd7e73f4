package org.secmem.stream;

import java.io.Closeable;
import java.io.IOException;

/**
 * Writes 32-bit ints, big-endian, to a new file (an existing file is truncated).
 *
 * <p>Instances come open from {@link Streams#createWriter}; the caller owns the stream and must
 * close it. {@link #close()} writes what is still buffered and, when the stream was created with
 * {@link StreamOptions#sync()}, forces the file to storage before it returns. After {@code close}
 * every method but {@code close} throws {@code IllegalStateException("closed")}.
 */
public interface WriteStream extends Closeable {

  /** Appends one int. */
  void write(int value) throws IOException;

  /** Appends {@code src[off..off+len)}. */
  void write(int[] src, int off, int len) throws IOException;
}
