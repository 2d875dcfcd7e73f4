package org.secmem.report.stats;

import java.util.Arrays;
import java.util.Collection;

/**
 * Descriptive statistics of a non-empty sample of finite doubles.
 *
 * <p>Definitions, exactly:
 *
 * <ul>
 *   <li>{@code median}: the middle value of the sorted sample; for an even count, the mean of the
 *       two middle values.
 *   <li>{@code mean}: the sum divided by the count (exactly the value when all values are equal).
 *   <li>{@code stddev}: the <em>sample</em> standard deviation, {@code sqrt(sum((x - mean)^2) /
 *       (count - 1))} (Bessel's correction, computed in two passes); for a single value (or equal
 *       values) it is exactly 0, so that a configuration measured once still has a complete summary
 *       row.
 *   <li>{@code min}, {@code max}: the smallest and largest value.
 * </ul>
 */
public record Statistics(
    int count, double median, double mean, double stddev, double min, double max) {

  public Statistics {
    if (count < 1) {
      throw new IllegalArgumentException("count (" + count + ") must be >= 1");
    }
  }

  /**
   * The statistics of {@code values}.
   *
   * @throws IllegalArgumentException when there are no values, or one is NaN or infinite
   */
  public static Statistics of(double... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values: statistics need at least one");
    }
    double[] sorted = values.clone();
    for (double v : sorted) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("value (" + v + ") must be finite");
      }
    }
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    double sum = 0;
    for (double v : sorted) {
      sum += v;
    }
    // all values equal: say so exactly, free of the rounding error a sum would bring
    double mean = sorted[0] == sorted[n - 1] ? sorted[0] : sum / n;
    double stddev = 0;
    if (n > 1 && sorted[0] != sorted[n - 1]) {
      double squares = 0;
      for (double v : sorted) {
        double d = v - mean;
        squares += d * d;
      }
      stddev = Math.sqrt(squares / (n - 1));
    }
    return new Statistics(n, median, mean, stddev, sorted[0], sorted[n - 1]);
  }

  /** The statistics of {@code values}; see {@link #of(double...)}. */
  public static Statistics of(Collection<Double> values) {
    return of(values.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
