package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes through a {@link FileChannel} from a direct buffer of B bytes, with bulk writes encoded a
 * block at a time ({@code IntBuffer.put(int[], int, int)}). With B not a multiple of 4 a write
 * carries the whole ints that fit. A region writer's channel starts at the region and the file is
 * never truncated.
 *
 * <p>Cost: about ⌈4N/B⌉ {@code write} system calls.
 */
final class ChannelWriteStream implements WriteStream {

  private final String kind;
  private final Path path;
  private final FileChannel channel;
  private final ByteBuffer buf;
  private final boolean sync;
  private final int tailBlock;
  private final WriteCount count;

  /** Frees the buffer at once on close when it is one of this class's own; null for a caller's. */
  private final Unmapper owner;

  private long written;

  /**
   * Writes to {@code channel} (owned from now on) through {@code buf}.
   *
   * @param tailBlock when not 0, the last write is padded to a multiple of this many bytes (as
   *     O_DIRECT requires) and the file truncated back to its real length
   * @param owner frees {@code buf} at close; null where the buffer is not the stream's to free
   */
  ChannelWriteStream(
      String kind,
      Path path,
      FileChannel channel,
      ByteBuffer buf,
      boolean sync,
      int tailBlock,
      WriteCount count,
      Unmapper owner) {
    this.owner = owner;
    this.kind = kind;
    this.path = path;
    this.channel = channel;
    this.buf = buf;
    this.sync = sync;
    this.tailBlock = tailBlock;
    this.count = count;
  }

  /** Creates (or truncates) {@code path} and writes it from the start. */
  static WriteStream create(Path path, int bufferBytes, boolean sync) throws IOException {
    return over(path, Regions.created(path), bufferBytes, sync, WriteCount.unbounded(path));
  }

  /** Writes ints [atInt, atInt + lenInts) of the existing file {@code path}. */
  static WriteStream region(Path path, int bufferBytes, boolean sync, long atInt, long lenInts)
      throws IOException {
    FileChannel channel = Regions.channelAt(path, StandardOpenOption.WRITE, atInt * Integer.BYTES);
    return over(path, channel, bufferBytes, sync, WriteCount.region(path, atInt, lenInts));
  }

  /** A channel stream of its own direct buffer of B over {@code channel}. */
  private static WriteStream over(
      Path path, FileChannel channel, int bufferBytes, boolean sync, WriteCount count) {
    Unmapper owner = new Unmapper();
    return new ChannelWriteStream(
        "channel", path, channel, buffer(owner, bufferBytes), sync, 0, count, owner);
  }

  private static ByteBuffer buffer(Unmapper owner, int bufferBytes) {
    return owner.allocateDirect(Math.max(bufferBytes, Integer.BYTES));
  }

  @Override
  public void write(int value) throws IOException {
    count.add(1);
    if (buf.remaining() < Integer.BYTES) {
      drain();
    }
    buf.putInt(value);
  }

  private void drain() throws IOException {
    buf.flip();
    try {
      while (buf.hasRemaining()) {
        written += channel.write(buf);
      }
    } catch (IOException e) {
      throw StreamState.failed(path, e);
    }
    buf.clear();
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    count.add(src, off, len);
    int i = 0;
    while (i < len) {
      if (buf.remaining() < Integer.BYTES) {
        drain();
      }
      int whole = Math.min(len - i, buf.remaining() / Integer.BYTES);
      buf.asIntBuffer().put(src, off + i, whole);
      buf.position(buf.position() + whole * Integer.BYTES);
      i += whole;
    }
  }

  @Override
  public void close() throws IOException {
    if (!count.close()) {
      return;
    }
    try (FileChannel toClose = channel;
        Released released = new Released()) {
      long real = written + buf.position();
      if (tailBlock > 0 && buf.position() % tailBlock != 0) {
        while (buf.position() % tailBlock != 0) {
          buf.put((byte) 0);
        }
        drain();
        truncateAndSync(real);
      } else {
        drain();
        truncateAndSync(-1);
      }
    }
  }

  /** Cuts the file back to {@code length} bytes (none when negative) and forces it with sync. */
  private void truncateAndSync(long length) throws IOException {
    try {
      if (length >= 0) {
        channel.truncate(length);
      }
      if (sync) {
        channel.force(true);
      }
    } catch (IOException e) {
      throw StreamState.failed(path, e);
    }
  }

  /**
   * Frees the buffer when the stream closes, not when the collector gets to it: a sort that writes
   * a run as many files would otherwise pile up direct memory until the JVM forces a full
   * collection to reclaim it.
   */
  private final class Released implements AutoCloseable {
    @Override
    public void close() {
      if (owner != null) {
        owner.unmap(buf);
      }
    }
  }

  @Override
  public String toString() {
    return kind + "(" + path + ", B=" + buf.capacity() + ")";
  }
}
