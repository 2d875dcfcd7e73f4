package org.secmem.sort;

/**
 * The fast path's choices: how runs are sorted, how heads are merged, and whether I/O overlaps
 * with computing (a reader and a writer thread in run formation, block prefetching and a writer
 * thread in merges), and whether merges run on every core ({@link ParallelMerge}: value ranges of
 * all runs merged side by side, read and written with positional FileChannel calls).
 */
public record SortTuning(Merger merger, RunSort runSort, boolean overlap, boolean parallelMerge) {

  public SortTuning {
    if (merger == null || runSort == null) {
      throw new IllegalArgumentException("merger and runSort must be given");
    }
    if (parallelMerge && !merger.splitsByValue()) {
      throw new IllegalArgumentException("the parallel merge needs a loser-tree or radix merger;"
          + " choose one of them or --no-parallel-merge");
    }
  }

  /** What {@code --preset fast} picks. */
  public static SortTuning fast() {
    return new SortTuning(Merger.RADIX, RunSort.PARALLEL, true, true);
  }

  /** The seed reports' choices, as {@link ClassicMergeSorter} makes them. */
  public static SortTuning classic() {
    return new SortTuning(Merger.PRIORITY_QUEUE, RunSort.ARRAYS, false, false);
  }

  /** Arrays of run size held at once in run formation: what M is divided by. */
  int runBuffers() {
    return (runSort.needsScratch() ? 2 : 1) + (overlap ? 2 : 0);
  }
}
