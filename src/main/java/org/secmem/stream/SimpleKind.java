package org.secmem.stream;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;

/** {@link StreamType#SIMPLE}: {@code DataInputStream}/{@code DataOutputStream} on the file. */
final class SimpleKind extends DataStreamKind {

  @Override
  StreamType type() {
    return StreamType.SIMPLE;
  }

  @Override
  InputStream source(FileInputStream file) {
    return file;
  }

  @Override
  OutputStream sink(FileOutputStream file) {
    return file;
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
