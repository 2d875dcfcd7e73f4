package org.secmem.param;

import org.secmem.engine.EngineChecks;
import org.secmem.experiment.SortData;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamOptions;

/** The numeric parameters, with their allowed ranges: one place for every check and message. */
public enum NumericField {
  /** Ints per file; bounded so that byte counts stay far from overflow. */
  N("n", 1, Long.MAX_VALUE / 4 / 65536, false, "ints"),
  K("k", 1, 1_000_000, false, ""),
  B("b", StreamOptions.MIN_BUFFER_BYTES, StreamOptions.MAX_BUFFER_BYTES, true, "bytes"),
  /** Ints in memory: one Java array. */
  M("m", 1, Integer.MAX_VALUE - 8, false, "ints"),
  D("d", 2, 1_000_000, false, ""),
  THREADS("threads", 1, SortTuning.MAX_THREADS, false, ""),
  PARTITIONS("partitions", 1, EngineChecks.MAX_PARTITIONS, false, ""),
  REPS("reps", 1, 1_000_000, false, ""),
  WARMUP("warmup", 0, 1_000_000, false, ""),
  SEED("seed", Long.MIN_VALUE, Long.MAX_VALUE, false, ""),
  ARRIVAL("arrival_ns_per_key", 0, SortData.MAX_ARRIVAL_NANOS, false, "ns"),
  /** A memory cgroup's size: from 1 MiB (what the JVM needs is checked before a run) to 1 PiB. */
  MEMORY_LIMIT("memory_limit", 1L << 20, 1L << 50, true, "bytes");

  private final String column;
  private final long min;
  private final long max;
  private final boolean bytes;
  private final String unit;

  NumericField(String column, long min, long max, boolean bytes, String unit) {
    this.column = column;
    this.min = min;
    this.max = max;
    this.bytes = bytes;
    this.unit = unit;
  }

  /**
   * Why {@code value} is outside [min, max], or null when it is inside: {@code 3 is below the
   * minimum 4 (allowed: 4 .. 1073741824 bytes)}. The command line, parameter files and the menu all
   * say a range problem in these words.
   */
  public static String rangeProblem(long value, long min, long max, String unit) {
    String allowed = " (allowed: " + rangeText(min, max, unit) + ")";
    if (value < min) {
      return value + " is below the minimum " + min + allowed;
    }
    if (value > max) {
      return value + " is above the maximum " + max + allowed;
    }
    return null;
  }

  private static String rangeText(long min, long max, String unit) {
    String range = max == Long.MAX_VALUE ? min + " or more" : min + " .. " + max;
    return unit.isEmpty() ? range : range + " " + unit;
  }

  /** The unit of its values ({@code ints}, {@code bytes}, {@code ns}), or empty. */
  public String unit() {
    return unit;
  }

  public String column() {
    return column;
  }

  public long min() {
    return min;
  }

  public long max() {
    return max;
  }

  /** Whether values are byte sizes (and take K, M, G). */
  public boolean bytes() {
    return bytes;
  }

  /** Null when allowed, else the problem, e.g. {@code 3 is below the minimum 4 (allowed: ...)}. */
  public String problem(long value) {
    return rangeProblem(value, min, max, unit);
  }

  /** The allowed range as text, with its unit. */
  public String range() {
    return rangeText(min, max, unit);
  }
}
