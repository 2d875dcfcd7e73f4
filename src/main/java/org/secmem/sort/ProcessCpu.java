package org.secmem.sort;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * CPU time of this process, all threads, user and system: beside elapsed time it tells computing
 * from waiting (on two cores, a phase that keeps both busy uses twice its wall time).
 */
public final class ProcessCpu {

  private ProcessCpu() {}

  /** CPU time of this process so far, or -1 where the JVM does not say. */
  public static long nanos() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      long t = ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
      return t >= 0 ? t : -1;
    }
    return -1;
  }

  /** CPU time between two readings of {@link #nanos()}, or -1 when either is unknown. */
  public static long between(long before, long after) {
    return before < 0 || after < 0 ? -1 : after - before;
  }
}
