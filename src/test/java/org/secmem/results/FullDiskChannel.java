package org.secmem.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A file channel on a disk with {@code room} bytes left: a write takes what fits and returns the
 * count (as write(2) does when the disk fills part-way), the next one fails with "No space left on
 * device". Optionally its truncate fails too, as on a file system gone read-only. Counts its
 * writes, so tests can check that a row is one write.
 */
final class FullDiskChannel extends FileChannel {

  private final FileChannel delegate;
  private long room;
  private boolean truncateFails;
  private int writes;

  FullDiskChannel(FileChannel delegate, long room) {
    this.delegate = delegate;
    this.room = room;
  }

  /** Makes {@link #truncate} fail from now on. */
  FullDiskChannel failingTruncate() {
    truncateFails = true;
    return this;
  }

  /** Frees space: {@code bytes} more may be written. */
  void free(long bytes) {
    room += bytes;
  }

  /** Calls of {@link #write(ByteBuffer)} so far, failed ones included. */
  int writes() {
    return writes;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    writes++;
    if (room == 0 && src.hasRemaining()) {
      throw new IOException("No space left on device");
    }
    int n = (int) Math.min(src.remaining(), room);
    ByteBuffer part = src.slice().limit(n);
    int written = delegate.write(part);
    src.position(src.position() + written);
    room -= written;
    return written;
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    if (truncateFails) {
      throw new IOException("Input/output error");
    }
    delegate.truncate(size);
    return this;
  }

  @Override
  public long size() throws IOException {
    return delegate.size();
  }

  @Override
  public long position() throws IOException {
    return delegate.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    delegate.position(newPosition);
    return this;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    return delegate.read(dst);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return delegate.read(dst, position);
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return delegate.read(dsts, offset, length);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      total += write(srcs[i]);
    }
    return total;
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    throw new UnsupportedOperationException("positional write: results are only appended");
  }

  @Override
  public void force(boolean metaData) throws IOException {
    delegate.force(metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    return delegate.transferTo(position, count, target);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    throw new UnsupportedOperationException("transferFrom: results are only appended");
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    throw new UnsupportedOperationException("map");
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return delegate.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return delegate.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    delegate.close();
  }
}
