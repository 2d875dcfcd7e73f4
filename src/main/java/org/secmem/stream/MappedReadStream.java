package org.secmem.stream;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads through windows of B bytes mapped with {@link FileChannel#map}, each released and the next
 * mapped when the position leaves it: the seed report's {@code Mapping} type. Positions are {@code
 * long}, so files over 2 GiB work; an int may straddle two windows when B is not a multiple of 4. A
 * region's windows start at its first byte, and the last one ends at its end.
 *
 * <p>When the file is truncated while it is read, the kernel cannot back the window's pages and the
 * JVM reports a fault ({@link MappingFaults}); it is thrown as an IOException naming the file, at
 * the latest when the window is released (ints handed out from the lost pages before that are
 * garbage, so the run fails). After it the stream only closes.
 *
 * <p>Cost: ⌈4N/B⌉ {@code mmap} (and {@code munmap}) calls; the data itself arrives by page faults,
 * not {@code read} calls.
 */
final class MappedReadStream extends CountedReadStream {

  private final Path path;
  private final FileChannel channel;

  /** Maps and releases this stream's windows. */
  private final Unmapper windows = new Unmapper();

  private final int windowBytes;

  /** Where the region ends: no window reaches past it. */
  private final long endBytes;

  private final BlockReader reader;
  private long nextWindowStart;

  /** A read failed and was reported: nothing more is read. */
  private boolean failed;

  /** Reads ints [fromInt, toInt) of {@code path}. */
  MappedReadStream(Path path, int windowBytes, long fromInt, long toInt) throws IOException {
    super(path, toInt - fromInt);
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.windowBytes = windowBytes;
    this.nextWindowStart = fromInt * Integer.BYTES;
    this.endBytes = toInt * Integer.BYTES;
    this.reader = new BlockReader(this::nextWindow);
  }

  /** Releases the window just read and maps the next one. */
  private ByteBuffer nextWindow(ByteBuffer usedUp) throws IOException {
    if (failed) {
      throw StreamState.broken(path);
    }
    checkFaults(usedUp); // a fault in the window is thrown here, not in the unmapper
    windows.unmap(usedUp);
    long size = Math.min(windowBytes, endBytes - nextWindowStart);
    if (size <= 0) {
      throw StreamState.truncated(path);
    }
    ByteBuffer window;
    try {
      window = windows.map(channel, FileChannel.MapMode.READ_ONLY, nextWindowStart, size);
    } catch (IOException e) {
      if (channel.size() < nextWindowStart + size) { // a read-only map cannot reach past the end
        EOFException eof = StreamState.truncated(path);
        eof.initCause(e);
        throw eof;
      }
      throw StreamState.failed(path, e);
    }
    nextWindowStart += size;
    return window;
  }

  /** Throws a fault pending from reading {@code window} (then unmapped) as an IOException. */
  private void checkFaults(ByteBuffer window) throws IOException {
    try {
      MappingFaults.surface();
    } catch (InternalError e) {
      throw failed(e, window);
    }
  }

  private IOException failed(InternalError e, ByteBuffer window) {
    failed = true;
    if (window != null) {
      windows.unmap(window);
    }
    return MappingFaults.readFailed(path, endBytes, e);
  }

  @Override
  public int readNext() throws IOException {
    countNext();
    try {
      return reader.nextInt();
    } catch (InternalError e) { // a fault that surfaced on its own before the window's end
      throw failed(e, null);
    }
  }

  @Override
  protected void readInts(int[] dst, int off, int n) throws IOException {
    try {
      reader.read(dst, off, n);
    } catch (InternalError e) {
      throw failed(e, null);
    }
  }

  @Override
  protected void release() throws IOException {
    try (FileChannel toClose = channel) {
      ByteBuffer last = reader.detach();
      if (!failed) {
        checkFaults(last); // ints handed out since the last check may be garbage
      }
      windows.unmap(last);
    }
  }

  @Override
  public String toString() {
    return "mapped(" + path + ", B=" + windowBytes + ")";
  }
}
