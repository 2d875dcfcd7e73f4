package org.secmem.sort;

import org.secmem.names.CliName;
import org.secmem.names.Names;
import org.secmem.stream.StreamType;

/**
 * Named compositions of the sort: the values a sort's settings start from ({@link
 * SortSettings#builder}) before a user's choices replace them. {@code classic} is the seed reports'
 * algorithm, unchanged: one call per int, {@code Arrays.sort} runs, a {@code PriorityQueue} merge,
 * one thread. {@code fast} is the best this machine showed: block I/O through channel streams,
 * radix-sorted runs formed by one worker per core, merges split by value range over the cores with
 * a radix merger, and M the whole budget (by default the largest M the heap holds).
 */
public enum SortPreset implements CliName {
  CLASSIC("classic", StreamType.USER_BUFFER, 64 * 1024, 4),
  FAST("fast", StreamType.CHANNEL, 1 << 20, 256);

  /**
   * M when none is given to the classic preset (and to parameter files): with {@link #DEFAULT_N}
   * and d = 4, 16 runs and two merge passes, so that a sort on defaults shows the idea.
   */
  public static final long CLASSIC_DEFAULT_M = 1 << 20;

  /** N when a sort is given neither an input file nor N: 2^24 ints (64 MiB). */
  public static final long DEFAULT_N = 1 << 24;

  private final String cliName;
  private final StreamType streams;
  private final int bufferBytes;
  private final int fanIn;

  SortPreset(String cliName, StreamType streams, int bufferBytes, int fanIn) {
    this.cliName = cliName;
    this.streams = streams;
    this.bufferBytes = bufferBytes;
    this.fanIn = fanIn;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /** Stream type for reading and writing when none is given. */
  public StreamType streams() {
    return streams;
  }

  /** B when none is given. */
  public int bufferBytes() {
    return bufferBytes;
  }

  /**
   * d when none is given; the fast preset raises it for an input of more runs than one pass at this
   * d takes ({@link SortSettings#forInput}).
   */
  public int fanIn() {
    return fanIn;
  }

  /** Threads when none are given: one for classic (the reports' sort), every core for fast. */
  public int threads() {
    return this == FAST ? Runtime.getRuntime().availableProcessors() : 1;
  }

  /** M when none is given: classic's 2^20; fast's the largest budget the heap holds. */
  public long memoryInts() {
    return this == FAST ? SortMemory.largestBudgetInts(SortMemory.maxHeap()) : CLASSIC_DEFAULT_M;
  }

  /** This preset's composition on {@code threads} threads. */
  public SortTuning tuning(int threads) {
    return this == FAST ? SortTuning.fast(threads) : SortTuning.classic().withThreads(threads);
  }

  /**
   * The preset called {@code name}, case and surrounding spaces ignored.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static SortPreset parse(String name) {
    return Names.parse(SortPreset.class, "preset", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
