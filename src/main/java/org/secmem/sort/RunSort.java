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
  /** Radix sort of each half on its own core, then one merge of the halves. */
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
   * LSD radix sort of {@code a[from..to)}: four stable counting passes of 8 bits, the top byte's
   * sign bit flipped so negative ints come first; an even number of passes leaves the result in
   * {@code a}. Passes whose digit is the same for every int are skipped in pairs.
   */
  static void radix(int[] a, int[] scratch, int from, int to) {
    int n = to - from;
    if (n < 2) {
      return;
    }
    int[][] counts = new int[4][257];
    for (int i = from; i < to; i++) {
      int v = a[i];
      counts[0][(v & 0xFF) + 1]++;
      counts[1][((v >>> 8) & 0xFF) + 1]++;
      counts[2][((v >>> 16) & 0xFF) + 1]++;
      counts[3][((v >>> 24) ^ 0x80) + 1]++;
    }
    int[] src = a;
    int[] dst = scratch;
    int srcOff = from;
    int dstOff = from;
    for (int pass = 0; pass < 4; pass++) {
      int[] c = counts[pass];
      if (c[1 + digitOf(a[from], pass)] == n && pass % 2 == 0
          && counts[pass + 1][1 + digitOf(a[from], pass + 1)] == n) {
        pass++; // both digits the same for every int: two passes would copy there and back
        continue;
      }
      for (int b = 0; b < 256; b++) {
        c[b + 1] += c[b];
      }
      int shift = pass * 8;
      if (pass < 3) {
        for (int i = srcOff; i < srcOff + n; i++) {
          int v = src[i];
          dst[dstOff + c[(v >>> shift) & 0xFF]++] = v;
        }
      } else {
        for (int i = srcOff; i < srcOff + n; i++) {
          int v = src[i];
          dst[dstOff + c[(v >>> 24) ^ 0x80]++] = v;
        }
      }
      int[] t = src;
      src = dst;
      dst = t;
    }
    // Four passes: the result is back in a.
  }

  private static int digitOf(int v, int pass) {
    return pass < 3 ? (v >>> (pass * 8)) & 0xFF : (v >>> 24) ^ 0x80;
  }

  private static int[] parallel(int[] a, int[] scratch, int len, ExecutorService pool) {
    if (len < 1 << 16 || pool == null) {
      radix(a, scratch, 0, len);
      return a;
    }
    int mid = len >>> 1;
    Future<?> left = pool.submit(() -> radix(a, scratch, 0, mid));
    radix(a, scratch, mid, len);
    try {
      left.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while sorting", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("sorting a half failed", e.getCause());
    }
    // Merge the halves into scratch.
    int i = 0;
    int j = mid;
    int k = 0;
    while (i < mid && j < len) {
      int x = a[i];
      int y = a[j];
      if (x <= y) {
        scratch[k++] = x;
        i++;
      } else {
        scratch[k++] = y;
        j++;
      }
    }
    System.arraycopy(a, i, scratch, k, mid - i);
    k += mid - i;
    System.arraycopy(a, j, scratch, k, len - j);
    return scratch;
  }
}
