package org.secmem.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeapLayoutTest {

  private static final long MIB = 1L << 20;

  @Test
  void g1_countsOnOneShareOfTheHeapPerGcThread_lessTheHeadroom() {
    HeapLayout two = new HeapLayout("G1", 2, 2);
    assertEquals(48 * MIB, two.largestArrayBytes(128 * MIB));
    assertEquals(496 * MIB, two.largestArrayBytes(1024 * MIB));
    assertEquals(96 * MIB, new HeapLayout("G1", 1, 2).largestArrayBytes(128 * MIB));
    // The heap it names holds the array, and one MiB less does not.
    for (long array : new long[] {MIB, 48 * MIB, 64 * MIB, 100 * MIB + 3}) {
      for (HeapLayout l :
          new HeapLayout[] {
            two,
            new HeapLayout("G1", 13, 2),
            new HeapLayout("Serial", 2, 2),
            new HeapLayout("Parallel", 4, 3),
            new HeapLayout("Z", 2, 2)
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
        new HeapLayout("Serial", 2, 2).largestArrayBytes(1024 * MIB));
    assertEquals(96 * MIB, new HeapLayout("Z", 8, 2).largestArrayBytes(128 * MIB));
  }

  @Test
  void problem_namesTheArrayTheLimitTheReasonAndAHeapThatHoldsIt() {
    HeapLayout two = new HeapLayout("G1", 2, 2);
    assertNull(two.problem("k = 1 user-buffer stream of B = 48 MiB", 48 * MIB, 128 * MIB));
    String p = two.problem("k = 1 user-buffer stream of B = 64 MiB", 64 * MIB, 128 * MIB);
    assertTrue(p.contains("one array of 64 MiB"), p);
    assertTrue(p.contains("at most 48 MiB"), p);
    assertTrue(p.contains("2 GC threads"), p);
    assertTrue(p.contains("java -Xmx160m"), p);
  }

  @Test
  void current_readsThisJvm() {
    HeapLayout here = HeapLayout.current();
    assertTrue(here.gcThreads() >= 1, here.toString());
    assertTrue(here.largestArrayBytes(1024 * MIB) <= 1024 * MIB, here.toString());
  }
}
