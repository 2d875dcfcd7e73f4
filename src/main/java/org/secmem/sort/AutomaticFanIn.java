package org.secmem.sort;

/**
 * The fast preset's d when the user gives none: 256, raised to merge an input's runs in fewer
 * passes where the budget still gives every merge a useful block. {@link SortSettings#forInput}
 * applies it wherever a sort's N becomes known (the command line, parameter files), so the row's d
 * is what ran.
 */
final class AutomaticFanIn {

  private AutomaticFanIn() {}

  /**
   * The smallest block an automatic d may shrink the merges' B to: 64 KiB, where a read call's own
   * cost (a few microseconds) is still small against the block's copy. On a 16-core machine a 16
   * GiB sort of 261 runs merged them in one pass at d = 261 with blocks of 250 KiB in 22.65 s,
   * against 34.94 s in two passes at d = 256 (medians of 2, interleaved; docs/measured.md).
   */
  static final int MIN_MERGE_B = 64 * 1024;

  /**
   * The fast preset's d for a request whose d is the preset's own: the smallest d that merges the
   * runs in the fewest passes for which the budget still gives every merge block at least {@link
   * #MIN_MERGE_B} (or the B asked, if smaller) and the open files fit {@code freeDescriptors}; the
   * request's d where no larger one saves a pass. A request the plan refuses keeps its d, so that
   * the refusal names it.
   */
  static int choose(SortMemory.Request r, long freeDescriptors) {
    SortMemory base;
    try {
      base = plan(r, r.fanIn());
    } catch (InsufficientMemoryException e) {
      return r.fanIn();
    }
    long runs = base.runs();
    int now = SortMemory.passes(runs, r.fanIn());
    int leastB = Math.min(MIN_MERGE_B, r.bufferBytes());
    for (int merges = 1; merges < now - 1; merges++) {
      long d = leastFanIn(runs, merges);
      if (d <= r.fanIn()) {
        continue;
      }
      SortMemory p;
      try {
        // A larger d needs no more heap: the merges' B shrinks to fit the budget, and fewer
        // merges need less bookkeeping.
        p = plan(r, (int) d);
      } catch (InsufficientMemoryException e) {
        continue;
      }
      if (p.mergeBufferBytes() >= leastB && p.openFiles() <= freeDescriptors) {
        return (int) d;
      }
    }
    return r.fanIn();
  }

  /** The least d that merges {@code runs} runs in {@code merges} passes. */
  static long leastFanIn(long runs, int merges) {
    long d = Math.max(2, (long) Math.floor(Math.pow(runs, 1.0 / merges)));
    while (SortMemory.passes(runs, (int) Math.min(d, Integer.MAX_VALUE)) > merges + 1) {
      d++;
    }
    while (d > 2 && SortMemory.passes(runs, (int) d - 1) <= merges + 1) {
      d--;
    }
    return d;
  }

  private static SortMemory plan(SortMemory.Request r, int d) {
    return SortMemory.plan(
        r.tuning(), r.n(), r.memoryInts(), d, r.bufferBytes(), r.read(), r.write());
  }
}
