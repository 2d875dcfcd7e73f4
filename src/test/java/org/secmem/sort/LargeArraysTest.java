package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Run formation's arrays are allocated together; when the heap is too cut up for the last of them,
 * those got so far are dropped and all are allocated again once, after a collection. A second
 * failure is a real shortage and is not hidden.
 */
class LargeArraysTest {

  /** Makes arrays, failing as told: the calls that throw, counted from 1. */
  private static final class Failing implements IntFunction<int[]> {
    final List<Integer> failAt;
    final List<int[]> made = new ArrayList<>();
    int calls;

    Failing(List<Integer> failAt) {
      this.failAt = failAt;
    }

    @Override
    public int[] apply(int length) {
      calls++;
      if (failAt.contains(calls)) {
        throw new OutOfMemoryError("Java heap space (fragmented, call " + calls + ")");
      }
      int[] a = new int[length];
      made.add(a);
      return a;
    }
  }

  @Test
  void allArraysAreMade_sideBySide_whenTheyFit() {
    Failing f = new Failing(List.of());
    int[][] a = LargeArrays.allocate(4, 10, f);
    assertEquals(4, a.length);
    assertEquals(4, f.calls, "one allocation per array");
    for (int i = 0; i < 4; i++) {
      assertEquals(10, a[i].length);
    }
  }

  @Test
  void aHeapTooCutUp_isCollectedAndTheArraysAllocatedAgain() {
    Failing f = new Failing(List.of(4)); // the last of four fails the first time
    int[][] a = LargeArrays.allocate(4, 10, f);
    assertEquals(8, f.calls, "three made, the fourth failed, then all four again");
    assertEquals(
        List.of(f.made.get(3), f.made.get(4), f.made.get(5), f.made.get(6)),
        List.of(a[0], a[1], a[2], a[3]),
        "only the second attempt's arrays are used");
  }

  @Test
  void aSecondFailure_isARealShortage() {
    Failing f = new Failing(List.of(2, 4));
    OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> LargeArrays.allocate(3, 10, f));
    assertEquals("Java heap space (fragmented, call 4)", e.getMessage());
  }
}
