package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Reads ahead on a background thread, as STXXL's prefetching does: while the caller decodes one
 * block of B bytes, the next is already being read into a second direct buffer, so waiting for
 * the disk overlaps with computing. An int may straddle two blocks when B is not a multiple of 4.
 *
 * <p>Cost: ⌈4N/B⌉ positional {@code pread} calls, made by the background thread.
 */
final class AsyncReadStream implements ReadStream {

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private final Path path;
  private final FileChannel channel;
  private final ExecutorService io;
  private final int blockBytes;
  private final long fileBytes;
  private final long totalInts;
  private ByteBuffer current = EMPTY;
  private ByteBuffer spare;
  private Future<ByteBuffer> next;
  private long nextPosition;
  private long readInts;
  private boolean closed;

  AsyncReadStream(Path path, int blockBytes, long totalInts) throws IOException {
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.io = BackgroundIo.thread("secmem-read-ahead");
    this.blockBytes = blockBytes;
    this.totalInts = totalInts;
    this.fileBytes = totalInts * Integer.BYTES;
    this.spare = ByteBuffer.allocateDirect(blockBytes);
    ByteBuffer first = ByteBuffer.allocateDirect(blockBytes);
    prefetch(first);
  }

  /** Starts reading the next block into {@code into} on the background thread. */
  private void prefetch(ByteBuffer into) {
    long pos = nextPosition;
    int size = (int) Math.min(blockBytes, fileBytes - pos);
    nextPosition += Math.max(size, 0);
    if (size <= 0) {
      next = null;
      spare = into;
      return;
    }
    next =
        io.submit(
            () -> {
              into.clear().limit(size);
              long at = pos;
              while (into.hasRemaining()) {
                int n = channel.read(into, at);
                if (n < 0) {
                  throw StreamState.truncated(path);
                }
                at += n;
              }
              return into.flip();
            });
  }

  /** Moves to the prefetched block and starts the one after it. */
  private void advance() throws IOException {
    if (next == null) {
      throw StreamState.truncated(path);
    }
    ByteBuffer done = current == EMPTY ? spare : current;
    current = BackgroundIo.await(next);
    prefetch(done);
  }

  @Override
  public int readNext() throws IOException {
    if (closed) {
      throw StreamState.closed();
    }
    if (readInts >= totalInts) {
      throw StreamState.endOfFile(path, totalInts);
    }
    int v = current.remaining() >= Integer.BYTES ? current.getInt() : straddlingInt();
    readInts++;
    return v;
  }

  private int straddlingInt() throws IOException {
    int v = 0;
    for (int i = 0; i < Integer.BYTES; i++) {
      if (!current.hasRemaining()) {
        advance();
      }
      v = (v << 8) | (current.get() & 0xFF);
    }
    return v;
  }

  @Override
  public boolean endOfStream() {
    if (closed) {
      throw StreamState.closed();
    }
    return readInts >= totalInts;
  }

  @Override
  public int read(int[] dst, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (closed) {
      throw StreamState.closed();
    }
    int n = (int) Math.min(len, totalInts - readInts);
    int i = 0;
    while (i < n) {
      int whole = Math.min(n - i, current.remaining() / Integer.BYTES);
      if (whole == 0) {
        dst[off + i++] = straddlingInt();
        continue;
      }
      current.asIntBuffer().get(dst, off + i, whole);
      current.position(current.position() + whole * Integer.BYTES);
      i += whole;
    }
    readInts += n;
    return n;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    io.shutdownNow();
    channel.close();
  }

  @Override
  public String toString() {
    return "async(" + path + ", B=" + blockBytes + ")";
  }
}
