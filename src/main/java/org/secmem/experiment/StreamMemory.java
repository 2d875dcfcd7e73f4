package org.secmem.experiment;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The memory k streams of one type hold at once: Java heap (arrays) and direct memory (NIO buffers
 * outside the heap, capped by {@code -XX:MaxDirectMemorySize}, which defaults to the heap's
 * maximum). Checked before anything runs, as the sort checks M: a run that then fails with {@code
 * OutOfMemoryError} would leave half-written files and tell the user nothing useful.
 */
public record StreamMemory(long heapBytes, long directBytes) {

  /** Heap for the JVM, the data generator, the results writer and the rest beside the buffers. */
  public static final long HEAP_HEADROOM_BYTES = 32L << 20;

  private static final long MIB = 1L << 20;

  /**
   * What {@code k} streams of {@code type} with buffer {@code b} hold, as the type declares per
   * stream ({@link StreamType#heapBytes}, {@link StreamType#directBytes}; mapped windows are
   * address space backed by the page cache, neither); {@code bulk} adds the one int array a
   * block-wise reader fills.
   */
  public static StreamMemory of(StreamType type, long k, long b, boolean bulk) {
    long heap = k * type.heapBytes(b);
    long direct = k * Math.max(type.directBytes(b, true), type.directBytes(b, false));
    if (bulk) {
      heap += Math.max(b, 4096);
    }
    return new StreamMemory(heap, direct);
  }

  /**
   * The largest single heap array among those buffers: one stream's ({@link StreamType#heapBytes},
   * held as one array) or the bulk reader's, whichever is larger.
   */
  public static long largestArrayBytes(StreamType type, long b, boolean bulk) {
    long one = type.heapBytes(b);
    return bulk ? Math.max(one, Math.max(b, 4096)) : one;
  }

  /**
   * Null when this JVM holds it, else why not and what would work.
   *
   * @param what the configuration, e.g. {@code "k = 3 user-buffer streams of B = 512 MiB"}
   */
  public String problem(String what, long maxHeap, long maxDirect) {
    if (heapBytes + HEAP_HEADROOM_BYTES > maxHeap) {
      long need = ceilMib(heapBytes + HEAP_HEADROOM_BYTES) + 8;
      return String.format(
          Locale.ROOT,
          "%s hold %s of heap buffers, but the heap is %d MiB"
              + " (%d MiB of it for the rest); use a smaller k or B, or %s",
          what,
          size(heapBytes),
          maxHeap / MIB,
          HEAP_HEADROOM_BYTES / MIB,
          Units.largerHeap(need));
    }
    if (directBytes > maxDirect) {
      long need = ceilMib(directBytes) + 8;
      return String.format(
          Locale.ROOT,
          "%s hold %s of direct (off-heap) buffers, but this JVM"
              + " allows %d MiB of direct memory; use a smaller k or B, or allow more:"
              + " java -XX:MaxDirectMemorySize=%dm (it defaults to the heap size, -Xmx)",
          what,
          size(directBytes),
          maxDirect / MIB,
          need);
    }
    return null;
  }

  /** The heap this JVM may grow to. */
  public static long maxHeap() {
    return Runtime.getRuntime().maxMemory();
  }

  /** The direct memory this JVM may allocate: -XX:MaxDirectMemorySize, by default the heap's. */
  public static long maxDirect() {
    try {
      HotSpotDiagnosticMXBean hotspot =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      long set = Long.parseLong(hotspot.getVMOption("MaxDirectMemorySize").getValue());
      return set > 0 ? set : maxHeap();
    } catch (RuntimeException e) {
      // Not HotSpot, or no such option: the JDK's documented default.
      return maxHeap();
    }
  }

  private static long ceilMib(long bytes) {
    return (bytes + MIB - 1) / MIB;
  }

  private static String size(long bytes) {
    return bytes >= 10 * MIB
        ? String.format(Locale.ROOT, "%d MiB", ceilMib(bytes))
        : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) MIB);
  }
}
