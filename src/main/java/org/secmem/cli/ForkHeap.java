package org.secmem.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The heap of a fork: this JVM's. A fork is started with this JVM's options, and where they set no
 * heap, one is set for it, so that a fork under a memory limit (where the JVM would size its heap
 * from the limit) plans the same M as the process that admitted it.
 */
final class ForkHeap {

  private ForkHeap() {}

  /** This JVM's maximum heap in bytes ({@code MaxHeapSize}, as -Xmx sets it). */
  static long bytes() {
    try {
      HotSpotDiagnosticMXBean hs =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      return Long.parseLong(hs.getVMOption("MaxHeapSize").getValue());
    } catch (RuntimeException e) {
      return Runtime.getRuntime().maxMemory();
    }
  }

  /** {@code options}, with {@code -Xmx} of this JVM's heap where they set none. */
  static List<String> withHeap(List<String> options) {
    for (String o : options) {
      if (o.startsWith("-Xmx")
          || o.startsWith("-XX:MaxHeapSize=")
          || o.startsWith("-XX:MaxRAM")
          || o.startsWith("-XX:MaxRAMPercentage=")) {
        return options;
      }
    }
    List<String> out = new ArrayList<>(options);
    out.add("-Xmx" + bytes());
    return out;
  }
}
