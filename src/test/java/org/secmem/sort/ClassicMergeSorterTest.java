package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

class ClassicMergeSorterTest {

  @TempDir Path dir;

  static int[] expected(int[] values, SortOrder order) {
    int[] e = values.clone();
    Arrays.sort(e);
    if (order == SortOrder.DESCENDING) {
      for (int i = 0, j = e.length - 1; i < j; i++, j--) {
        int t = e[i];
        e[i] = e[j];
        e[j] = t;
      }
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

  private SortStats sortAndCheck(Path base, int[] values, long m, int d, StreamType r,
      StreamType w, int b, SortOrder order) throws IOException {
    Files.createDirectories(base);
    Path in = base.resolve("in.bin");
    Path out = base.resolve("out/sorted.bin");
    writeInts(in, values);
    byte[] before = Files.readAllBytes(in);
    SortStats stats = new ClassicMergeSorter().sort(
        new SortSpec(in, out, m, d, r, w, StreamOptions.ofBuffer(b), order, Optional.empty()),
        SortProgress.none());
    String what = r + "/" + w + " n=" + values.length + " m=" + m + " d=" + d + " b=" + b + " "
        + order;
    assertArrayEquals(expected(values, order), readInts(out), what);
    assertArrayEquals(before, Files.readAllBytes(in), "input unchanged: " + what);
    assertEquals(CostModel.runs(values.length, m), stats.runs(), what);
    assertEquals(CostModel.passes(values.length, m, d), stats.passes(), what);
    assertEquals(values.length, stats.ints());
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
        any.array(int[].class).ofMaxSize(3000),
        few.array(int[].class).ofMaxSize(3000),
        Arbitraries.integers().between(0, 3000).map(n -> sortedOrReverse(n, n % 2 == 0)),
        Arbitraries.integers().between(0, 2000).map(n -> { int[] a = new int[n];
          Arrays.fill(a, 42); return a; }));
  }

  private static int[] sortedOrReverse(int n, boolean reverse) {
    int[] a = new SplittableRandom(n).ints(n).toArray();
    Arrays.sort(a);
    return reverse ? expected(a, SortOrder.DESCENDING) : a;
  }

  @Property(tries = 120)
  void sort_anyData_matchesArraysSort(
      @ForAll("data") int[] values,
      @ForAll @IntRange(min = 1, max = 400) int m,
      @ForAll @IntRange(min = 2, max = 10) int d,
      @ForAll StreamType read,
      @ForAll StreamType write,
      @ForAll("buffers") int b,
      @ForAll SortOrder order) throws IOException {
    if (read == StreamType.DIRECT || write == StreamType.DIRECT) {
      net.jqwik.api.Assume.that(org.secmem.stream.DirectSupport.available());
      b = 4096; // O_DIRECT takes whole file-system blocks only
    }
    if ((read == StreamType.SIMPLE || write == StreamType.SIMPLE) && values.length > 1000) {
      values = Arrays.copyOf(values, 1000); // simple makes a system call per byte or int
    }
    // jqwik properties get no JUnit @TempDir: make and remove one per try.
    Path base = Files.createTempDirectory("secmem-sort-prop");
    try {
      sortAndCheck(base, values, m, d, read, write, b, order);
    } finally {
      WorkDirectory.deleteTree(base);
    }
  }

  @Provide
  Arbitrary<Integer> buffers() {
    return Arbitraries.of(4, 6, 8, 64, 4096);
  }

  static Stream<Arguments> everyPairBothOrders() {
    List<Arguments> cases = new ArrayList<>();
    for (StreamType r : StreamType.values()) {
      for (StreamType w : StreamType.values()) {
        for (SortOrder o : SortOrder.values()) {
          cases.add(Arguments.of(r, w, o));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}/{1} {2}")
  @MethodSource("everyPairBothOrders")
  void sort_multiPass_everyStreamPair_matchesArraysSort(StreamType r, StreamType w, SortOrder o)
      throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        (r != StreamType.DIRECT && w != StreamType.DIRECT)
            || org.secmem.stream.DirectSupport.available(), "no O_DIRECT here");
    int[] values = new SplittableRandom(7).ints(3000, -50, 50).toArray(); // duplicates
    values[5] = Integer.MIN_VALUE;
    values[6] = Integer.MAX_VALUE;
    // O_DIRECT takes whole blocks and makes every tiny run a device transfer; simple makes a
    // system call per int and async a thread per stream: fewer, larger runs for those.
    boolean direct = r == StreamType.DIRECT || w == StreamType.DIRECT;
    boolean costly = direct || isCostly(r) || isCostly(w);
    int small = direct ? 4096 : 6;
    int m = costly ? 300 : 10;
    SortStats s2 = sortAndCheck(dir.resolve("d2"), values, m, 2, r, w, small, o);
    assertEquals(costly ? 10 : 300, s2.runs());
    assertEquals(costly ? 1 + 4 : 1 + 9, s2.passes());
    SortStats s3 = sortAndCheck(dir.resolve("d3"), values, m, 3, r, w, 4096, o);
    assertEquals(costly ? 1 + 3 : 1 + 6, s3.passes());
  }

  private static boolean isCostly(StreamType t) {
    return t == StreamType.SIMPLE || t == StreamType.ASYNC;
  }

  @ParameterizedTest
  @MethodSource("edgeSizes")
  void sort_edgeSizesAroundM(int n, int m) throws IOException {
    int[] values = new SplittableRandom(n).ints(n).toArray();
    sortAndCheck(dir.resolve("e" + n + "-" + m), values, m, 2, StreamType.USER_BUFFER,
        StreamType.MAPPED, 8, SortOrder.ASCENDING);
  }

  static Stream<Arguments> edgeSizes() {
    return Stream.of(Arguments.of(0, 5), Arguments.of(1, 5), Arguments.of(4, 5),
        Arguments.of(5, 5), Arguments.of(6, 5), Arguments.of(25, 5), Arguments.of(26, 5));
  }

  @Test
  void sort_outputEqualsInput_isRefusedBeforeAnyWork() throws IOException {
    Path in = dir.resolve("x.bin");
    writeInts(in, new int[] {3, 1, 2});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SortSpec(in, dir.resolve("./x.bin"), 2, 2, StreamType.SIMPLE, StreamType.SIMPLE,
            StreamOptions.defaults(), SortOrder.ASCENDING, Optional.empty()));
    assertTrue(e.getMessage().contains("is the input file"), e.getMessage());
  }

  @Test
  void sort_memoryTheHeapCannotGive_isRefusedWithXmxAdvice_andNothingOnDisk() throws IOException {
    Path in = dir.resolve("big.bin");
    // A sparse file that claims 2^31 ints: never read, the check comes first.
    try (var raf = new java.io.RandomAccessFile(in.toFile(), "rw")) {
      raf.setLength(1L << 33);
    }
    Path out = dir.resolve("o/out.bin");
    InsufficientMemoryException e = assertThrows(InsufficientMemoryException.class,
        () -> new ClassicMergeSorter().sort(new SortSpec(in, out, SortSpec.MAX_MEMORY_INTS, 2,
            StreamType.USER_BUFFER, StreamType.USER_BUFFER, StreamOptions.defaults(),
            SortOrder.ASCENDING, Optional.empty()), SortProgress.none()));
    assertTrue(e.getMessage().contains("-Xmx"), e.getMessage());
    assertFalse(Files.exists(out.getParent()), "nothing created");
  }

  // ---- fault injection ----

  /** Streams that fail after a number of ints, and remember whether they were closed. */
  static final class FaultyFactory implements StreamFactory {
    final List<AutoCloseable> opened = new ArrayList<>();
    final List<Boolean> closed = new ArrayList<>();
    final long failWriteAfter;
    final long failReadAfter;
    final String failReadIn;
    long written;
    long read;

    FaultyFactory(long failWriteAfter, long failReadAfter, String failReadIn) {
      this.failWriteAfter = failWriteAfter;
      this.failReadAfter = failReadAfter;
      this.failReadIn = failReadIn;
    }

    @Override
    public ReadStream openReader(StreamType type, Path path, StreamOptions options)
        throws IOException {
      ReadStream real = StreamFactory.standard().openReader(type, path, options);
      int index = track();
      boolean faulty = path.getFileName().toString().contains(failReadIn);
      return new ReadStream() {
        @Override
        public int readNext() throws IOException {
          if (faulty && ++read > failReadAfter) {
            throw new IOException("injected read fault in " + path);
          }
          return real.readNext();
        }

        @Override
        public boolean endOfStream() throws IOException {
          return real.endOfStream();
        }

        @Override
        public int read(int[] dst, int off, int len) throws IOException {
          throw new UnsupportedOperationException("the classic sort reads one int at a time");
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
      WriteStream real = StreamFactory.standard().createWriter(type, path, options);
      int index = track();
      return new WriteStream() {
        @Override
        public void write(int value) throws IOException {
          if (++written > failWriteAfter) {
            throw new IOException("injected write fault (No space left on device)");
          }
          real.write(value);
        }

        @Override
        public void write(int[] src, int off, int len) throws IOException {
          for (int i = off; i < off + len; i++) {
            write(src[i]);
          }
        }

        @Override
        public void close() throws IOException {
          closed.set(index, true);
          real.close();
        }
      };
    }

    private int track() {
      closed.add(false);
      opened.add(null);
      return closed.size() - 1;
    }
  }

  private void assertFailsCleanly(FaultyFactory faults, boolean outputExisted) throws IOException {
    Path base = Files.createTempDirectory(dir, "f");
    Path in = base.resolve("in.bin");
    Path out = base.resolve("out.bin");
    writeInts(in, new SplittableRandom(1).ints(5000).toArray());
    if (outputExisted) {
      Files.writeString(out, "precious");
    }
    IOException e = assertThrows(IOException.class, () -> new ClassicMergeSorter(faults).sort(
        new SortSpec(in, out, 100, 4, StreamType.USER_BUFFER, StreamType.USER_BUFFER,
            StreamOptions.ofBuffer(64), SortOrder.ASCENDING, Optional.empty()),
        SortProgress.none()));
    assertTrue(e.getMessage().contains("injected"), e.getMessage());
    assertFalse(faults.closed.isEmpty());
    assertTrue(faults.closed.stream().allMatch(c -> c), "every stream closed: " + faults.closed);
    try (Stream<Path> left = Files.list(base)) {
      List<String> names = left.map(p -> p.getFileName().toString()).sorted().toList();
      assertEquals(outputExisted ? List.of("in.bin", "out.bin") : List.of("in.bin"), names,
          "no runs, no work folder, no partial output");
    }
    if (outputExisted) {
      assertEquals("precious", Files.readString(out));
    }
  }

  @Test
  void writeFault_midRunFormation_removesRunsAndLeavesNoOutput() throws IOException {
    assertFailsCleanly(new FaultyFactory(1234, Long.MAX_VALUE, "-"), false);
  }

  @Test
  void readFault_midMerge_removesRunsAndLeavesExistingOutputUntouched() throws IOException {
    assertFailsCleanly(new FaultyFactory(Long.MAX_VALUE, 700, "pass2-"), true);
  }

  @Test
  void writeFault_inTheFinalMerge_leavesNoOutput() throws IOException {
    // 5000 ints: run formation writes 5000, pass 2 writes 5000, the last pass fails half-way.
    assertFailsCleanly(new FaultyFactory(12_500, Long.MAX_VALUE, "-"), false);
  }

  @Test
  void staleWorkFolders_ofDeadProcesses_areRemoved_liveOnesKept() throws IOException {
    Path dead = dir.resolve(WorkDirectory.PREFIX + "999999999-x");
    Files.createDirectories(dead);
    Files.writeString(dead.resolve(WorkDirectory.MARKER), "999999999\n");
    Files.writeString(dead.resolve("pass1-run0.bin"), "junk");
    try (WorkDirectory live = WorkDirectory.create(dir)) {
      List<Path> removed = WorkDirectory.removeStale(dir);
      assertEquals(List.of(dead), removed);
      assertTrue(Files.isDirectory(live.path()));
      assertFalse(Files.exists(dead));
    }
  }
}
