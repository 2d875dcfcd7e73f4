package org.secmem.experiment;

import java.time.Duration;
import java.util.List;

/**
 * Warming a configuration up until its times stop falling, before its first measured run: the
 * adaptive warm-up of JMH's iterations and Criterion's warm-up, bounded in time. In a fresh JVM a
 * run of a few milliseconds takes about ten runs to reach its compiled speed (a user-buffer write
 * of 10^6 ints: 55, 23, 21, 11, 16, 14, 13, 9.3, 9.4 ms), so a fixed single warm-up measures the
 * JIT in forked runs and not in a shared JVM, whose other configurations warmed the same code.
 *
 * <p>Steady means: at least {@link #WINDOW} x 2 runs, and the median of the last {@link #WINDOW} no
 * more than {@link #TOLERANCE} below the median of the {@link #WINDOW} before them. The runs stop
 * there, or once {@code budget} of wall time (preparation included) has passed, or after {@link
 * #MAX_RUNS}. A run longer than the budget gets no extra warm-up: it is past its JIT.
 *
 * @param budget the most wall time spent warming one configuration up; zero turns it off
 */
public record SteadyWarmup(Duration budget) {

  /** Runs compared at a time. */
  public static final int WINDOW = 3;

  /** How much faster the last runs may be than the ones before and still count as steady. */
  public static final double TOLERANCE = 0.05;

  /** The most runs one configuration warms up by, whatever the budget. */
  public static final int MAX_RUNS = 1000;

  /** The longest budget accepted. */
  public static final Duration MAX_BUDGET = Duration.ofMinutes(10);

  /** No adaptive warm-up: the configuration's fixed warm-ups only. */
  public static final SteadyWarmup OFF = new SteadyWarmup(Duration.ZERO);

  public SteadyWarmup {
    if (budget == null || budget.isNegative() || budget.compareTo(MAX_BUDGET) > 0) {
      throw new IllegalArgumentException(
          "the warm-up budget (" + budget + ") must be 0 .. " + MAX_BUDGET.toMinutes() + " min");
    }
  }

  /** A budget of {@code millis} milliseconds (0: off). */
  public static SteadyWarmup ofMillis(long millis) {
    return new SteadyWarmup(Duration.ofMillis(millis));
  }

  /** Whether configurations warm up until steady at all. */
  public boolean enabled() {
    return !budget.isZero();
  }

  /**
   * Whether to run once more after runs that took {@code times} (nanoseconds, oldest first), having
   * spent {@code spentNanos} of wall time on them.
   */
  public boolean another(List<Long> times, long spentNanos) {
    return enabled() && spentNanos < budget.toNanos() && times.size() < MAX_RUNS && !steady(times);
  }

  /** Whether {@code times} (oldest first) have stopped falling (see the class comment). */
  public static boolean steady(List<Long> times) {
    int n = times.size();
    if (n < 2 * WINDOW) {
      return false;
    }
    double last = median(times.subList(n - WINDOW, n));
    double before = median(times.subList(n - 2 * WINDOW, n - WINDOW));
    return last >= (1 - TOLERANCE) * before;
  }

  private static double median(List<Long> xs) {
    long[] a = xs.stream().mapToLong(Long::longValue).sorted().toArray();
    int m = a.length / 2;
    return a.length % 2 == 1 ? a[m] : (a[m - 1] + a[m]) / 2.0;
  }

  @Override
  public String toString() {
    return enabled() ? budget.toMillis() + " ms" : "off";
  }
}
