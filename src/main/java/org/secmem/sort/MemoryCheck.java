package org.secmem.sort;

import java.util.Locale;

/** Checks before a sort starts that the heap can hold what M, d and B ask for. */
public final class MemoryCheck {

  private static final long MIB = 1 << 20;
  /** Room for everything else the JVM holds while sorting. */
  private static final long SLACK = 16 * MIB;

  private MemoryCheck() {}

  /**
   * Heap bytes a sort needs at its peak: the run array of min(M, N) ints in run formation, or the
   * d + 1 stream buffers of B bytes in a merge (the array is released before merging).
   */
  public static long requiredBytes(long memoryInts, long n, int fanIn, int bufferBytes) {
    long array = Math.min(memoryInts, Math.max(n, 1)) * Integer.BYTES;
    long buffers = (fanIn + 1L) * (bufferBytes + 8192L);
    return Math.max(array, buffers) + SLACK;
  }

  /**
   * @throws InsufficientMemoryException with the figures and the {@code -Xmx} to use
   */
  public static void requireHeapFor(long memoryInts, long n, int fanIn, int bufferBytes) {
    Runtime rt = Runtime.getRuntime();
    long required = requiredBytes(memoryInts, n, fanIn, bufferBytes);
    long used = rt.totalMemory() - rt.freeMemory();
    long available = rt.maxMemory() - used;
    if (required > available) {
      // Garbage of an earlier repetition counts as used until collected: collect, look again.
      System.gc();
      used = rt.totalMemory() - rt.freeMemory();
      available = rt.maxMemory() - used;
    }
    if (required > available) {
      long suggestMib = (long) Math.ceil((required + used) * 1.25 / MIB);
      throw new InsufficientMemoryException(
          String.format(
              Locale.ROOT,
              "M = %d ints, d = %d and B = %d bytes need about %d MiB of heap, but at most %d MiB"
                  + " is available; use a smaller --m (or --d, --b), or a larger heap: java"
                  + " -Xmx%dm (scripts/secmem: SECMEM_HEAP=%dm)",
              memoryInts,
              fanIn,
              bufferBytes,
              required / MIB,
              available / MIB,
              suggestMib,
              suggestMib));
    }
  }
}
