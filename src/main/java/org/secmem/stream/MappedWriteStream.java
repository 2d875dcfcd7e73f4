package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Writes through windows of B bytes mapped read-write with {@link FileChannel#map}: the seed
 * report's {@code Mapping} type. A whole-file writer ({@link #create}) maps past the end, which
 * grows the file, and {@link #close()} truncates it to the bytes really written. A region writer
 * ({@link #region}) maps windows of at most B bytes inside its region of an existing file and
 * never changes the file's length. With {@code sync}, each window is forced to storage before it
 * is released, and the file at close.
 *
 * <p>Cost: ⌈4N/B⌉ {@code mmap} calls (and, for a whole file, as many file extensions); data leaves
 * by page write-back.
 */
final class MappedWriteStream implements WriteStream {

  private final Path path;
  private final FileChannel channel;
  private final int windowBytes;
  private final boolean sync;
  /** Where the writable bytes end: the region's end, or none for a whole file. */
  private final long endBytes;
  /** Whether close truncates the file to the bytes written (a whole file only). */
  private final boolean truncate;
  private final WriteCount count;
  private final BlockWriter writer;
  /** Where the current window starts, and where the next one will. */
  private long windowStart;
  private long nextWindowStart;

  private MappedWriteStream(Path path, FileChannel channel, int windowBytes, boolean sync,
      long startBytes, long endBytes, boolean truncate, WriteCount count) {
    this.path = path;
    this.channel = channel;
    this.windowBytes = windowBytes;
    this.sync = sync;
    this.windowStart = startBytes;
    this.nextWindowStart = startBytes;
    this.endBytes = endBytes;
    this.truncate = truncate;
    this.count = count;
    this.writer = new BlockWriter(this::nextWindow);
  }

  /** Creates (or truncates) {@code path} and writes it from the start. */
  static WriteStream create(Path path, int windowBytes, boolean sync) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE,
        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ, StandardOpenOption.WRITE);
    return new MappedWriteStream(path, channel, windowBytes, sync, 0, Long.MAX_VALUE, true,
        WriteCount.unbounded(path));
  }

  /** Writes ints [atInt, atInt + lenInts) of the existing file {@code path}. */
  static WriteStream region(Path path, int windowBytes, boolean sync, long atInt, long lenInts)
      throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    long start = atInt * Integer.BYTES;
    return new MappedWriteStream(path, channel, windowBytes, sync, start,
        start + lenInts * Integer.BYTES, false, WriteCount.region(path, atInt, lenInts));
  }

  /** Releases the full window and maps the next one (which grows a file written whole). */
  private ByteBuffer nextWindow(ByteBuffer full) throws IOException {
    release(full);
    long size = Math.min(windowBytes, endBytes - nextWindowStart);
    if (size <= 0) { // the count stops a write first; this keeps a window out of the next region
      throw count.full(1);
    }
    ByteBuffer window = channel.map(FileChannel.MapMode.READ_WRITE, nextWindowStart, size);
    windowStart = nextWindowStart;
    nextWindowStart += size;
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
    count.add(1);
    writer.put(value);
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, src.length);
    count.add(len);
    writer.put(src, off, len);
  }

  @Override
  public void close() throws IOException {
    if (!count.close()) {
      return;
    }
    ByteBuffer last = writer.detach();
    long written = windowStart + last.position();
    try (FileChannel toClose = channel) {
      release(last);
      if (truncate) {
        channel.truncate(written);
      }
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
