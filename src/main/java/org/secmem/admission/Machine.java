package org.secmem.admission;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import org.secmem.experiment.StreamMemory;
import org.secmem.sort.SortMemory;

/**
 * What this JVM and process can give a run: heap, direct memory and file descriptors. {@link
 * Admission} judges a configuration against one of these, so a test can judge against any machine.
 *
 * @param maxHeapBytes the heap the JVM may grow to
 * @param maxDirectBytes the direct (off-heap) memory it may allocate
 * @param descriptorLimit the open-file limit, {@link Long#MAX_VALUE} where it cannot be read
 * @param openDescriptors the descriptors open now
 * @param heapLayout how large one array the heap can hold, beside its total
 */
public record Machine(
    long maxHeapBytes,
    long maxDirectBytes,
    long descriptorLimit,
    long openDescriptors,
    HeapLayout heapLayout) {

  /** This JVM and process, now. */
  public static Machine current() {
    long limit = Long.MAX_VALUE;
    long open = 0;
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof UnixOperatingSystemMXBean unix) {
      limit = unix.getMaxFileDescriptorCount();
      open = unix.getOpenFileDescriptorCount();
    }
    return new Machine(
        SortMemory.maxHeap(), StreamMemory.maxDirect(), limit, open, HeapLayout.current());
  }

  /**
   * Descriptors kept free beside the measured streams, for the results file, logs and the JVM: an
   * eighth of the limit, between 8 and 64, so that a low limit (ulimit -n 64) still runs small k.
   */
  public static long spareDescriptors(long limit) {
    return Math.max(8, Math.min(64, limit / 8));
  }

  /** Descriptors a run may hold open at once. */
  public long freeDescriptors() {
    if (descriptorLimit == Long.MAX_VALUE) {
      return Long.MAX_VALUE;
    }
    return descriptorLimit - openDescriptors - spareDescriptors(descriptorLimit);
  }

  /** Why {@code files} open at once are too many here, or null when they are not. */
  public String openFilesProblem(long files) {
    long free = freeDescriptors();
    if (files <= free) {
      return null;
    }
    return files
        + " files open at once exceed what the open-file limit allows ("
        + descriptorLimit
        + " descriptors, "
        + Math.max(free, 0)
        + " free; raise it with"
        + " 'ulimit -n')";
  }
}
