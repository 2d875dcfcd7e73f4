package org.secmem.stream;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads with an own buffer of B bytes, filled by one {@code FileInputStream.read(byte[])} call per
 * B bytes: the seed report's {@code BufferB} type. Unlike {@code BufferedInputStream}, no {@code
 * DataInputStream} layer and no synchronisation sit between the caller and the buffer: a whole int
 * is decoded with one big-endian load. An int may straddle two fills when B is not a multiple of 4.
 *
 * <p>Cost: ⌈4N/B⌉ {@code read} system calls; none reads past the end of the region.
 */
final class UserBufferReadStream extends CountedReadStream {

  private final Path path;
  private final FileInputStream in;
  private final byte[] buf;
  private int pos;
  private int limit;

  /** Bytes of the region not yet read into the buffer: a fill never reads past its end. */
  private long unreadBytes;

  /** Reads ints [fromInt, toInt) of {@code path}. */
  UserBufferReadStream(Path path, int bufferBytes, long fromInt, long toInt) throws IOException {
    super(path, toInt - fromInt);
    this.path = path;
    this.in = Regions.inputAt(path, fromInt * Integer.BYTES);
    this.buf = new byte[bufferBytes];
    this.unreadBytes = (toInt - fromInt) * Integer.BYTES;
  }

  @Override
  public int readNext() throws IOException {
    countNext();
    int v;
    if (limit - pos >= Integer.BYTES) {
      v = BigEndian.getInt(buf, pos);
      pos += Integer.BYTES;
    } else {
      v = straddlingInt();
    }
    return v;
  }

  /** Assembles an int whose bytes are split between this fill and the next. */
  private int straddlingInt() throws IOException {
    int v = 0;
    for (int i = 0; i < Integer.BYTES; i++) {
      if (pos == limit) {
        fill();
      }
      v = (v << 8) | (buf[pos++] & 0xFF);
    }
    return v;
  }

  private void fill() throws IOException {
    int n = in.read(buf, 0, (int) Math.min(buf.length, unreadBytes));
    if (n <= 0) {
      throw StreamState.truncated(path);
    }
    unreadBytes -= n;
    pos = 0;
    limit = n;
  }

  @Override
  protected void readInts(int[] dst, int off, int n) throws IOException {
    int i = 0;
    while (i < n) {
      int whole = Math.min(n - i, (limit - pos) / Integer.BYTES);
      if (whole == 0) {
        dst[off + i++] = straddlingInt();
        continue;
      }
      for (int j = 0; j < whole; j++) {
        dst[off + i + j] = BigEndian.getInt(buf, pos);
        pos += Integer.BYTES;
      }
      i += whole;
    }
  }

  @Override
  protected void release() throws IOException {
    in.close();
  }

  @Override
  public String toString() {
    return "user-buffer(" + path + ", B=" + buf.length + ")";
  }
}
