package org.secmem.experiment;

import java.util.Map;
import java.util.Optional;
import org.secmem.data.Checksum;
import org.secmem.results.ResultColumn;

/**
 * What one timed run did.
 *
 * @param ints ints moved (read or written) by the measured work, for ns per int
 * @param bytes bytes of data the work moved, for MiB/s
 * @param checksum checksum of every int the work read or wrote
 * @param verified whether the result was checked correct, when the experiment checks one
 * @param extra experiment-specific cells (passes, runs, phase times)
 */
public record TrialOutcome(
    long ints,
    long bytes,
    Checksum checksum,
    Optional<Boolean> verified,
    Map<ResultColumn, String> extra) {

  public TrialOutcome {
    extra = Map.copyOf(extra);
  }
}
