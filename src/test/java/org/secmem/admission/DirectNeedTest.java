package org.secmem.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.secmem.buffertree.FanoutRule;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.stream.StreamType;

/**
 * The direct memory a sort's streams hold, which a memory limit counts beside the heap: each
 * merge's k readers of the merges' own type and its writer, each reader with all it holds (a direct
 * reader two aligned blocks, not one: counted as one, a fork in a 1 GiB limit was killed).
 */
class DirectNeedTest {

  private static final Machine BIG =
      new Machine(8L << 30, 8L << 30, 1 << 20, 0, HeapLayout.current());

  private static SortSettings fast(StreamType mergeRead) {
    return fast(mergeRead, 2);
  }

  private static SortSettings fast(StreamType mergeRead, int threads) {
    return SortSettings.builder(SortPreset.FAST)
        .readType(StreamType.CHANNEL)
        .writeType(StreamType.CHANNEL)
        .bufferBytes(1 << 20)
        .fanIn(256)
        .memoryInts(70L << 20)
        .threads(threads)
        .mergeReadType(mergeRead)
        .build();
  }

  private static DirectNeed need(SortSettings s, long n) {
    return Admission.direct(
        new SortRequest(n, s, SortAlgorithm.MERGE, FanoutRule.DEFAULT, true, 0), BIG);
  }

  @Test
  void theMerges_directReaders_countTwoAlignedBlocksEach() {
    long n = 1L << 30;
    SortSettings s = fast(StreamType.DIRECT);
    SortMemory plan = s.memory(n);
    long k = Math.min(s.fanIn(), plan.runs());
    long b = plan.mergeBufferBytes();
    long perReader = 2 * (b + StreamType.DIRECT_ALIGNMENT);
    long merge = plan.mergeThreads() * (k * perReader + StreamType.CHANNEL.directBytes(b, false));
    DirectNeed need = need(s, n);
    assertEquals(merge, need.bytes(), need.what());
    assertTrue(need.what().contains("direct readers"), need.what());
    assertTrue(need.bytes() > need(fast(StreamType.CHANNEL), n).bytes(), need.what());
  }

  @Test
  void runFormation_readsTheInputWithTheReadStream_notTheMerges() {
    // One run: no merge, so the need is run formation's: channel readers whatever the merges use.
    SortSettings s = fast(StreamType.DIRECT, 1);
    assertEquals(1, s.memory(1 << 20).runs());
    DirectNeed one = need(s, 1 << 20);
    assertTrue(one.what().contains("channel reader"), one.what());
    assertEquals(need(fast(StreamType.CHANNEL, 1), 1 << 20), one);
  }
}
