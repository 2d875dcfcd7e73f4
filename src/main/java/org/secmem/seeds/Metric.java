package org.secmem.seeds;

import java.util.Locale;

/**
 * What a finding compares: a run's time, its throughput, the buffer tree's block pushes, or the
 * share of its floor a sort reached.
 */
public enum Metric {
  /** Elapsed time in milliseconds; lower is better. */
  MS(true),
  /** Throughput in MiB/s; higher is better. */
  MIBS(false),
  /** The buffer tree's block pushes; fewer is better. */
  PUSHES(true),
  /**
   * The share of its floor a sort reached: {@code floor_ns} (the least time its passes can take at
   * the probed rates) over its elapsed time, 1 at the machine's peak; higher is better.
   */
  FLOOR(false);

  private final boolean lowerIsBetter;

  Metric(boolean lowerIsBetter) {
    this.lowerIsBetter = lowerIsBetter;
  }

  /** Whether a smaller value is the better one. */
  public boolean lowerIsBetter() {
    return lowerIsBetter;
  }

  /** The findings file's word for this metric: ms, mibs, pushes or floor. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The metric a findings file names, or null. */
  static Metric of(String word) {
    for (Metric m : values()) {
      if (m.word().equals(word)) {
        return m;
      }
    }
    return null;
  }

  /** {@code value} as an interval's end: as {@link #format}, a share of the floor as "17 %". */
  String bare(double value) {
    return this == FLOOR ? String.format(Locale.ROOT, "%.0f %%", value * 100) : format(value);
  }

  /**
   * {@code value} as the table shows it: "12.3 ms", "4.1 s", "413.6 MiB/s", "512 block pushes", "19
   * % of the floor".
   */
  String format(double value) {
    switch (this) {
      case MIBS:
        return value < 10
            ? String.format(Locale.ROOT, "%.3g MiB/s", value)
            : String.format(Locale.ROOT, "%.1f MiB/s", value);
      case PUSHES:
        return String.format(Locale.ROOT, "%.0f block pushes", value);
      case FLOOR:
        return String.format(Locale.ROOT, "%.0f %% of the floor", value * 100);
      default:
        if (value >= 10_000) {
          return String.format(Locale.ROOT, "%.1f s", value / 1000);
        }
        if (value >= 100) {
          return String.format(Locale.ROOT, "%.0f ms", value);
        }
        return String.format(Locale.ROOT, "%.3g ms", value);
    }
  }
}
