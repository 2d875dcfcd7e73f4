package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes through windows of B bytes mapped read-write with {@link FileChannel#map}: the seed
 * report's {@code Mapping} type. A whole-file writer ({@link #create}) maps past the end, which
 * grows the file, and {@link #close()} truncates it to the bytes really written. A region writer
 * ({@link #region}) maps windows of at most B bytes inside its region of an existing file and never
 * changes the file's length. With {@code sync}, each window is forced to storage before it is
 * released, and the file at close.
 *
 * <p>When the disk fills up, the kernel cannot back a page written through the mapping and the JVM
 * reports a fault ({@link MappingFaults}). Each new window's pages are touched as it is mapped
 * ({@link #touchPages}), so that such a fault happens there and is thrown as an IOException naming
 * the file. After it the stream only closes.
 *
 * <p>Cost: ⌈4N/B⌉ {@code mmap} calls (and, for a whole file, as many file extensions); data leaves
 * by page write-back.
 */
final class MappedWriteStream implements WriteStream {

  /** The smallest page size of the platforms we run on: a stride that misses no page. */
  private static final int PAGE_BYTES = 4096;

  /**
   * 0, read once per window: the compiler cannot know it, so it cannot drop a page touch as a store
   * of the value just loaded from the same place (which would leave the page unallocated).
   */
  private static volatile int zero;

  private final Path path;
  private final FileChannel channel;

  /** Maps and releases this stream's windows. */
  private final Unmapper windows = new Unmapper();

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

  /** A write failed and was reported: nothing more is written. */
  private boolean failed;

  private MappedWriteStream(
      Path path,
      FileChannel channel,
      int windowBytes,
      boolean sync,
      long startBytes,
      long endBytes,
      boolean truncate,
      WriteCount count) {
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
    FileChannel channel = Regions.created(path, StandardOpenOption.READ);
    return new MappedWriteStream(
        path, channel, windowBytes, sync, 0, Long.MAX_VALUE, true, WriteCount.unbounded(path));
  }

  /** Writes ints [atInt, atInt + lenInts) of the existing file {@code path}. */
  static WriteStream region(Path path, int windowBytes, boolean sync, long atInt, long lenInts)
      throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
    long start = atInt * Integer.BYTES;
    return new MappedWriteStream(
        path,
        channel,
        windowBytes,
        sync,
        start,
        start + lenInts * Integer.BYTES,
        false,
        WriteCount.region(path, atInt, lenInts));
  }

  /** Releases the full window and maps the next one (which grows a file written whole). */
  private ByteBuffer nextWindow(ByteBuffer full) throws IOException {
    if (failed) {
      throw StreamState.broken(path);
    }
    try {
      MappingFaults.surface(); // a fault in the full window is thrown here, not in the unmapper
    } catch (InternalError e) {
      failed = true;
      windows.unmap(full);
      throw MappingFaults.writeFailed(path, e);
    }
    release(full);
    long size = Math.min(windowBytes, endBytes - nextWindowStart);
    if (size <= 0) { // the count stops a write first; this keeps a window out of the next region
      throw count.full(1);
    }
    ByteBuffer window;
    try {
      window = windows.map(channel, FileChannel.MapMode.READ_WRITE, nextWindowStart, size);
    } catch (IOException e) {
      throw StreamState.failed(path, e);
    }
    try {
      touchPages(window);
      MappingFaults.surface();
    } catch (InternalError e) {
      failed = true;
      windows.unmap(window);
      throw MappingFaults.writeFailed(path, e);
    }
    windowStart = nextWindowStart;
    nextWindowStart += size;
    return window;
  }

  /**
   * Writes one byte of every page of a new window back to itself, so that the kernel gives the
   * window its pages now, while the stream can check for a fault, and not later in the caller's
   * loop (where the JVM would throw the fault as an {@link InternalError} out of any call). The
   * page faults are the ones the writes would take anyway; the bytes are unchanged, which keeps a
   * region writer from touching data outside what it writes.
   */
  private static void touchPages(ByteBuffer window) {
    int z = zero;
    int size = window.capacity();
    for (int i = 0; i < size; i += PAGE_BYTES) {
      window.put(i, (byte) (window.get(i) + z));
    }
    if (size > 0) {
      window.put(size - 1, (byte) (window.get(size - 1) + z));
    }
  }

  /** Forces (with sync) and unmaps a window. */
  private void release(ByteBuffer window) {
    if (sync && window instanceof MappedByteBuffer) {
      ((MappedByteBuffer) window).force();
    }
    windows.unmap(window);
  }

  @Override
  public void write(int value) throws IOException {
    count.add(1);
    try {
      writer.put(value);
    } catch (InternalError e) { // a fault that surfaced on its own before the window's end
      failed = true;
      throw MappingFaults.writeFailed(path, e);
    }
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    count.add(src, off, len);
    try {
      writer.put(src, off, len);
    } catch (InternalError e) {
      failed = true;
      throw MappingFaults.writeFailed(path, e);
    }
  }

  @Override
  public void close() throws IOException {
    if (!count.close()) {
      return;
    }
    ByteBuffer last = writer.detach();
    long written = windowStart + last.position();
    try (FileChannel toClose = channel) {
      if (failed) {
        windows.unmap(last); // reported where it happened; closing only releases
        return;
      }
      try {
        MappingFaults.surface();
      } catch (InternalError e) {
        failed = true;
        windows.unmap(last);
        throw MappingFaults.writeFailed(path, e);
      }
      release(last);
      try {
        if (truncate) {
          channel.truncate(written);
        }
        if (sync) {
          channel.force(true);
        }
      } catch (IOException e) {
        throw StreamState.failed(path, e);
      }
    }
  }

  @Override
  public String toString() {
    return "mapped(" + path + ", B=" + windowBytes + ")";
  }
}
