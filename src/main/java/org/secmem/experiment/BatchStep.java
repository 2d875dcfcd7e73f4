package org.secmem.experiment;

import org.secmem.experiment.ExperimentRunner.Runs;

/**
 * A configuration of a batch and which of its runs to do: all of them on a first go, what is left
 * on a resume.
 */
public record BatchStep(PlannedTrial planned, Runs runs) {

  public BatchStep {
    if (planned == null || runs == null) {
      throw new IllegalArgumentException("planned trial and runs must be given");
    }
  }

  /** Every run of {@code planned}. */
  public static BatchStep all(PlannedTrial planned) {
    return new BatchStep(planned, Runs.all(planned.settings()));
  }

  /** Whether some of its runs were measured before (it is neither untouched nor skipped). */
  public boolean halfDone() {
    return runs.reps().size() < planned.settings().reps()
        || runs.recordedWarmups().size() < planned.settings().warmup();
  }

  /** Runs this step does, warm-ups included (0 when it has no repetition left). */
  public int runCount() {
    return runs.reps().isEmpty() ? 0 : Math.toIntExact(runs.count(planned.settings()));
  }
}
