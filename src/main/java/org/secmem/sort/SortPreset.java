package org.secmem.sort;

import java.util.Locale;
import java.util.Optional;
import org.secmem.stream.StreamType;

/**
 * Named sets of sort choices. {@code classic} is the seed reports' algorithm, unchanged; {@code
 * fast} is the best this machine showed (see the README's benchmark): bulk channel I/O with large
 * blocks, parallel radix runs, a radix merge and overlapped I/O, with a fan-in large enough
 * to merge in one pass.
 */
public enum SortPreset {
  CLASSIC("classic", StreamType.USER_BUFFER, 64 * 1024, 16),
  FAST("fast", StreamType.CHANNEL, 1 << 20, 64);

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

  /** d when none is given. */
  public int fanIn() {
    return fanIn;
  }

  public static SortPreset parse(String name) {
    for (SortPreset p : values()) {
      if (p.cliName.equals(name.trim().toLowerCase(Locale.ROOT))) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown preset '" + name + "' (allowed: classic, fast)");
  }

  /**
   * The sorter's choices: the preset's, with any given option replacing its part.
   *
   * @return empty for the classic sorter itself (classic with nothing changed)
   */
  public Optional<SortTuning> tuning(Optional<Merger> merger, Optional<RunSort> runSort,
      Optional<Boolean> overlap, Optional<Boolean> parallelMerge) {
    SortTuning base = this == FAST ? SortTuning.fast() : SortTuning.classic();
    Merger m = merger.orElse(base.merger());
    // A priority-queue merge cannot run in parallel: asking for it turns the parallel merge off.
    boolean parallel = parallelMerge.orElse(base.parallelMerge() && m.splitsByValue());
    SortTuning t = new SortTuning(m, runSort.orElse(base.runSort()),
        overlap.orElse(base.overlap()), parallel);
    if (this == CLASSIC && t.equals(base)) {
      return Optional.empty();
    }
    return Optional.of(t);
  }

  /** What a result row calls these choices: the preset's name, or custom when changed. */
  public String label(Optional<SortTuning> tuning) {
    SortTuning base = this == FAST ? SortTuning.fast() : SortTuning.classic();
    return tuning.orElse(SortTuning.classic()).equals(base) ? cliName : "custom";
  }

  @Override
  public String toString() {
    return cliName;
  }
}
