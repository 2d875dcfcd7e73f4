package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.secmem.stream.StreamType;

/**
 * The fast preset's own d grows to merge a large input's runs in fewer passes, as far as the
 * budget's merge blocks and the open-file limit allow; a d the user chose is never changed.
 */
class AutomaticFanInTest {

  private static final StreamType CH = StreamType.CHANNEL;
  private static final int MIB = 1 << 20;
  private static final long MANY_FILES = 1L << 20;

  private static SortMemory.Request fast16(long n, long m, int d) {
    return new SortMemory.Request(SortTuning.fast(16), n, m, d, MIB, CH, CH);
  }

  /** The 16-core measurement: 16 GiB in M = 2^29 made 261 runs, two passes at d = 256. */
  @Test
  void sixteenGiBOnSixteenCores_mergesItsRunsInOnePass() {
    SortMemory.Request r = fast16(1L << 32, 1L << 29, 256);
    SortMemory at256 =
        SortMemory.plan(r.tuning(), r.n(), r.memoryInts(), 256, r.bufferBytes(), CH, CH);
    assertTrue(at256.runs() > 256, "runs: " + at256.runs());
    assertEquals(3, SortMemory.passes(at256.runs(), 256));

    int d = AutomaticFanIn.choose(r, MANY_FILES);

    assertEquals(at256.runs(), d, "the least d that takes every run in one merge");
    SortMemory p = SortMemory.plan(r.tuning(), r.n(), r.memoryInts(), d, r.bufferBytes(), CH, CH);
    assertEquals(2, SortMemory.passes(p.runs(), d));
    assertTrue(p.mergeBufferBytes() >= AutomaticFanIn.MIN_MERGE_B, p.toString());
    assertTrue(p.requiredHeapBytes() <= at256.requiredHeapBytes(), "no more heap than at d = 256");
  }

  @Test
  void runsThatOnePassAtThePresetsDTakes_keepIt() {
    assertEquals(256, AutomaticFanIn.choose(fast16(1L << 28, 1L << 26, 256), MANY_FILES));
    assertEquals(256, AutomaticFanIn.choose(fast16(1000, 1L << 26, 256), MANY_FILES));
  }

  @Test
  void anOpenFileLimitTooLowForTheLargerD_keepsThePresetsD() {
    SortMemory.Request r = fast16(1L << 32, 1L << 29, 256);
    int d = AutomaticFanIn.choose(r, MANY_FILES);
    SortMemory p = SortMemory.plan(r.tuning(), r.n(), r.memoryInts(), d, r.bufferBytes(), CH, CH);
    assertEquals(d, AutomaticFanIn.choose(r, p.openFiles()), "exactly enough descriptors");
    assertEquals(256, AutomaticFanIn.choose(r, p.openFiles() - 1), "one fewer");
  }

  @Test
  void aBudgetWhoseBlocksWouldFallBelow64KiB_keepsThePresetsD() {
    // 2^31 ints in M = 2^25 on 16 threads: 1,000-odd runs, and one merge of all of them on every
    // thread would read blocks of a few KiB.
    SortMemory.Request r = fast16(1L << 31, 1L << 25, 256);
    SortMemory at256 =
        SortMemory.plan(r.tuning(), r.n(), r.memoryInts(), 256, r.bufferBytes(), CH, CH);
    assertTrue(at256.runs() > 256 && at256.runs() <= 256 * 256, "runs: " + at256.runs());
    SortMemory one =
        SortMemory.plan(
            r.tuning(), r.n(), r.memoryInts(), (int) at256.runs(), r.bufferBytes(), CH, CH);
    assertTrue(one.mergeBufferBytes() < AutomaticFanIn.MIN_MERGE_B, one.toString());

    assertEquals(256, AutomaticFanIn.choose(r, MANY_FILES));
  }

  @Test
  void threeMergePassesBecomeTwo_whereOneIsOutOfReach() {
    // 2^39 ints (2 TiB) in M = 2^25 on 2 threads: about 70,000 runs, three merge passes at d =
    // 256; one pass would need blocks of a few bytes, two need d = 264 and blocks of 80 KiB.
    SortMemory.Request r =
        new SortMemory.Request(SortTuning.fast(2), 1L << 39, 1L << 25, 256, MIB, CH, CH);
    SortMemory at256 =
        SortMemory.plan(r.tuning(), r.n(), r.memoryInts(), 256, r.bufferBytes(), CH, CH);
    assertEquals(4, SortMemory.passes(at256.runs(), 256), "runs: " + at256.runs());

    int d = AutomaticFanIn.choose(r, MANY_FILES);

    assertEquals(AutomaticFanIn.leastFanIn(at256.runs(), 2), d);
    assertEquals(3, SortMemory.passes(at256.runs(), d));
  }

  @Test
  void leastFanIn_isTheSmallestDThatMergesInThatManyPasses() {
    SplittableRandom random = new SplittableRandom(29);
    for (int i = 0; i < 2000; i++) {
      long runs = 2 + random.nextLong(SortMemory.MAX_RUNS);
      int merges = 1 + random.nextInt(4);
      long d = AutomaticFanIn.leastFanIn(runs, merges);
      assertTrue(SortMemory.passes(runs, (int) d) <= merges + 1, runs + " runs, d " + d);
      assertTrue(
          d == 2 || SortMemory.passes(runs, (int) d - 1) > merges + 1, runs + " runs, d " + d);
    }
    assertEquals(261, AutomaticFanIn.leastFanIn(261, 1));
    assertEquals(17, AutomaticFanIn.leastFanIn(261, 2));
  }

  @Test
  void forInput_changesOnlyTheFastPresetsOwnD() {
    long n = 1L << 32;
    SortSettings own =
        SortSettings.builder(SortPreset.FAST).memoryInts(1L << 29).threads(16).build();
    assertEquals(256, own.fanIn());
    SortSettings grown = own.forInput(n, MANY_FILES);
    assertTrue(grown.fanIn() > 256, "d " + grown.fanIn());
    assertEquals(own.memoryInts(), grown.memoryInts());
    assertEquals(own.label(), grown.label(), "still the preset, not custom");

    SortSettings chosen =
        SortSettings.builder(SortPreset.FAST).fanIn(256).memoryInts(1L << 29).threads(16).build();
    assertSame(chosen, chosen.forInput(n, MANY_FILES), "a d the user gave stays");
    SortSettings classic =
        SortSettings.builder(SortPreset.CLASSIC).memoryInts(1L << 29).threads(16).build();
    assertSame(classic, classic.forInput(n, MANY_FILES), "classic is the reports' d");
  }
}
