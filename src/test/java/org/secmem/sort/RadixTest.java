package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
 * The radix sort is Arrays.sort for any data, any subrange and every width of top digit, so every
 * layout of LSD passes below it (one, two or three passes, even and uneven widths) is exercised on
 * small arrays, not only the widths that large runs get.
 */
class RadixTest {

  @Test
  void matchesArraysSort_withExtremesAndSigns_forEachRunSort() {
    SplittableRandom r = new SplittableRandom(9);
    for (int n : new int[] {0, 1, 2, 255, 256, 257, 100_000}) {
      int[] a = r.ints(n).toArray();
      if (n > 3) {
        a[0] = Integer.MIN_VALUE;
        a[1] = Integer.MAX_VALUE;
        a[2] = -1;
        a[3] = 0;
      }
      int[] expected = a.clone();
      Arrays.sort(expected);
      for (RunSort sort : RunSort.values()) {
        int[] copy = a.clone();
        sort.sort(copy, new int[n], n);
        assertArrayEquals(expected, copy, sort + " n=" + n);
      }
    }
  }

  /**
   * The radix sort of any subrange, over any spread of values (one value, a few, a byte's worth,
   * all of them), with any top digit, sorts exactly that range and leaves the rest and the
   * scratch's use invisible.
   */
  @Property(tries = 600)
  void anySubrange_anyTopDigit_likeArraysSort(
      @ForAll("radixInputs") int[] a,
      @ForAll @IntRange(min = 0, max = 1000) int cutA,
      @ForAll @IntRange(min = 0, max = 1000) int cutB,
      @ForAll @IntRange(min = 1, max = Radix.MAX_TOP_BITS) int top) {
    int from = Math.min(cutA, cutB) % (a.length + 1);
    int to = Math.max(from, Math.max(cutA, cutB) % (a.length + 1));
    int[] expected = a.clone();
    Arrays.sort(expected, from, to);
    int[] scratch = new SplittableRandom(a.length).ints(a.length).toArray();
    Radix.sort(a, scratch, from, to, top);
    assertArrayEquals(expected, a, "from=" + from + " to=" + to + " top=" + top);
  }

  @Provide
  Arbitrary<int[]> radixInputs() {
    Arbitrary<Integer> values =
        Arbitraries.oneOf(
            Arbitraries.integers(),
            Arbitraries.integers().between(-3, 3),
            Arbitraries.integers().between(0, 255).map(v -> v << 24),
            Arbitraries.integers().between(0, 2047).map(v -> v << 21),
            Arbitraries.integers().between(-70_000, 70_000),
            Arbitraries.of(Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1));
    return values.array(int[].class).ofMaxSize(3000);
  }

  @Test
  void sortsASubrangeOnly() {
    int[] a = {9, 8, 7, 3, 2, 1, 0};
    Radix.sort(a, new int[7], 2, 6);
    assertArrayEquals(new int[] {9, 8, 1, 2, 3, 7, 0}, a);
  }

  /** The widths a run of each size gets, at the edges where they change. */
  @Test
  void theTopDigit_widensWithTheRun() {
    assertEquals(8, Radix.topBits(0));
    assertEquals(8, Radix.topBits((1 << 19) - 1));
    assertEquals(10, Radix.topBits(1 << 19));
    assertEquals(10, Radix.topBits((1 << 23) - 1));
    assertEquals(11, Radix.topBits(1 << 23));
    assertEquals(11, Radix.topBits(Integer.MAX_VALUE));
  }

  /**
   * A run as large as the fast sort's (2^23 ints: an 11-bit top digit, passes of 11 and 10 bits),
   * with a skewed key set: half the keys in a narrow range, so a few buckets hold most of them.
   */
  @Test
  void aRunOfEightMillionInts_withSkew_isArraysSort() {
    SplittableRandom r = new SplittableRandom(3);
    int n = 1 << 23;
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i % 2 == 0 ? r.nextInt(-5000, 5000) : r.nextInt();
    }
    int[] expected = a.clone();
    Arrays.sort(expected);
    RunSort.RADIX.sort(a, new int[n], n);
    assertArrayEquals(expected, a);
  }

  @Test
  void aTopDigitOutsideOneToSixteen_isRefused() {
    assertThrows(IllegalArgumentException.class, () -> Radix.sort(new int[4], new int[4], 0, 4, 0));
    assertThrows(
        IllegalArgumentException.class, () -> Radix.sort(new int[4], new int[4], 0, 4, 17));
  }
}
