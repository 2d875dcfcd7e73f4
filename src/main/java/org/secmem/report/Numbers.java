package org.secmem.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

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
}
