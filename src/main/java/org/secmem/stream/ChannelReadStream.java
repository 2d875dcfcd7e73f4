package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads through a {@link FileChannel} into a direct buffer of B bytes: the kernel copies straight
 * into memory the JVM does not move, and bulk reads decode whole blocks with one swapping copy
 * ({@link IntBuffer#get(int[], int, int)}) instead of an int at a time. Bytes of an int cut by the
 * end of a fill are moved to the front ({@link ByteBuffer#compact()}) before the next fill. The
 * channel starts at the region, and no fill reads past its end.
 *
 * <p>Cost: about ⌈4N/B⌉ {@code read} system calls.
 */
final class ChannelReadStream extends CountedReadStream {

  private final Path path;
  private final FileChannel channel;
  private final ByteBuffer buf;

  /** Allocates and frees {@link #buf}. */
  private final Unmapper memory = new Unmapper();

  /** Bytes of the region not yet read into the buffer: a fill never reads past its end. */
  private long unreadBytes;

  /** Reads ints [fromInt, toInt) of {@code path}. */
  ChannelReadStream(Path path, int bufferBytes, long fromInt, long toInt) throws IOException {
    super(path, toInt - fromInt);
    this.path = path;
    this.channel = Regions.channelAt(path, StandardOpenOption.READ, fromInt * Integer.BYTES);
    this.buf = memory.allocateDirect(Math.max(bufferBytes, Integer.BYTES));
    this.buf.limit(0);
    this.unreadBytes = (toInt - fromInt) * Integer.BYTES;
  }

  @Override
  public int readNext() throws IOException {
    countNext();
    if (buf.remaining() < Integer.BYTES) {
      fill();
    }
    return buf.getInt();
  }

  /** Keeps the bytes of a cut int, reads until at least one whole int is there. */
  private void fill() throws IOException {
    buf.compact();
    while (buf.position() < Integer.BYTES) {
      buf.limit((int) Math.min(buf.capacity(), buf.position() + unreadBytes));
      int n = channel.read(buf);
      if (n < 0) {
        throw StreamState.truncated(path);
      }
      unreadBytes -= n;
    }
    buf.flip();
  }

  @Override
  protected void readInts(int[] dst, int off, int n) throws IOException {
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
  }

  @Override
  protected void release() throws IOException {
    try {
      channel.close();
    } finally {
      // Freed now, not when the collector gets to it: a run read as many files would
      // otherwise pile up direct memory until the JVM forces a full collection.
      memory.unmap(buf);
    }
  }

  @Override
  public String toString() {
    return "channel(" + path + ", B=" + buf.capacity() + ")";
  }
}
