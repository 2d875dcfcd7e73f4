package org.secmem.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.Ownership;

/**
 * The most memory (heap, the rest of the JVM, page cache) a process's secmem-made cgroup has held,
 * read by the measured process itself between its runs: reset before a run (cgroup v1; v2's {@code
 * memory.peak} counts from the cgroup's start), read after it.
 */
public final class MemoryPeak {

  private static final Logger LOG = LogManager.getLogger(MemoryPeak.class);

  private final MemoryHierarchy.Version version;
  private final Path dir;

  MemoryPeak(MemoryHierarchy.Version version, Path dir) {
    this.version = version;
    this.dir = dir;
  }

  /** This process's cgroup where secmem made it (a fork under --memory-limit); else empty. */
  public static Optional<MemoryPeak> ofSelf() {
    return MemoryHierarchy.locate()
        .filter(
            h ->
                h.self().getFileName() != null
                    && h.self().getFileName().toString().startsWith(MemoryCgroup.PREFIX))
        .map(h -> new MemoryPeak(h.version(), h.self()));
  }

  /** Starts counting anew where the kernel allows it (v1); logs and goes on where it does not. */
  public void reset() {
    if (version == MemoryHierarchy.Version.V1) {
      try {
        Ownership.writeControl(dir.resolve("memory.max_usage_in_bytes"), "0");
      } catch (IOException e) {
        LOG.debug("Could not reset the peak of {}", dir, e);
      }
    }
  }

  /** The peak in bytes since the last {@link #reset}; empty where it cannot be read. */
  public OptionalLong bytes() {
    Path file =
        dir.resolve(
            version == MemoryHierarchy.Version.V1 ? "memory.max_usage_in_bytes" : "memory.peak");
    try {
      return OptionalLong.of(
          Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).trim()));
    } catch (IOException | NumberFormatException e) {
      LOG.debug("No memory peak in {}", file, e);
      return OptionalLong.empty();
    }
  }
}
