package org.secmem.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Fitting a JVM into a memory limit. */
class JvmFootprintTest {

  private static final long MIB = 1L << 20;

  @Test
  void theLargestHeapOfALimit_fitsIt_andOneMiBMoreDoesNot_orNearly() {
    for (long limit = 130 * MIB; limit <= 64L << 30; limit = limit * 3 / 2) {
      long heap = JvmFootprint.largestHeapBytes(limit);
      assertTrue(heap > 0, "limit " + limit);
      assertTrue(JvmFootprint.leastLimitBytes(heap) <= limit, "heap " + heap + " in " + limit);
      assertTrue(
          JvmFootprint.leastLimitBytes(heap + 2 * MIB) > limit,
          "a heap 2 MiB larger no longer fits " + limit);
    }
  }

  @Test
  void aGibibyte_holdsAHeapOf796MiB_andTheMeasuredJvmBesideIt() {
    assertEquals(796 * MIB, JvmFootprint.largestHeapBytes(1L << 30));
    // NMT and peak RSS of a fast sort: 110 MiB beside a 320 MiB heap, 100 beside 128.
    assertTrue(JvmFootprint.outsideHeapBytes(320 * MIB) >= 110 * MIB);
    assertTrue(JvmFootprint.outsideHeapBytes(128 * MIB) >= 100 * MIB);
    assertEquals(0, JvmFootprint.largestHeapBytes(100 * MIB), "too small for any JVM");
  }
}
