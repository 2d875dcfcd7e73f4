package org.secmem.sort;

import java.util.Arrays;

/**
 * The radix sort of a run, and of the in-memory sort's one array ({@link ParallelRadix}): one MSD
 * pass scatters the ints by their top digit (sign bit flipped, so negative ints come first) into a
 * scratch array, then each bucket is finished by LSD passes over the digits below it, which end
 * back in the array. The top digit is as wide as it takes for a bucket of random ints to be a few
 * thousand ints, so that a bucket and its copy stay in a core's L1 or L2 cache through its LSD
 * passes: one pass over main memory instead of four (see {@link #topBits} for the widths measured).
 * Counters hold absolute positions, so a scatter is {@code dst[next[digit]++] = v} with nothing
 * added.
 */
final class Radix {

  /** The widest top digit {@link #sort(int[], int[], int, int, int)} takes. */
  static final int MAX_TOP_BITS = 16;

  /** The widest LSD digit: 2048 counters, 8 KiB, which stay in L1 beside the bucket. */
  private static final int MAX_LOW_BITS = 11;

  private Radix() {}

  /**
   * The top digit's width for a sort of {@code n} ints: 8 bits (three LSD passes of 8 below it)
   * under 2^19 ints, 10 bits (two passes of 11) under 2^23, else 11 bits (passes of 11 and 10).
   * Measured on 2 threads each sorting its own array (2026-11-29, docs/measured.md): against 8
   * bits, 10 bits took 16.6 against 18.6 ns per int at 2^20 and 15.3 against 17.8 at 2^22, 11 bits
   * 15.2 against 17.5 at 2^24 and 16.2 against 20.4 at 2^26; under 2^19 the wider digits' counters
   * cost more than they save (20 against 17 ns at 2^18).
   */
  static int topBits(long n) {
    if (n < 1 << 19) {
      return 8;
    }
    return n < 1 << 23 ? 10 : 11;
  }

  /** The top digit of {@code v} when it is {@code 32 - shift} bits wide, sign bit flipped. */
  static int topDigit(int v, int shift) {
    return (v ^ Integer.MIN_VALUE) >>> shift;
  }

  /**
   * Sorts {@code a[from..to)} ascending with {@code scratch} as long; the result is in {@code a}.
   */
  static void sort(int[] a, int[] scratch, int from, int to) {
    sort(a, scratch, from, to, topBits(to - from));
  }

  /** As {@link #sort(int[], int[], int, int)}, with a top digit of {@code top} bits (1..16). */
  static void sort(int[] a, int[] scratch, int from, int to, int top) {
    if (top < 1 || top > MAX_TOP_BITS) {
      throw new IllegalArgumentException("top digit of " + top + " bits, not 1.." + MAX_TOP_BITS);
    }
    if (to - from < 2) {
      return;
    }
    int buckets = 1 << top;
    int shift = Integer.SIZE - top;
    int[] next = topDigits(a, from, to, shift);
    int[] start = new int[buckets + 1];
    int at = from;
    for (int b = 0; b < buckets; b++) {
      start[b] = at;
      at += next[b];
      next[b] = start[b];
    }
    start[buckets] = to;
    scatterTop(a, scratch, from, to, next, shift);
    Finisher finisher = new Finisher(top);
    for (int b = 0; b < buckets; b++) {
      finisher.finish(scratch, a, start[b], start[b + 1]);
    }
  }

  /** How many ints of {@code a[s..e)} have each top digit ({@link #topDigit} at {@code shift}). */
  static int[] topDigits(int[] a, int s, int e, int shift) {
    int[] c = new int[1 << (Integer.SIZE - shift)];
    for (int i = s; i < e; i++) {
      c[topDigit(a[i], shift)]++;
    }
    return c;
  }

  /** Moves each int of {@code a[s..e)} to {@code dst[next[its top digit]++]}. */
  static void scatterTop(int[] a, int[] dst, int s, int e, int[] next, int shift) {
    for (int i = s; i < e; i++) {
      int v = a[i];
      dst[next[topDigit(v, shift)]++] = v;
    }
  }

  /**
   * Finishes buckets that share a top digit of a given width: the LSD passes over the bits below
   * it, with counters reused from bucket to bucket. One per thread.
   */
  static final class Finisher {
    private final int[] widths;
    private final int[][] counts;

    /** Finishes buckets below a top digit of {@code top} bits: passes of at most 11 bits. */
    Finisher(int top) {
      int low = Integer.SIZE - top;
      int passes = (low + MAX_LOW_BITS - 1) / MAX_LOW_BITS;
      widths = new int[passes];
      counts = new int[passes][];
      for (int p = 0; p < passes; p++) {
        // Widths as even as they go, the wider ones first: 24 bits as 8+8+8, 21 as 11+10.
        widths[p] = low / passes + (p < low % passes ? 1 : 0);
        counts[p] = new int[1 << widths[p]];
      }
    }

    /**
     * Sorts {@code src[s..e)}, whose ints share their top digit, into {@code dst[s..e)}; {@code
     * src[s..e)} is scratch afterwards.
     */
    void finish(int[] src, int[] dst, int s, int e) {
      if (e - s == 1) {
        dst[s] = src[s];
      } else if (e - s > 1) {
        switch (widths.length) {
          case 1 -> onePass(src, dst, s, e);
          case 2 -> twoPasses(src, dst, s, e);
          default -> threePasses(src, dst, s, e);
        }
      }
    }

    private void onePass(int[] src, int[] dst, int s, int e) {
      int[] c0 = counts[0];
      int m0 = c0.length - 1;
      Arrays.fill(c0, 0);
      for (int i = s; i < e; i++) {
        c0[src[i] & m0]++;
      }
      positions(c0, s);
      scatter(src, dst, s, e, c0, 0, m0);
    }

    private void twoPasses(int[] src, int[] dst, int s, int e) {
      int[] c0 = counts[0];
      int[] c1 = counts[1];
      int m0 = c0.length - 1;
      int m1 = c1.length - 1;
      int w0 = widths[0];
      Arrays.fill(c0, 0);
      Arrays.fill(c1, 0);
      for (int i = s; i < e; i++) {
        int v = src[i];
        c0[v & m0]++;
        c1[(v >>> w0) & m1]++;
      }
      positions(c0, s);
      positions(c1, s);
      scatter(src, dst, s, e, c0, 0, m0);
      scatter(dst, src, s, e, c1, w0, m1);
      // An even number of passes ends where it began; the bucket is in cache, so the copy is cheap.
      System.arraycopy(src, s, dst, s, e - s);
    }

    private void threePasses(int[] src, int[] dst, int s, int e) {
      int[] c0 = counts[0];
      int[] c1 = counts[1];
      int[] c2 = counts[2];
      int m0 = c0.length - 1;
      int m1 = c1.length - 1;
      int m2 = c2.length - 1;
      int w0 = widths[0];
      int w01 = w0 + widths[1];
      Arrays.fill(c0, 0);
      Arrays.fill(c1, 0);
      Arrays.fill(c2, 0);
      for (int i = s; i < e; i++) {
        int v = src[i];
        c0[v & m0]++;
        c1[(v >>> w0) & m1]++;
        c2[(v >>> w01) & m2]++;
      }
      positions(c0, s);
      positions(c1, s);
      positions(c2, s);
      scatter(src, dst, s, e, c0, 0, m0);
      scatter(dst, src, s, e, c1, w0, m1);
      scatter(src, dst, s, e, c2, w01, m2);
    }
  }

  /** Turns counts into the absolute position of each digit's first int, from {@code at}. */
  private static void positions(int[] c, int at) {
    for (int d = 0; d < c.length; d++) {
      int t = c[d];
      c[d] = at;
      at += t;
    }
  }

  /** Moves each int of {@code src[s..e)} to {@code dst[next[its digit at shift]++]}. */
  private static void scatter(int[] src, int[] dst, int s, int e, int[] next, int shift, int mask) {
    for (int i = s; i < e; i++) {
      int v = src[i];
      dst[next[(v >>> shift) & mask]++] = v;
    }
  }
}
