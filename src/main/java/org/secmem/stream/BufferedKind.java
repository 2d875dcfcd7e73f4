package org.secmem.stream;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * {@link StreamType#BUFFERED}: the JDK's {@code BufferedInputStream}/{@code BufferedOutputStream}
 * ({@link StreamType#JDK_BUFFER_BYTES}) under {@code DataInputStream}/{@code DataOutputStream}.
 */
final class BufferedKind extends DataStreamKind {

  @Override
  StreamType type() {
    return StreamType.BUFFERED;
  }

  @Override
  InputStream source(FileInputStream file) {
    return new BufferedInputStream(file);
  }

  @Override
  OutputStream sink(FileOutputStream file) {
    return new BufferedOutputStream(file);
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
