package org.secmem.sort;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link RunSort#radix}'s sort on several threads, for the in-memory sort: the whole array is one
 * run. Each thread counts the top bytes of its slice; the counts give each thread its own place in
 * every bucket, so the threads scatter their slices into {@code scratch} at once without locks.
 * Then the threads take the 256 buckets, largest first, and finish each with the same three LSD
 * passes over its low bytes as a run's sort, which end back in the array.
 *
 * <p>Keys that share a top byte share a bucket: few distinct keys leave as many buckets as keys,
 * and that many threads busy in the second phase.
 */
final class ParallelRadix {

  private static final int BUCKETS = 256;

  /** The fewest ints a thread's slice has: below it, fewer threads. */
  static final int MIN_SLICE_INTS = 1 << 16;

  private ParallelRadix() {}

  /**
   * Sorts {@code a} ascending on {@code threads} threads, with {@code scratch} at least as long.
   *
   * @throws IOException an interrupt, as {@link java.io.InterruptedIOException}
   */
  static void sort(int[] a, int[] scratch, int threads) throws IOException {
    sort(a, scratch, threads, MIN_SLICE_INTS);
  }

  /** As {@link #sort(int[], int[], int)}, with slices of at least {@code minSlice} ints. */
  static void sort(int[] a, int[] scratch, int threads, int minSlice) throws IOException {
    int n = a.length;
    int t = Math.max(1, Math.min(threads, n / minSlice));
    if (t == 1) {
      RunSort.radix(a, scratch, 0, n);
      return;
    }
    ExecutorService pool = Tasks.pool("in-memory-radix", t);
    try {
      int[][] counts = new int[t][];
      List<Callable<Void>> count = new ArrayList<>();
      for (int i = 0; i < t; i++) {
        int slice = i;
        count.add(
            () -> {
              counts[slice] = topBytes(a, from(slice, t, n), from(slice + 1, t, n));
              return null;
            });
      }
      Tasks.all(pool, count);
      int[] start = new int[BUCKETS + 1];
      int[][] next = new int[t][BUCKETS];
      int at = 0;
      for (int b = 0; b < BUCKETS; b++) {
        start[b] = at;
        for (int i = 0; i < t; i++) {
          next[i][b] = at;
          at += counts[i][b];
        }
      }
      start[BUCKETS] = n;
      List<Callable<Void>> scatter = new ArrayList<>();
      for (int i = 0; i < t; i++) {
        int slice = i;
        scatter.add(
            () -> {
              scatterTop(a, scratch, from(slice, t, n), from(slice + 1, t, n), next[slice]);
              return null;
            });
      }
      Tasks.all(pool, scatter);
      Integer[] order = new Integer[BUCKETS];
      for (int b = 0; b < BUCKETS; b++) {
        order[b] = b;
      }
      Arrays.sort(order, (x, y) -> (start[y + 1] - start[y]) - (start[x + 1] - start[x]));
      AtomicInteger taken = new AtomicInteger();
      List<Callable<Void>> finish = new ArrayList<>();
      for (int i = 0; i < t; i++) {
        finish.add(
            () -> {
              int[] c0 = new int[BUCKETS];
              int[] c1 = new int[BUCKETS];
              int[] c2 = new int[BUCKETS];
              for (int k = taken.getAndIncrement(); k < BUCKETS; k = taken.getAndIncrement()) {
                int b = order[k];
                int s = start[b];
                int e = start[b + 1];
                if (e - s == 1) {
                  a[s] = scratch[s];
                } else if (e - s > 1) {
                  RunSort.lowBytes(scratch, a, s, e, c0, c1, c2);
                }
              }
              return null;
            });
      }
      Tasks.all(pool, finish);
    } finally {
      Tasks.stop(pool);
    }
  }

  /** Where slice {@code i} of {@code t} slices of {@code n} ints begins. */
  private static int from(int i, int t, int n) {
    return (int) ((long) n * i / t);
  }

  /** How many ints of {@code a[s..e)} have each top byte (sign bit flipped). */
  private static int[] topBytes(int[] a, int s, int e) {
    int[] c = new int[BUCKETS];
    for (int i = s; i < e; i++) {
      c[(a[i] >>> 24) ^ 0x80]++;
    }
    return c;
  }

  /** Moves each int of {@code a[s..e)} to {@code dst[next[its top byte]++]}. */
  private static void scatterTop(int[] a, int[] dst, int s, int e, int[] next) {
    for (int i = s; i < e; i++) {
      int v = a[i];
      dst[next[(v >>> 24) ^ 0x80]++] = v;
    }
  }
}
