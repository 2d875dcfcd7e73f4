package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.DirectSupport;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * The contract every composition of the merge sort keeps (classic, fast, and every mix of merger,
 * run sort, overlap, parallel merge, block or per-int I/O and 1..4 threads; both orders; every
 * stream type pair): the output is the input sorted, the runs and passes are the memory plan's and
 * the cost model's, nothing is left behind, and a fault in any phase cleans up.
 */
class MergeSortTest {

  @TempDir Path dir;

  static int[] expected(int[] values, SortOrder order) {
    int[] e = values.clone();
    Arrays.sort(e);
    if (order == SortOrder.DESCENDING) {
      RunFormation.reverse(e, e.length);
    }
    return e;
  }

  static void writeInts(Path f, int[] values) throws IOException {
    ByteBuffer bb = ByteBuffer.allocate(values.length * 4);
    bb.asIntBuffer().put(values);
    Files.write(f, bb.array());
  }

  static int[] readInts(Path f) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(Files.readAllBytes(f));
    int[] a = new int[bb.remaining() / 4];
    bb.asIntBuffer().get(a);
    return a;
  }

  static SortStats sortAndCheck(
      Path base,
      int[] values,
      long m,
      int d,
      StreamType r,
      StreamType w,
      int b,
      SortOrder order,
      SortTuning t)
      throws IOException {
    Files.createDirectories(base);
    Path in = base.resolve("in.bin");
    Path out = base.resolve("out/sorted.bin");
    writeInts(in, values);
    byte[] before = Files.readAllBytes(in);
    // Small runs cut into segments too, so that merges read across segment files at any N.
    SortStats stats =
        new MergeSort(
                t, StreamFactory.standard(), TempRegistry.none(), SegmentedRunsTest.SMALL_SEGMENTS)
            .sort(new SortSpec(in, out, m, d, r, w, StreamOptions.ofBuffer(b), order, List.of()));
    String what =
        t
            + " "
            + r
            + "/"
            + w
            + " n="
            + values.length
            + " m="
            + m
            + " d="
            + d
            + " b="
            + b
            + " "
            + order;
    assertArrayEquals(expected(values, order), readInts(out), what);
    assertArrayEquals(before, Files.readAllBytes(in), "input unchanged: " + what);
    SortMemory plan = SortMemory.plan(t, values.length, m, d, b, r, w);
    assertEquals(plan, stats.memory(), what);
    assertEquals(CostModel.runs(values.length, plan.runInts()), stats.runs(), what);
    assertEquals(CostModel.passes(values.length, plan.runInts(), d), stats.passes(), what);
    assertEquals(values.length, stats.ints());
    assertTrue(plan.workers() <= t.threads() && plan.mergeThreads() <= t.threads(), what);
    if (t.blockIo()) {
      assertTrue(
          plan.runFormationBytes() <= 4 * m && plan.mergeBytes() <= 4 * m,
          "M is the whole budget: " + plan + " " + what);
      assertTrue(plan.mergeBufferBytes() <= b, what);
    }
    Checksum c = new Checksum();
    c.add(values, 0, values.length);
    assertTrue(c.sameAs(stats.inputChecksum()), what);
    try (Stream<Path> left = Files.list(out.getParent())) {
      assertEquals(List.of(out), left.toList(), "only the output is left: " + what);
    }
    return stats;
  }

  @Provide
  Arbitrary<int[]> data() {
    Arbitrary<Integer> any = Arbitraries.integers();
    Arbitrary<Integer> few = Arbitraries.of(-3, 0, 7, Integer.MIN_VALUE, Integer.MAX_VALUE);
    return Arbitraries.oneOf(
        any.array(int[].class).ofMaxSize(6000),
        few.array(int[].class).ofMaxSize(6000),
        Arbitraries.integers().between(0, 6000).map(n -> sortedOrReverse(n, n % 2 == 0)),
        Arbitraries.integers()
            .between(0, 3000)
            .map(
                n -> {
                  int[] a = new int[n];
                  Arrays.fill(a, 42);
                  return a;
                }));
  }

  private static int[] sortedOrReverse(int n, boolean reverse) {
    int[] a = new SplittableRandom(n).ints(n).toArray();
    Arrays.sort(a);
    return reverse ? expected(a, SortOrder.DESCENDING) : a;
  }

  @Provide
  Arbitrary<SortTuning> tunings() {
    return net.jqwik.api.Combinators.combine(
            Arbitraries.of(Merger.class),
            Arbitraries.of(RunSort.class),
            Arbitraries.of(true, false),
            Arbitraries.of(true, false),
            Arbitraries.of(true, false),
            Arbitraries.integers().between(1, 4))
        .as(SortTuning::new);
  }

  @Provide
  Arbitrary<StreamType> types() {
    return Arbitraries.of(
        StreamType.USER_BUFFER,
        StreamType.MAPPED,
        StreamType.CHANNEL,
        StreamType.ASYNC,
        StreamType.BUFFERED);
  }

  @Provide
  Arbitrary<Integer> buffers() {
    return Arbitraries.of(4, 6, 8, 64, 4096);
  }

  @Property(tries = 200)
  void sort_anyData_anyComposition_matchesArraysSort(
      @ForAll("data") int[] values,
      @ForAll("tunings") SortTuning tuning,
      @ForAll @IntRange(min = 1, max = 20_000) int m,
      @ForAll @IntRange(min = 2, max = 10) int d,
      @ForAll("types") StreamType read,
      @ForAll("types") StreamType write,
      @ForAll("buffers") int b,
      @ForAll SortOrder order)
      throws IOException {
    try {
      SortMemory.plan(tuning, values.length, m, d, b, read, write);
    } catch (InsufficientMemoryException e) {
      net.jqwik.api.Assume.that(false); // refused up front: another test checks the message
    }
    // jqwik properties get no JUnit @TempDir: make and remove one per try.
    Path base = Files.createTempDirectory("secmem-sort-prop");
    try {
      sortAndCheck(base, values, m, d, read, write, b, order, tuning);
    } finally {
      WorkDirectory.deleteTree(base);
    }
  }

  static Stream<Arguments> everyPairBothOrdersBothPresets() {
    List<Arguments> cases = new ArrayList<>();
    for (StreamType r : StreamType.values()) {
      for (StreamType w : StreamType.values()) {
        for (SortOrder o : SortOrder.values()) {
          cases.add(Arguments.of(r, w, o, SortPreset.CLASSIC));
          cases.add(Arguments.of(r, w, o, SortPreset.FAST));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{3} {0}/{1} {2}")
  @MethodSource("everyPairBothOrdersBothPresets")
  void sort_multiPass_everyStreamPair_matchesArraysSort(
      StreamType r, StreamType w, SortOrder o, SortPreset preset) throws IOException {
    boolean direct = r == StreamType.DIRECT || w == StreamType.DIRECT;
    Assumptions.assumeTrue(!direct || DirectSupport.available(), "no O_DIRECT here");
    int[] values =
        new SplittableRandom(7)
            .ints(direct || preset == SortPreset.FAST ? 30_000 : 3000, -50, 50)
            .toArray();
    values[5] = Integer.MIN_VALUE;
    values[6] = Integer.MAX_VALUE;
    if (preset == SortPreset.CLASSIC) {
      // O_DIRECT takes whole blocks and makes every tiny run a device transfer; simple makes a
      // system call per int and async a thread per stream: fewer, larger runs for those.
      boolean costly = direct || isCostly(r) || isCostly(w);
      int small = direct ? 4096 : 6;
      int m = costly ? 300 : 10;
      SortTuning classic = SortTuning.classic();
      SortStats s2 = sortAndCheck(dir.resolve("d2"), values, m, 2, r, w, small, o, classic);
      // The seed reports' runs and passes: ⌈N/M⌉ runs, 1 + ⌈log_d runs⌉ passes.
      assertEquals(CostModel.runs(values.length, m), s2.runs());
      assertEquals(CostModel.passes(values.length, m, 2), s2.passes());
      SortStats s3 = sortAndCheck(dir.resolve("d3"), values, m, 3, r, w, 4096, o, classic);
      assertEquals(CostModel.passes(values.length, m, 3), s3.passes());
    } else {
      SortSettings fast =
          SortSettings.builder(preset)
              .readType(r)
              .writeType(w)
              .bufferBytes(direct ? 4096 : 64)
              .fanIn(3)
              .memoryInts(direct ? 1 << 16 : 12_000)
              .threads(3)
              .build();
      assertEquals(
          Streams_writesRegions(w),
          fast.tuning().parallelMerge(),
          "the parallel merge only where the write stream can write regions");
      SortStats s =
          sortAndCheck(
              dir.resolve("f"),
              values,
              fast.memoryInts(),
              fast.fanIn(),
              r,
              w,
              fast.bufferBytes(),
              o,
              fast.tuning());
      assertTrue(s.passes() >= 3, "several merge passes: " + s.passes());
      assertTrue(s.memory().workers() >= 2, "several workers: " + s.memory());
    }
  }

  private static boolean Streams_writesRegions(StreamType w) {
    return Streams.writesRegions(w);
  }

  private static boolean isCostly(StreamType t) {
    return t == StreamType.SIMPLE || t == StreamType.ASYNC;
  }

  static Stream<Arguments> everyComposition() {
    List<Arguments> cases = new ArrayList<>();
    for (Merger mg : Merger.values()) {
      for (RunSort rs : RunSort.values()) {
        for (boolean overlap : new boolean[] {false, true}) {
          for (boolean parallel : new boolean[] {false, true}) {
            for (boolean block : new boolean[] {false, true}) {
              for (int threads : new int[] {1, 3}) {
                SortOrder o =
                    (mg.ordinal() + threads) % 2 == 0 ? SortOrder.ASCENDING : SortOrder.DESCENDING;
                cases.add(
                    Arguments.of(new SortTuning(mg, rs, overlap, parallel, block, threads), o));
              }
            }
          }
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("everyComposition")
  void sort_multiPass_everyComposition(SortTuning tuning, SortOrder order) throws IOException {
    int[] values = new SplittableRandom(3).ints(40_000, -1000, 1000).toArray();
    values[17] = Integer.MIN_VALUE;
    values[18] = Integer.MAX_VALUE;
    SortStats s =
        sortAndCheck(
            dir.resolve("c"),
            values,
            6000,
            3,
            StreamType.CHANNEL,
            StreamType.USER_BUFFER,
            256,
            order,
            tuning);
    assertTrue(s.passes() >= 3, "several merge passes: " + s.passes());
  }

  @Test
  void parallelMerge_splitsEveryMergeOverTheThreads_evenlyEnoughToHelp() throws IOException {
    int[] values = new SplittableRandom(11).ints(200_000).toArray();
    SortTuning t = SortTuning.fast(4);
    SortStats s =
        sortAndCheck(
            dir.resolve("p"),
            values,
            40_000,
            128,
            StreamType.CHANNEL,
            StreamType.CHANNEL,
            4096,
            SortOrder.ASCENDING,
            t);
    assertEquals(4, s.memory().workers());
    assertEquals(4, s.memory().mergeThreads());
    assertEquals(2, s.passes());
  }

  @Test
  void equalValuesEverywhere_parallelMergeStillCorrect() throws IOException {
    int[] values = new int[50_000];
    Arrays.fill(values, 7);
    values[100] = 6;
    values[40_000] = 8;
    sortAndCheck(
        dir.resolve("eq"),
        values,
        5000,
        4,
        StreamType.CHANNEL,
        StreamType.MAPPED,
        64,
        SortOrder.DESCENDING,
        SortTuning.fast(4));
  }

  @ParameterizedTest
  @MethodSource("edgeSizes")
  void sort_edgeSizesAroundM(int n, int m) throws IOException {
    int[] values = new SplittableRandom(n).ints(n).toArray();
    sortAndCheck(
        dir.resolve("e" + n + "-" + m),
        values,
        m,
        2,
        StreamType.USER_BUFFER,
        StreamType.MAPPED,
        8,
        SortOrder.ASCENDING,
        SortTuning.classic());
    sortAndCheck(
        dir.resolve("f" + n + "-" + m),
        values,
        m * 40L,
        2,
        StreamType.USER_BUFFER,
        StreamType.MAPPED,
        8,
        SortOrder.DESCENDING,
        SortTuning.fast(3));
  }

  static Stream<Arguments> edgeSizes() {
    return Stream.of(
        Arguments.of(0, 5),
        Arguments.of(1, 5),
        Arguments.of(4, 5),
        Arguments.of(5, 5),
        Arguments.of(6, 5),
        Arguments.of(25, 5),
        Arguments.of(26, 5),
        Arguments.of(5000, 5));
  }

  @Test
  void sort_outputEqualsInput_isRefusedBeforeAnyWork() throws IOException {
    Path in = dir.resolve("x.bin");
    writeInts(in, new int[] {3, 1, 2});
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new SortSpec(
                    in,
                    dir.resolve("./x.bin"),
                    2,
                    2,
                    StreamType.SIMPLE,
                    StreamType.SIMPLE,
                    StreamOptions.defaults(),
                    SortOrder.ASCENDING,
                    List.of()));
    assertTrue(e.getMessage().contains("is the input file"), e.getMessage());
  }

  @Test
  void sort_memoryTheHeapCannotGive_isRefusedWithXmxAdvice_andNothingOnDisk() throws IOException {
    Path in = dir.resolve("big.bin");
    // A sparse file that claims 2^31 ints: never read, the check comes first.
    try (var raf = new RandomAccessFile(in.toFile(), "rw")) {
      raf.setLength(1L << 33);
    }
    Path out = dir.resolve("o/out.bin");
    for (SortTuning t : List.of(SortTuning.classic(), SortTuning.fast(2))) {
      InsufficientMemoryException e =
          assertThrows(
              InsufficientMemoryException.class,
              () ->
                  new MergeSort(t)
                      .sort(
                          new SortSpec(
                              in,
                              out,
                              SortSpec.MAX_MEMORY_INTS,
                              2,
                              StreamType.USER_BUFFER,
                              StreamType.USER_BUFFER,
                              StreamOptions.defaults(),
                              SortOrder.ASCENDING,
                              List.of())));
      assertTrue(e.getMessage().contains("-Xmx"), e.getMessage());
      assertFalse(Files.exists(out.getParent()), "nothing created");
    }
  }

  // ---- fault injection: every phase, every composition ----

  /** Streams that fail after a number of ints, and remember whether they were closed. */
  static final class FaultyFactory implements StreamFactory {
    final List<Boolean> closed = Collections.synchronizedList(new ArrayList<>());
    final long failWriteAfter;
    final long failReadAfter;
    final String failReadIn;
    final boolean failRegionWriters;
    final AtomicLong written = new AtomicLong();
    final AtomicLong read = new AtomicLong();

    FaultyFactory(
        long failWriteAfter, long failReadAfter, String failReadIn, boolean failRegionWriters) {
      this.failWriteAfter = failWriteAfter;
      this.failReadAfter = failReadAfter;
      this.failReadIn = failReadIn;
      this.failRegionWriters = failRegionWriters;
    }

    @Override
    public ReadStream openReader(
        StreamType type, Path path, StreamOptions options, long from, long to) throws IOException {
      ReadStream real = StreamFactory.standard().openReader(type, path, options, from, to);
      int index = track();
      boolean faulty = path.getFileName().toString().contains(failReadIn);
      return new ReadStream() {
        private void count(long n) throws IOException {
          if (faulty && read.addAndGet(n) > failReadAfter) {
            throw new IOException("injected read fault in " + path);
          }
        }

        @Override
        public int readNext() throws IOException {
          count(1);
          return real.readNext();
        }

        @Override
        public boolean endOfStream() throws IOException {
          return real.endOfStream();
        }

        @Override
        public int read(int[] dst, int off, int len) throws IOException {
          count(len);
          return real.read(dst, off, len);
        }

        @Override
        public void close() throws IOException {
          closed.set(index, true);
          real.close();
        }
      };
    }

    @Override
    public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
        throws IOException {
      return faulty(StreamFactory.standard().createWriter(type, path, options));
    }

    @Override
    public WriteStream createRegionWriter(
        StreamType type, Path path, StreamOptions options, long at, long len) throws IOException {
      if (failRegionWriters && at > 0) {
        throw new IOException("injected: cannot open a region of " + path);
      }
      return faulty(StreamFactory.standard().createRegionWriter(type, path, options, at, len));
    }

    private WriteStream faulty(WriteStream real) {
      int index = track();
      return new WriteStream() {
        @Override
        public void write(int value) throws IOException {
          if (written.incrementAndGet() > failWriteAfter) {
            throw new IOException("injected write fault (No space left on device)");
          }
          real.write(value);
        }

        @Override
        public void write(int[] src, int off, int len) throws IOException {
          if (written.addAndGet(len) > failWriteAfter) {
            throw new IOException("injected write fault (No space left on device)");
          }
          real.write(src, off, len);
        }

        @Override
        public void close() throws IOException {
          closed.set(index, true);
          real.close();
        }
      };
    }

    private int track() {
      synchronized (closed) {
        closed.add(false);
        return closed.size() - 1;
      }
    }
  }

  static Stream<Arguments> faultsEveryPhase() {
    List<Arguments> cases = new ArrayList<>();
    List<SortTuning> tunings =
        List.of(
            SortTuning.classic(),
            SortTuning.classic().withThreads(3),
            SortTuning.fast(1),
            SortTuning.fast(3),
            new SortTuning(Merger.LOSER_TREE, RunSort.RADIX, true, true, true, 2));
    for (SortTuning t : tunings) {
      // run formation's writes; its reads; a merge pass's reads; the final merge's writes
      cases.add(Arguments.of(t, "run formation write", 1234L, Long.MAX_VALUE, "-", false));
      cases.add(Arguments.of(t, "run formation read", Long.MAX_VALUE, 2500L, "in.bin", false));
      cases.add(Arguments.of(t, "merge read", Long.MAX_VALUE, 700L, "pass1-", false));
      cases.add(Arguments.of(t, "final merge write", 12_500L, Long.MAX_VALUE, "-", false));
      if (t.parallelMerge() && t.threads() > 1) {
        cases.add(
            Arguments.of(t, "parallel merge region", Long.MAX_VALUE, Long.MAX_VALUE, "-", true));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("faultsEveryPhase")
  void faultInAnyPhase_removesRunsAndLeavesExistingOutputUntouched(
      SortTuning t,
      String phase,
      long failWriteAfter,
      long failReadAfter,
      String failReadIn,
      boolean failRegions)
      throws IOException {
    for (boolean outputExisted : new boolean[] {false, true}) {
      FaultyFactory faults =
          new FaultyFactory(failWriteAfter, failReadAfter, failReadIn, failRegions);
      Path base = Files.createTempDirectory(dir, "f");
      Path in = base.resolve("in.bin");
      Path out = base.resolve("out.bin");
      writeInts(in, new SplittableRandom(1).ints(5000).toArray());
      if (outputExisted) {
        Files.writeString(out, "precious");
      }
      // 5000 ints, runs of at most 500: 10+ runs, d = 4: two merge passes at least.
      long m = t.blockIo() ? 2000 : 500L * t.threads();
      IOException e =
          assertThrows(
              IOException.class,
              () ->
                  new MergeSort(t, faults, TempRegistry.none())
                      .sort(
                          new SortSpec(
                              in,
                              out,
                              m,
                              4,
                              StreamType.USER_BUFFER,
                              StreamType.USER_BUFFER,
                              StreamOptions.ofBuffer(64),
                              SortOrder.ASCENDING,
                              List.of())),
              phase);
      assertTrue(e.getMessage().contains("injected"), e.getMessage());
      assertFalse(faults.closed.isEmpty());
      assertTrue(faults.closed.stream().allMatch(c -> c), "every stream closed: " + faults.closed);
      try (Stream<Path> left = Files.list(base)) {
        List<String> names = left.map(p -> p.getFileName().toString()).sorted().toList();
        assertEquals(
            outputExisted ? List.of("in.bin", "out.bin") : List.of("in.bin"),
            names,
            "no runs, no work folder, no partial output: " + phase);
      }
      if (outputExisted) {
        assertEquals("precious", Files.readString(out));
      }
    }
  }

  @Test
  void staleWorkFolders_ofDeadProcesses_areRemoved_liveOnesKept() throws IOException {
    Path dead = dir.resolve(WorkDirectory.PREFIX + "999999999-x");
    Files.createDirectories(dead);
    Files.writeString(dead.resolve(WorkDirectory.MARKER), "999999999\n");
    Files.writeString(dead.resolve("pass1-run0.bin"), "junk");
    try (WorkDirectory live = WorkDirectory.create(dir)) {
      List<Path> removed = WorkDirectory.removeStale(dir).removed();
      assertEquals(List.of(dead), removed);
      assertTrue(Files.isDirectory(live.path()));
      assertFalse(Files.exists(dead));
    }
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
}
