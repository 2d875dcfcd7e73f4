package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;
import org.secmem.fs.HeldFiles;

/** {@link StreamType#USER_BUFFER}: an own heap buffer of B bytes, one call per B bytes. */
final class UserBufferKind implements StreamKind {

  @Override
  public ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    return new UserBufferReadStream(path, options.bufferBytes(), fromInt, toInt);
  }

  @Override
  public WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    return new UserBufferWriteStream(
        path,
        HeldFiles.streamTargetStream(path),
        options.bufferBytes(),
        options.sync(),
        WriteCount.unbounded(path));
  }

  @Override
  public WriteStream createRegionWriter(Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    return new UserBufferWriteStream(
        path,
        Regions.outputAt(path, atInt * Integer.BYTES),
        options.bufferBytes(),
        options.sync(),
        WriteCount.region(path, atInt, lenInts));
  }

  @Override
  public long heapBytes(long bufferBytes) {
    return bufferBytes;
  }
}
