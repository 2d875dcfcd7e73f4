package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@link StreamType#ASYNC}: read-ahead and write-behind of B-byte blocks on a background thread. A
 * system call moves B bytes; the background thread makes them, which /proc/self/io counts too.
 */
final class AsyncKind implements StreamKind {

  @Override
  public ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    return new AsyncReadStream(path, options.bufferBytes(), fromInt, toInt);
  }

  @Override
  public WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    return AsyncWriteStream.create(path, options.bufferBytes(), options.sync());
  }

  @Override
  public WriteStream createRegionWriter(Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    return AsyncWriteStream.region(path, options.bufferBytes(), options.sync(), atInt, lenInts);
  }

  /** One buffer filled or drained by the caller, one by the I/O thread. */
  @Override
  public int buffersOfB(boolean reading) {
    return 2;
  }

  @Override
  public long directBytes(long bufferBytes) {
    return 2 * bufferBytes;
  }
}
