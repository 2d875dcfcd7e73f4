package org.secmem.experiment;

import java.nio.file.Path;
import java.util.List;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * One configuration of the write or read experiment.
 *
 * @param type the stream type measured
 * @param n ints per file, at least 0
 * @param k streams (files), at least 1
 * @param options B and sync
 * @param dir where the data set lives
 * @param files for {@code read --files}: the files to read instead of the data set (then n and k
 *     describe them); empty otherwise
 * @param seed seed of the data set
 */
public record StreamTrialSpec(
    StreamType type, long n, int k, StreamOptions options, Path dir, List<Path> files, long seed) {

  public StreamTrialSpec {
    if (n < 0) {
      throw new IllegalArgumentException("n (" + n + ") must be >= 0");
    }
    if (k < 1) {
      throw new IllegalArgumentException("k (" + k + ") must be >= 1");
    }
    files = List.copyOf(files);
  }

  /** B as recorded: only for the types that use it. */
  public String bufferCell() {
    return type.usesBufferSize() ? Integer.toString(options.bufferBytes()) : "";
  }
}
