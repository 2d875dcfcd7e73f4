package org.secmem.sort;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;

/**
 * A sort's settings, every one concrete: a preset with the user's choices applied ({@link
 * #builder}).
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

  /** Settings that start as {@code preset}'s: each choice set on the builder replaces its value. */
  public static Builder builder(SortPreset preset) {
    return new Builder(preset);
  }

  /**
   * What a user chose for a sort, one setting at a time; a setting never set is the preset's.
   * {@link #build} resolves them into concrete settings.
   */
  public static final class Builder {
    private final SortPreset preset;
    private StreamType readType;
    private StreamType writeType;
    private StreamType mergeReadType;
    private Integer bufferBytes;
    private Integer fanIn;
    private Long memoryInts;
    private Merger merger;
    private RunSort runSort;
    private Boolean overlap;
    private Boolean parallelMerge;
    private Integer threads;
    private Access access;

    private Builder(SortPreset preset) {
      this.preset = preset;
    }

    public Builder readType(StreamType t) {
      readType = t;
      return this;
    }

    public Builder writeType(StreamType t) {
      writeType = t;
      return this;
    }

    /** The stream type the merges read the runs with; the read type's when not set. */
    public Builder mergeReadType(StreamType t) {
      mergeReadType = t;
      return this;
    }

    public Builder bufferBytes(int bytes) {
      bufferBytes = bytes;
      return this;
    }

    public Builder fanIn(int d) {
      fanIn = d;
      return this;
    }

    public Builder memoryInts(long m) {
      memoryInts = m;
      return this;
    }

    public Builder merger(Merger m) {
      merger = m;
      return this;
    }

    public Builder runSort(RunSort r) {
      runSort = r;
      return this;
    }

    public Builder overlap(boolean on) {
      overlap = on;
      return this;
    }

    public Builder parallelMerge(boolean on) {
      parallelMerge = on;
      return this;
    }

    public Builder threads(int t) {
      threads = t;
      return this;
    }

    /** How ints move through the streams: a call per int or a block per call. */
    public Builder access(Access a) {
      access = a;
      return this;
    }

    /** B when chosen. */
    public OptionalInt bufferBytes() {
      return bufferBytes == null ? OptionalInt.empty() : OptionalInt.of(bufferBytes);
    }

    /** M when chosen. */
    public OptionalLong memoryInts() {
      return memoryInts == null ? OptionalLong.empty() : OptionalLong.of(memoryInts);
    }

    /**
     * The preset's settings with every choice applied.
     *
     * @throws IllegalArgumentException for choices that cannot go together (the message names the
     *     option, e.g. a parallel merge with a write stream that cannot write regions)
     */
    public SortSettings build() {
      StreamType read = Optional.ofNullable(readType).orElse(preset.streams());
      StreamType write = Optional.ofNullable(writeType).orElse(preset.streams());
      int t = Optional.ofNullable(threads).orElseGet(preset::threads);
      SortTuning base = preset.tuning(t);
      boolean regions = Streams.writesRegions(write);
      boolean parallel;
      if (parallelMerge != null) {
        parallel = parallelMerge;
        if (parallel && !regions) {
          throw new IllegalArgumentException(
              "parallel merge: "
                  + write
                  + " streams cannot write"
                  + " regions of a file (O_DIRECT needs aligned offsets); choose another write"
                  + " stream or no parallel merge");
        }
      } else {
        // The preset's choice where the write stream allows it; a row says what really ran.
        parallel = base.parallelMerge() && regions;
      }
      SortTuning tuning =
          new SortTuning(
              Optional.ofNullable(merger).orElse(base.merger()),
              Optional.ofNullable(runSort).orElse(base.runSort()),
              Optional.ofNullable(overlap).orElse(base.overlap()),
              parallel,
              access == null ? base.blockIo() : access == Access.BLOCK,
              t);
      boolean asPreset =
          tuning.merger() == base.merger()
              && tuning.runSort() == base.runSort()
              && tuning.overlap() == base.overlap()
              && tuning.parallelMerge() == base.parallelMerge()
              && tuning.blockIo() == base.blockIo();
      return new SortSettings(
          preset,
          asPreset ? preset.cliName() : "custom",
          read,
          write,
          Optional.ofNullable(mergeReadType).orElse(read),
          Optional.ofNullable(bufferBytes).orElse(preset.bufferBytes()),
          Optional.ofNullable(fanIn).orElse(preset.fanIn()),
          fanIn != null || preset != SortPreset.FAST,
          Optional.ofNullable(memoryInts).orElseGet(preset::memoryInts),
          tuning);
    }
  }
}
