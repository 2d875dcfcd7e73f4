package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The in-memory sort's radix sort, and its slice sort, on several threads are Arrays.sort for any
 * data, any number of threads and any width of top digit: slices of one int, threads that outnumber
 * the ints, keys that all share a top byte (one bucket), the ends of the int range, and a large
 * array cut at the default slice size.
 */
class ParallelRadixTest {

  @Provide
  Arbitrary<int[]> data() {
    return Arbitraries.oneOf(
        Arbitraries.integers().array(int[].class).ofMaxSize(5000),
        Arbitraries.integers().between(0, 300).array(int[].class).ofMaxSize(5000),
        Arbitraries.of(-3, 0, 7, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 24, -(1 << 24))
            .array(int[].class)
            .ofMaxSize(5000));
  }

  @Property(tries = 300)
  void anyData_anyThreads_isArraysSort(
      @ForAll("data") int[] values,
      @ForAll @IntRange(min = 1, max = 9) int threads,
      @ForAll @IntRange(min = 1, max = 700) int minSlice,
      @ForAll @IntRange(min = 1, max = Radix.MAX_TOP_BITS) int top)
      throws IOException {
    int[] a = values.clone();
    int[] expected = values.clone();
    Arrays.sort(expected);
    ParallelRadix.sort(a, new int[a.length], threads, minSlice, top);
    assertArrayEquals(expected, a);
  }

  /** The arrays sort's own parallel path (slices, then rounds of merges) for 1 to 9 threads. */
  @Property(tries = 100)
  void theSliceSort_anyData_anyThreads_isArraysSort(
      @ForAll("data") int[] values,
      @ForAll @IntRange(min = 1, max = 9) int threads,
      @ForAll @IntRange(min = 1, max = 700) int minSlice)
      throws IOException {
    int[] a = values.clone();
    int[] expected = values.clone();
    Arrays.sort(expected);
    SliceSort.sort(a, threads, minSlice);
    assertArrayEquals(expected, a);
  }

  @Test
  void aMillionInts_onFourThreads_atTheDefaultSlice_isArraysSort() throws IOException {
    SplittableRandom r = new SplittableRandom(7);
    int[] a = new int[1 << 20];
    for (int i = 0; i < a.length; i++) {
      // A quarter of the keys share one top byte, so one bucket is far larger than the rest.
      a[i] = i % 4 == 0 ? r.nextInt(1 << 20) : r.nextInt();
    }
    int[] expected = a.clone();
    Arrays.sort(expected);
    int[] b = a.clone();
    ParallelRadix.sort(a, new int[a.length], 4);
    assertArrayEquals(expected, a);
    SliceSort.sort(b, 3);
    assertArrayEquals(expected, b);
  }
}
