package org.secmem.sort;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.secmem.stream.ReadStream;

/**
 * A run (or a region of one) being merged, read through a {@link ReadStream}: with one {@code
 * readNext} call per int, or a block per call; with a prefetcher, the next block is read on a
 * background thread while this one is merged.
 */
final class StreamCursor extends RunCursor {

  private final ReadStream in;
  private final boolean perInt;
  private final ExecutorService prefetch;
  private int[] spare;
  private Future<Integer> pending;

  /**
   * @param in the stream, closed by the caller
   * @param blockInts ints per block (1 with {@code perInt})
   * @param prefetch the prefetching thread, or null to read in the caller's thread
   */
  StreamCursor(ReadStream in, int blockInts, boolean perInt, ExecutorService prefetch)
      throws IOException {
    this.in = in;
    this.perInt = perInt;
    this.block = new int[perInt ? 1 : Math.max(1, blockInts)];
    this.prefetch = perInt ? null : prefetch;
    if (this.prefetch != null) {
      this.spare = new int[block.length];
      startPrefetch();
    }
  }

  private void startPrefetch() throws IOException {
    int[] target = spare;
    pending = in.endOfStream() ? null : prefetch.submit(() -> in.read(target, 0, target.length));
  }

  @Override
  boolean refill() throws IOException {
    pos = 0;
    limit = 0;
    if (perInt) {
      if (in.endOfStream()) {
        return false;
      }
      block[0] = in.readNext();
      limit = 1;
      return true;
    }
    if (prefetch == null) {
      limit = in.read(block, 0, block.length);
      return limit > 0;
    }
    if (pending == null) {
      return false;
    }
    int got = Tasks.await(pending);
    int[] t = block;
    block = spare;
    spare = t;
    limit = got;
    startPrefetch();
    return limit > 0;
  }
}
