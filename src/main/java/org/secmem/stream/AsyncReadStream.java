package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Reads ahead on a background thread, as STXXL's prefetching does: while the caller decodes one
 * block of B bytes, the next is already being read into a second direct buffer, so waiting for the
 * disk overlaps with computing. An int may straddle two blocks when B is not a multiple of 4. The
 * {@code direct} type is this reader on an O_DIRECT channel with aligned buffers ({@link #direct}):
 * whole aligned blocks are asked for, the last one cut short by the end of the region (or of the
 * file).
 *
 * <p>Cost: ⌈4N/B⌉ positional {@code pread} calls, made by the background thread.
 */
final class AsyncReadStream extends CountedReadStream {

  private final String kind;
  private final boolean wholeBlocks;
  private final Path path;
  private final FileChannel channel;
  private final ExecutorService io;
  private final int blockBytes;

  /** Where the region ends: no block is handed out past it. */
  private final long endBytes;

  private final BlockReader reader;

  /** The buffer not being read nor filled, until the first block is used up. */
  private ByteBuffer spare;

  /** The read in flight (null at the end), until it has been waited for. */
  private Future<ByteBuffer> next;

  /** A read failed and was reported: nothing more is read. */
  private boolean failed;

  private long nextPosition;

  /** Bytes at the start of the next block that lie before the region (O_DIRECT's aligned start). */
  private int headSkip;

  /** Reads ints [fromInt, toInt) of {@code path}. */
  AsyncReadStream(Path path, int blockBytes, long fromInt, long toInt) throws IOException {
    this(
        "async",
        path,
        FileChannel.open(path, StandardOpenOption.READ),
        ByteBuffer.allocateDirect(blockBytes),
        ByteBuffer.allocateDirect(blockBytes),
        fromInt,
        toInt,
        1,
        false);
  }

  /**
   * The {@code direct} type's reader of ints [fromInt, toInt): O_DIRECT reads of aligned blocks of
   * B bytes (a multiple of the file system's block size) into aligned buffers, one block ahead of
   * the caller. The first block starts at the block boundary at or before the region, and the bytes
   * before the region are skipped.
   */
  static ReadStream direct(Path path, int blockBytes, long fromInt, long toInt) throws IOException {
    int align = DirectIo.checkedBlock(path, blockBytes);
    return new AsyncReadStream(
        "direct",
        path,
        DirectIo.open(path, StandardOpenOption.READ),
        DirectIo.alignedBuffer(blockBytes, align),
        DirectIo.alignedBuffer(blockBytes, align),
        fromInt,
        toInt,
        align,
        true);
  }

  /**
   * Reads {@code channel} (owned from now on) through two buffers of the same capacity.
   *
   * @param align the first read starts at a multiple of this many bytes (1: at the region)
   * @param wholeBlocks ask for whole buffers even for the last block (O_DIRECT's rule)
   */
  private AsyncReadStream(
      String kind,
      Path path,
      FileChannel channel,
      ByteBuffer first,
      ByteBuffer second,
      long fromInt,
      long toInt,
      int align,
      boolean wholeBlocks) {
    super(path, toInt - fromInt);
    this.kind = kind;
    this.wholeBlocks = wholeBlocks;
    this.path = path;
    this.channel = channel;
    this.io = BackgroundIo.thread("secmem-read-ahead");
    this.blockBytes = first.capacity();
    long startBytes = fromInt * Integer.BYTES;
    this.headSkip = (int) (startBytes % align);
    this.nextPosition = startBytes - headSkip;
    this.endBytes = toInt * Integer.BYTES;
    this.spare = second;
    this.reader = new BlockReader(this::nextBlock);
    prefetch(first);
  }

  /**
   * Starts reading the next block into {@code into} on the background thread; none when the region
   * has no bytes left.
   */
  private void prefetch(ByteBuffer into) {
    long pos = nextPosition;
    int size = (int) Math.min(blockBytes, endBytes - pos);
    int skip = headSkip;
    if (size <= skip) {
      next = null;
      return;
    }
    nextPosition += size;
    headSkip = 0;
    next =
        io.submit(
            () -> {
              into.clear();
              if (!wholeBlocks) {
                into.limit(size);
              }
              while (into.position() < size) {
                int n = channel.read(into, pos + into.position());
                if (n < 0) {
                  throw StreamState.truncated(path);
                }
              }
              return into.flip().limit(size).position(skip);
            });
  }

  /** Takes the prefetched block and starts refilling the one just used up. */
  private ByteBuffer nextBlock(ByteBuffer usedUp) throws IOException {
    if (failed) {
      throw StreamState.broken(path);
    }
    Future<ByteBuffer> f = next;
    if (f == null) {
      throw StreamState.truncated(path);
    }
    next = null; // waited for once: a future keeps its failure, which must be thrown only once
    ByteBuffer ready;
    try {
      ready = BackgroundIo.await(f, path);
    } catch (IOException | RuntimeException e) {
      failed = true;
      throw e;
    }
    ByteBuffer free = usedUp.capacity() == 0 ? spare : usedUp; // the first time: the spare
    prefetch(free);
    return ready;
  }

  @Override
  public int readNext() throws IOException {
    countNext();
    int v = reader.nextInt();
    return v;
  }

  @Override
  protected void readInts(int[] dst, int off, int n) throws IOException {
    reader.read(dst, off, n);
  }

  @Override
  protected void release() throws IOException {
    io.shutdownNow();
    channel.close();
  }

  @Override
  public String toString() {
    return kind + "(" + path + ", B=" + blockBytes + ")";
  }
}
