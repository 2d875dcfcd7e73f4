package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

class FastMergeSorterTest {

  @TempDir Path dir;

  private SortStats sortAndCheck(Path base, int[] values, long m, int d, StreamType type, int b,
      SortOrder order, SortTuning tuning) throws IOException {
    Files.createDirectories(base);
    Path in = base.resolve("in.bin");
    Path out = base.resolve("sorted.bin");
    ClassicMergeSorterTest.writeInts(in, values);
    SortStats stats = new FastMergeSorter(tuning).sort(
        new SortSpec(in, out, m, d, type, type, StreamOptions.ofBuffer(b), order,
            Optional.empty()), SortProgress.none());
    String what = tuning + " " + type + " n=" + values.length + " m=" + m + " d=" + d + " "
        + order;
    assertArrayEquals(ClassicMergeSorterTest.expected(values, order),
        ClassicMergeSorterTest.readInts(out), what);
    long runInts = FastMergeSorter.runInts(m, values.length, tuning);
    assertEquals(CostModel.runs(values.length, runInts), stats.runs(), what);
    assertEquals(CostModel.passes(values.length, runInts, d), stats.passes(), what);
    Checksum c = new Checksum();
    c.add(values, 0, values.length);
    assertTrue(c.sameAs(stats.inputChecksum()), what);
    try (Stream<Path> left = Files.list(base)) {
      assertEquals(2, left.count(), "only input and output left: " + what);
    }
    return stats;
  }

  @Provide
  Arbitrary<SortTuning> tunings() {
    return net.jqwik.api.Combinators.combine(Arbitraries.of(Merger.class),
        Arbitraries.of(RunSort.class), Arbitraries.of(true, false), Arbitraries.of(true, false))
        .as((m, r, o, p) -> new SortTuning(m, r, o, p && m.splitsByValue()));
  }

  @Provide
  Arbitrary<int[]> data() {
    return Arbitraries.oneOf(
        Arbitraries.integers().array(int[].class).ofMaxSize(5000),
        Arbitraries.of(-3, 0, 7, Integer.MIN_VALUE, Integer.MAX_VALUE).array(int[].class)
            .ofMaxSize(3000),
        Arbitraries.integers().between(0, 3000).map(n -> {
          int[] a = new SplittableRandom(n).ints(n).toArray();
          Arrays.sort(a);
          return n % 2 == 0 ? a : ClassicMergeSorterTest.expected(a, SortOrder.DESCENDING);
        }));
  }

  @Property(tries = 150)
  void sort_anyData_anyTuning_matchesArraysSort(
      @ForAll("data") int[] values,
      @ForAll("tunings") SortTuning tuning,
      @ForAll @IntRange(min = 4, max = 2000) int m,
      @ForAll @IntRange(min = 2, max = 12) int d,
      @ForAll("types") StreamType type,
      @ForAll SortOrder order) throws IOException {
    Path base = Files.createTempDirectory("secmem-fast-prop");
    try {
      sortAndCheck(base, values, m, d, type, type == StreamType.DIRECT ? 4096 : 64, order,
          tuning);
    } finally {
      WorkDirectory.deleteTree(base);
    }
  }

  @Provide
  Arbitrary<StreamType> types() {
    return Arbitraries.of(StreamType.USER_BUFFER, StreamType.MAPPED, StreamType.CHANNEL,
        StreamType.ASYNC, StreamType.BUFFERED);
  }

  static Stream<Arguments> tuningsAndOrders() {
    return Stream.of(Merger.values()).flatMap(mg -> Stream.of(RunSort.values()).flatMap(rs ->
        Stream.of(true, false).flatMap(ov -> Stream.of(SortOrder.values()).map(o ->
            Arguments.of(new SortTuning(mg, rs, ov, mg.splitsByValue() && ov), o)))));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("tuningsAndOrders")
  void sort_multiPass_everyTuning(SortTuning tuning, SortOrder order) throws IOException {
    int[] values = new SplittableRandom(3).ints(200_000, -1000, 1000).toArray();
    values[17] = Integer.MIN_VALUE;
    values[18] = Integer.MAX_VALUE;
    SortStats s = sortAndCheck(dir.resolve(tuning + "-" + order), values, 4000, 3,
        StreamType.CHANNEL, 4096, order, tuning);
    assertTrue(s.passes() >= 4, "several merge passes: " + s.passes());
  }

  @Test
  void radix_matchesArraysSort_withExtremesAndSigns() {
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
        int[] scratch = new int[n];
        int[] result = sort.sort(copy, scratch, n,
            java.util.concurrent.Executors.newFixedThreadPool(2));
        assertArrayEquals(expected, Arrays.copyOf(result, n), sort + " n=" + n);
      }
    }
  }

  @Test
  void radix_sortsASubrangeOnly() {
    int[] a = {9, 8, 7, 3, 2, 1, 0};
    RunSort.radix(a, new int[7], 2, 6);
    assertArrayEquals(new int[] {9, 8, 1, 2, 3, 7, 0}, a);
  }

  @Test
  void loserTree_alwaysYieldsTheSmallestKey() {
    SplittableRandom r = new SplittableRandom(4);
    for (int k = 1; k <= 17; k++) {
      long[][] runs = new long[k][];
      for (int i = 0; i < k; i++) {
        runs[i] = r.longs(r.nextInt(0, 50), -100, 100).sorted().toArray();
      }
      int[] pos = new int[k];
      long[] first = new long[k];
      for (int i = 0; i < k; i++) {
        first[i] = runs[i].length > 0 ? runs[i][0] : LoserTree.EXHAUSTED;
      }
      LoserTree t = new LoserTree(first);
      long[] merged = Arrays.stream(runs).flatMapToLong(Arrays::stream).sorted().toArray();
      for (long expected : merged) {
        assertEquals(expected, t.winnerKey(), "k=" + k);
        int w = t.winner();
        pos[w]++;
        t.replaceWinner(pos[w] < runs[w].length ? runs[w][pos[w]] : LoserTree.EXHAUSTED);
      }
      assertEquals(LoserTree.EXHAUSTED, t.winnerKey());
    }
  }

  @Test
  void writeFault_duringOverlappedRunFormation_cleansUp() throws IOException {
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out.bin");
    ClassicMergeSorterTest.writeInts(in, new SplittableRandom(1).ints(50_000).toArray());
    StreamFactory failing = new StreamFactory() {
      int writers;

      @Override
      public ReadStream openReader(StreamType type, Path path, StreamOptions options)
          throws IOException {
        return StreamFactory.standard().openReader(type, path, options);
      }

      @Override
      public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
          throws IOException {
        if (++writers == 3) {
          throw new IOException("injected: No space left on device");
        }
        return StreamFactory.standard().createWriter(type, path, options);
      }
    };
    IOException e = assertThrows(IOException.class, () -> new FastMergeSorter(SortTuning.fast(),
        failing, TempRegistry.none()).sort(new SortSpec(in, out, 8000, 4, StreamType.CHANNEL,
            StreamType.CHANNEL, StreamOptions.ofBuffer(4096), SortOrder.ASCENDING,
            Optional.empty()), SortProgress.none()));
    assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(in), left.toList());
    }
    assertFalse(Files.exists(out));
  }
}
