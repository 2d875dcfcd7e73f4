package org.secmem.probe;

import java.util.Locale;

/** Rates as the probe reports them: MiB (2^20 bytes) per second, written with one decimal. */
public final class Throughput {

  /** Bytes in a MiB. */
  public static final long MIB = 1L << 20;

  private Throughput() {}

  /**
   * {@code bytes} moved in {@code nanos} nanoseconds, in MiB/s.
   *
   * @throws IllegalArgumentException for negative bytes or a time that is not positive
   */
  public static double mibPerSecond(long bytes, long nanos) {
    if (bytes < 0 || nanos <= 0) {
      throw new IllegalArgumentException(
          "a rate needs bytes >= 0 and a positive time, got "
              + bytes
              + " bytes in "
              + nanos
              + " ns");
    }
    return (bytes / (double) MIB) / (nanos / 1e9);
  }

  /** A rate as written on the console and in the kept file: {@code 1234.5}. */
  public static String format(double mibPerSecond) {
    return String.format(Locale.ROOT, "%.1f", mibPerSecond);
  }
}
