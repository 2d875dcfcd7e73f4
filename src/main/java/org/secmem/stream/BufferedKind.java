package org.secmem.stream;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@link StreamType#BUFFERED}: the JDK's {@code BufferedInputStream}/{@code BufferedOutputStream}
 * ({@link StreamType#JDK_BUFFER_BYTES}) under {@code DataInputStream}/{@code DataOutputStream}.
 */
final class BufferedKind implements StreamKind {

  @Override
  public ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    FileInputStream file = Regions.inputAt(path, fromInt * Integer.BYTES);
    return new DataInputReadStream(
        StreamType.BUFFERED, path, new BufferedInputStream(file), toInt - fromInt);
  }

  @Override
  public WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    FileOutputStream file = new FileOutputStream(path.toFile());
    return new DataOutputWriteStream(
        StreamType.BUFFERED,
        path,
        file,
        new BufferedOutputStream(file),
        options.sync(),
        WriteCount.unbounded(path));
  }

  @Override
  public WriteStream createRegionWriter(Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    FileOutputStream file = Regions.outputAt(path, atInt * Integer.BYTES);
    return new DataOutputWriteStream(
        StreamType.BUFFERED,
        path,
        file,
        new BufferedOutputStream(file),
        options.sync(),
        WriteCount.region(path, atInt, lenInts));
  }

  @Override
  public boolean usesBufferSize() {
    return false;
  }

  @Override
  public int buffersOfB(boolean reading) {
    return 0;
  }

  @Override
  public long fixedBufferBytes() {
    return StreamType.JDK_BUFFER_BYTES;
  }

  @Override
  public long heapBytes(long bufferBytes) {
    return StreamType.JDK_BUFFER_BYTES;
  }

  @Override
  public long bytesPerCall(boolean writing, long bufferBytes) {
    return StreamType.JDK_BUFFER_BYTES;
  }
}
