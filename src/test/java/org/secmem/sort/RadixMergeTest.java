package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.commons.lang3.ArrayUtils;
import org.junit.jupiter.api.Test;

/** The radix merger against a plain sort, with blocks and chunks small enough to hit every edge. */
class RadixMergeTest {

  /** A run in memory, handed out in blocks of {@code blockInts}, as the file cursors do. */
  private static final class ArrayCursor extends RunCursor {
    private final int[] run;
    private int next;

    ArrayCursor(int[] run, int blockInts) {
      this.run = run;
      this.block = new int[blockInts];
      refill();
    }

    @Override
    boolean refill() {
      assertEquals(limit, pos, "refilled before its block was used up");
      int n = Math.min(block.length, run.length - next);
      System.arraycopy(run, next, block, 0, n);
      next += n;
      pos = 0;
      limit = n;
      return n > 0;
    }

    boolean exhausted() {
      return next == run.length && pos == limit;
    }
  }

  private static long mergeInto(
      List<int[]> out, int[][] runs, int blockInts, int capacity, boolean descending)
      throws Exception {
    ArrayCursor[] cursors = new ArrayCursor[runs.length];
    for (int i = 0; i < runs.length; i++) {
      cursors[i] = new ArrayCursor(runs[i], blockInts);
    }
    long written =
        new RadixMerge(capacity)
            .merge(
                cursors,
                (a, off, len) -> {
                  assertTrue(
                      len > 0 && len <= capacity, "chunk of " + len + " for capacity " + capacity);
                  out.add(Arrays.copyOfRange(a, off, off + len));
                },
                descending);
    for (ArrayCursor c : cursors) {
      assertTrue(c.exhausted(), "a run was left unfinished");
    }
    return written;
  }

  private static int[] flat(List<int[]> parts) {
    return parts.stream().flatMapToInt(Arrays::stream).toArray();
  }

  private static int[] sortedRun(int[] values, boolean descending) {
    int[] a = values.clone();
    Arrays.sort(a);
    if (descending) {
      RunFormation.reverse(a, a.length);
    }
    return a;
  }

  @Provide
  Arbitrary<int[]> values() {
    return Arbitraries.oneOf(
        Arbitraries.integers().array(int[].class).ofMaxSize(400),
        Arbitraries.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE)
            .array(int[].class)
            .ofMaxSize(400),
        Arbitraries.integers().between(-3, 3).array(int[].class).ofMaxSize(400),
        Arbitraries.integers().between(1_000_000, 1_000_100).array(int[].class).ofMaxSize(400));
  }

  @Property(tries = 400)
  void mergesLikeASort(
      @ForAll @Size(min = 1, max = 9) List<@net.jqwik.api.From("values") int[]> runs,
      @ForAll @IntRange(min = 1, max = 17) int blockInts,
      @ForAll @IntRange(min = 1, max = 70) int capacity,
      @ForAll boolean descending)
      throws Exception {
    int[][] sortedRuns = runs.stream().map(r -> sortedRun(r, descending)).toArray(int[][]::new);
    List<int[]> out = new ArrayList<>();
    long written =
        mergeInto(out, sortedRuns, blockInts, Math.max(capacity, runs.size()), descending);

    int[] expected = sortedRun(runs.stream().flatMapToInt(Arrays::stream).toArray(), descending);
    assertEquals(expected.length, written);
    assertArrayEquals(expected, flat(out));
  }

  @Test
  void allEqualIntsInManyRunsComeOutInChunksNoLargerThanTheCapacity() throws Exception {
    int[][] runs = new int[20][];
    for (int i = 0; i < runs.length; i++) {
      runs[i] = new int[1000];
      Arrays.fill(runs[i], 42);
    }
    List<int[]> out = new ArrayList<>();
    assertEquals(20_000, mergeInto(out, runs, 64, 100, false));
    int[] all = flat(out);
    assertEquals(20_000, all.length);
    assertTrue(Arrays.stream(all).allMatch(v -> v == 42));
    assertTrue(out.size() >= 200, "20 000 ints, at most 100 per chunk");
  }

  @Test
  void theWholeIntRangeSortsWithThreePasses() throws Exception {
    int[][] runs = {
      {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE},
      {Integer.MIN_VALUE + 1, 1, Integer.MAX_VALUE - 1},
      {},
    };
    List<int[]> out = new ArrayList<>();
    mergeInto(out, runs, 8, 1000, false);
    assertArrayEquals(
        new int[] {
          Integer.MIN_VALUE,
          Integer.MIN_VALUE + 1,
          -1,
          0,
          1,
          Integer.MAX_VALUE - 1,
          Integer.MAX_VALUE
        },
        flat(out));

    int[][] down = {{Integer.MAX_VALUE, 0, Integer.MIN_VALUE}, {5, -5}};
    out.clear();
    mergeInto(out, down, 8, 1000, true);
    assertArrayEquals(new int[] {Integer.MAX_VALUE, 5, 0, -5, Integer.MIN_VALUE}, flat(out));
  }

  @Test
  void aMillionRandomIntsInSixtyFourRunsWithRealBlockSizes() throws Exception {
    Random r = new Random(7);
    int[][] runs = new int[64][];
    int[] all = new int[0];
    for (int i = 0; i < runs.length; i++) {
      runs[i] = r.ints(r.nextInt(30_000)).toArray();
      all = ArrayUtils.addAll(all, runs[i]);
      Arrays.sort(runs[i]);
    }
    Arrays.sort(all);
    List<int[]> out = new ArrayList<>();
    mergeInto(out, runs, 4096, RadixMerge.capacityFor(runs.length), false);
    assertArrayEquals(all, flat(out));
  }

  @Test
  void capacityMustBePositiveAndCoverEveryRun() {
    assertThrows(IllegalArgumentException.class, () -> new RadixMerge(0));
    RunCursor[] three = {
      new ArrayCursor(new int[] {1}, 1),
      new ArrayCursor(new int[] {2}, 1),
      new ArrayCursor(new int[] {3}, 1)
    };
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new RadixMerge(2).merge(three, (a, off, len) -> {}, false));
    assertTrue(e.getMessage().contains("3 runs"), e.getMessage());
  }
}
