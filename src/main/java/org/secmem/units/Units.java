package org.secmem.units;

import java.util.Locale;

/**
 * How counts of ints and sizes in bytes read to people (console lines, progress, chart titles,
 * messages): ints as {@code 2^20 ints}, {@code 3Mi ints} or {@code 1000000 ints}, bytes as {@code
 * 64 KiB} or {@code 1.5 GiB}, so that K and M never stand for ints in one place and bytes in the
 * next. Results files keep raw numbers; this is for what is read, not parsed.
 */
public final class Units {

  private Units() {}

  private static final String[] INT_PREFIXES = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  private static final String[] BYTE_UNITS = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

  /**
   * A count of ints, exact: {@code 2^20 ints} for a power of two of at least 1024, {@code 246Mi
   * ints} for another multiple of 1024 whose largest binary prefix that divides it leaves a number
   * under 1024, else the digits ({@code 1000000 ints}, {@code 2000000000 ints}, {@code 1 int}).
   */
  public static String ints(long n) {
    return count(n) + (n == 1 ? " int" : " ints");
  }

  /** {@link #ints} without the word: {@code 2^20}, {@code 246Mi}, {@code 1000000}. */
  public static String count(long n) {
    if (n < 1024) {
      return Long.toString(n);
    }
    if (Long.bitCount(n) == 1) {
      return "2^" + Long.numberOfTrailingZeros(n);
    }
    int p = Math.min(Long.numberOfTrailingZeros(n) / 10, INT_PREFIXES.length - 1);
    // A prefix only where it leaves a short number (125Ki, 246Mi): 2,000,000,000 reads better as
    // its digits than as 1953125Ki.
    return p == 0 || (n >> (10 * p)) >= 1024 ? Long.toString(n) : (n >> (10 * p)) + INT_PREFIXES[p];
  }

  /**
   * A count as a user types it back into an option or a parameter file: {@code 2^12} for a power of
   * two of at least 1024 (the options take {@code 2^k}), else the digits ({@code 87}, {@code 3072},
   * {@code 2000000000}), never a prefix the options do not take ({@code 3Ki}). For messages that
   * name a value to use, or repeat the one given.
   */
  public static String typed(long n) {
    return n >= 1024 && Long.bitCount(n) == 1
        ? "2^" + Long.numberOfTrailingZeros(n)
        : Long.toString(n);
  }

  /**
   * A size in bytes as a user types it back ({@code 64K}, {@code 1M}, {@code 2G} when a whole
   * number of that unit, else the digits), as the options, parameter files and menu take it.
   */
  public static String typedBytes(long b) {
    String[] units = {"G", "M", "K"};
    for (int i = 0; i < units.length; i++) {
      long unit = 1L << (10 * (3 - i));
      if (b >= unit && b % unit == 0) {
        return (b / unit) + units[i];
      }
    }
    return Long.toString(b);
  }

  /** {@link #typed} with the word: {@code 2^16 ints}, {@code 100000 ints}, {@code 1 int}. */
  public static String typedInts(long n) {
    return typed(n) + (n == 1 ? " int" : " ints");
  }

  /**
   * A size in bytes in binary units: exact when a whole number of the largest unit it reaches
   * ({@code 64 KiB}, {@code 3 GiB}), else that unit with one decimal, cut rather than rounded so
   * that it never reads as more than it is ({@code 1.5 MiB}; {@code 64.0 KiB} for 65537, the
   * decimal point saying it is not exact); under 1 KiB in bytes ({@code 512 bytes}, {@code 1
   * byte}).
   */
  public static String bytes(long b) {
    if (b < 0) {
      return "-" + bytes(-Math.max(b, -Long.MAX_VALUE));
    }
    if (b < 1024) {
      return b + (b == 1 ? " byte" : " bytes");
    }
    int u = (63 - Long.numberOfLeadingZeros(b)) / 10;
    long unit = 1L << (10 * u);
    if (b % unit == 0) {
      return (b / unit) + " " + BYTE_UNITS[u];
    }
    // the tenths cut, not rounded; the remainder is below 2^60, so ten of it fit an unsigned long
    long tenth = Long.divideUnsigned((b % unit) * 10, unit);
    return String.format(Locale.ROOT, "%d.%d %s", b / unit, tenth, BYTE_UNITS[u]);
  }

  /**
   * The advice to give the JVM a heap of {@code mib} MiB, on its command line and through {@code
   * scripts/secmem}: {@code a larger heap: java -Xmx512m (scripts/secmem: SECMEM_HEAP=512m)}.
   */
  public static String largerHeap(long mib) {
    return "a larger heap: java -Xmx" + mib + "m (scripts/secmem: SECMEM_HEAP=" + mib + "m)";
  }
}
