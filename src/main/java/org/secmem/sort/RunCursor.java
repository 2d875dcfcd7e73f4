package org.secmem.sort;

import java.io.IOException;

/**
 * A sorted run being merged, one block at a time: the ints {@code block[pos .. limit)} are the
 * run's next ones, in the merge's order. The sequential merge's prefetching source and the parallel
 * merge's positional range source both are one, so every merger works on either; each says only how
 * the next block arrives ({@link #refill()}).
 */
abstract class RunCursor {

  /** The current block; only {@code [pos, limit)} is valid. Subclasses fill it in refill. */
  int[] block;

  int pos;

  int limit;

  final int[] block() {
    return block;
  }

  final int pos() {
    return pos;
  }

  final int limit() {
    return limit;
  }

  /** Consumes {@code n} ints of the current block ({@code pos + n <= limit}). */
  final void advance(int n) {
    pos += n;
  }

  /**
   * Replaces the used-up block by the next one.
   *
   * @return false at the end of the run (then {@code pos == limit})
   */
  abstract boolean refill() throws IOException;
}
