package org.secmem.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.secmem.stream.StreamContractTest.bigEndianBytes;
import static org.secmem.stream.StreamContractTest.randomInts;
import static org.secmem.stream.StreamContractTest.usable;

import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Region readers and writers of every stream type: a reader of ints [from, to) hands out exactly
 * those, and region writers on disjoint regions of a pre-sized file, one after the other or all at
 * once, leave the file a whole-file writer would have written, touching nothing outside their
 * regions. Buffer sizes and regions are chosen to put region ends on and next to buffer, window and
 * O_DIRECT block edges.
 */
class RegionStreamsTest {

  private static final int[] BUFFER_SIZES = {4, 6, 8, 4096, 65536};

  /** O_DIRECT's block (4096 bytes) in ints: where the direct reader's aligned reads start. */
  private static final int BLOCK_INTS = StreamType.DIRECT_ALIGNMENT / Integer.BYTES;

  @TempDir Path dir;

  static Stream<Arguments> typeAndBuffer() {
    List<Arguments> cases = new ArrayList<>();
    for (StreamType type : StreamType.values()) {
      for (int b : BUFFER_SIZES) {
        // B changes nothing for simple and buffered: one size is enough.
        if (usable(type, b) && (type.usesBufferSize() || b == 4096)) {
          cases.add(Arguments.of(type, b));
        }
      }
    }
    return cases.stream();
  }

  static Stream<Arguments> regionWriterAndBuffer() {
    return typeAndBuffer().filter(a -> Streams.writesRegions((StreamType) a.get()[0]));
  }

  /** Ints per buffer refill: B/4, or the 8 KiB of the JDK's buffered streams. */
  static int perBuffer(StreamType type, int b) {
    return type.usesBufferSize() ? Math.max(1, b / Integer.BYTES) : 8192 / Integer.BYTES;
  }

  /** A file long enough for a few buffers and for regions around two O_DIRECT block edges. */
  static int fileInts(int perBuffer) {
    return Math.max(2 * BLOCK_INTS + 100, 3 * perBuffer + 37);
  }

  /** Regions [from, to) of a file of {@code n} ints, at and around buffer and block edges. */
  static List<long[]> readRegions(int n, int k) {
    int m = n / 2;
    int blk = BLOCK_INTS;
    long[][] candidates = {
      {0, n},
      {0, 0},
      {m, m},
      {n, n}, // the whole file; empty ones at the start, middle, end
      {0, 1},
      {m, m + 1},
      {n - 1, n}, // a single int
      {0, k},
      {0, k + 1},
      {1, k + 1},
      {1, k + 2},
      {k - 1, k + 1}, // at the first buffer's edge
      {k - 1, 2 * k + 1},
      {k + 1, 2 * k + 3},
      {m - 3, m + k + 2}, // across edges, mid-file
      {n - k - 3, n},
      {n - k - 2, n - 1},
      {n - k, n}, // at and near the end
      {blk - 1, blk + 1},
      {blk, 2 * blk},
      {blk + 1, 2 * blk - 1},
      {1, blk - 1}, // block edges
      {blk - 2, blk},
      {blk + 3, Math.min(n, 3 * blk + 1)},
      {2 * blk, Math.min(n, 3 * blk + 7)},
      {2 * blk - 2, Math.min(n - 5, 4 * blk - 3)},
    };
    Set<List<Long>> seen = new LinkedHashSet<>();
    for (long[] c : candidates) {
      if (0 <= c[0] && c[0] <= c[1] && c[1] <= n) {
        seen.add(List.of(c[0], c[1]));
      }
    }
    List<long[]> regions = new ArrayList<>();
    for (List<Long> r : seen) {
      regions.add(new long[] {r.get(0), r.get(1)});
    }
    return regions;
  }

  /**
   * Disjoint regions covering [0, n), with empty and single-int ones and ends on and next to buffer
   * and block edges, in file order.
   */
  static List<long[]> partition(int n, int k) {
    TreeSet<Integer> cuts = new TreeSet<>();
    int[] candidates = {
      0,
      1,
      2,
      k,
      k + 1,
      2 * k + 3,
      BLOCK_INTS - 1,
      BLOCK_INTS,
      BLOCK_INTS + 1,
      n / 2,
      n - k - 1,
      n - 1,
      n
    };
    for (int c : candidates) {
      if (c >= 0 && c <= n) {
        cuts.add(c);
      }
    }
    List<long[]> regions = new ArrayList<>();
    Integer prev = null;
    for (int c : cuts) {
      if (prev != null) {
        regions.add(new long[] {prev, c});
      }
      prev = c;
    }
    // Empty regions at the start, inside and at the end.
    regions.add(0, new long[] {0, 0});
    regions.add(regions.size() / 2, new long[] {n / 2, n / 2});
    regions.add(new long[] {n, n});
    return regions;
  }

  // ---------------------------------------------------------------------------------- readers

  @ParameterizedTest(name = "{0} B={1}")
  @MethodSource("typeAndBuffer")
  void regionReader_handsOutExactlyItsInts_thenIsAtItsEnd(StreamType type, int b)
      throws IOException {
    int k = perBuffer(type, b);
    int n = fileInts(k);
    int[] values = randomInts(n, 17L * b + type.ordinal());
    Path file = dir.resolve("in.bin");
    StreamType writer = writerFor(type, b);
    try (WriteStream w = Streams.createWriter(writer, file, StreamOptions.ofBuffer(b))) {
      writeMixed(w, values, 0, n);
    }
    assertArrayEquals(bigEndianBytes(values), Files.readAllBytes(file), writer + " wrote");
    StreamOptions options = StreamOptions.ofBuffer(b);

    for (long[] r : readRegions(n, k)) {
      int from = (int) r[0];
      int to = (int) r[1];
      int[] want = Arrays.copyOfRange(values, from, to);
      String what = type + " B=" + b + " [" + from + ", " + to + ") of " + n;

      try (ReadStream in = Streams.openReader(type, file, options, from, to)) {
        int[] got = new int[to - from];
        for (int i = 0; i < got.length; i++) {
          assertFalse(in.endOfStream(), what + ": ended early at " + i);
          got[i] = in.readNext();
        }
        assertArrayEquals(want, got, what + " readNext");
        assertTrue(in.endOfStream(), what + " should be at its end");
        assertThrows(EOFException.class, in::readNext, what);
        assertEquals(0, in.read(new int[1], 0, 1), what + ": bulk read at the end");
      }

      try (ReadStream in = Streams.openReader(type, file, options, from, to)) {
        int[] got = new int[to - from + 5];
        int total = 0;
        int chunk = 1;
        int read;
        while ((read = in.read(got, total, Math.min(chunk, got.length - total))) > 0) {
          total += read;
          chunk = chunk * 3 + 1;
        }
        assertEquals(to - from, total, what + " bulk count");
        assertArrayEquals(want, Arrays.copyOf(got, total), what + " bulk read");
        assertTrue(in.endOfStream(), what + " should be at its end after bulk reads");
        assertThrows(EOFException.class, in::readNext, what);
      }
    }
  }

  /** Another type than {@code reader} writes the file, so every writer meets some reader. */
  private static StreamType writerFor(StreamType reader, int b) {
    StreamType[] all = StreamType.values();
    int i = reader.ordinal() + Arrays.binarySearch(BUFFER_SIZES, b) + 1;
    while (!usable(all[i % all.length], b)) {
      i++;
    }
    return all[i % all.length];
  }

  // ---------------------------------------------------------------------------------- writers

  @ParameterizedTest(name = "{0} B={1}")
  @MethodSource("regionWriterAndBuffer")
  void regionWriters_leaveTheFileOneWholeWriteWould_andNothingElseChanges(StreamType type, int b)
      throws IOException {
    int k = perBuffer(type, b);
    int n = fileInts(k);
    int[] values = randomInts(n, 23L * b + type.ordinal());
    int[] before = randomInts(n, 99L * b + type.ordinal() + 1);
    Path file = dir.resolve("out.bin");
    Files.write(file, bigEndianBytes(before));
    StreamOptions options = StreamOptions.ofBuffer(b);
    List<long[]> regions = partition(n, k);

    // Every other region first: the rest must still hold what was there.
    int[] expected = before.clone();
    for (int pass = 0; pass < 2; pass++) {
      for (int i = pass; i < regions.size(); i += 2) {
        int from = (int) regions.get(i)[0];
        int to = (int) regions.get(i)[1];
        try (WriteStream w = Streams.createRegionWriter(type, file, options, from, to - from)) {
          writeMixed(w, values, from, to);
        }
        System.arraycopy(values, from, expected, from, to - from);
      }
      assertEquals(4L * n, Files.size(file), type + ": the file's length changed in pass " + pass);
      assertArrayEquals(
          bigEndianBytes(expected), Files.readAllBytes(file), type + " B=" + b + " pass " + pass);
    }
    assertArrayEquals(bigEndianBytes(values), Files.readAllBytes(file), type + " B=" + b);
  }

  @ParameterizedTest(name = "B={0}")
  @MethodSource("concurrentBuffers")
  void regionWritersOfEveryType_atOnceFromSeveralThreads_writeTheWholeFile(int b, boolean sync)
      throws Exception {
    int n = 12_000;
    int[] values = randomInts(n, 7L * b);
    Path file = dir.resolve("parallel.bin");
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(4L * n);
    }
    List<StreamType> types = new ArrayList<>();
    for (StreamType t : StreamType.values()) {
      if (Streams.writesRegions(t)) {
        types.add(t);
      }
    }
    // Uneven regions, two per type; neighbours are written by different types.
    int regions = 2 * types.size();
    long[] cuts = new long[regions + 1];
    for (int i = 1; i < regions; i++) {
      cuts[i] = (long) n * i / regions + (i % 3) * 7 - 5;
    }
    cuts[regions] = n;
    StreamOptions options = new StreamOptions(b, sync);
    CyclicBarrier start = new CyclicBarrier(regions);
    ExecutorService pool = Executors.newFixedThreadPool(regions);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < regions; i++) {
        StreamType type = types.get(i % types.size());
        int from = (int) cuts[i];
        int to = (int) cuts[i + 1];
        done.add(
            pool.submit(
                () -> {
                  try (WriteStream w =
                      Streams.createRegionWriter(type, file, options, from, to - from)) {
                    start.await(30, TimeUnit.SECONDS);
                    writeMixed(w, values, from, to);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(4L * n, Files.size(file));
    assertArrayEquals(bigEndianBytes(values), Files.readAllBytes(file), "B=" + b);
  }

  static Stream<Arguments> concurrentBuffers() {
    return Stream.of(Arguments.of(6, false), Arguments.of(4096, true));
  }

  @ParameterizedTest(name = "{0} B={1}")
  @MethodSource("regionWriterAndBuffer")
  void writingOneIntTooMany_throwsNamingTheRegion_andWritesNothingPastIt(StreamType type, int b)
      throws IOException {
    int n = 64;
    int[] before = randomInts(n, 5);
    Path file = dir.resolve("full.bin");
    StreamOptions options = StreamOptions.ofBuffer(b);
    for (int len : new int[] {0, 1, 5, 13}) {
      Files.write(file, bigEndianBytes(before));
      int at = 10;
      int[] mine = randomInts(len, 100 + len);
      try (WriteStream w = Streams.createRegionWriter(type, file, options, at, len)) {
        if (len > 0) {
          w.write(mine, 0, len - 1);
          IOException bulk =
              assertThrows(
                  IOException.class,
                  () -> w.write(new int[2], 0, 2),
                  type + ": a bulk write one int past the region");
          assertNamesRegion(bulk, file, at, len);
          w.write(mine[len - 1]); // the failed bulk write took nothing
        }
        IOException e =
            assertThrows(
                IOException.class,
                () -> w.write(-1),
                type + " len=" + len + ": one int past the region");
        assertNamesRegion(e, file, at, len);
        assertThrows(IOException.class, () -> w.write(new int[1], 0, 1));
        w.write(new int[0], 0, 0); // nothing more is fine
      }
      int[] expected = before.clone();
      System.arraycopy(mine, 0, expected, at, len);
      assertEquals(4L * n, Files.size(file), type + " len=" + len);
      assertArrayEquals(bigEndianBytes(expected), Files.readAllBytes(file), type + " len=" + len);
    }
  }

  private static void assertNamesRegion(IOException e, Path file, int at, int len) {
    String m = e.getMessage();
    assertTrue(m.contains(file.toString()) && m.contains("[" + at + ", " + (at + len) + ")"), m);
  }

  @ParameterizedTest
  @EnumSource(StreamType.class)
  void regionWriter_whenClosed_throwsClosed_andCloseTwiceIsFine(StreamType type)
      throws IOException {
    Assumptions.assumeTrue(Streams.writesRegions(type));
    Path file = dir.resolve("c.bin");
    Files.write(file, new byte[40]);
    WriteStream w = Streams.createRegionWriter(type, file, StreamOptions.ofBuffer(8), 2, 3);
    w.write(7);
    w.close();
    w.close();
    assertEquals(
        "closed", assertThrows(IllegalStateException.class, () -> w.write(1)).getMessage());
    ByteBuffer got = ByteBuffer.wrap(Files.readAllBytes(file));
    assertEquals(40, got.capacity());
    assertEquals(7, got.getInt(8));
    assertEquals(0, got.getInt(12));
  }

  // ------------------------------------------------------------------------------ bad requests

  @ParameterizedTest
  @EnumSource(StreamType.class)
  void badRanges_throwIllegalArgument_namingTheValues(StreamType type) throws IOException {
    Path file = dir.resolve("ten.bin");
    int[] ten = randomInts(10, 1);
    Files.write(file, bigEndianBytes(ten));
    StreamOptions options = StreamOptions.ofBuffer(4096);
    long[][] reads = {{-1, 0}, {5, 4}, {Long.MIN_VALUE, 3}};
    for (long[] r : reads) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> Streams.openReader(type, file, options, r[0], r[1]),
              Arrays.toString(r));
      assertTrue(
          e.getMessage().contains("fromInt=" + r[0])
              && e.getMessage().contains("toInt=" + r[1])
              && e.getMessage().contains("10"),
          e.getMessage());
    }
    // Past the file's end: the file is shorter than the reader was told (cut short meanwhile),
    // an I/O condition named as one, not a caller's mistake.
    long[][] pastTheEnd = {{0, 11}, {11, 11}, {3, Long.MAX_VALUE}};
    for (long[] r : pastTheEnd) {
      EOFException e =
          assertThrows(
              EOFException.class,
              () -> Streams.openReader(type, file, options, r[0], r[1]),
              Arrays.toString(r));
      assertTrue(
          e.getMessage().contains(file + " holds 10 ints, fewer than the " + r[1]), e.getMessage());
    }
    if (Streams.writesRegions(type)) {
      long[][] writes = {
        {-1, 1}, {0, -1}, {10, 1}, {9, 2}, {11, 0}, {1, Long.MAX_VALUE}, {Long.MAX_VALUE, 1}
      };
      for (long[] r : writes) {
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class,
                () -> Streams.createRegionWriter(type, file, options, r[0], r[1]),
                Arrays.toString(r));
        assertTrue(
            e.getMessage().contains("atInt=" + r[0])
                && e.getMessage().contains(r[1] + " ints")
                && e.getMessage().contains("10"),
            e.getMessage());
      }
    }
    assertArrayEquals(bigEndianBytes(ten), Files.readAllBytes(file), "a refused open changed it");
  }

  @Test
  void direct_writesNoRegions_andItsRegionWriterIsRefused() throws IOException {
    for (StreamType t : StreamType.values()) {
      assertEquals(t != StreamType.DIRECT, Streams.writesRegions(t), t.cliName());
    }
    Path file = dir.resolve("d.bin");
    byte[] bytes = bigEndianBytes(randomInts(2048, 3));
    Files.write(file, bytes);
    UnsupportedStreamException e =
        assertThrows(
            UnsupportedStreamException.class,
            () ->
                Streams.createRegionWriter(
                    StreamType.DIRECT, file, StreamOptions.ofBuffer(4096), 0, 1024));
    assertTrue(
        e.getMessage().contains("direct") && e.getMessage().contains("O_DIRECT"), e.getMessage());
    assertArrayEquals(bytes, Files.readAllBytes(file));
  }

  @Test
  void closingRegionStreams_releasesTheirFiles() throws IOException {
    Path fds = Path.of("/proc/self/fd");
    Assumptions.assumeTrue(Files.isDirectory(fds), "no /proc/self/fd here");
    Path file = dir.resolve("fd.bin");
    Files.write(file, bigEndianBytes(randomInts(3000, 4)));
    openAndCloseEveryType(file); // loads the classes, so that only the streams' files count
    long open = openFiles(fds);
    for (int round = 0; round < 3; round++) {
      openAndCloseEveryType(file);
    }
    assertEquals(open, openFiles(fds), "file descriptors left open");
  }

  private static void openAndCloseEveryType(Path file) throws IOException {
    StreamOptions options = StreamOptions.ofBuffer(4096);
    for (StreamType t : StreamType.values()) {
      if (!usable(t, 4096)) {
        continue;
      }
      try (ReadStream r = Streams.openReader(t, file, options, 1025, 2999)) {
        r.read(new int[2000], 0, 2000);
      }
      if (Streams.writesRegions(t)) {
        try (WriteStream w = Streams.createRegionWriter(t, file, options, 7, 1500)) {
          w.write(new int[1500], 0, 1500);
        }
      }
    }
  }

  private static long openFiles(Path fds) throws IOException {
    try (Stream<Path> s = Files.list(fds)) {
      return s.count();
    }
  }

  // ------------------------------------------------------------------------- random regions

  /**
   * Random file sizes, B, cuts and regions: region writers of one type fill a pre-sized file, and a
   * region reader of another reads back a random region.
   */
  @Property(tries = 200)
  void randomRegions_writtenAndReadBack(
      @ForAll("regionWriters") StreamType writer,
      @ForAll("byteReaders") StreamType reader,
      @ForAll @IntRange(min = 4, max = 300) int b,
      @ForAll("values") int[] values,
      @ForAll @IntRange(min = 0, max = 1000) int cutA,
      @ForAll @IntRange(min = 0, max = 1000) int cutB,
      @ForAll @IntRange(min = 0, max = 1000) int readA,
      @ForAll @IntRange(min = 0, max = 1000) int readB,
      @ForAll @IntRange(min = 1, max = 40) int chunk)
      throws IOException {
    int n = values.length;
    Path tmp = Files.createTempDirectory("secmem-region-prop");
    Path file = tmp.resolve("p.bin");
    try {
      try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
        raf.setLength(4L * n);
      }
      int c1 = Math.min(cutA, cutB) % (n + 1);
      int c2 = Math.max(c1, Math.max(cutA, cutB) % (n + 1));
      StreamOptions options = StreamOptions.ofBuffer(b);
      int[][] regions = {{c2, n}, {0, c1}, {c1, c2}}; // out of file order on purpose
      for (int[] r : regions) {
        try (WriteStream w = Streams.createRegionWriter(writer, file, options, r[0], r[1] - r[0])) {
          for (int i = r[0]; i < r[1]; i += chunk) {
            int len = Math.min(chunk, r[1] - i);
            if (len == 1) {
              w.write(values[i]);
            } else {
              w.write(values, i, len);
            }
          }
        }
      }
      assertArrayEquals(bigEndianBytes(values), Files.readAllBytes(file), "written");

      int from = Math.min(readA, readB) % (n + 1);
      int to = Math.max(from, Math.max(readA, readB) % (n + 1));
      int[] got = new int[to - from];
      try (ReadStream r = Streams.openReader(reader, file, options, from, to)) {
        int i = 0;
        while (!r.endOfStream()) {
          if (i % 2 == 0) {
            got[i++] = r.readNext();
          } else {
            i += r.read(got, i, Math.min(chunk, got.length - i));
          }
        }
        assertEquals(to - from, i, "read count");
      }
      assertArrayEquals(Arrays.copyOfRange(values, from, to), got, "[" + from + ", " + to + ")");
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(tmp);
    }
  }

  @Provide
  Arbitrary<StreamType> regionWriters() {
    return Arbitraries.of(StreamType.class).filter(Streams::writesRegions);
  }

  /** O_DIRECT needs whole blocks; its region reads are tested above. */
  @Provide
  Arbitrary<StreamType> byteReaders() {
    return Arbitraries.of(StreamType.class).filter(t -> t != StreamType.DIRECT);
  }

  @Provide
  Arbitrary<int[]> values() {
    return Arbitraries.integers().array(int[].class).ofMaxSize(700);
  }

  // ---------------------------------------------------------------------------------- helpers

  /** Writes values[from, to) with single and bulk writes mixed, so both meet buffer edges. */
  static void writeMixed(WriteStream w, int[] values, int from, int to) throws IOException {
    int i = from;
    while (i < to) {
      if ((i - from) % 3 == 0) {
        w.write(values[i++]);
      } else {
        int len = Math.min(to - i, 1 + (i % 7));
        w.write(values, i, len);
        i += len;
      }
    }
  }
}
