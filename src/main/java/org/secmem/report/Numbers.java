package org.secmem.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import org.secmem.units.Units;

/** Number formatting for report files: independent of the default locale. */
final class Numbers {

  private Numbers() {}

  /**
   * {@code value} with exactly {@code decimals} digits after a '.' decimal point, rounded half-up,
   * no grouping, no exponent, never "-0.000"; "" for NaN or infinity.
   */
  static String fixed(double value, int decimals) {
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
  static String grouped(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.format(Locale.ROOT, "%,d", (long) value);
    }
    return ChartPainter.number(value);
  }

  /**
   * A count of ints as people read it ({@link Units#ints}: {@code 2^18 ints}, {@code 3Mi ints}); a
   * value that is no whole non-negative number {@link #grouped} with the word.
   */
  static String ints(double value) {
    return whole(value) ? Units.ints((long) value) : grouped(value) + " ints";
  }

  /**
   * A size in bytes as people read it ({@link Units#bytes}: {@code 64 KiB}, {@code 1.5 MiB}); a
   * value that is no whole non-negative number {@link #grouped} with the word.
   */
  static String bytes(double value) {
    return whole(value) ? Units.bytes((long) value) : grouped(value) + " bytes";
  }

  /**
   * A setting of a results file as people read it: N and M as ints ({@code n = 2^18 ints}), B as
   * bytes ({@code b = 64 KiB}), another number {@link #grouped}; a cell that is no number as
   * written.
   */
  static String setting(String column, String value) {
    double v;
    try {
      v = Double.parseDouble(value.trim());
    } catch (RuntimeException e) {
      return value == null ? "" : value;
    }
    return switch (column) {
      case ResultColumns.N, ResultColumns.M -> ints(v);
      case ResultColumns.B -> bytes(v);
      default -> grouped(v);
    };
  }

  private static boolean whole(double value) {
    return value >= 0 && value == Math.rint(value) && value < 1e18;
  }
}
