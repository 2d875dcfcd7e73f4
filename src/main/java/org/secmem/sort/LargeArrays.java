package org.secmem.sort;

import java.util.function.IntFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Allocates run formation's large arrays (every worker's run and radix scratch) together, one after
 * another in one thread, before any worker starts.
 *
 * <p>Each is a humongous object that G1 places in contiguous free regions and never moves, and the
 * model's heap (4·M + overhead) leaves little room between them. Allocated by the workers as they
 * started, the arrays were interleaved with the regions other allocations took meanwhile (eden,
 * survivors, promoted objects), and the last array sometimes found no run of free regions long
 * enough although the heap had room: 2 of 15 JVMs sorting 256 MiB four times each in a 320 MiB heap
 * at M = 2^26 ran out of heap. Allocated back to back they lie side by side; and should the heap
 * still be cut up (by what an earlier run left), the arrays got so far are dropped, the heap is
 * collected and compacted, and they are allocated again, once.
 */
final class LargeArrays {

  private static final Logger LOG = LogManager.getLogger(LargeArrays.class);

  private LargeArrays() {}

  /** {@code count} arrays of {@code length} ints. */
  static int[][] allocate(int count, int length) {
    return allocate(count, length, int[]::new);
  }

  /**
   * As {@link #allocate(int, int)}, with {@code newArray} making each array (tests give one that
   * fails).
   *
   * @throws OutOfMemoryError when the arrays do not fit even in a compacted heap
   */
  static int[][] allocate(int count, int length, IntFunction<int[]> newArray) {
    try {
      return allocateAll(count, length, newArray);
    } catch (OutOfMemoryError e) {
      LOG.info(
          "{} arrays of {} ints did not fit side by side in the heap as it was ({}); collecting"
              + " it and allocating them again",
          count,
          length,
          e.getMessage());
      // The arrays allocated so far are unreachable now: the collection frees and compacts.
      System.gc();
      return allocateAll(count, length, newArray);
    }
  }

  private static int[][] allocateAll(int count, int length, IntFunction<int[]> newArray) {
    int[][] arrays = new int[count][];
    for (int i = 0; i < count; i++) {
      arrays[i] = newArray.apply(length);
    }
    return arrays;
  }
}
