package org.secmem.sort;

import java.util.Arrays;
import java.util.Locale;

/** How a run is sorted in memory. Parallelism comes from the run-formation workers. */
public enum RunSort {
  /** {@link Arrays#sort(int[], int, int)}: dual-pivot quicksort, ~90 ns per int here. */
  ARRAYS("arrays"),
  /** Radix sort: one MSD pass, then cache-sized buckets finished by LSD passes; a few ns per int. */
  RADIX("radix");

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
    throw new IllegalArgumentException("unknown run sort '" + name + "' (allowed: arrays, radix;"
        + " parallelism comes from --threads)");
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
   * for {@link #ARRAYS}); the result is in {@code a}.
   */
  void sort(int[] a, int[] scratch, int len) {
    if (this == ARRAYS) {
      Arrays.sort(a, 0, len);
    } else {
      radix(a, scratch, 0, len);
    }
  }

  /**
   * Radix sort of {@code a[from..to)}, result in {@code a}: one MSD pass scatters by the top byte
   * (sign bit flipped, so negative ints come first) into {@code scratch}, then each of the 256
   * buckets — small enough to stay in cache for runs of millions — is finished by three LSD passes
   * over its low bytes, which end back in {@code a}. One pass over main memory instead of four.
   */
  static void radix(int[] a, int[] scratch, int from, int to) {
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
    int[][] counts = new int[3][257];
    for (int b = 0; b < 256; b++) {
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
      Arrays.fill(c, 0);
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
}
