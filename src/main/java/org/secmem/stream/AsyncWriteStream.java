package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Writes behind on a background thread: a full block of B bytes is handed to the I/O thread and the
 * caller goes on filling a second buffer, so computing overlaps with writing, as in STXXL. A write
 * failure surfaces at the next hand-over or at {@link #close()}, once, as an IOException naming the
 * file; after it the stream only closes (releasing its thread and channel). Writes are positional,
 * so a region writer starts at its region and never changes the file's length.
 *
 * <p>Cost: ⌈4N/B⌉ positional {@code pwrite} calls, made by the background thread.
 */
final class AsyncWriteStream implements WriteStream {

  private final Path path;
  private final FileChannel channel;
  private final ExecutorService io;
  private final boolean sync;
  private final int blockBytes;
  private final BlockWriter writer;

  /** Buffers not in use: both at first, then the one the I/O thread gives back. */
  private ByteBuffer free;

  /** The second buffer until its first use, then null (the I/O thread has it). */
  private ByteBuffer second;

  /** The write in flight, until it has been waited for (once: a future keeps its failure). */
  private Future<ByteBuffer> pending;

  /** A write failed and was reported: nothing more is written. */
  private boolean failed;

  private long position;
  private final WriteCount count;

  /** Writes {@code channel} (owned from now on) from byte {@code position}. */
  private AsyncWriteStream(
      Path path,
      FileChannel channel,
      int blockBytes,
      boolean sync,
      long position,
      WriteCount count) {
    this.path = path;
    this.channel = channel;
    this.io = BackgroundIo.thread("secmem-write-behind");
    this.sync = sync;
    this.blockBytes = blockBytes;
    this.free = ByteBuffer.allocateDirect(blockBytes);
    this.second = ByteBuffer.allocateDirect(blockBytes);
    this.position = position;
    this.count = count;
    this.writer = new BlockWriter(this::handOver);
  }

  /** Creates (or truncates) {@code path} and writes it from the start. */
  static WriteStream create(Path path, int blockBytes, boolean sync) throws IOException {
    FileChannel channel = Regions.created(path);
    return new AsyncWriteStream(path, channel, blockBytes, sync, 0, WriteCount.unbounded(path));
  }

  /** Writes ints [atInt, atInt + lenInts) of the existing file {@code path}. */
  static WriteStream region(Path path, int blockBytes, boolean sync, long atInt, long lenInts)
      throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE);
    return new AsyncWriteStream(
        path,
        channel,
        blockBytes,
        sync,
        atInt * Integer.BYTES,
        WriteCount.region(path, atInt, lenInts));
  }

  /** Gives a full buffer to the I/O thread; returns one to fill next. */
  private ByteBuffer handOver(ByteBuffer full) throws IOException {
    if (failed) {
      throw StreamState.broken(path);
    }
    if (full.capacity() == 0) { // the first call: nothing to write yet
      return free.clear();
    }
    full.flip();
    long at = position;
    position += full.remaining();
    ByteBuffer next = awaitPending();
    pending =
        io.submit(
            () -> {
              long p = at;
              while (full.hasRemaining()) {
                p += channel.write(full, p);
              }
              return full;
            });
    return next.clear();
  }

  /** Waits for the write in flight and takes its buffer back (the second buffer the first time). */
  private ByteBuffer awaitPending() throws IOException {
    Future<ByteBuffer> f = pending;
    if (f == null) {
      ByteBuffer b = second;
      second = null;
      return b;
    }
    pending = null;
    try {
      return BackgroundIo.await(f, path);
    } catch (IOException | RuntimeException e) {
      failed = true;
      throw e;
    }
  }

  @Override
  public void write(int value) throws IOException {
    count.add(1);
    writer.put(value);
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    count.add(src, off, len);
    writer.put(src, off, len);
  }

  @Override
  public void close() throws IOException {
    if (!count.close()) {
      return;
    }
    try (FileChannel toClose = channel) {
      if (failed) {
        return; // reported where it happened; closing only releases
      }
      awaitPending();
      ByteBuffer last = writer.detach();
      last.flip();
      long p = position;
      try {
        while (last.hasRemaining()) {
          p += channel.write(last, p);
        }
        if (sync) {
          channel.force(true);
        }
      } catch (IOException e) {
        failed = true;
        throw StreamState.failed(path, e);
      }
    } finally {
      io.shutdownNow();
    }
  }

  @Override
  public String toString() {
    return "async(" + path + ", B=" + blockBytes + ")";
  }
}
