package org.secmem.experiment;

import java.nio.file.Path;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.Shape;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * One configuration of the priority-queue experiment.
 *
 * @param n inserts (and delete-mins) of the operation sequence
 * @param shape the keys' shape, generated from {@code seed}
 * @param workload the operation sequence
 * @param insertRatio the probability of an insert, for {@link PqWorkload#RATIO}; NaN otherwise
 * @param impl the queue timed
 * @param m M in ints, the buffer tree's memory (ignored by the java queue)
 * @param fanout the buffer tree's (a, b) rule (ignored by the java queue)
 * @param dir where the buffer tree's work folder is made, one per run, removed after it
 */
public record PqTrialSpec(
    long n,
    Shape shape,
    long seed,
    PqWorkload workload,
    double insertRatio,
    PqImpl impl,
    long m,
    FanoutRule fanout,
    StreamType readType,
    StreamType writeType,
    StreamOptions options,
    Path dir) {

  public PqTrialSpec {
    if (n < 0) {
      throw new IllegalArgumentException("n (" + n + ") must be >= 0");
    }
    if (shape == null
        || workload == null
        || impl == null
        || fanout == null
        || readType == null
        || writeType == null
        || options == null
        || dir == null) {
      throw new IllegalArgumentException("every part of a pq configuration must be given");
    }
    if (workload == PqWorkload.RATIO && !(insertRatio > 0 && insertRatio <= 1)) {
      throw new IllegalArgumentException("insert ratio (" + insertRatio + ") must be in (0, 1]");
    }
    if (m < 1) {
      throw new IllegalArgumentException("m (" + m + ") must be >= 1");
    }
  }

  public boolean bufferTree() {
    return impl == PqImpl.BUFFER_TREE;
  }
}
