package org.secmem.sort;

import org.secmem.stream.StreamType;

/**
 * A sort's settings, every one concrete: a preset with the user's choices applied.
 *
 * @param preset the preset they started from
 * @param label what a result row calls them: the preset's name, or {@code custom} when an
 *     algorithmic choice differs from it (stream types, B, M, d and threads are columns of their
 *     own)
 * @param readType stream type of every read
 * @param writeType stream type of every write
 * @param bufferBytes B
 * @param fanIn d
 * @param memoryInts M
 * @param tuning the composition of the sort's parts
 */
public record SortSettings(
    SortPreset preset,
    String label,
    StreamType readType,
    StreamType writeType,
    int bufferBytes,
    int fanIn,
    long memoryInts,
    SortTuning tuning) {

  /** The memory plan for sorting {@code n} ints with these settings. */
  public SortMemory memory(long n) {
    return SortMemory.plan(tuning, n, memoryInts, fanIn, bufferBytes, readType, writeType);
  }
}
