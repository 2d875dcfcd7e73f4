package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Writes through windows of B bytes mapped read-write with {@link FileChannel#map}; mapping past
 * the end grows the file, and {@link #close()} truncates it to the bytes really written: the seed
 * report's {@code Mapping} type. With {@code sync}, each window is forced to storage before it is
 * released, and the file at close.
 *
 * <p>Cost: ⌈4N/B⌉ {@code mmap} calls and as many file extensions; data leaves by page write-back.
 */
final class MappedWriteStream implements WriteStream {

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private final Path path;
  private final FileChannel channel;
  private final int windowBytes;
  private final boolean sync;
  private long windowStart;
  private ByteBuffer window = EMPTY;
  private boolean closed;

  MappedWriteStream(Path path, int windowBytes, boolean sync) throws IOException {
    this.path = path;
    this.channel =
        FileChannel.open(
            path,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE);
    this.windowBytes = windowBytes;
    this.sync = sync;
  }

  @Override
  public void write(int value) throws IOException {
    if (closed) {
      throw StreamState.closed();
    }
    if (window.remaining() >= Integer.BYTES) {
      window.putInt(value);
    } else {
      writeStraddling(value);
    }
  }

  private void writeStraddling(int value) throws IOException {
    for (int shift = 24; shift >= 0; shift -= 8) {
      if (!window.hasRemaining()) {
        nextWindow();
      }
      window.put((byte) (value >>> shift));
    }
  }

  private void nextWindow() throws IOException {
    long next = windowStart + window.capacity();
    release();
    window = channel.map(FileChannel.MapMode.READ_WRITE, next, windowBytes);
    windowStart = next;
  }

  /** Forces (with sync) and unmaps the current window; the window is empty afterwards. */
  private void release() {
    ByteBuffer old = window;
    window = EMPTY;
    if (sync && old instanceof MappedByteBuffer) {
      ((MappedByteBuffer) old).force();
    }
    Unmapper.unmap(old);
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, src.length);
    if (closed) {
      throw StreamState.closed();
    }
    int i = 0;
    while (i < len) {
      int whole = Math.min(len - i, window.remaining() / Integer.BYTES);
      if (whole == 0) {
        writeStraddling(src[off + i++]);
        continue;
      }
      window.asIntBuffer().put(src, off + i, whole);
      window.position(window.position() + whole * Integer.BYTES);
      i += whole;
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    long written = windowStart + window.position();
    try (FileChannel toClose = channel) {
      release();
      channel.truncate(written);
      if (sync) {
        channel.force(true);
      }
    }
  }

  @Override
  public String toString() {
    return "mapped(" + path + ", B=" + windowBytes + ")";
  }
}
