package org.secmem.results;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import org.secmem.units.Units;

/** Number formatting for report files: independent of the default locale. */
public final class Numbers {

  private Numbers() {}

  /**
   * {@code value} with exactly {@code decimals} digits after a '.' decimal point, rounded half-up,
   * no grouping, no exponent, never "-0.000"; "" for NaN or infinity.
   */
  public static String fixed(double value, int decimals) {
    if (!Double.isFinite(value)) {
      return "";
    }
    BigDecimal rounded = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP);
    if (rounded.signum() == 0) {
      rounded = BigDecimal.ZERO.setScale(decimals);
    }
    return rounded.toPlainString();
  }

  /**
   * {@code value} for a reader: a whole number with ',' between thousands ({@code 10,000}),
   * anything else with at most 3 significant decimals; whatever the default locale.
   */
  public static String grouped(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.format(Locale.ROOT, "%,d", (long) value);
    }
    return significant(value);
  }

  /**
   * A count of ints as people read it ({@link Units#ints}: {@code 2^18 ints}, {@code 3Mi ints}); a
   * value that is no whole non-negative number {@link #grouped} with the word.
   */
  public static String ints(double value) {
    return whole(value) ? Units.ints((long) value) : grouped(value) + " ints";
  }

  /**
   * A size in bytes as people read it ({@link Units#bytes}: {@code 64 KiB}, {@code 1.5 MiB}); a
   * value that is no whole non-negative number {@link #grouped} with the word.
   */
  public static String bytes(double value) {
    return whole(value) ? Units.bytes((long) value) : grouped(value) + " bytes";
  }

  /**
   * A setting of a results file as people read it: N and M as ints ({@code n = 2^18 ints}), B as
   * bytes ({@code b = 64 KiB}), another number {@link #grouped}; a cell that is no number as
   * written.
   */
  public static String setting(String column, String value) {
    double v;
    try {
      v = Double.parseDouble(value.trim());
    } catch (RuntimeException e) {
      return value == null ? "" : value;
    }
    if (column.equals(ResultColumns.N) || column.equals(ResultColumns.M)) {
      return ints(v);
    }
    return column.equals(ResultColumns.B) ? bytes(v) : grouped(v);
  }

  /**
   * A whole number as it is, anything else with 3 significant digits: {@code 1.23}, {@code 0.0457}.
   */
  public static String significant(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    BigDecimal d = new BigDecimal(v).round(new MathContext(3));
    return d.stripTrailingZeros().toPlainString();
  }

  private static boolean whole(double value) {
    return value >= 0 && value == Math.rint(value) && value < 1e18;
  }
}
