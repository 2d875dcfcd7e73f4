package org.secmem.cli;

import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.stream.StreamType;
import picocli.CommandLine.Option;

/**
 * The memory and streams an external sort or the buffer-tree queue works with, as {@code sort} and
 * {@code pq} take them: {@code --m}, {@code --b}, {@code --read-stream}, {@code --write-stream}.
 * Each is empty when not given: the preset's (sort) or the tree's default (pq) applies.
 */
final class BlockMemoryOptions {

  @Option(names = "--m")
  Long m;

  @Option(names = "--b")
  Long b;

  @Option(names = "--read-stream")
  StreamType readStream;

  @Option(names = "--write-stream")
  StreamType writeStream;

  /** M, the memory in ints, when given. */
  OptionalLong m() {
    return m == null ? OptionalLong.empty() : OptionalLong.of(m);
  }

  /** B in bytes, when given. */
  Optional<Integer> b() {
    return Optional.ofNullable(b).map(Long::intValue);
  }

  Optional<StreamType> readStream() {
    return Optional.ofNullable(readStream);
  }

  Optional<StreamType> writeStream() {
    return Optional.ofNullable(writeStream);
  }

  /** {@code --m} or {@code --b}, the first given; empty when neither was. */
  Optional<String> sizeGiven() {
    return m != null ? Optional.of("--m") : b != null ? Optional.of("--b") : Optional.empty();
  }

  /** {@code --read-stream} or {@code --write-stream}, the first given; empty when neither was. */
  Optional<String> streamGiven() {
    return readStream != null
        ? Optional.of("--read-stream")
        : writeStream != null ? Optional.of("--write-stream") : Optional.empty();
  }
}
