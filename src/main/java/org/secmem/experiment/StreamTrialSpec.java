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
 * @param bulk read (or write) a block of B/4 ints per call and stream in turn instead of one int
 */
public record StreamTrialSpec(
    StreamType type,
    long n,
    int k,
    StreamOptions options,
    Path dir,
    List<Path> files,
    long seed,
    boolean bulk) {

  public StreamTrialSpec {
    if (n < 0) {
      throw new IllegalArgumentException("n (" + n + ") must be >= 0");
    }
    if (k < 1) {
      throw new IllegalArgumentException("k (" + k + ") must be >= 1");
    }
    files = List.copyOf(files);
  }

  /** Ints per bulk call: a block of B bytes, at least 1024 ints. */
  public int blockInts() {
    return Math.max(1024, options.bufferBytes() / Integer.BYTES);
  }

  /** B as recorded: only for the types that use it. */
  public String bufferCell() {
    return type.usesBufferSize() ? Integer.toString(options.bufferBytes()) : "";
  }
}
