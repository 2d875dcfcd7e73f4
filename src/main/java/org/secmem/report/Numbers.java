package org.secmem.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

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
}
