package org.secmem.experiment;

import java.util.Locale;
import org.apache.commons.lang3.time.DurationFormatUtils;
import org.secmem.sort.CostModel;
import org.secmem.stream.StreamType;

/**
 * A lower bound on how long a configuration takes, from the cost model: its system calls and its
 * bytes at rates faster than this kind of machine reaches. It exists to catch a sweep that cannot
 * finish in any reasonable time (N = 2^40 with simple streams) before it starts, not to predict;
 * being a lower bound, it never refuses a sweep that would be quick.
 */
public final class TimeEstimate {

  /** A system call: a few hundred nanoseconds at best. */
  static final double SECONDS_PER_CALL = 0.3e-6;

  /** Moving a byte through the page cache: 4 GB/s, above what one thread copies here. */
  static final double SECONDS_PER_BYTE = 0.25e-9;

  /** Per int handled one at a time in Java: a nanosecond. */
  static final double SECONDS_PER_INT = 1e-9;

  private TimeEstimate() {}

  /** One run writing or reading k files of N ints. */
  public static double streamSeconds(StreamType type, boolean writing, long n, long k, int b) {
    double ints = (double) n * k;
    double calls = StreamCostModel.predictedCalls(type, writing, n, k, b);
    return calls * SECONDS_PER_CALL
        + ints * Integer.BYTES * SECONDS_PER_BYTE
        + ints * SECONDS_PER_INT;
  }

  /** One sort of N ints with memory M and fan-in d: every pass reads and writes every int. */
  public static double sortSeconds(long n, long m, int d) {
    double passes = CostModel.passes(n, Math.max(1, m), Math.max(2, d));
    return passes * n * (2.0 * Integer.BYTES * SECONDS_PER_BYTE + SECONDS_PER_INT);
  }

  /** {@code seconds} as "3 d 4 h", "5 h 20 min", "12 min" or "40 s". */
  public static String format(double seconds) {
    long s = (long) Math.ceil(seconds);
    if (s >= 86_400) {
      return DurationFormatUtils.formatDuration(s * 1000, "d' d 'H' h'", false);
    }
    if (s >= 3600) {
      return DurationFormatUtils.formatDuration(s * 1000, "H' h 'm' min'", false);
    }
    if (s >= 60) {
      return String.format(Locale.ROOT, "%d min", (s + 59) / 60); // rounded up, not truncated
    }
    return s + " s";
  }
}
