package org.secmem.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeapLayoutTest {

  private static final long MIB = 1L << 20;

  @Test
  void g1_countsOnOneShareOfTheHeapPerGcThread_lessTheHeadroom() {
    HeapLayout two = new HeapLayout("G1", 2, 2, MIB);
    assertEquals(47 * MIB, two.largestArrayBytes(128 * MIB));
    assertEquals(495 * MIB, two.largestArrayBytes(1024 * MIB));
    assertEquals(95 * MIB, new HeapLayout("G1", 1, 2, MIB).largestArrayBytes(128 * MIB));
    // The heap it names holds the array, and one MiB less does not.
    for (long array : new long[] {MIB, 47 * MIB, 64 * MIB, 100 * MIB + 3}) {
      for (HeapLayout l :
          new HeapLayout[] {
            two,
            new HeapLayout("G1", 13, 2, 4 * MIB),
            new HeapLayout("Serial", 2, 2, 0),
            new HeapLayout("Parallel", 4, 3, 0),
            new HeapLayout("Z", 2, 2, 0)
          }) {
        long heap = l.heapMibFor(array) * MIB;
        assertTrue(array <= l.largestArrayBytes(heap), l + " " + array);
        assertTrue(array > l.largestArrayBytes(heap - MIB), l + " " + array);
      }
    }
  }

  @Test
  void serialAndParallel_countOnTheOldGeneration() {
    assertEquals(
        1024 * MIB * 2 / 3 - 32 * MIB,
        new HeapLayout("Serial", 2, 2, 0).largestArrayBytes(1024 * MIB));
    assertEquals(96 * MIB, new HeapLayout("Z", 8, 2, 0).largestArrayBytes(128 * MIB));
  }

  @Test
  void problem_namesTheArrayTheLimitTheReasonAndAHeapThatHoldsIt() {
    HeapLayout two = new HeapLayout("G1", 2, 2, MIB);
    assertNull(two.problem("k = 1 user-buffer stream of B = 47 MiB", 47 * MIB, 128 * MIB));
    String p = two.problem("k = 1 user-buffer stream of B = 64 MiB", 64 * MIB, 128 * MIB);
    assertTrue(p.contains("one array of 64 MiB"), p);
    assertTrue(p.contains("at most 47 MiB"), p);
    assertTrue(p.contains("2 GC threads"), p);
    assertTrue(p.contains("java -Xmx162m"), p);
  }

  @Test
  void current_readsThisJvm() {
    HeapLayout here = HeapLayout.current();
    assertTrue(here.gcThreads() >= 1, here.toString());
    assertTrue(here.largestArrayBytes(1024 * MIB) <= 1024 * MIB, here.toString());
  }
}
