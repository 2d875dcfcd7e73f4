package org.secmem.stream;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@link StreamType#DIRECT}: O_DIRECT, aligned blocks of B bytes straight to and from the device;
 * reads stay one block ahead on a background thread. B must be whole file-system blocks ({@link
 * StreamType#DIRECT_ALIGNMENT}), and so must write offsets: no regions at any int offset.
 */
final class DirectKind implements StreamKind {

  @Override
  public ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    return AsyncReadStream.direct(path, options.bufferBytes(), fromInt, toInt);
  }

  @Override
  public WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    return DirectWriteStream.create(path, options.bufferBytes(), options.sync());
  }

  @Override
  public WriteStream createRegionWriter(
      Path path, StreamOptions options, long atInt, long lenInts) {
    throw new AssertionError("direct writes no regions: " + regionLimitInDetail());
  }

  @Override
  public String regionLimit() {
    return "O_DIRECT writes whole blocks";
  }

  @Override
  public String regionLimitInDetail() {
    return "O_DIRECT writes need offsets and lengths that are whole file-system blocks";
  }

  @Override
  public int bufferAlignment() {
    return StreamType.DIRECT_ALIGNMENT;
  }

  @Override
  public String bufferProblem(long bufferBytes) {
    if (bufferBytes % StreamType.DIRECT_ALIGNMENT != 0) {
      return "direct needs B to be a multiple of "
          + StreamType.DIRECT_ALIGNMENT
          + " bytes (the file-system block size O_DIRECT works in), not "
          + bufferBytes;
    }
    return null;
  }

  /** Reading: the block being decoded and the one read ahead. */
  @Override
  public int buffersOfB(boolean reading) {
    return reading ? 2 : 1;
  }

  /** O_DIRECT's alignment slack. */
  @Override
  public long fixedBufferBytes() {
    return 2L * StreamType.DIRECT_ALIGNMENT;
  }

  /** A writer's one aligned buffer, with its alignment slack. */
  @Override
  public long directBytes(long bufferBytes) {
    return bufferBytes + StreamType.DIRECT_ALIGNMENT;
  }

  /** A reader holds two: the block being decoded and the one read ahead. */
  @Override
  public long directBytes(long bufferBytes, boolean reading) {
    return (reading ? 2 : 1) * directBytes(bufferBytes);
  }
}
