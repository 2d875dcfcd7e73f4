package org.secmem.cli;

import java.io.IOException;
import java.util.List;
import org.secmem.cgroup.JvmFootprint;
import org.secmem.cgroup.MemoryCgroup;
import org.secmem.cgroup.MemoryHierarchy;
import org.secmem.units.Units;

/** The checks of {@code --memory-limit} before anything runs. */
final class MemoryLimits {

  private MemoryLimits() {}

  /**
   * Refuses limits that no run could be measured under here: no memory controller, no right to make
   * a cgroup (a trial one is made and removed), or a limit too small for the forks' heap.
   *
   * @throws BadInputException naming the option, the limit and what would do
   */
  static void check(List<Long> limits, long heapBytes) {
    check(limits, heapBytes, "--memory-limit");
  }

  /**
   * As above, each message starting with {@code name}: {@code --memory-limit} on the command line,
   * {@code FILE:LINE: memory_limit} for a parameter file's row.
   */
  static void check(List<Long> limits, long heapBytes, String name) {
    for (long limit : limits) {
      long least = JvmFootprint.leastLimitBytes(heapBytes);
      if (limit < least) {
        long heap = JvmFootprint.largestHeapBytes(limit);
        throw new BadInputException(
            name
                + " "
                + Units.bytes(limit)
                + " cannot hold the JVM: its heap of "
                + Units.bytes(heapBytes)
                + " (-Xmx), about "
                + Units.bytes(JvmFootprint.outsideHeapBytes(heapBytes))
                + " beside it and some page cache need at least "
                + Units.bytes(least)
                + (heap > 0
                    ? "; give a heap of at most "
                        + heap / (1 << 20)
                        + " MiB (java -Xmx"
                        + heap / (1 << 20)
                        + "m, or SECMEM_HEAP="
                        + heap / (1 << 20)
                        + "m scripts/secmem) or a larger limit"
                    : "; give a larger limit"));
      }
    }
    MemoryHierarchy h =
        MemoryHierarchy.locate()
            .orElseThrow(
                () ->
                    new BadInputException(
                        name
                            + ": this machine offers no memory cgroup to this process"
                            + " (none in /proc/self/cgroup with a mount in /proc/self/mountinfo):"
                            + " a memory limit needs Linux with the memory controller"));
    try (MemoryCgroup trial = MemoryCgroup.create(h, limits.get(0))) {
      // Made and removed: the runs' own are made the same way.
    } catch (IOException e) {
      throw new BadInputException(name + ": " + e.getMessage(), e);
    }
  }
}
