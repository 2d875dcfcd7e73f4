package org.secmem.experiment;

import org.secmem.experiment.ExperimentRunner.Runs;

/**
 * A configuration of a batch and which of its runs to do: all of them on a first go, what is left
 * on a resume. {@code index} is its 0-based place in the planned batch (a forked JVM plans the same
 * batch and measures the configuration at that index).
 */
public record BatchStep(int index, PlannedTrial planned, Runs runs) {

  public BatchStep {
    if (planned == null || runs == null || index < 0) {
      throw new IllegalArgumentException("planned trial, runs and index must be given");
    }
  }

  /** Every run of {@code planned}, the {@code index}-th (0-based) configuration of its batch. */
  public static BatchStep all(int index, PlannedTrial planned) {
    return new BatchStep(index, planned, Runs.all(planned.settings()));
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
