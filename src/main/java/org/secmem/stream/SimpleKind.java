package org.secmem.stream;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;

/** {@link StreamType#SIMPLE}: {@code DataInputStream}/{@code DataOutputStream} on the file. */
final class SimpleKind implements StreamKind {

  @Override
  public ReadStream openReader(Path path, StreamOptions options, long fromInt, long toInt)
      throws IOException {
    FileInputStream file = Regions.inputAt(path, fromInt * Integer.BYTES);
    return new DataInputReadStream(StreamType.SIMPLE, path, file, toInt - fromInt);
  }

  @Override
  public WriteStream createWriter(Path path, StreamOptions options) throws IOException {
    FileOutputStream file = new FileOutputStream(path.toFile());
    return new DataOutputWriteStream(
        StreamType.SIMPLE, path, file, file, options.sync(), WriteCount.unbounded(path));
  }

  @Override
  public WriteStream createRegionWriter(Path path, StreamOptions options, long atInt, long lenInts)
      throws IOException {
    FileOutputStream file = Regions.outputAt(path, atInt * Integer.BYTES);
    return new DataOutputWriteStream(
        StreamType.SIMPLE,
        path,
        file,
        file,
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

  /**
   * Reading, one byte: {@code DataInputStream.readInt} calls {@code read()} four times per int,
   * each a system call on an unbuffered file. Writing, one int: JDK 17's {@code
   * DataOutputStream.writeInt} assembles the four bytes and makes one {@code write} call (measured
   * with /proc/self/io).
   */
  @Override
  public long bytesPerCall(boolean writing, long bufferBytes) {
    return writing ? Integer.BYTES : 1;
  }
}
