package org.secmem.runner;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The heap and collector of a fork under a memory limit: this JVM's. A fork is started with this
 * JVM's options; inside a cgroup of less than 1792 MiB the JVM would otherwise size its heap from
 * the limit and, no longer a "server-class machine", choose the serial collector, whose old
 * generation holds two thirds of the heap: a sort planned for G1 then ran out of heap (4 GiB in a 1
 * GiB limit, heap 640 MiB, M = 150Mi ints). Where the options set neither, both are set to this
 * JVM's, so the fork plans and runs the M admitted here.
 */
public final class ForkHeap {

  private ForkHeap() {}

  /** This JVM's maximum heap in bytes ({@code MaxHeapSize}, as -Xmx sets it). */
  public static long bytes() {
    try {
      HotSpotDiagnosticMXBean hs =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      return Long.parseLong(hs.getVMOption("MaxHeapSize").getValue());
    } catch (RuntimeException e) {
      return Runtime.getRuntime().maxMemory();
    }
  }

  /** The collectors a JVM may choose, by the flag that selects each. */
  private static final List<String> COLLECTORS =
      List.of(
          "UseG1GC", "UseParallelGC", "UseSerialGC", "UseZGC", "UseShenandoahGC", "UseEpsilonGC");

  /** The flag of this JVM's collector ({@code -XX:+UseG1GC}); empty where it cannot tell. */
  static List<String> collector() {
    try {
      HotSpotDiagnosticMXBean hs =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      for (String flag : COLLECTORS) {
        try {
          if ("true".equals(hs.getVMOption(flag).getValue())) {
            return List.of("-XX:+" + flag);
          }
        } catch (IllegalArgumentException notInThisJvm) {
          // a flag this JVM does not have (Shenandoah in some builds): not its collector
        }
      }
    } catch (RuntimeException e) {
      return List.of();
    }
    return List.of();
  }

  /**
   * {@code options}, with {@code -Xmx} of this JVM's heap where they set none, and this JVM's
   * collector where they choose none.
   */
  static List<String> withHeap(List<String> options) {
    boolean heap = false;
    boolean gc = false;
    for (String o : options) {
      heap |=
          o.startsWith("-Xmx")
              || o.startsWith("-XX:MaxHeapSize=")
              || o.startsWith("-XX:MaxRAM")
              || o.startsWith("-XX:MaxRAMPercentage=");
      gc |= o.startsWith("-XX:+Use") && o.endsWith("GC");
    }
    List<String> out = new ArrayList<>(options);
    if (!heap) {
      out.add("-Xmx" + bytes());
    }
    if (!gc) {
      out.addAll(collector());
    }
    return out;
  }
}
