package org.secmem.report.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.secmem.report.stats.Bootstrap;

/**
 * Whether the runs of one configuration moved while it was measured: the median of the last third
 * of its measured runs (in the order they ran) over the median of the first third, with a bootstrap
 * interval for that ratio. Run in interleaved order (the default), a configuration's rounds span
 * the whole sweep, so a machine that drifts during a sweep shows here in every configuration.
 *
 * <p>A configuration is flagged when the {@value #LEVEL_PERCENT}% interval excludes 1 and the ratio
 * differs from 1 by at least {@value #MIN_CHANGE_PERCENT}%: a change both beyond the noise of its
 * own runs and large enough to matter. With fewer than {@value #MIN_RUNS} measured runs (thirds of
 * fewer than two) the interval means nothing, and no verdict is given.
 *
 * @param runs measured runs used
 * @param ratio median of the last third / median of the first third
 * @param low lower end of the bootstrap interval of the ratio
 * @param high upper end
 */
public record Drift(int runs, double ratio, double low, double high) {

  /** Measured runs needed for a verdict: two in each third. */
  public static final int MIN_RUNS = 6;

  /** Smallest change flagged, in percent. */
  public static final int MIN_CHANGE_PERCENT = 10;

  /** Confidence level of the interval, in percent. */
  public static final int LEVEL_PERCENT = 95;

  /** Bootstrap resamples (see {@link Bootstrap}). */
  static final int RESAMPLES = Bootstrap.RESAMPLES;

  /** A fixed seed: the same runs always give the same interval (and the same verdict). */
  private static final long BOOTSTRAP_SEED = 0x5ec0_3e3L;

  /** Whether the runs moved beyond their noise by at least {@value #MIN_CHANGE_PERCENT}%. */
  public boolean drifted() {
    boolean beyondNoise = low > 1 || high < 1;
    return beyondNoise && Math.abs(ratio - 1) * 100 >= MIN_CHANGE_PERCENT;
  }

  /**
   * The drift of runs given in the order they ran; empty with fewer than {@value #MIN_RUNS} values
   * or a first third whose median is 0.
   */
  public static Optional<Drift> of(List<Double> inOrder) {
    int n = inOrder.size();
    if (n < MIN_RUNS) {
      return Optional.empty();
    }
    int third = n / 3;
    double[] first = toArray(inOrder.subList(0, third));
    double[] last = toArray(inOrder.subList(n - third, n));
    double firstMedian = median(first);
    if (!(firstMedian > 0)) {
      return Optional.empty();
    }
    double ratio = median(last) / firstMedian;
    double[] ratios =
        Bootstrap.ratiosOfMedians(first, last, RESAMPLES, new SplittableRandom(BOOTSTRAP_SEED));
    double[] interval = Bootstrap.interval(ratios, LEVEL_PERCENT / 100.0);
    double low = interval[0];
    double high = interval[1];
    return Optional.of(new Drift(n, ratio, low, high));
  }

  /**
   * Sweep-wide drift: across configurations each measured at least twice, how many ran slower in
   * their last third than in their first (by more than the noise floor of 1%), how many faster, and
   * the two-sided sign-test p-value of that split. Needs interleaved or random order to mean "the
   * machine changed during the sweep": in sequential order each configuration's runs are adjacent.
   *
   * @param configurations the measured runs of each configuration, in the order they ran
   */
  public static Optional<Sweep> ofSweep(List<List<Double>> configurations) {
    int slower = 0;
    int faster = 0;
    List<Double> ratios = new ArrayList<>();
    for (List<Double> runs : configurations) {
      int n = runs.size();
      if (n < 2) {
        continue;
      }
      int third = Math.max(1, n / 3);
      double f = median(toArray(runs.subList(0, third)));
      double l = median(toArray(runs.subList(n - third, n)));
      if (!(f > 0)) {
        continue;
      }
      double r = l / f;
      ratios.add(r);
      if (r > 1 + SIGN_FLOOR) {
        slower++;
      } else if (r < 1 - SIGN_FLOOR) {
        faster++;
      }
    }
    if (ratios.isEmpty()) {
      return Optional.empty();
    }
    double median = median(ratios.stream().mapToDouble(Double::doubleValue).toArray());
    return Optional.of(new Sweep(ratios.size(), slower, faster, signTest(slower, faster), median));
  }

  /** Changes within 1% count as neither slower nor faster in the sign test. */
  static final double SIGN_FLOOR = 0.01;

  /**
   * Drift across a sweep.
   *
   * @param configurations configurations with at least two measured runs
   * @param slower how many ran slower at the end than at the start
   * @param faster how many ran faster
   * @param pValue two-sided sign test of slower against faster
   * @param medianRatio the median over configurations of last-third / first-third median
   */
  public record Sweep(
      int configurations, int slower, int faster, double pValue, double medianRatio) {

    /** Significance level of the sweep-wide test. */
    public static final double LEVEL = 0.01;

    /** Whether the configurations moved together, more than chance allows. */
    public boolean drifted() {
      return pValue < LEVEL && Math.abs(medianRatio - 1) * 100 >= MIN_CHANGE_PERCENT;
    }
  }

  /** Two-sided exact sign test: P(a split at least this uneven | each side equally likely). */
  static double signTest(int a, int b) {
    int n = a + b;
    if (n == 0) {
      return 1;
    }
    int k = Math.min(a, b);
    double p = 0;
    for (int i = 0; i <= k; i++) {
      p += Math.exp(logChoose(n, i) - n * Math.log(2));
    }
    return Math.min(1, 2 * p);
  }

  private static double logChoose(int n, int k) {
    double s = 0;
    for (int i = 1; i <= k; i++) {
      s += Math.log(n - k + i) - Math.log(i);
    }
    return s;
  }

  private static double[] toArray(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static double median(double[] values) {
    return Bootstrap.median(values);
  }
}
