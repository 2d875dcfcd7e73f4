package org.secmem.sort;

import java.io.IOException;

/** Where a merge puts its output: ints in order, one or many at a time. */
@FunctionalInterface
interface IntSink {

  /** Appends one int (sinks on a hot path write it without an array). */
  default void put(int v) throws IOException {
    put(new int[] {v}, 0, 1);
  }

  /** Appends {@code a[off .. off+len)}; the caller may reuse {@code a} afterwards. */
  void put(int[] a, int off, int len) throws IOException;
}
