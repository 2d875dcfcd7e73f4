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

  private final Path path;
  private final FileChannel channel;
  private final ExecutorService io;
  private final int blockBytes;
  private final long fileBytes;
  private final BlockReader reader;
  /** The buffer not being read nor filled, until the first block is used up. */
  private ByteBuffer spare;
  private Future<ByteBuffer> next;
  private long nextPosition;
  private final IntCount count;

  AsyncReadStream(Path path, int blockBytes, long totalInts) throws IOException {
    this.path = path;
    this.channel = FileChannel.open(path, StandardOpenOption.READ);
    this.io = BackgroundIo.thread("secmem-read-ahead");
    this.blockBytes = blockBytes;
    this.count = new IntCount(path, totalInts);
    this.fileBytes = totalInts * Integer.BYTES;
    this.spare = ByteBuffer.allocateDirect(blockBytes);
    this.reader = new BlockReader(this::nextBlock);
    prefetch(ByteBuffer.allocateDirect(blockBytes));
  }

  /** Starts reading the next block into {@code into} on the background thread. */
  private void prefetch(ByteBuffer into) {
    long pos = nextPosition;
    int size = (int) Math.min(blockBytes, fileBytes - pos);
    if (size <= 0) {
      next = null;
      return;
    }
    nextPosition += size;
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

  /** Takes the prefetched block and starts refilling the one just used up. */
  private ByteBuffer nextBlock(ByteBuffer usedUp) throws IOException {
    if (next == null) {
      throw StreamState.truncated(path);
    }
    ByteBuffer ready = BackgroundIo.await(next);
    ByteBuffer free = usedUp.capacity() == 0 ? spare : usedUp; // the first time: the spare
    prefetch(free);
    return ready;
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
    io.shutdownNow();
    channel.close();
  }

  @Override
  public String toString() {
    return "async(" + path + ", B=" + blockBytes + ")";
  }
}
