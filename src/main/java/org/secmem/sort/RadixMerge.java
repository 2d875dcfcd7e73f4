package org.secmem.sort;

import java.io.IOException;
import java.util.Arrays;

/**
 * Merges sorted runs without comparing their heads one int at a time. Each step looks at a window
 * of the next {@code L = capacity / d} ints of every run; the smallest of the windows' last keys,
 * the <em>bound</em>, cuts off a value range that is complete across all runs (every int not yet in
 * a window is at least its run's last window key, so at least the bound). The ints up to the bound
 * — at most {@code capacity}, found by one binary search per run — are gathered into a chunk,
 * radix-sorted with only as many 11-bit passes as the chunk's span of values needs, and written
 * out. At least one window is used up per step, so every step makes progress, and equal ints split
 * across steps stay in order (ints carry nothing else).
 *
 * <p>A loser tree pays ⌈log2 d⌉ dependent comparisons per int (about 6 ns each on this machine, so
 * 24 ns at d = 16 and 45 ns at d = 64); this pays a copy and two or three counting passes over a
 * chunk that stays in cache, whatever d is — so time per int stays flat as inputs grow.
 */
final class RadixMerge {

  /** Ints sorted per step, at most: 256 KiB, and as much again for the scratch array. */
  static final int DEFAULT_CAPACITY = 1 << 16;

  private static final int MAX_DIGIT_BITS = 11;

  /** The chunk size for merging {@code runs} runs: the default, and at least 16 ints per run. */
  static int capacityFor(int runs) {
    return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(DEFAULT_CAPACITY, 16L * runs));
  }

  private final int capacity;
  private final int[] chunk;
  private final int[] scratch;
  private final int[] counts = new int[3 << MAX_DIGIT_BITS];

  /**
   * @param capacity ints per step at most (at least the number of runs merged); the merge holds two
   *     arrays of this size
   */
  RadixMerge(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive: " + capacity);
    }
    this.capacity = capacity;
    this.chunk = new int[capacity];
    this.scratch = new int[capacity];
  }

  /**
   * Merges {@code runs} (each sorted ascending, or descending when {@code descending}) into {@code
   * out} in the same order.
   *
   * @return ints written
   */
  long merge(RunCursor[] runs, IntSink out, boolean descending) throws IOException {
    // Keys compare as unsigned ints: the sign bit flipped puts signed ints in unsigned order, and
    // all bits but the sign flipped reverses that order for descending runs.
    int mask = descending ? 0x7FFF_FFFF : 0x8000_0000;
    if (runs.length > capacity) {
      throw new IllegalArgumentException(
          "a chunk of " + capacity + " ints cannot merge " + runs.length + " runs");
    }
    RunCursor[] live = runs.clone();
    int alive = live.length;
    int[] cut = new int[live.length];
    long written = 0;
    while (true) {
      // Drop finished runs; every live run then has at least one int in its block.
      int kept = 0;
      for (int i = 0; i < alive; i++) {
        RunCursor r = live[i];
        if (r.pos() < r.limit() || r.refill()) {
          live[kept++] = r;
        }
      }
      alive = kept;
      if (alive == 0) {
        return written;
      }
      int window = capacity / alive; // windows grow as runs end; the chunk never overflows
      long bound = Long.MAX_VALUE;
      long low = Long.MAX_VALUE;
      for (int i = 0; i < alive; i++) {
        RunCursor r = live[i];
        cut[i] = Math.min(r.limit(), r.pos() + window); // the window's end, cut back below
        bound = Math.min(bound, key(r.block()[cut[i] - 1], mask));
        low = Math.min(low, key(r.block()[r.pos()], mask));
      }
      int total = 0;
      for (int i = 0; i < alive; i++) {
        RunCursor r = live[i];
        cut[i] = upperBound(r.block(), r.pos(), cut[i], bound, mask);
        total += cut[i] - r.pos();
      }
      int[] sorted = sortChunk(live, cut, alive, total, (int) low, bound - low, mask);
      out.put(sorted, 0, total);
      written += total;
      for (int i = 0; i < alive; i++) {
        live[i].advance(cut[i] - live[i].pos());
      }
    }
  }

  /** The key of {@code v}: its place in the merge's order, as an unsigned int in a long. */
  private static long key(int v, int mask) {
    return (v ^ mask) & 0xFFFF_FFFFL;
  }

  /** The first index in {@code a[from..to)} whose key is above {@code bound}. */
  private static int upperBound(int[] a, int from, int to, long bound, int mask) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (key(a[mid], mask) <= bound) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Gathers every run's ints {@code [pos, cut)} as offsets from {@code low} (keys span at most
   * {@code span}), sorts them by LSD radix and turns them back into values.
   *
   * @return the array holding the sorted values in {@code [0, total)}
   */
  private int[] sortChunk(
      RunCursor[] live, int[] cut, int alive, int total, int low, long span, int mask) {
    int bits = 64 - Long.numberOfLeadingZeros(span);
    int passes = (bits + MAX_DIGIT_BITS - 1) / MAX_DIGIT_BITS;
    int width = passes == 0 ? 0 : (bits + passes - 1) / passes;
    int digits = 1 << width;
    int digitMask = digits - 1;
    Arrays.fill(counts, 0, passes * digits, 0);
    int n = 0;
    for (int i = 0; i < alive; i++) {
      RunCursor r = live[i];
      int[] b = r.block();
      for (int j = r.pos(), e = cut[i]; j < e; j++) {
        chunk[n++] = (b[j] ^ mask) - low;
      }
    }
    if (passes == 1) {
      for (int j = 0; j < total; j++) {
        counts[chunk[j]]++;
      }
    } else if (passes == 2) {
      for (int j = 0; j < total; j++) {
        int d = chunk[j];
        counts[d & digitMask]++;
        counts[digits + (d >>> width)]++;
      }
    } else if (passes == 3) {
      int w2 = 2 * width;
      for (int j = 0; j < total; j++) {
        int d = chunk[j];
        counts[d & digitMask]++;
        counts[digits + ((d >>> width) & digitMask)]++;
        counts[2 * digits + (d >>> w2)]++;
      }
    }
    int[] src = chunk;
    int[] dst = scratch;
    for (int p = 0; p < passes; p++) {
      int base = p << width;
      int sum = 0;
      for (int k = 0; k < digits; k++) {
        int c = counts[base + k];
        counts[base + k] = sum;
        sum += c;
      }
      int shift = p * width;
      for (int j = 0; j < total; j++) {
        int d = src[j];
        dst[counts[base + ((d >>> shift) & digitMask)]++] = d;
      }
      int[] t = src;
      src = dst;
      dst = t;
    }
    for (int j = 0; j < total; j++) {
      src[j] = (src[j] + low) ^ mask;
    }
    return src;
  }
}
