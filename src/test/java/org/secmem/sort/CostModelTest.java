package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CostModelTest {

  @ParameterizedTest
  @CsvSource({
    // n, m, d, runs, passes
    "0, 10, 2, 1, 1",
    "1, 10, 2, 1, 1",
    "10, 10, 2, 1, 1",
    "11, 10, 2, 2, 2",
    "80, 10, 2, 8, 4",
    "81, 10, 2, 9, 5",
    "90, 10, 3, 9, 3",
    "91, 10, 3, 10, 4",
    "1000000, 1000, 10, 1000, 4",
    "1000000, 1000, 1000, 1000, 2",
    "268435456, 67108864, 16, 4, 2",
    "8589934592, 1, 2, 8589934592, 34"
  })
  void runsAndPasses_exact(long n, long m, int d, long runs, int passes) {
    assertEquals(runs, CostModel.runs(n, m));
    assertEquals(passes, CostModel.passes(n, m, d));
  }

  @ParameterizedTest
  @CsvSource({"1024, 1024, 2, 4096, 2", "1000, 100, 10, 4000, 4", "1000, 100, 2, 400, 100"})
  void blockTransfers_readAndWriteEveryPass(long n, long m, int d, int b, long expected) {
    assertEquals(expected, CostModel.predictedBlockTransfers(n, m, d, b));
  }

  @ParameterizedTest
  @CsvSource({
    // 4 MiB of ints, runs of 2^18 ints (4 runs), d = 4: one merge pass.
    // run formation 2 x 4 blocks of 1 MiB; the merge 2 x 64 blocks of 64 KiB.
    "1048576, 262144, 4, 1048576, 65536, 136",
    // Equal blocks: the same as the one-B model.
    "1000, 100, 10, 400, 400, 40",
    // Two merge passes at a quarter of B: 2*10 + 2*2*40.
    "1000, 100, 4, 400, 100, 180"
  })
  void blockTransfers_mergesCountTheirOwnSmallerBlock(
      long n, long m, int d, int b, int mergeB, long expected) {
    assertEquals(expected, CostModel.predictedBlockTransfers(n, m, d, b, mergeB));
  }
}
