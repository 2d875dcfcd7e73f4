package org.secmem.probe;

import java.io.IOException;
import java.util.Arrays;

/**
 * Memory bandwidth: {@code System.arraycopy} of one large {@code long[]} into another, on one
 * thread and on every core (each thread its own slice). The rate counts the bytes copied; the
 * memory moves twice that (each byte read and written). One untimed copy first (the JIT, and the
 * arrays' pages touched); after each copy a few copied values are checked outside the clock, so the
 * copies cannot be skipped and a wrong copy is caught.
 */
final class MemoryProbe {

  /** The most each array holds. */
  static final long MOST_BYTES = 256L << 20;

  private MemoryProbe() {}

  /** The figures: MiB/s copied on one thread and on {@code threads}, with the array's size. */
  record Result(double oneThread, double allCores, int threads, long arrayBytes) {}

  /**
   * The bytes of each of the two arrays for a heap of {@code maxHeap}: at most {@value
   * #MOST_BYTES}, at most an eighth of the heap, whole MiB, at least 1 MiB.
   */
  static long arrayBytes(long maxHeap) {
    long bytes = Math.min(MOST_BYTES, maxHeap / 8);
    return Math.max(Throughput.MIB, bytes / Throughput.MIB * Throughput.MIB);
  }

  static Result measure(long arrayBytes, int threads, int reps, Timed timed) throws IOException {
    int n = Math.toIntExact(arrayBytes / Long.BYTES);
    long[] src = new long[n];
    long[] dst = new long[n];
    for (int i = 0; i < n; i++) {
      src[i] = i * 0x9E3779B97F4A7C15L;
    }
    copy(src, dst, 1, timed); // untimed: touches dst, compiles the loop
    check(src, dst);
    double one = 0;
    double all = 0;
    for (int rep = 0; rep < reps; rep++) {
      Arrays.fill(dst, 0, Math.min(n, 16), -1L);
      one = Math.max(one, Throughput.mibPerSecond(arrayBytes, copy(src, dst, 1, timed)));
      check(src, dst);
      Arrays.fill(dst, 0, Math.min(n, 16), -1L);
      all = Math.max(all, Throughput.mibPerSecond(arrayBytes, copy(src, dst, threads, timed)));
      check(src, dst);
    }
    return new Result(one, all, threads, arrayBytes);
  }

  /** The nanoseconds {@code threads} threads take to copy {@code src} to {@code dst}. */
  static long copy(long[] src, long[] dst, int threads, Timed timed) throws IOException {
    int n = src.length;
    return timed.run(
        threads,
        t -> {
          int from = (int) ((long) n * t / threads);
          int to = (int) ((long) n * (t + 1) / threads);
          System.arraycopy(src, from, dst, from, to - from);
        });
  }

  /** Checks the copy at its first values and at each thread's slice boundaries. */
  private static void check(long[] src, long[] dst) {
    int n = src.length;
    for (int k = 0; k <= 64; k++) {
      int i = (int) Math.min(n - 1L, (long) n * k / 64);
      if (i >= 0 && src[i] != dst[i]) {
        throw new IllegalStateException("memory probe: the copy differs at index " + i);
      }
    }
    for (int i = 0; i < Math.min(n, 16); i++) {
      if (src[i] != dst[i]) {
        throw new IllegalStateException("memory probe: the copy differs at index " + i);
      }
    }
  }
}
