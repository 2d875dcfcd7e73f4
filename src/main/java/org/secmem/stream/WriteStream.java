package org.secmem.stream;

import java.io.Closeable;
import java.io.IOException;

/**
 * Writes 32-bit ints, big-endian, to a new file (an existing file is truncated), or to a region of
 * an existing file, which holds a fixed number of ints and whose file keeps its length.
 *
 * <p>Instances come open from {@link Streams#createWriter} or {@link Streams#createRegionWriter};
 * the caller owns the stream and must close it. {@link #close()} writes what is still buffered and,
 * when the stream was created with {@link StreamOptions#sync()}, forces the file to storage before
 * it returns. After {@code close} every method but {@code close} throws {@code
 * IllegalStateException("closed")}.
 */
public interface WriteStream extends Closeable {

  /**
   * Appends one int.
   *
   * @throws IOException naming the region when a region writer's region is already full
   */
  void write(int value) throws IOException;

  /**
   * Appends {@code src[off..off+len)}.
   *
   * @throws IOException naming the region, writing nothing, when they do not fit in a region
   *     writer's region
   */
  void write(int[] src, int off, int len) throws IOException;
}
