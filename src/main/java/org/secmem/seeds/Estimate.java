package org.secmem.seeds;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.secmem.report.stats.Bootstrap;
import org.secmem.seeds.Measurements.Samples;

/**
 * A statistic of some configurations' medians with its 95 % percentile bootstrap interval, as
 * {@code secmem compare} computes them ({@link Bootstrap}: 2,000 resamples, each configuration's
 * runs resampled with replacement independently, the statistic taken of the resampled medians).
 * Deterministic: the same runs and seed give the same interval.
 *
 * <p>A configuration with one run, or a summary's median, has no noise of its own to resample: a
 * ratio that involves one is widened to at least {@link #SINGLE_RUN_MARGIN} either way, the
 * run-to-run spread of medians seen on this shared machine, so that one lucky run is not taken for
 * a finding.
 *
 * @param value the statistic of the medians
 * @param low the interval's lower end
 * @param high the interval's upper end
 */
public record Estimate(double value, double low, double high) {

  /** The interval's confidence level. */
  public static final double LEVEL = 0.95;

  /** The least margin of a ratio with a side that has one value only: x1.05 either way. */
  public static final double SINGLE_RUN_MARGIN = 1.05;

  /**
   * The statistic {@code f} of the medians of {@code samples} (in that order), with its interval.
   *
   * @param ratio whether {@code f} is a ratio, widened by {@link #SINGLE_RUN_MARGIN} when a side
   *     has a single value
   */
  static Estimate of(
      List<Samples> samples, ToDoubleFunction<double[]> f, boolean ratio, long seed) {
    int n = samples.size();
    double[] medians = new double[n];
    double[][] scratch = new double[n][];
    boolean single = false;
    for (int i = 0; i < n; i++) {
      medians[i] = samples.get(i).median();
      scratch[i] = new double[samples.get(i).values().length];
      single |= !resampled(samples.get(i));
    }
    double value = f.applyAsDouble(medians);
    SplittableRandom random = new SplittableRandom(seed);
    double[] draws = new double[Bootstrap.RESAMPLES];
    double[] m = new double[n];
    for (int r = 0; r < draws.length; r++) {
      for (int i = 0; i < n; i++) {
        Samples s = samples.get(i);
        m[i] =
            resampled(s) ? Bootstrap.resampledMedian(s.values(), scratch[i], random) : medians[i];
      }
      draws[r] = f.applyAsDouble(m);
    }
    double[] interval = Bootstrap.interval(draws, LEVEL);
    double low = Math.min(interval[0], value);
    double high = Math.max(interval[1], value);
    if (ratio && single) {
      low = Math.min(low, value / SINGLE_RUN_MARGIN);
      high = Math.max(high, value * SINGLE_RUN_MARGIN);
    }
    return new Estimate(value, low, high);
  }

  /**
   * How many times better {@code a} is than {@code b} under {@code metric}: B's median time over
   * A's, or A's throughput over B's; above 1 when A is the better one.
   */
  static Estimate advantage(Samples a, Samples b, Metric metric, long seed) {
    return of(List.of(a, b), m -> metric.lowerIsBetter() ? m[1] / m[0] : m[0] / m[1], true, seed);
  }

  /** Whether the interval lies wholly above {@code x}. */
  boolean above(double x) {
    return low > x;
  }

  /** Whether the interval lies wholly below {@code x}. */
  boolean below(double x) {
    return high < x;
  }

  /**
   * As a ratio: "x1.02 (95 % interval x0.98 .. x1.06)"; a ratio of zero times (0/0) is said to be
   * undefined, never printed as NaN.
   */
  String ratioText() {
    if (Double.isNaN(value)) {
      return "undefined (the times are zero, and a ratio of zero times is undefined)";
    }
    return "x" + digits(value) + " (95 % interval x" + digits(low) + " .. x" + digits(high) + ")";
  }

  /** As a plain number: "0.98 (95 % interval 0.95 .. 1.01)". */
  String plainText() {
    return digits(value) + " (95 % interval " + digits(low) + " .. " + digits(high) + ")";
  }

  /** Three significant digits, two decimals at least below 10: 0.998, 1.02, 58.7, 1234. */
  static String digits(double x) {
    double a = Math.abs(x);
    if (a >= 100) {
      return String.format(Locale.ROOT, "%.0f", x);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.1f", x);
    }
    if (a >= 1) {
      return String.format(Locale.ROOT, "%.2f", x);
    }
    return String.format(Locale.ROOT, "%.3g", x);
  }

  private static boolean resampled(Samples s) {
    return s.runs() && s.values().length >= 2;
  }
}
