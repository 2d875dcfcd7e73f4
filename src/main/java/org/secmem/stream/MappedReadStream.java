package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Reads through windows of B bytes mapped with {@link FileChannel#map}, each released and the next
 * mapped when the position leaves it: the seed report's {@code Mapping} type. Positions are {@code
 * long}, so files over 2 GiB work; an int may straddle two windows when B is not a multiple of 4.
 * A region's windows start at its first byte, and the last one ends at its end.
 *
 * <p>Cost: ⌈4N/B⌉ {@code mmap} (and {@code munmap}) calls; the data itself arrives by page faults,
 * not {@code read} calls.
 */
final class MappedReadStream implements ReadStream {

  private final Path path;
  private final FileChannel channel;
  private final int windowBytes;
  /** Where the region ends: no window reaches past it. */
  private final long endBytes;
  private final BlockReader reader;
  private long nextWindowStart;
  private final IntCount count;

  /** Reads ints [fromInt, toInt) of {@code path}. */
  MappedReadStream(Path path, int windowBytes, long fromInt, long toInt) throws IOException {
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.windowBytes = windowBytes;
    this.count = new IntCount(path, toInt - fromInt);
    this.nextWindowStart = fromInt * Integer.BYTES;
    this.endBytes = toInt * Integer.BYTES;
    this.reader = new BlockReader(this::nextWindow);
  }

  /** Releases the window just read and maps the next one. */
  private ByteBuffer nextWindow(ByteBuffer usedUp) throws IOException {
    Unmapper.unmap(usedUp);
    long size = Math.min(windowBytes, endBytes - nextWindowStart);
    if (size <= 0) {
      throw StreamState.truncated(path);
    }
    ByteBuffer window = channel.map(FileChannel.MapMode.READ_ONLY, nextWindowStart, size);
    nextWindowStart += size;
    return window;
  }

  @Override
  public int readNext() throws IOException {
    count.next();
    int v = reader.nextInt();
    return v;
  }

  @Override
  public boolean endOfStream() {
    return count.atEnd();
  }

  @Override
  public int read(int[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    int n = count.take(len);
    reader.read(dst, off, n);
    return n;
  }

  @Override
  public void close() throws IOException {
    if (!count.close()) {
      return;
    }
    try (FileChannel toClose = channel) {
      Unmapper.unmap(reader.detach());
    }
  }

  @Override
  public String toString() {
    return "mapped(" + path + ", B=" + windowBytes + ")";
  }
}
