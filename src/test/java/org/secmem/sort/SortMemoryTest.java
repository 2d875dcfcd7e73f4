package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The bound on runs ⌈N/M⌉: at most {@link SortMemory#MAX_RUNS} whatever the heap, and no more than
 * the heap's bookkeeping budget holds; at its edge the largest N is accepted and one int more is
 * refused with a message naming the runs, the bound and an M that works.
 */
class SortMemoryTest {

  private static final long MIB = 1 << 20;
  private static final long BIG_HEAP = 64L << 30;
  private static final StreamType UB = StreamType.USER_BUFFER;
  private static final int B = 64 * 1024;

  @Test
  void runCap_largestNIsAccepted_oneIntMoreIsRefused_withAWorkingM() {
    long m = 1000;
    int d = 10;
    long n = SortMemory.MAX_RUNS * m;
    SortMemory edge = SortMemory.plan(SortTuning.classic(), n, m, d, B, UB, UB);
    assertEquals(SortMemory.MAX_RUNS, edge.runs());
    edge.requireHeap(BIG_HEAP, m, d, B);

    SortMemory over = SortMemory.plan(SortTuning.classic(), n + 1, m, d, B, UB, UB);
    assertEquals(SortMemory.MAX_RUNS + 1, over.runs());
    InsufficientMemoryException e =
        assertThrows(InsufficientMemoryException.class, () -> over.requireHeap(BIG_HEAP, m, d, B));
    String msg = e.getMessage();
    assertTrue(msg.contains("M = 1000 ints makes 131,073 runs"), msg);
    assertTrue(msg.contains("at most 131,072 runs are allowed"), msg);
    assertEquals(1001, suggestedM(msg), msg);
    SortMemory.plan(SortTuning.classic(), n + 1, 1001, d, B, UB, UB)
        .requireHeap(BIG_HEAP, 1001, d, B);
  }

  @Test
  void heapBound_largestNIsAccepted_oneIntMoreIsRefused_andTheSuggestedMWorks() {
    long heap = 48 * MIB;
    for (SortTuning t : new SortTuning[] {SortTuning.classic(), SortTuning.fast(2)}) {
      long m = t.blockIo() ? 1 << 16 : 1;
      int d = 2;
      StreamType io = t.blockIo() ? StreamType.CHANNEL : UB;
      int b = t.blockIo() ? 4096 : B;
      SortMemory probe = SortMemory.plan(t, 1L << 40, m, d, b, io, io);
      long runInts = probe.runInts();
      long limit =
          SortMemory.plan(t, SortMemory.MAX_RUNS * runInts, m, d, b, io, io).runLimit(heap);
      assertTrue(limit > 1000 && limit < SortMemory.MAX_RUNS, "the heap binds: " + limit);
      long n = limit * runInts;
      SortMemory edge = SortMemory.plan(t, n, m, d, b, io, io);
      assertEquals(limit, edge.runs(), t.toString());
      edge.requireHeap(heap, m, d, b);
      assertTrue(edge.requiredHeapBytes() <= heap, "the heap check agrees at the edge");

      SortMemory over = SortMemory.plan(t, n + 1, m, d, b, io, io);
      assertTrue(over.requiredHeapBytes() > heap, "and one run more does not fit");
      InsufficientMemoryException e =
          assertThrows(InsufficientMemoryException.class, () -> over.requireHeap(heap, m, d, b));
      String msg = e.getMessage();
      assertTrue(
          msg.contains(
              String.format(Locale.ROOT, "M = %s makes %,d runs", Units.typedInts(m), limit + 1)),
          msg);
      assertTrue(
          msg.contains(
              String.format(
                  Locale.ROOT,
                  "at most %,d runs fit the bookkeeping budget of a 48 MiB heap",
                  limit)),
          msg);
      long x = suggestedM(msg);
      SortMemory.plan(t, n + 1, x, d, b, io, io).requireHeap(heap, x, d, b);
      assertThrows(
          InsufficientMemoryException.class,
          () -> SortMemory.plan(t, n + 1, x - 1, d, b, io, io).requireHeap(heap, x - 1, d, b),
          "the smallest M that works: " + x);
    }
  }

  /** The case: 2^22 ints with M = 1 under a 48 MiB heap; the message says which M. */
  @Test
  void oneIntPerRun_isRefused_withTheMThatWorks() {
    long n = 1L << 22;
    SortMemory p = SortMemory.plan(SortTuning.classic(), n, 1, 2, B, UB, UB);
    InsufficientMemoryException e =
        assertThrows(InsufficientMemoryException.class, () -> p.requireHeap(48 * MIB, 1, 2, B));
    String msg = e.getMessage();
    assertTrue(msg.startsWith("M = 1 int makes 4,194,304 runs of 1 int (23 passes at d = 2)"), msg);
    long x = suggestedM(msg);
    SortMemory.plan(SortTuning.classic(), n, x, 2, B, UB, UB).requireHeap(48 * MIB, x, 2, B);
  }

  @Test
  void bookkeeping_countsTheSecondPassesMerges_notOnlyTheRuns() {
    // 2^18 runs at d = 2 ran out of a 92 MiB heap when only 256 bytes a run were counted.
    long runs = 1 << 18;
    assertTrue(SortMemory.bookkeepingBytes(runs, 2, false) >= runs * 256 + runs / 2 * 512);
    assertTrue(
        SortMemory.plan(SortTuning.classic(), runs, 1, 2, B, UB, UB).requiredHeapBytes()
            > 92 * MIB);
    assertEquals(1, SortMemory.passes(1, 2));
    assertEquals(2, SortMemory.passes(2, 2));
    assertEquals(23, SortMemory.passes(1 << 22, 2));
    assertEquals(3, SortMemory.passes(11, 10));
  }

  /**
   * The M the message asks for, as a user pastes it: digits or 2^k, read by the options' parser.
   */
  private static long suggestedM(String message) {
    Matcher m = Pattern.compile("use M = (\\S+) or more").matcher(message);
    assertTrue(m.find(), message);
    return org.secmem.param.NumberParser.parseCount(m.group(1));
  }
}
