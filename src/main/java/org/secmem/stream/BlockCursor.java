package org.secmem.stream;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The current block of a {@link BlockReader} or {@link BlockWriter}, exchanged for the next with
 * whoever provides the blocks: the windows of a mapped file, the buffers of an I/O thread.
 */
abstract sealed class BlockCursor permits BlockReader, BlockWriter {

  /** Where the blocks come from and go to. */
  @FunctionalInterface
  interface Exchange {
    /**
     * The next block, ready to read or to fill, for the one just done with: read up, or full (its
     * position at its end). The provider may release, refill or write that one; the cursor never
     * touches it again.
     */
    ByteBuffer next(ByteBuffer done) throws IOException;
  }

  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private final Exchange exchange;

  /** The block read from or written into; empty before the first. */
  ByteBuffer block = EMPTY;

  BlockCursor(Exchange exchange) {
    this.exchange = exchange;
  }

  /** Moves on to the next block. */
  final void advance() throws IOException {
    ByteBuffer done = block;
    block = EMPTY; // never left pointing at a block the provider may unmap
    block = exchange.next(done);
  }

  /** Takes the current block away (for closing); the cursor must not be used afterwards. */
  final ByteBuffer detach() {
    ByteBuffer b = block;
    block = EMPTY;
    return b;
  }
}
