package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;

/** {@link StreamType#CHANNEL}: a {@code FileChannel} with a direct buffer of B bytes. */
final class ChannelKind implements StreamKind {

  @Override
  public ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    return new ChannelReadStream(path, options.bufferBytes(), fromInt, toInt);
  }

  @Override
  public WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    return ChannelWriteStream.create(path, options.bufferBytes(), options.sync());
  }

  @Override
  public WriteStream createRegionWriter(Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    return ChannelWriteStream.region(path, options.bufferBytes(), options.sync(), atInt, lenInts);
  }

  @Override
  public long directBytes(long bufferBytes) {
    return bufferBytes;
  }
}
