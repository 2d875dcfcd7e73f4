package org.secmem.admission;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import org.secmem.experiment.StreamMemory;
import org.secmem.units.Units;

/**
 * How large one array this JVM's heap can be counted on to hold, beside the heap's total.
 *
 * <p>A heap with room for a buffer in total may still have no single place for it:
 *
 * <ul>
 *   <li><b>G1</b> keeps an array of half a region or more ("humongous") in contiguous regions and
 *       never moves it. Its full collection (secmem asks for one before each run) has each GC
 *       thread compact the live objects of its own share of the heap into that share, so the live
 *       objects end up in as many places as there are threads and the longest free stretch is about
 *       a share. Measured here (2 GC threads): one 64 MiB buffer in a 98 MiB heap ran out of heap
 *       in 1 of 58 JVMs although 34 MiB were to spare, and in 1 JVM of a CI run in a 128 MiB heap.
 *   <li><b>Serial and Parallel</b> put an array larger than the young generation into the old one:
 *       {@code NewRatio / (NewRatio + 1)} of the heap.
 *   <li>Other collectors (ZGC, Shenandoah, Epsilon): the whole heap.
 * </ul>
 *
 * In each case the {@link StreamMemory#HEAP_HEADROOM_BYTES} for the rest of the program is kept
 * free too.
 *
 * @param collector the collector's name as {@code -XX:+Use...GC} spells it, e.g. {@code "G1"}
 * @param gcThreads the parallel GC threads ({@code -XX:ParallelGCThreads})
 * @param newRatio the old generation's size relative to the young one ({@code -XX:NewRatio})
 * @param regionBytes G1's region size ({@code -XX:G1HeapRegionSize}): an array takes whole regions,
 *     its header included, so one region more is kept for it
 */
public record HeapLayout(String collector, int gcThreads, int newRatio, long regionBytes) {

  /** Heap for the rest of the program, as {@link StreamMemory} keeps it. */
  private static final long HEADROOM_BYTES = StreamMemory.HEAP_HEADROOM_BYTES;

  private static final long MIB = 1L << 20;

  private static final String[] COLLECTORS = {
    "G1", "Serial", "Parallel", "Z", "Shenandoah", "Epsilon"
  };

  /** This JVM's collector and its settings; G1 with one thread where they cannot be read. */
  public static HeapLayout current() {
    try {
      HotSpotDiagnosticMXBean hotspot =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      String collector = "G1";
      for (String c : COLLECTORS) {
        if (Boolean.parseBoolean(hotspot.getVMOption("Use" + c + "GC").getValue())) {
          collector = c;
          break;
        }
      }
      int threads = Integer.parseInt(hotspot.getVMOption("ParallelGCThreads").getValue());
      int ratio = Integer.parseInt(hotspot.getVMOption("NewRatio").getValue());
      long region = 0;
      if (collector.equals("G1")) {
        region = Long.parseLong(hotspot.getVMOption("G1HeapRegionSize").getValue());
      }
      return new HeapLayout(collector, Math.max(1, threads), Math.max(1, ratio), region);
    } catch (RuntimeException e) {
      // Not HotSpot, or an option it does not have: G1's layout, judged as with one thread.
      return new HeapLayout("G1", 1, 2, 1L << 20);
    }
  }

  /** The largest one array that a heap of {@code maxHeapBytes} can be counted on to hold. */
  public long largestArrayBytes(long maxHeapBytes) {
    long free = maxHeapBytes - HEADROOM_BYTES;
    return switch (collector) {
      case "G1" -> free / gcThreads - regionBytes;
      case "Serial", "Parallel" -> maxHeapBytes * newRatio / (newRatio + 1) - HEADROOM_BYTES;
      default -> free;
    };
  }

  /** The heap, in MiB, in which one array of {@code arrayBytes} can be counted on. */
  public long heapMibFor(long arrayBytes) {
    long heap =
        switch (collector) {
          case "G1" -> (arrayBytes + regionBytes) * gcThreads + HEADROOM_BYTES;
          case "Serial", "Parallel" ->
              ((arrayBytes + HEADROOM_BYTES) * (newRatio + 1) + newRatio - 1) / newRatio;
          default -> arrayBytes + HEADROOM_BYTES;
        };
    return (heap + MIB - 1) / MIB;
  }

  /**
   * Why one array of {@code arrayBytes} is too large for a heap of {@code maxHeapBytes} with this
   * layout, or null when it is not.
   *
   * @param what the configuration, e.g. {@code "k = 1 user-buffer stream of B = 64 MiB"}
   */
  public String problem(String what, long arrayBytes, long maxHeapBytes) {
    long largest = largestArrayBytes(maxHeapBytes);
    if (arrayBytes <= largest) {
      return null;
    }
    long need = heapMibFor(arrayBytes);
    return String.format(
        Locale.ROOT,
        "%s: each buffer is one array of %s, and a %d MiB heap can be counted on for one array of"
            + " at most %d MiB (%s); use a smaller B, or %s",
        what,
        mib(arrayBytes),
        maxHeapBytes / MIB,
        Math.max(0, largest) / MIB,
        why(),
        Units.largerHeap(need));
  }

  private String why() {
    return switch (collector) {
      case "G1" ->
          gcThreads == 1
              ? "G1 keeps it in contiguous regions, beside "
                  + HEADROOM_BYTES / MIB
                  + " MiB for the rest"
              : String.format(
                  Locale.ROOT,
                  "G1 keeps it in contiguous regions, and its full collection leaves live objects"
                      + " in each of its %d GC threads' shares of the heap",
                  gcThreads);
      case "Serial", "Parallel" ->
          String.format(
              Locale.ROOT,
              "the %s collector puts it in the old generation, %d/%d of the heap",
              collector,
              newRatio,
              newRatio + 1);
      default -> HEADROOM_BYTES / MIB + " MiB of the heap are for the rest";
    };
  }

  private static String mib(long bytes) {
    return bytes >= 10 * MIB
        ? String.format(Locale.ROOT, "%d MiB", (bytes + MIB - 1) / MIB)
        : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) MIB);
  }
}
