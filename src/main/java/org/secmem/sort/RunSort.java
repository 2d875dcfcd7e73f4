package org.secmem.sort;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** How a run is sorted in memory. */
public enum RunSort {
  /** {@link Arrays#sort(int[], int, int)}: dual-pivot quicksort, ~90 ns per int here. */
  ARRAYS("arrays"),
  /** LSD radix sort, four passes of 8 bits with the sign bit flipped: a few ns per int. */
  RADIX("radix"),
  /** Radix sort whose cache-sized buckets are finished on two cores at once. */
  PARALLEL("parallel");

  private final String cliName;

  RunSort(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static RunSort parse(String name) {
    for (RunSort r : values()) {
      if (r.cliName.equals(name.trim().toLowerCase(Locale.ROOT))) {
        return r;
      }
    }
    throw new IllegalArgumentException(
        "unknown run sort '" + name + "' (allowed: arrays, radix, parallel)");
  }

  /** Whether the sort needs a scratch array as large as the run. */
  public boolean needsScratch() {
    return this != ARRAYS;
  }

  @Override
  public String toString() {
    return cliName;
  }

  /**
   * Sorts {@code a[0..len)} ascending, using {@code scratch} (at least {@code len} long, or null
   * for {@link #ARRAYS}), and returns the array that holds the result: {@code a} or {@code
   * scratch}.
   *
   * @param pool threads for {@link #PARALLEL}
   */
  int[] sort(int[] a, int[] scratch, int len, ExecutorService pool) {
    switch (this) {
      case ARRAYS:
        Arrays.sort(a, 0, len);
        return a;
      case RADIX:
        radix(a, scratch, 0, len);
        return a;
      case PARALLEL:
        return parallel(a, scratch, len, pool);
      default:
        throw new AssertionError(this);
    }
  }

  /**
   * Radix sort of {@code a[from..to)}, result in {@code a}: one MSD pass scatters by the top byte
   * (sign bit flipped, so negative ints come first) into {@code scratch}, then each of the 256
   * buckets — small enough to stay in cache for runs of millions — is finished by three LSD passes
   * over its low bytes, which end back in {@code a}. One pass over main memory instead of four.
   */
  static void radix(int[] a, int[] scratch, int from, int to) {
    radix(a, scratch, from, to, null);
  }

  /**
   * As {@link #radix(int[], int[], int, int)}; with a pool, the buckets are finished on two
   * threads, split where the counts balance (no merge needed: buckets are disjoint ranges).
   */
  static void radix(int[] a, int[] scratch, int from, int to, ExecutorService pool) {
    int n = to - from;
    if (n < 2) {
      return;
    }
    int[] c = new int[257];
    for (int i = from; i < to; i++) {
      c[((a[i] >>> 24) ^ 0x80) + 1]++;
    }
    for (int b = 0; b < 256; b++) {
      c[b + 1] += c[b];
    }
    int[] start = c.clone();
    for (int i = from; i < to; i++) {
      int v = a[i];
      scratch[from + c[(v >>> 24) ^ 0x80]++] = v;
    }
    if (pool == null || n < 1 << 16) {
      buckets(a, scratch, from, start, 0, 256);
      return;
    }
    int half = 0;
    while (half < 256 && start[half] < n / 2) {
      half++;
    }
    int split = half;
    Future<?> upper = pool.submit(() -> buckets(a, scratch, from, start, split, 256));
    buckets(a, scratch, from, start, 0, split);
    try {
      upper.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while sorting", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("sorting buckets failed", e.getCause());
    }
  }

  /** Finishes buckets [first, last) of an MSD pass: scratch to a. */
  private static void buckets(int[] a, int[] scratch, int from, int[] start, int first,
      int last) {
    int[][] counts = new int[3][257];
    for (int b = first; b < last; b++) {
      int s = from + start[b];
      int e = from + start[b + 1];
      if (e - s == 1) {
        a[s] = scratch[s];
      } else if (e - s > 1) {
        lowBytes(scratch, a, s, e, counts);
      }
    }
  }

  /** Three LSD passes over bytes 0..2 of {@code src[s..e)}; the sorted result lands in dst. */
  private static void lowBytes(int[] src, int[] dst, int s, int e, int[][] counts) {
    for (int[] c : counts) {
      java.util.Arrays.fill(c, 0);
    }
    int[] c0 = counts[0];
    int[] c1 = counts[1];
    int[] c2 = counts[2];
    for (int i = s; i < e; i++) {
      int v = src[i];
      c0[(v & 0xFF) + 1]++;
      c1[((v >>> 8) & 0xFF) + 1]++;
      c2[((v >>> 16) & 0xFF) + 1]++;
    }
    for (int b = 0; b < 256; b++) {
      c0[b + 1] += c0[b];
      c1[b + 1] += c1[b];
      c2[b + 1] += c2[b];
    }
    for (int i = s; i < e; i++) {
      int v = src[i];
      dst[s + c0[v & 0xFF]++] = v;
    }
    for (int i = s; i < e; i++) {
      int v = dst[i];
      src[s + c1[(v >>> 8) & 0xFF]++] = v;
    }
    for (int i = s; i < e; i++) {
      int v = src[i];
      dst[s + c2[(v >>> 16) & 0xFF]++] = v;
    }
  }

  private static int[] parallel(int[] a, int[] scratch, int len, ExecutorService pool) {
    radix(a, scratch, 0, len, pool);
    return a;
  }
}
