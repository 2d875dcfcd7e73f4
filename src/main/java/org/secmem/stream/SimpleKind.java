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
   * What the running JDK's {@code DataInputStream.readInt} and {@code DataOutputStream.writeInt}
   * move per call on the unbuffered file, each call a system call: measured on this JVM by {@link
   * DataStreamCalls} (JDK 17: one byte a call reading, {@code readInt} calling {@code read()} four
   * times; JDK 25: four bytes, one {@code read} per int; both write one {@code write} per int).
   */
  @Override
  public long bytesPerCall(boolean writing, long bufferBytes) {
    return writing
        ? DataStreamCalls.WRITE_INT_BYTES_PER_CALL
        : DataStreamCalls.READ_INT_BYTES_PER_CALL;
  }
}
