package org.secmem.stream;

import java.io.IOException;

/**
 * Decodes big-endian ints from a succession of byte blocks that its {@link BlockCursor.Exchange}
 * hands over — the windows of a mapped file, the buffers an I/O thread filled. Whole ints come with
 * one load, bulk reads with one swapping copy per block; an int whose bytes are cut by a block edge
 * (B not a multiple of 4) is put together byte by byte. Counting ints and the end of the file is
 * the stream's business: this only decodes.
 */
final class BlockReader extends BlockCursor {

  BlockReader(Exchange source) {
    super(source);
  }

  int nextInt() throws IOException {
    return block.remaining() >= Integer.BYTES ? block.getInt() : straddlingInt();
  }

  private int straddlingInt() throws IOException {
    int v = 0;
    for (int i = 0; i < Integer.BYTES; i++) {
      if (!block.hasRemaining()) {
        advance();
      }
      v = (v << 8) | (block.get() & 0xFF);
    }
    return v;
  }

  /** Fills {@code dst[off..off+n)}; the caller knows that many ints are left. */
  void read(int[] dst, int off, int n) throws IOException {
    int i = 0;
    while (i < n) {
      int whole = Math.min(n - i, block.remaining() / Integer.BYTES);
      if (whole == 0) {
        dst[off + i++] = straddlingInt();
        continue;
      }
      block.asIntBuffer().get(dst, off + i, whole);
      block.position(block.position() + whole * Integer.BYTES);
      i += whole;
    }
  }
}
