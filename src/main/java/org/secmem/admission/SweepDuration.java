package org.secmem.admission;

import java.util.Optional;
import org.secmem.experiment.TimeEstimate;
import org.secmem.runner.BadInputException;

/**
 * Whether a sweep may start for how long it will take: one whose lower-bound estimate from the cost
 * model exceeds a day is refused unless the user said yes, and one over ten minutes is announced.
 */
public final class SweepDuration {

  /** The longest sweep that runs without being confirmed. */
  public static final double DAY_SECONDS = 86_400;

  /** The shortest sweep whose estimate is said before it starts. */
  public static final double SAID_SECONDS = 600;

  private SweepDuration() {}

  /**
   * Refuses {@code runs} runs estimated at {@code seconds} over a day unless {@code yes}.
   *
   * @return the line to print before a sweep over ten minutes ("estimate: at least ..."), else
   *     empty
   * @throws BadInputException saying the estimate and how to run it anyway
   */
  public static Optional<String> check(double seconds, long runs, boolean yes) {
    String estimate =
        "at least "
            + TimeEstimate.format(seconds)
            + " for "
            + runs
            + " run"
            + (runs == 1 ? "" : "s")
            + " (a lower bound from the cost model)";
    if (seconds > DAY_SECONDS && !yes) {
      throw new BadInputException(
          "this would take "
              + estimate
              + "; pass --yes to run it"
              + " anyway, or use a smaller N, fewer repetitions or fewer configurations");
    }
    return seconds > SAID_SECONDS ? Optional.of("estimate: " + estimate) : Optional.empty();
  }
}
