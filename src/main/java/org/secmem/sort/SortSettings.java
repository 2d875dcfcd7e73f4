package org.secmem.sort;

import org.secmem.stream.StreamType;

/**
 * A sort's settings, every one concrete: a preset with the user's choices applied.
 *
 * @param preset the preset they started from
 * @param label what a result row calls them: the preset's name, or {@code custom} when an
 *     algorithmic choice differs from it (stream types, B, M, d and threads are columns of their
 *     own)
 * @param readType stream type reading the input
 * @param writeType stream type of every write
 * @param mergeReadType stream type the merges read the runs with
 * @param bufferBytes B
 * @param fanIn d
 * @param fanInFixed whether d is what runs: chosen, or the classic preset's; false for the fast
 *     preset's own d, which {@link #forInput} raises for a large input
 * @param memoryInts M
 * @param tuning the composition of the sort's parts
 */
public record SortSettings(
    SortPreset preset,
    String label,
    StreamType readType,
    StreamType writeType,
    StreamType mergeReadType,
    int bufferBytes,
    int fanIn,
    boolean fanInFixed,
    long memoryInts,
    SortTuning tuning) {

  /**
   * These settings for a merge sort of {@code n} ints: where d is the fast preset's own, it becomes
   * the d that merges every run in the fewest passes this budget allows ({@link
   * AutomaticFanIn#choose}); any other d is kept. The result's d is what a row records.
   *
   * @param freeDescriptors files the sort may hold open at once
   */
  public SortSettings forInput(long n, long freeDescriptors) {
    if (fanInFixed) {
      return this;
    }
    int d =
        AutomaticFanIn.choose(
            new SortMemory.Request(
                tuning, n, memoryInts, fanIn, bufferBytes, readType, writeType, mergeReadType),
            freeDescriptors);
    return d == fanIn
        ? this
        : new SortSettings(
            preset,
            label,
            readType,
            writeType,
            mergeReadType,
            bufferBytes,
            d,
            false,
            memoryInts,
            tuning);
  }

  /** The memory plan for sorting {@code n} ints with these settings. */
  public SortMemory memory(long n) {
    return SortMemory.plan(
        tuning, n, memoryInts, fanIn, bufferBytes, readType, writeType, mergeReadType);
  }
}
