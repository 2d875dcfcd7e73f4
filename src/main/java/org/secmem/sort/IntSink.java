package org.secmem.sort;

import java.io.IOException;

/** Where a merge puts its output: ints in order, many at a time. */
interface IntSink {

  /** Appends {@code a[off .. off+len)}; the caller may reuse {@code a} afterwards. */
  void put(int[] a, int off, int len) throws IOException;
}
