package org.secmem.experiment;

import java.nio.file.Path;
import org.secmem.stream.StreamType;

/**
 * A configuration of the write or read experiment: k files of N ints each, written or read through
 * one stream type.
 *
 * @param experiment {@link Experiment#WRITE} or {@link Experiment#READ}
 * @param stream the stream type
 * @param n ints per file
 * @param k files (streams), all open at once
 * @param bufferBytes B, where the stream type uses it
 * @param dir the folder of the data files
 */
public record StreamsConfig(
    Experiment experiment, StreamType stream, long n, int k, int bufferBytes, Path dir)
    implements Configuration {

  /** N when none is given: a million ints per file. */
  public static final long DEFAULT_N = 1_000_000;

  /** k when none is given: one file. */
  public static final int DEFAULT_K = 1;

  public StreamsConfig {
    if (experiment == Experiment.SORT || experiment == null) {
      throw new IllegalArgumentException("write or read, not " + experiment);
    }
    if (stream == null || dir == null) {
      throw new IllegalArgumentException("stream and dir must be given");
    }
    if (n < 1 || k < 1) {
      throw new IllegalArgumentException("n (" + n + ") and k (" + k + ") must be >= 1");
    }
  }
}
