package org.secmem.cgroup;

/**
 * What a JVM holds beyond its heap, for fitting one into a memory limit: metaspace, compiled code,
 * thread stacks, the collector's own structures (which grow with the heap) and direct buffers.
 * Measured with {@code -XX:NativeMemoryTracking=summary} and the peak resident size of a fast sort
 * on JDK 17: 100 MiB beside a 128 MiB heap, 110 MiB beside a 320 MiB one. The allowance is above
 * both: {@value #FIXED_MIB} MiB plus an eighth of the heap, and a limit must also leave {@value
 * #LEAST_CACHE_MIB} MiB for the page cache that every read and write passes through.
 */
public final class JvmFootprint {

  static final long FIXED_MIB = 96;
  static final long LEAST_CACHE_MIB = 32;
  private static final long MIB = 1L << 20;

  private JvmFootprint() {}

  /** Memory the JVM holds beside a heap of {@code heapBytes}. */
  public static long outsideHeapBytes(long heapBytes) {
    return FIXED_MIB * MIB + heapBytes / 8;
  }

  /** The least memory limit a JVM of heap {@code heapBytes} is run under. */
  public static long leastLimitBytes(long heapBytes) {
    return heapBytes + outsideHeapBytes(heapBytes) + LEAST_CACHE_MIB * MIB;
  }

  /** The largest heap, in whole MiB, that {@code limitBytes} admits; 0 where none does. */
  public static long largestHeapBytes(long limitBytes) {
    long spare = limitBytes - (FIXED_MIB + LEAST_CACHE_MIB) * MIB;
    if (spare <= 0) {
      return 0;
    }
    long heap = spare / 9 * 8;
    return heap / MIB * MIB;
  }
}
