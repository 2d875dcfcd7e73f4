package org.secmem.param;

import java.io.IOException;
import java.nio.file.Files;
import org.secmem.admission.SortRequest;
import org.secmem.engine.EngineChecks;
import org.secmem.experiment.SortData;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.TimeEstimate;

/** The disk and time a parameter file's sort configuration needs. */
final class SortTrials {

  private SortTrials() {}

  /**
   * Bytes a sort writes at its peak: a generated input, the runs of one pass plus the next, and the
   * output (an upper bound: 3 copies of the data, plus the input when generated); the in-memory
   * sort writes only the output.
   */
  static long diskBytes(RunConfig c, SortTrialSpec spec) throws IOException {
    long n = ints(spec.data());
    long sort =
        c.request() instanceof SortRequest r ? r.diskBytes() : EngineChecks.peakDiskBytes(n);
    return sort + (spec.data().input().isPresent() ? 0 : n * Integer.BYTES);
  }

  /** A lower bound on one run's seconds: the in-memory sort is one pass. */
  static double seconds(RunConfig c, SortTrialSpec spec) throws IOException {
    if (c.request() instanceof SortRequest r) {
      return r.seconds();
    }
    long n = ints(spec.data()); // another engine: one pass
    return TimeEstimate.sortSeconds(n, Math.max(1, n), 2);
  }

  /** The ints a sort sorts: its input file's (seen to exist by the parameter check), or its n. */
  static long ints(SortData data) throws IOException {
    return data.input().isPresent() ? Files.size(data.input().get()) / Integer.BYTES : data.n();
  }
}
