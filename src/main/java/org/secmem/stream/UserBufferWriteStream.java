package org.secmem.stream;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes into an own buffer of B bytes, flushed by one {@code FileOutputStream.write(byte[])} call
 * when full: the seed report's {@code BufferB} type. An int may straddle two flushes when B is not
 * a multiple of 4.
 *
 * <p>Cost: ⌈4N/B⌉ {@code write} system calls.
 */
final class UserBufferWriteStream implements WriteStream {

  private final Path path;
  private final FileOutputStream out;
  private final byte[] buf;
  private final boolean sync;
  private int pos;
  private final WriteCount count;

  /** Writes to {@code out} (owned from now on, closed with this stream). */
  UserBufferWriteStream(
      Path path, FileOutputStream out, int bufferBytes, boolean sync, WriteCount count) {
    this.path = path;
    this.out = out;
    this.buf = new byte[bufferBytes];
    this.sync = sync;
    this.count = count;
  }

  @Override
  public void write(int value) throws IOException {
    count.add(1);
    if (buf.length - pos >= Integer.BYTES) {
      BigEndian.putInt(buf, pos, value);
      pos += Integer.BYTES;
    } else {
      writeStraddling(value);
    }
  }

  private void writeStraddling(int value) throws IOException {
    for (int shift = 24; shift >= 0; shift -= 8) {
      if (pos == buf.length) {
        flushBuffer();
      }
      buf[pos++] = (byte) (value >>> shift);
    }
  }

  private void flushBuffer() throws IOException {
    try {
      out.write(buf, 0, pos);
    } catch (IOException e) {
      throw StreamState.failed(path, e);
    }
    pos = 0;
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    count.add(src, off, len);
    int i = 0;
    while (i < len) {
      int room = (buf.length - pos) / Integer.BYTES;
      if (room == 0) {
        writeStraddling(src[off + i++]);
        continue;
      }
      int whole = Math.min(len - i, room);
      for (int j = 0; j < whole; j++) {
        BigEndian.putInt(buf, pos, src[off + i + j]);
        pos += Integer.BYTES;
      }
      i += whole;
    }
  }

  @Override
  public void close() throws IOException {
    if (!count.close()) {
      return;
    }
    try (FileOutputStream toClose = out) {
      if (pos > 0) {
        flushBuffer();
      }
      if (sync) {
        try {
          out.getFD().sync();
        } catch (IOException e) {
          throw StreamState.failed(path, e);
        }
      }
    }
  }

  @Override
  public String toString() {
    return "user-buffer(" + path + ", B=" + buf.length + ")";
  }
}
