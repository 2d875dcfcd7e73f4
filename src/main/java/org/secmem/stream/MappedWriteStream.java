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

  private final Path path;
  private final FileChannel channel;
  private final int windowBytes;
  private final boolean sync;
  private final BlockWriter writer;
  /** Where the current window starts, and where the next one will. */
  private long windowStart;
  private long nextWindowStart;
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
    this.writer = new BlockWriter(this::nextWindow);
  }

  /** Releases the full window and maps the next one (which grows the file). */
  private ByteBuffer nextWindow(ByteBuffer full) throws IOException {
    release(full);
    ByteBuffer window = channel.map(FileChannel.MapMode.READ_WRITE, nextWindowStart, windowBytes);
    windowStart = nextWindowStart;
    nextWindowStart += windowBytes;
    return window;
  }

  /** Forces (with sync) and unmaps a window. */
  private void release(ByteBuffer window) {
    if (sync && window instanceof MappedByteBuffer) {
      ((MappedByteBuffer) window).force();
    }
    Unmapper.unmap(window);
  }

  @Override
  public void write(int value) throws IOException {
    if (closed) {
      throw StreamState.closed();
    }
    writer.put(value);
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, src.length);
    if (closed) {
      throw StreamState.closed();
    }
    writer.put(src, off, len);
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    ByteBuffer last = writer.detach();
    long written = windowStart + last.position();
    try (FileChannel toClose = channel) {
      release(last);
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
