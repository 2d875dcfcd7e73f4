package org.secmem.sort;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link Radix}'s sort on several threads, for the in-memory sort: the whole array is one run. Each
 * thread counts the top digits of its slice; the counts give each thread its own place in every
 * bucket, so the threads scatter their slices into {@code scratch} at once without locks. Then the
 * threads take the buckets, largest first, and finish each with the same LSD passes as a run's
 * sort, which end back in the array. The top digit is as wide as {@link Radix#topBits} makes it for
 * the whole array, so the buckets are as small as a run's.
 *
 * <p>Keys that share a top digit share a bucket: few distinct keys leave as many buckets as keys,
 * and that many threads busy in the second phase.
 */
final class ParallelRadix {

  /** The fewest ints a thread's slice has: below it, fewer threads. */
  static final int MIN_SLICE_INTS = 1 << 16;

  private ParallelRadix() {}

  /**
   * Sorts {@code a} ascending on {@code threads} threads, with {@code scratch} at least as long.
   *
   * @throws IOException an interrupt, as {@link java.io.InterruptedIOException}
   */
  static void sort(int[] a, int[] scratch, int threads) throws IOException {
    sort(a, scratch, threads, MIN_SLICE_INTS, Radix.topBits(a.length));
  }

  /**
   * As {@link #sort(int[], int[], int)}, with slices of at least {@code minSlice} ints and a top
   * digit of {@code top} bits (1 .. {@link Radix#MAX_TOP_BITS}).
   */
  static void sort(int[] a, int[] scratch, int threads, int minSlice, int top) throws IOException {
    int n = a.length;
    int t = Math.max(1, Math.min(threads, n / minSlice));
    if (t == 1) {
      Radix.sort(a, scratch, 0, n, top);
      return;
    }
    int buckets = 1 << top;
    int shift = Integer.SIZE - top;
    ExecutorService pool = Tasks.pool("in-memory-radix", t);
    try {
      int[][] counts = new int[t][];
      List<Callable<Void>> count = new ArrayList<>();
      for (int i = 0; i < t; i++) {
        int slice = i;
        count.add(
            () -> {
              counts[slice] = Radix.topDigits(a, from(slice, t, n), from(slice + 1, t, n), shift);
              return null;
            });
      }
      Tasks.all(pool, count);
      int[] start = new int[buckets + 1];
      int[][] next = new int[t][buckets];
      int at = 0;
      for (int b = 0; b < buckets; b++) {
        start[b] = at;
        for (int i = 0; i < t; i++) {
          next[i][b] = at;
          at += counts[i][b];
        }
      }
      start[buckets] = n;
      List<Callable<Void>> scatter = new ArrayList<>();
      for (int i = 0; i < t; i++) {
        int slice = i;
        scatter.add(
            () -> {
              Radix.scatterTop(
                  a, scratch, from(slice, t, n), from(slice + 1, t, n), next[slice], shift);
              return null;
            });
      }
      Tasks.all(pool, scatter);
      Integer[] order = new Integer[buckets];
      for (int b = 0; b < buckets; b++) {
        order[b] = b;
      }
      Arrays.sort(order, (x, y) -> (start[y + 1] - start[y]) - (start[x + 1] - start[x]));
      AtomicInteger taken = new AtomicInteger();
      List<Callable<Void>> finish = new ArrayList<>();
      for (int i = 0; i < t; i++) {
        finish.add(
            () -> {
              Radix.Finisher finisher = new Radix.Finisher(top);
              for (int k = taken.getAndIncrement(); k < buckets; k = taken.getAndIncrement()) {
                int b = order[k];
                finisher.finish(scratch, a, start[b], start[b + 1]);
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
}
