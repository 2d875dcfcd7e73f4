package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.DirectSupport;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * The in-memory baseline keeps the merge sort's contract: its output is the merge sort's (and
 * Arrays.sort's) for every shape, both orders and every stream pair, with one run and one pass; and
 * it is refused, naming N, the heap and SECMEM_HEAP, when the heap or one array cannot hold N.
 */
class InMemorySortTest {

  @TempDir Path dir;

  private static SortSpec spec(
      Path in, Path out, StreamType r, StreamType w, int b, SortOrder order) {
    return new SortSpec(in, out, 500, 4, r, w, StreamOptions.ofBuffer(b), order, List.of());
  }

  static Stream<Arguments> everyPairBothOrders() {
    List<Arguments> cases = new ArrayList<>();
    Shape[] shapes = Shape.values();
    int i = 0;
    for (StreamType r : StreamType.values()) {
      for (StreamType w : StreamType.values()) {
        for (SortOrder o : SortOrder.values()) {
          // Every shape and both accesses (per int, one thread; block, two threads) come round.
          cases.add(Arguments.of(r, w, o, shapes[i % shapes.length], i % 2 == 0));
          i++;
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}/{1} {2} {3} block={4}")
  @MethodSource("everyPairBothOrders")
  void output_isTheMergeSorts_everyStreamPair_bothOrders(
      StreamType r, StreamType w, SortOrder order, Shape shape, boolean block) throws IOException {
    boolean direct = r == StreamType.DIRECT || w == StreamType.DIRECT;
    Assumptions.assumeTrue(!direct || DirectSupport.available(), "no O_DIRECT here");
    int n = direct ? 20_000 : 3000;
    int b = direct ? 4096 : 64;
    Path in = dir.resolve("in.bin");
    Checksum generated = DataFiles.generate(in, shape, n, 11);
    SortTuning tuning = block ? SortTuning.fast(2) : SortTuning.classic();
    Path inMemoryOut = dir.resolve("im/out.bin");
    Files.createDirectories(inMemoryOut.getParent());
    SortStats s =
        new InMemorySort(tuning, StreamFactory.standard(), TempRegistry.none())
            .sort(spec(in, inMemoryOut, r, w, b, order));
    Path mergeOut = dir.resolve("ms/out.bin");
    Files.createDirectories(mergeOut.getParent());
    SortStats merged = new MergeSort(SortTuning.classic()).sort(spec(in, mergeOut, r, w, b, order));
    assertTrue(merged.passes() > 1, "the merge sort really merged");
    assertArrayEquals(Files.readAllBytes(mergeOut), Files.readAllBytes(inMemoryOut));
    assertArrayEquals(
        MergeSortTest.expected(MergeSortTest.readInts(in), order),
        MergeSortTest.readInts(inMemoryOut));
    assertEquals(n, s.ints());
    assertEquals(1, s.runs());
    assertEquals(1, s.passes());
    assertNull(s.memory(), "no merge plan");
    assertEquals(4L * n, s.bytesRead());
    assertEquals(4L * n, s.bytesWritten());
    assertTrue(generated.sameAs(s.inputChecksum()), "every int read once");
    assertTrue(s.runFormationNanos() > 0 && s.mergeNanos() > 0);
    assertEquals(s.totalNanos(), s.runFormationNanos() + s.mergeNanos());
    try (Stream<Path> left = Files.list(inMemoryOut.getParent())) {
      assertEquals(List.of(inMemoryOut), left.toList(), "only the output is left");
    }
  }

  @Provide
  Arbitrary<int[]> data() {
    return Arbitraries.oneOf(
        Arbitraries.integers().array(int[].class).ofMaxSize(20_000),
        Arbitraries.of(-3, 0, 7, Integer.MIN_VALUE, Integer.MAX_VALUE)
            .array(int[].class)
            .ofMaxSize(20_000));
  }

  @Provide
  Arbitrary<StreamType> types() {
    return Arbitraries.of(
        StreamType.BUFFERED,
        StreamType.USER_BUFFER,
        StreamType.MAPPED,
        StreamType.CHANNEL,
        StreamType.ASYNC);
  }

  @Property(tries = 100)
  void anyData_anyThreads_eitherAccess_isArraysSort(
      @ForAll("data") int[] values,
      @ForAll @IntRange(min = 1, max = 4) int threads,
      @ForAll boolean block,
      @ForAll("types") StreamType read,
      @ForAll("types") StreamType write,
      @ForAll SortOrder order)
      throws IOException {
    Path base = Files.createTempDirectory("secmem-inmem-prop");
    try {
      Path in = base.resolve("in.bin");
      Path out = base.resolve("out.bin");
      MergeSortTest.writeInts(in, values);
      SortTuning t = (block ? SortTuning.fast(threads) : SortTuning.classic()).withThreads(threads);
      SortStats s =
          new InMemorySort(t, StreamFactory.standard(), TempRegistry.none())
              .sort(spec(in, out, read, write, 4096, order));
      assertArrayEquals(MergeSortTest.expected(values, order), MergeSortTest.readInts(out));
      assertEquals(values.length, s.ints());
      Checksum c = new Checksum();
      c.add(values, 0, values.length);
      assertTrue(c.sameAs(s.inputChecksum()));
    } finally {
      WorkDirectory.deleteTree(base);
    }
  }

  /** Records each stream the sort opens: what it covers and on which thread. */
  private static final class RecordingStreams implements StreamFactory {
    final List<String> opened = java.util.Collections.synchronizedList(new ArrayList<>());
    final java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final StreamFactory real = StreamFactory.standard();

    @Override
    public org.secmem.stream.ReadStream openReader(
        StreamType type, Path path, StreamOptions options, long fromInt, long toInt)
        throws IOException {
      opened.add("read " + fromInt + ".." + toInt);
      threads.add("read " + Thread.currentThread().getName());
      return real.openReader(type, path, options, fromInt, toInt);
    }

    @Override
    public org.secmem.stream.WriteStream createWriter(
        StreamType type, Path path, StreamOptions options) throws IOException {
      opened.add("write whole");
      return real.createWriter(type, path, options);
    }

    @Override
    public org.secmem.stream.WriteStream createRegionWriter(
        StreamType type, Path path, StreamOptions options, long atInt, long lenInts)
        throws IOException {
      opened.add("write " + atInt + ".." + (atInt + lenInts));
      threads.add("write " + Thread.currentThread().getName());
      return real.createRegionWriter(type, path, options, atInt, lenInts);
    }
  }

  static Stream<Arguments> threadsTypesOrdersAccesses() {
    List<Arguments> cases = new ArrayList<>();
    for (int threads : new int[] {1, 2, 4}) {
      for (StreamType w : List.of(StreamType.CHANNEL, StreamType.MAPPED, StreamType.DIRECT)) {
        for (SortOrder o : SortOrder.values()) {
          for (boolean block : new boolean[] {true, false}) {
            cases.add(Arguments.of(threads, w, o, block));
          }
        }
      }
    }
    return cases.stream();
  }

  /**
   * With more ints than a slice per thread, each thread reads its own slice of the input and writes
   * its own region of the output, in either access and order, and the output is the sort: 3 slices'
   * worth and 7 ints on 4 threads is 3 threads, each slice read and written once, the slices tiling
   * the file; a write stream that cannot write regions (direct) writes on one.
   */
  @ParameterizedTest(name = "threads={0} write={1} {2} block={3}")
  @MethodSource("threadsTypesOrdersAccesses")
  void severalSlices_areReadAndWrittenOnTheirOwnThreads(
      int threads, StreamType write, SortOrder order, boolean block) throws IOException {
    Assumptions.assumeTrue(write != StreamType.DIRECT || DirectSupport.available(), "no O_DIRECT");
    int slice = InMemorySort.MIN_IO_SLICE_INTS;
    int n = 3 * slice + 7;
    int[] values = new java.util.SplittableRandom(threads).ints(n).toArray();
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out/out.bin");
    Files.createDirectories(out.getParent());
    MergeSortTest.writeInts(in, values);
    SortTuning t = (block ? SortTuning.fast(threads) : SortTuning.classic()).withThreads(threads);
    RecordingStreams streams = new RecordingStreams();
    SortStats s =
        new InMemorySort(t, streams, TempRegistry.none())
            .sort(spec(in, out, StreamType.CHANNEL, write, 4096, order));
    assertArrayEquals(MergeSortTest.expected(values, order), MergeSortTest.readInts(out));
    Checksum c = new Checksum();
    c.add(values, 0, n);
    assertTrue(c.sameAs(s.inputChecksum()), "every int read once");
    int parts = Math.min(threads, 3);
    assertEquals(parts, InMemorySort.ioThreads(n, threads));
    List<String> expected = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      expected.add("read " + (long) n * p / parts + ".." + (long) n * (p + 1) / parts);
    }
    if (write == StreamType.DIRECT || parts == 1) {
      expected.add("write whole");
    } else {
      for (int p = 0; p < parts; p++) {
        expected.add("write " + (long) n * p / parts + ".." + (long) n * (p + 1) / parts);
      }
    }
    List<String> opened = new ArrayList<>(streams.opened);
    java.util.Collections.sort(opened);
    java.util.Collections.sort(expected);
    assertEquals(expected, opened);
    if (parts > 1) {
      assertEquals(
          parts,
          streams.threads.stream().filter(x -> x.startsWith("read ")).count(),
          "each slice read on a thread of its own: " + streams.threads);
    }
    try (Stream<Path> left = Files.list(out.getParent())) {
      assertEquals(List.of(out), left.toList(), "only the output is left");
    }
  }

  /** Each thread that reads or writes has its stream's buffer, and the heap model counts it. */
  @Test
  void theHeapModel_countsAStreamBufferPerThreadThatReadsOrWrites() {
    long n = 10L * InMemorySort.MIN_IO_SLICE_INTS;
    int b = 1 << 20;
    long one =
        InMemorySort.requiredHeapBytes(
            n, RunSort.RADIX, 1, b, StreamType.CHANNEL, StreamType.CHANNEL);
    long four =
        InMemorySort.requiredHeapBytes(
            n, RunSort.RADIX, 4, b, StreamType.CHANNEL, StreamType.CHANNEL);
    long perThread =
        SortMemory.streamBytes(StreamType.CHANNEL, b, true)
            + SortMemory.streamBytes(StreamType.CHANNEL, b, false);
    assertEquals(one + 3 * perThread, four);
    long fourDirect =
        InMemorySort.requiredHeapBytes(
            n, RunSort.RADIX, 4, b, StreamType.CHANNEL, StreamType.DIRECT);
    assertEquals(
        one
            + 3 * SortMemory.streamBytes(StreamType.CHANNEL, b, true)
            - SortMemory.streamBytes(StreamType.CHANNEL, b, false)
            + SortMemory.streamBytes(StreamType.DIRECT, b, false),
        fourDirect,
        "direct writes on one thread");
  }

  @Test
  void aHeapTooSmall_isRefused_namingNTheHeapAndTheHeapThatWouldDo() {
    long heap = 64L << 20;
    long n = 100_000_000L;
    InsufficientMemoryException e =
        assertThrows(
            InsufficientMemoryException.class,
            () ->
                InMemorySort.requireHeap(
                    heap,
                    n,
                    RunSort.ARRAYS,
                    1,
                    65536,
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER));
    assertTrue(e.getMessage().contains("N = 100000000 ints"), e.getMessage());
    assertTrue(e.getMessage().contains("the heap is 64 MiB"), e.getMessage());
    long need =
        InMemorySort.requiredHeapBytes(
            n, RunSort.ARRAYS, 1, 65536, StreamType.USER_BUFFER, StreamType.USER_BUFFER);
    long suggest = (need + (1 << 20) - 1) / (1 << 20) + 8;
    assertTrue(e.getMessage().contains("SECMEM_HEAP=" + suggest + "m"), e.getMessage());
    assertTrue(e.getMessage().contains("use the merge algorithm"), e.getMessage());
    // What it suggests admits it; the parallel sort and the radix sort need their scratch on top.
    InMemorySort.requireHeap(
        suggest << 20, n, RunSort.ARRAYS, 1, 65536, StreamType.USER_BUFFER, StreamType.USER_BUFFER);
    for (RunSort sort : RunSort.values()) {
      int threads = sort == RunSort.ARRAYS ? 2 : 1;
      InsufficientMemoryException scratch =
          assertThrows(
              InsufficientMemoryException.class,
              () ->
                  InMemorySort.requireHeap(
                      suggest << 20,
                      n,
                      sort,
                      threads,
                      65536,
                      StreamType.USER_BUFFER,
                      StreamType.USER_BUFFER));
      assertTrue(scratch.getMessage().contains("and the sort's scratch"), scratch.getMessage());
    }
    assertTrue(need >= 4 * n + SortMemory.OVERHEAD_BYTES);
  }

  @Test
  void moreIntsThanOneArrayHolds_areRefusedWhateverTheHeap() {
    InsufficientMemoryException e =
        assertThrows(
            InsufficientMemoryException.class,
            () ->
                InMemorySort.requireHeap(
                    Long.MAX_VALUE,
                    InMemorySort.MAX_INTS + 1,
                    RunSort.ARRAYS,
                    1,
                    4096,
                    StreamType.CHANNEL,
                    StreamType.CHANNEL));
    assertTrue(e.getMessage().contains("N = " + (InMemorySort.MAX_INTS + 1)), e.getMessage());
    assertTrue(e.getMessage().contains("one Java array"), e.getMessage());
    InMemorySort.requireHeap(
        Long.MAX_VALUE,
        InMemorySort.MAX_INTS,
        RunSort.ARRAYS,
        1,
        4096,
        StreamType.CHANNEL,
        StreamType.CHANNEL);
  }

  @Test
  void algorithmNames_parse_andABadOneListsTheAllowed() {
    assertEquals(SortAlgorithm.IN_MEMORY, SortAlgorithm.parse(" In-Memory "));
    assertEquals(SortAlgorithm.MERGE, SortAlgorithm.parse("merge"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SortAlgorithm.parse("quick"));
    assertEquals(
        "unknown algorithm 'quick' (allowed: merge, in-memory, buffer-tree)", e.getMessage());
  }

  @Test
  void theCostModel_countsOneReadAndOneWrite_theMergeSortsCountForOneRun() {
    assertEquals(
        CostModel.predictedBlockTransfers(10_000, 10_000, 16, 4096),
        CostModel.inMemoryBlockTransfers(10_000, 4096));
    assertEquals(2 * 10, CostModel.inMemoryBlockTransfers(10_240, 4096));
    assertFalse(InMemorySort.parallel(1));
    assertEquals("parallel", InMemorySort.sortName(RunSort.ARRAYS, 3));
    assertEquals("arrays", InMemorySort.sortName(RunSort.ARRAYS, 1));
    assertEquals("radix", InMemorySort.sortName(RunSort.RADIX, 1));
    assertEquals("radix", InMemorySort.sortName(RunSort.RADIX, 4));
  }
}
