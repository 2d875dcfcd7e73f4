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
 * Writes behind on a background thread: a full block of B bytes is handed to the I/O thread and
 * the caller goes on filling a second buffer, so computing overlaps with writing, as in STXXL.
 * A write failure surfaces at the next hand-over or at {@link #close()}.
 *
 * <p>Cost: ⌈4N/B⌉ positional {@code pwrite} calls, made by the background thread.
 */
final class AsyncWriteStream implements WriteStream {

  private final Path path;
  private final FileChannel channel;
  private final ExecutorService io;
  private final boolean sync;
  private ByteBuffer current;
  private ByteBuffer spare;
  private Future<ByteBuffer> pending;
  private long position;
  private boolean closed;

  AsyncWriteStream(Path path, int blockBytes, boolean sync) throws IOException {
    this.path = path;
    this.channel =
        FileChannel.open(
            path,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE);
    this.io = BackgroundIo.thread("secmem-write-behind");
    this.sync = sync;
    this.current = ByteBuffer.allocateDirect(blockBytes);
    this.spare = ByteBuffer.allocateDirect(blockBytes);
  }

  @Override
  public void write(int value) throws IOException {
    if (closed) {
      throw StreamState.closed();
    }
    if (current.remaining() >= Integer.BYTES) {
      current.putInt(value);
    } else {
      writeStraddling(value);
    }
  }

  private void writeStraddling(int value) throws IOException {
    for (int shift = 24; shift >= 0; shift -= 8) {
      if (!current.hasRemaining()) {
        handOver();
      }
      current.put((byte) (value >>> shift));
    }
  }

  /** Gives the full buffer to the I/O thread and continues in the other one. */
  private void handOver() throws IOException {
    ByteBuffer full = current;
    full.flip();
    long at = position;
    position += full.remaining();
    ByteBuffer free = pending == null ? spare : BackgroundIo.await(pending);
    pending =
        io.submit(
            () -> {
              long p = at;
              while (full.hasRemaining()) {
                p += channel.write(full, p);
              }
              return full;
            });
    current = free.clear();
  }

  @Override
  public void write(int[] src, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, src.length);
    if (closed) {
      throw StreamState.closed();
    }
    int i = 0;
    while (i < len) {
      int whole = Math.min(len - i, current.remaining() / Integer.BYTES);
      if (whole == 0) {
        writeStraddling(src[off + i++]);
        continue;
      }
      current.asIntBuffer().put(src, off + i, whole);
      current.position(current.position() + whole * Integer.BYTES);
      i += whole;
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try (FileChannel toClose = channel) {
      if (pending != null) {
        BackgroundIo.await(pending);
      }
      current.flip();
      long p = position;
      while (current.hasRemaining()) {
        p += channel.write(current, p);
      }
      if (sync) {
        channel.force(true);
      }
    } finally {
      io.shutdownNow();
    }
  }

  @Override
  public String toString() {
    return "async(" + path + ", B=" + current.capacity() + ")";
  }
}
