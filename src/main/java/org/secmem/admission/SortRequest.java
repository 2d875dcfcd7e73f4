package org.secmem.admission;

import org.secmem.buffertree.FanoutRule;
import org.secmem.experiment.TimeEstimate;
import org.secmem.sort.CostModel;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortSettings;

/**
 * A sort by secmem's own engine, as any way in asks for it: the ints to sort and the settings every
 * parameter resolved to.
 *
 * @param ints N, the ints to sort (an input file's, or the ints to generate)
 * @param settings the preset with every choice applied: M, d, B, stream types, composition
 * @param algorithm the merge sort, the buffer tree or the in-memory baseline
 * @param fanout the buffer tree's (a, b) rule; {@link FanoutRule#DEFAULT} for the others
 * @param memoryGiven whether M was chosen (not the preset's own, which the fast preset sizes to the
 *     heap)
 * @param arrivalNanos nanoseconds between generated keys (online sorting), 0 for none
 */
public record SortRequest(
    long ints,
    SortSettings settings,
    SortAlgorithm algorithm,
    FanoutRule fanout,
    boolean memoryGiven,
    long arrivalNanos)
    implements Request {

  public SortRequest {
    if (ints < 0 || arrivalNanos < 0) {
      throw new IllegalArgumentException("ints and arrival must be >= 0");
    }
  }

  /** M, the sort's memory in ints. */
  public long memoryInts() {
    return settings.memoryInts();
  }

  /**
   * Bytes the sort holds on disk at its peak, not counting a generated input: the output alone for
   * the in-memory sort, else the runs of one pass plus the next and the output.
   */
  public long diskBytes() {
    return algorithm == SortAlgorithm.IN_MEMORY
        ? ints * Integer.BYTES
        : CostModel.peakDiskBytes(ints);
  }

  /**
   * A lower bound on one run's seconds: the cost model's passes at nominal rates (one for the
   * in-memory sort), plus the arrival of the keys.
   */
  public double seconds() {
    long m = algorithm == SortAlgorithm.IN_MEMORY ? Math.max(1, ints) : settings.memoryInts();
    return ints * (double) arrivalNanos / 1e9 + TimeEstimate.sortSeconds(ints, m, settings.fanIn());
  }
}
