package org.secmem.admission;

/**
 * The values a numeric parameter allows, and their unit: one place for every range check and its
 * message, at every way in (the command line, parameter files, the menu).
 *
 * @param min the smallest value allowed
 * @param max the largest value allowed ({@link Long#MAX_VALUE}: no upper bound)
 * @param bytes whether values are byte sizes (written with K, M, G)
 * @param unit the values' unit as messages say it ({@code ints}, {@code bytes}, {@code ns}), or
 *     empty
 */
public record Range(long min, long max, boolean bytes, String unit) {

  public Range {
    if (min > max) {
      throw new IllegalArgumentException("min " + min + " > max " + max);
    }
  }

  /** A count of {@code unit} (empty for none) from {@code min} to {@code max}. */
  static Range of(long min, long max, String unit) {
    return new Range(min, max, false, unit);
  }

  /** A size in bytes from {@code min} to {@code max}. */
  static Range bytes(long min, long max) {
    return new Range(min, max, true, "bytes");
  }

  /**
   * Why {@code value} is outside [min, max], or null when it is inside: {@code 3 is below the
   * minimum 4 (allowed: 4 .. 1073741824 bytes)}. The command line, parameter files and the menu all
   * say a range problem in these words.
   */
  public static String problem(long value, long min, long max, String unit) {
    String allowed = " (allowed: " + text(min, max, unit) + ")";
    if (value < min) {
      return value + " is below the minimum " + min + allowed;
    }
    if (value > max) {
      return value + " is above the maximum " + max + allowed;
    }
    return null;
  }

  private static String text(long min, long max, String unit) {
    String range =
        max != Long.MAX_VALUE
            ? min + " .. " + max
            : min == Long.MIN_VALUE ? "any integer" : min + " or more";
    return unit.isEmpty() ? range : range + " " + unit;
  }

  /** Null when {@code value} is allowed, else the problem, in {@link #problem}'s words. */
  public String problem(long value) {
    return problem(value, min, max, unit);
  }

  /** The allowed values as text, with their unit: {@code 1 .. 1000000}, {@code 4 or more}. */
  public String text() {
    return text(min, max, unit);
  }
}
