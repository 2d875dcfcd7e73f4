package org.secmem.report.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap of a ratio of medians, shared by {@code Drift} (last third over first
 * third of one configuration's runs) and {@code Comparison} (NEW over BASE): each side is resampled
 * with replacement, independently, {@code resamples} times, and the ratio of the resampled medians
 * kept. Deterministic for a given random generator, so that the same runs always give the same
 * interval. Public for the seed findings ({@code org.secmem.seeds}), which judge with the same
 * intervals.
 */
public final class Bootstrap {

  /** Resamples: enough for a stable 2.5th and 97.5th percentile. */
  public static final int RESAMPLES = 2000;

  private Bootstrap() {}

  /**
   * {@code resamples} bootstrap values of median(numerator*) / median(denominator*), in the order
   * drawn (for each resample the denominator is drawn first, then the numerator); a resampled
   * denominator median that is not positive gives +infinity.
   *
   * @param denominator at least one value
   * @param numerator at least one value
   */
  public static double[] ratiosOfMedians(
      double[] denominator, double[] numerator, int resamples, SplittableRandom random) {
    double[] ratios = new double[resamples];
    double[] a = new double[denominator.length];
    double[] b = new double[numerator.length];
    for (int i = 0; i < resamples; i++) {
      resample(denominator, a, random);
      resample(numerator, b, random);
      double m = median(a);
      ratios[i] = m > 0 ? median(b) / m : Double.POSITIVE_INFINITY;
    }
    return ratios;
  }

  /**
   * The central {@code level} percentile interval of {@code values} (not changed): {low, high}.
   *
   * @param level in (0, 1), e.g. 0.95
   */
  public static double[] interval(double[] values, double level) {
    double[] s = values.clone();
    Arrays.sort(s);
    double tail = (1 - level) / 2;
    int last = s.length - 1;
    double low = s[(int) Math.floor(tail * last)];
    double high = s[(int) Math.ceil((1 - tail) * last)];
    return new double[] {low, high};
  }

  /** The median of {@code values} (not changed): the mean of the middle two for an even count. */
  public static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
  }

  /**
   * The median of one resample of {@code from} with replacement, drawn into {@code scratch} (as
   * long as {@code from}).
   */
  public static double resampledMedian(double[] from, double[] scratch, SplittableRandom random) {
    resample(from, scratch, random);
    return median(scratch);
  }

  private static void resample(double[] from, double[] into, SplittableRandom random) {
    for (int i = 0; i < into.length; i++) {
      into[i] = from[random.nextInt(from.length)];
    }
  }
}
