package org.secmem.admission;

import java.io.IOException;
import java.util.List;
import org.secmem.cgroup.JvmFootprint;
import org.secmem.cgroup.MadeCgroups;
import org.secmem.cgroup.MemoryCgroup;
import org.secmem.cgroup.MemoryHierarchy;
import org.secmem.runner.BadInputException;
import org.secmem.units.Units;

/** The checks of {@code --memory-limit} before anything runs. */
public final class MemoryLimits {

  private MemoryLimits() {}

  /**
   * Refuses limits that no run could be measured under here: no memory controller, no right to make
   * a cgroup (a trial one is made and removed), or a limit too small for the forks' heap, the
   * direct buffers of the configurations' streams and the JVM's own footprint.
   *
   * @throws BadInputException naming the option, the limit and what would do
   */
  public static void check(List<Long> limits, long heapBytes, DirectNeed direct, MadeCgroups made) {
    check(limits, heapBytes, direct, "--memory-limit", made);
  }

  /**
   * As above, each message starting with {@code name}: {@code --memory-limit} on the command line,
   * {@code FILE:LINE: memory_limit} for a parameter file's row.
   */
  public static void check(
      List<Long> limits, long heapBytes, DirectNeed direct, String name, MadeCgroups made) {
    for (long limit : limits) {
      checkFits(limit, heapBytes, direct, name);
    }
    checkCgroup(limits.get(0), name, made);
  }

  /** The least limit a fork of heap {@code heapBytes} with {@code direct} buffers runs under. */
  public static long leastBytes(long heapBytes, DirectNeed direct) {
    return JvmFootprint.leastLimitBytes(heapBytes) + direct.bytes();
  }

  /**
   * Refuses {@code limit} where a fork's heap, its streams' direct buffers, the JVM beside them and
   * some page cache do not fit in it, naming the least limit that does (or, where the heap is what
   * does not fit, the heap that would).
   *
   * @throws BadInputException starting with {@code name}
   */
  public static void checkFits(long limit, long heapBytes, DirectNeed direct, String name) {
    long least = leastBytes(heapBytes, direct);
    if (limit >= least) {
      return;
    }
    String need =
        name
            + " "
            + Units.bytes(limit)
            + " cannot hold the JVM: its heap of "
            + Units.bytes(heapBytes)
            + " (-Xmx), "
            + (direct.bytes() > 0
                ? Units.bytes(direct.bytes())
                    + " of direct buffers off the heap ("
                    + direct.what()
                    + "), "
                : "")
            + "about "
            + Units.bytes(JvmFootprint.outsideHeapBytes(heapBytes))
            + " beside it and some page cache need at least "
            + Units.bytes(least);
    if (limit >= JvmFootprint.leastLimitBytes(heapBytes)) {
      // The heap fits; the direct buffers are what does not.
      long mib = (least + (1 << 20) - 1) >> 20;
      throw new BadInputException(
          need
              + "; give a limit of "
              + mib
              + "M or more, or fewer or smaller direct buffers (a smaller B, k or d)");
    }
    long heap = JvmFootprint.largestHeapBytes(limit - direct.bytes());
    throw new BadInputException(
        need
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

  /**
   * Refuses a limit where no memory cgroup can be made: one is made (one of {@code made}, the
   * process's, meanwhile) and removed.
   */
  public static void checkCgroup(long limit, String name, MadeCgroups made) {
    MemoryHierarchy h =
        MemoryHierarchy.locate()
            .orElseThrow(
                () ->
                    new BadInputException(
                        name
                            + ": this machine offers no memory cgroup to this process"
                            + " (none in /proc/self/cgroup with a mount in /proc/self/mountinfo):"
                            + " a memory limit needs Linux with the memory controller"));
    try (MemoryCgroup trial = MemoryCgroup.create(h, limit, made)) {
      // Made and removed: the runs' own are made the same way.
    } catch (IOException e) {
      throw new BadInputException(name + ": " + e.getMessage(), e);
    }
  }
}
