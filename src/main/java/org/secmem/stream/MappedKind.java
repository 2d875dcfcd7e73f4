package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@link StreamType#MAPPED}: windows of B bytes mapped with {@code FileChannel.map}. A window is
 * address space backed by the page cache, not heap or direct memory, but the sort counts it as one
 * buffer of B against M. One {@code mmap} call per window of B bytes; the data moves by page
 * faults.
 */
final class MappedKind implements StreamKind {

  @Override
  public ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    return new MappedReadStream(path, options.bufferBytes(), fromInt, toInt);
  }

  @Override
  public WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    return MappedWriteStream.create(path, options.bufferBytes(), options.sync());
  }

  @Override
  public WriteStream createRegionWriter(Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    return MappedWriteStream.region(path, options.bufferBytes(), options.sync(), atInt, lenInts);
  }
}
