package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import org.secmem.admission.SortRequest;
import org.secmem.engine.EngineChecks;
import org.secmem.experiment.SortTrial;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.TimeEstimate;
import org.secmem.fs.TempRegistry;
import org.secmem.param.RunConfig;
import org.secmem.stream.StreamOptions;

/** Sort trials from parameter-file configurations, and the disk a sort needs. */
final class SortTrials {

  private SortTrials() {}

  static SortTrial fromConfig(RunConfig c, TempRegistry temps) {
    return trialOf(
        new SortTrialSpec(
            c.input(),
            c.output(),
            c.n(),
            c.shape(),
            c.settings().seed(),
            c.m(),
            c.d(),
            c.readStream(),
            c.writeStream(),
            new StreamOptions(c.b(), c.settings().sync()),
            c.order(),
            c.dir(),
            c.workDirs(),
            c.tuning(),
            c.preset(),
            c.algorithm(),
            c.fanout(),
            c.arrivalNanos(),
            c.engine(),
            c.engineSettings()),
        temps);
  }

  private static SortTrial trialOf(SortTrialSpec spec, TempRegistry temps) {
    return new SortTrial(spec, temps);
  }

  /**
   * Bytes a sort writes at its peak: a generated input, the runs of one pass plus the next, and the
   * output (an upper bound: 3 copies of the data, plus the input when generated); the in-memory
   * sort writes only the output.
   */
  static long diskBytes(RunConfig c) throws IOException {
    long n = ints(c);
    long sort =
        c.request() instanceof SortRequest r ? r.diskBytes() : EngineChecks.peakDiskBytes(n);
    return sort + (c.input().isPresent() ? 0 : n * Integer.BYTES);
  }

  /** A lower bound on one run's seconds: the in-memory sort is one pass. */
  static double seconds(RunConfig c) throws IOException {
    if (c.request() instanceof SortRequest r) {
      return r.seconds();
    }
    long n = ints(c); // another engine: one pass
    return TimeEstimate.sortSeconds(n, Math.max(1, n), c.d());
  }

  /** The ints a sort configuration sorts: its input file's, or the n it generates. */
  static long ints(RunConfig c) throws IOException {
    return c.input().isPresent() ? fileInts(c) : c.n();
  }

  /** The input's ints; the parameter check has seen it exist, so a failure here is real. */
  private static long fileInts(RunConfig c) throws IOException {
    return Files.size(c.input().get()) / Integer.BYTES;
  }
}
