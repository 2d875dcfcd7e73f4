package org.secmem.sort;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;

/**
 * The in-memory sort's {@code arrays} sort on several threads where {@link Arrays#parallelSort}
 * would run on one: the JDK sorts sequentially whenever its common pool has a parallelism of 1, as
 * it has on a machine of 2 cores, whatever pool it is called from. Here {@link Arrays#sort} sorts
 * {@code threads} slices at once, then rounds of two-way merges join neighbouring slices, each
 * round's merges at once, through a scratch array as large as the data.
 */
final class SliceSort {

  private SliceSort() {}

  /** Whether {@link Arrays#parallelSort} runs on one thread in this JVM. */
  static boolean parallelSortIsSequential() {
    return ForkJoinPool.getCommonPoolParallelism() <= 1;
  }

  /**
   * Sorts {@code a} ascending on {@code threads} threads.
   *
   * @throws IOException an interrupt, as {@link java.io.InterruptedIOException}
   */
  static void sort(int[] a, int threads) throws IOException {
    sort(a, threads, ParallelRadix.MIN_SLICE_INTS);
  }

  /** As {@link #sort(int[], int)}, with slices of at least {@code minSlice} ints. */
  static void sort(int[] a, int threads, int minSlice) throws IOException {
    int n = a.length;
    int t = Math.max(1, Math.min(threads, n / minSlice));
    if (t == 1) {
      Arrays.sort(a);
      return;
    }
    int[] bounds = new int[t + 1];
    for (int i = 0; i <= t; i++) {
      bounds[i] = (int) ((long) n * i / t);
    }
    ExecutorService pool = Tasks.pool("in-memory-sort", t);
    try {
      List<Callable<Void>> sorts = new ArrayList<>();
      for (int i = 0; i < t; i++) {
        int from = bounds[i];
        int to = bounds[i + 1];
        sorts.add(
            () -> {
              Arrays.sort(a, from, to);
              return null;
            });
      }
      Tasks.all(pool, sorts);
      int[] src = a;
      int[] dst = new int[n];
      for (int width = 1; width < t; width *= 2) {
        List<Callable<Void>> merges = new ArrayList<>();
        for (int i = 0; i < t; i += 2 * width) {
          int lo = bounds[i];
          int mid = bounds[Math.min(i + width, t)];
          int hi = bounds[Math.min(i + 2 * width, t)];
          int[] from = src;
          int[] to = dst;
          merges.add(
              () -> {
                merge(from, to, lo, mid, hi);
                return null;
              });
        }
        Tasks.all(pool, merges);
        int[] swap = src;
        src = dst;
        dst = swap;
      }
      if (src != a) {
        System.arraycopy(src, 0, a, 0, n);
      }
    } finally {
      Tasks.stop(pool);
    }
  }

  /** Merges the sorted {@code src[lo..mid)} and {@code src[mid..hi)} into {@code dst[lo..hi)}. */
  static void merge(int[] src, int[] dst, int lo, int mid, int hi) {
    int i = lo;
    int j = mid;
    int k = lo;
    while (i < mid && j < hi) {
      int x = src[i];
      int y = src[j];
      if (x <= y) {
        dst[k++] = x;
        i++;
      } else {
        dst[k++] = y;
        j++;
      }
    }
    System.arraycopy(src, i, dst, k, mid - i);
    System.arraycopy(src, j, dst, k + (mid - i), hi - j);
  }
}
