package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Reads through a {@link FileChannel} into a direct buffer of B bytes: the kernel copies straight
 * into memory the JVM does not move, and bulk reads decode whole blocks with one swapping copy
 * ({@link IntBuffer#get(int[], int, int)}) instead of an int at a time. Bytes of an int cut by the
 * end of a fill are moved to the front ({@link ByteBuffer#compact()}) before the next fill.
 *
 * <p>Cost: about ⌈4N/B⌉ {@code read} system calls.
 */
final class ChannelReadStream implements ReadStream {

  private final Path path;
  private final FileChannel channel;
  private final ByteBuffer buf;
  private final IntCount count;

  ChannelReadStream(Path path, int bufferBytes, long totalInts) throws IOException {
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.buf = ByteBuffer.allocateDirect(Math.max(bufferBytes, Integer.BYTES));
    this.buf.limit(0);
    this.count = new IntCount(path, totalInts);
  }

  @Override
  public int readNext() throws IOException {
    count.next();
    if (buf.remaining() < Integer.BYTES) {
      fill();
    }
    return buf.getInt();
  }

  /** Keeps the bytes of a cut int, reads until at least one whole int is there. */
  private void fill() throws IOException {
    buf.compact();
    while (buf.position() < Integer.BYTES) {
      if (channel.read(buf) < 0) {
        throw StreamState.truncated(path);
      }
    }
    buf.flip();
  }

  @Override
  public boolean endOfStream() {
    return count.atEnd();
  }

  @Override
  public int read(int[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    int n = count.take(len);
    int i = 0;
    while (i < n) {
      if (buf.remaining() < Integer.BYTES) {
        fill();
      }
      int whole = Math.min(n - i, buf.remaining() / Integer.BYTES);
      buf.asIntBuffer().get(dst, off + i, whole);
      buf.position(buf.position() + whole * Integer.BYTES);
      i += whole;
    }
    return n;
  }

  @Override
  public void close() throws IOException {
    if (count.close()) {
      channel.close();
    }
  }

  @Override
  public String toString() {
    return "channel(" + path + ", B=" + buf.capacity() + ")";
  }
}
