package org.secmem.stream;

import java.io.IOException;

/**
 * Encodes big-endian ints into a succession of byte blocks and hands each full one to its {@link
 * BlockCursor.Exchange} — a window to unmap, a buffer for the I/O thread to write. Whole ints go in
 * with one store, bulk writes with one swapping copy per block; an int cut by a block edge (B not a
 * multiple of 4) is split byte by byte.
 */
final class BlockWriter extends BlockCursor {

  BlockWriter(Exchange sink) {
    super(sink);
  }

  void put(int value) throws IOException {
    if (block.remaining() >= Integer.BYTES) {
      block.putInt(value);
    } else {
      putStraddling(value);
    }
  }

  private void putStraddling(int value) throws IOException {
    for (int shift = 24; shift >= 0; shift -= 8) {
      if (!block.hasRemaining()) {
        advance();
      }
      block.put((byte) (value >>> shift));
    }
  }

  void put(int[] src, int off, int len) throws IOException {
    int i = 0;
    while (i < len) {
      int whole = Math.min(len - i, block.remaining() / Integer.BYTES);
      if (whole == 0) {
        putStraddling(src[off + i++]);
        continue;
      }
      block.asIntBuffer().put(src, off + i, whole);
      block.position(block.position() + whole * Integer.BYTES);
      i += whole;
    }
  }
}
