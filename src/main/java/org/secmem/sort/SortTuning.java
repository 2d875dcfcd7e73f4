package org.secmem.sort;

/**
 * How a merge sort is composed from its parts, every choice concrete: how ints move (one call per
 * int, as the seed reports measure, or a block per call), how runs are sorted, how heads are
 * merged, whether merges read ahead and write behind on background threads, whether each merge is
 * split by value range over the threads, and how many threads work.
 *
 * <p>{@code classic} and {@code fast} ({@link SortPreset}) are two such compositions; any other
 * combination runs on the same parts.
 *
 * @param merger how the heads of the runs of a merge are compared
 * @param runSort how a run is sorted in memory
 * @param overlap merges read each run's next block and write the last one on background threads
 * @param parallelMerge each merge is split by value range into one part per thread
 * @param blockIo streams are read and written a block per call; false: one call per int
 * @param threads workers in run formation (each on its own region of the input) and merge parts
 */
public record SortTuning(
    Merger merger,
    RunSort runSort,
    boolean overlap,
    boolean parallelMerge,
    boolean blockIo,
    int threads) {

  /** The most threads a sort may use. */
  public static final int MAX_THREADS = 1024;

  public SortTuning {
    if (merger == null || runSort == null) {
      throw new IllegalArgumentException("merger and runSort must be given");
    }
    if (threads < 1 || threads > MAX_THREADS) {
      throw new IllegalArgumentException(
          "threads (" + threads + ") must be between 1 and " + MAX_THREADS);
    }
  }

  /** The seed reports' choices: one call per int, Arrays.sort runs, a PriorityQueue merge. */
  public static SortTuning classic() {
    return new SortTuning(Merger.PRIORITY_QUEUE, RunSort.ARRAYS, false, false, false, 1);
  }

  /** What {@code --preset fast} picks, on {@code threads} threads. */
  public static SortTuning fast(int threads) {
    return new SortTuning(Merger.RADIX, RunSort.RADIX, false, true, true, threads);
  }

  /** The same with another thread count. */
  public SortTuning withThreads(int t) {
    return new SortTuning(merger, runSort, overlap, parallelMerge, blockIo, t);
  }

  /** The same with the parallel merge on or off. */
  public SortTuning withParallelMerge(boolean on) {
    return new SortTuning(merger, runSort, overlap, on, blockIo, threads);
  }

  /** Arrays of run size each run-formation worker holds: the run, and a radix sort's scratch. */
  int runArrays() {
    return runSort.needsScratch() ? 2 : 1;
  }
}
