package org.secmem.sort;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The most heap the JVM held during a stretch of work: the peaks of the heap's pools since {@link
 * #reset()}, summed (an upper bound on the live data, since garbage not yet collected counts too;
 * close to it when the heap is tight). Set beside the memory model's figure in every sort row.
 */
public final class HeapPeak {

  private HeapPeak() {}

  /** Starts a new stretch. */
  public static void reset() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
        pool.resetPeakUsage();
      }
    }
  }

  /** Bytes of heap held at the pools' peaks since the last reset; -1 where the JVM does not say. */
  public static long bytes() {
    long sum = 0;
    boolean any = false;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.isValid() && pool.getPeakUsage() != null) {
        sum += pool.getPeakUsage().getUsed();
        any = true;
      }
    }
    return any ? sum : -1;
  }
}
