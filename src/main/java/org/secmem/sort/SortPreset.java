package org.secmem.sort;

import org.secmem.names.CliName;
import org.secmem.names.Names;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;

/**
 * Named compositions of the sort, and the one place where a preset and a user's choices become
 * concrete settings ({@link #resolve}): the command line, parameter files and the menu all go
 * through it. {@code classic} is the seed reports' algorithm, unchanged: one call per int, {@code
 * Arrays.sort} runs, a {@code PriorityQueue} merge, one thread. {@code fast} is the best this
 * machine showed: block I/O through channel streams, radix-sorted runs formed by one worker per
 * core, merges split by value range over the cores with a radix merger, and M the whole budget (by
 * default the largest M the heap holds).
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

  /**
   * The preset's settings with the user's choices applied.
   *
   * @throws IllegalArgumentException for choices that cannot go together (the message names the
   *     option, e.g. a parallel merge with a write stream that cannot write regions)
   */
  public SortSettings resolve(SortChoices c) {
    StreamType read = c.readType().orElse(streams);
    StreamType write = c.writeType().orElse(streams);
    int threads = c.threads().orElseGet(this::threads);
    SortTuning base = tuning(threads);
    boolean regions = Streams.writesRegions(write);
    boolean parallel;
    if (c.parallelMerge().isPresent()) {
      parallel = c.parallelMerge().get();
      if (parallel && !regions) {
        throw new IllegalArgumentException(
            "parallel merge: "
                + write
                + " streams cannot write"
                + " regions of a file (O_DIRECT needs aligned offsets); choose another write stream"
                + " or no parallel merge");
      }
    } else {
      // The preset's choice where the write stream allows it; a row says what really ran.
      parallel = base.parallelMerge() && regions;
    }
    SortTuning t =
        new SortTuning(
            c.merger().orElse(base.merger()),
            c.runSort().orElse(base.runSort()),
            c.overlap().orElse(base.overlap()),
            parallel,
            base.blockIo(),
            threads);
    boolean asPreset =
        t.merger() == base.merger()
            && t.runSort() == base.runSort()
            && t.overlap() == base.overlap()
            && t.parallelMerge() == base.parallelMerge();
    return new SortSettings(
        this,
        asPreset ? cliName : "custom",
        read,
        write,
        c.mergeReadType().orElse(read),
        c.bufferBytes().orElse(bufferBytes),
        c.fanIn().orElse(fanIn),
        c.fanIn().isPresent() || this != FAST,
        c.memoryInts().orElseGet(this::memoryInts),
        t);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
