package org.secmem.sort;

import java.io.IOException;

/**
 * What a sort that failed says: which input it was sorting, where it wrote, and what to do. Shared
 * by the merge sort and the in-memory sort, so that their failures read alike.
 */
final class SortFailures {

  private SortFailures() {}

  /**
   * The heap ran out although the memory model admitted the sort: a defect of the model, said
   * plainly.
   *
   * @param how what the sort was, after "sorting INPUT" (e.g. " in memory"); empty for the merge
   * @param modelBytes the heap the model said would do
   * @param remedy what to change, e.g. "use a smaller M or a larger -Xmx"
   */
  static IOException outOfHeap(
      SortSpec spec, String how, long modelBytes, String remedy, OutOfMemoryError e) {
    return new IOException(
        "sorting "
            + spec.input()
            + how
            + " ran out of heap although the memory model said "
            + (modelBytes >> 20)
            + " MiB would do (heap: "
            + (SortMemory.maxHeap() >> 20)
            + " MiB); "
            + remedy,
        e);
  }

  /**
   * An I/O failure, with where the sort wrote: a bare "No space left on device" does not tell which
   * disk filled up.
   *
   * @param where e.g. " with runs in" or " in memory, output in", before the work folders
   */
  static IOException at(SortSpec spec, String where, IOException e) {
    return new IOException(
        "sorting " + spec.input() + where + " " + spec.workParentsText() + ": " + e.getMessage(),
        e);
  }
}
