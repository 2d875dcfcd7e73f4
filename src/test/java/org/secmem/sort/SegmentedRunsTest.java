package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * Runs formed with block I/O are written as segment files, read across them, and deleted segment by
 * segment as a merge reads them (so a large sort does not hold every run's dirty pages while its
 * merge writes the output).
 */
class SegmentedRunsTest {

  /** Segments of at least 4 KiB, so that runs of a few thousand ints are cut too. */
  static final long SMALL_SEGMENTS = 1024;

  @TempDir Path dir;

  /** A job over a scratch work folder, enough for {@link RunReader}. */
  private static SortJob job(Path base, WorkDirectory work, ExecutorService pool) {
    SortTuning t = SortTuning.fast(1);
    SortSpec spec =
        new SortSpec(
            base.resolve("in.bin"),
            base.resolve("out.bin"),
            1 << 16,
            16,
            StreamType.CHANNEL,
            StreamType.CHANNEL,
            StreamOptions.ofBuffer(4096),
            SortOrder.ASCENDING,
            List.of());
    SortMemory memory =
        SortMemory.plan(t, 100_000, 1 << 16, 16, 4096, StreamType.CHANNEL, StreamType.CHANNEL);
    return new SortJob(
        spec, t, memory, StreamFactory.standard(), work, pool, 100_000, SMALL_SEGMENTS);
  }

  /** Writes {@code values} as a run of segments of {@code seg} ints. */
  private static Run writeRun(SortJob job, Path path, int[] values, long seg) throws IOException {
    Run run = new Run(path, values.length, seg, null);
    for (int s = 0; s < run.segments(); s++) {
      int off = (int) run.segmentStart(s);
      RunFormation.write(
          job.streams,
          job.spec,
          true,
          run.file(s),
          values,
          off,
          (int) run.segmentEnd(s) - off,
          false);
    }
    return run;
  }

  private static int[] readAll(ReadStream in, int len, boolean perInt) throws IOException {
    int[] got = new int[len];
    int n = 0;
    if (perInt) {
      while (!in.endOfStream()) {
        got[n++] = in.readNext();
      }
    } else {
      while (n < len) {
        int r = in.read(got, n, Math.min(len - n, 777));
        assertTrue(r > 0, "no progress at " + n + " of " + len);
        n += r;
      }
      assertEquals(0, in.read(got, 0, 0));
    }
    assertEquals(len, n);
    assertTrue(in.endOfStream());
    return got;
  }

  /** Any region of a run, read by blocks or an int at a time, is the run's ints in order. */
  @Property(tries = 60)
  void anyRegion_readsTheRunsInts_acrossSegments(
      @ForAll @IntRange(min = 1, max = 5000) int n,
      @ForAll @IntRange(min = 1, max = 1500) int seg,
      @ForAll @IntRange(min = 0, max = 5000) int a,
      @ForAll @IntRange(min = 0, max = 5000) int b,
      @ForAll boolean perInt)
      throws IOException {
    // jqwik properties get no @TempDir: a folder of their own, removed with the work folder.
    Path base = Files.createTempDirectory("secmem-segments");
    ExecutorService pool = Tasks.pool("t", 1);
    try (WorkDirectory work = WorkDirectory.create(base)) {
      SortJob job = job(base, work, pool);
      int[] values = new SplittableRandom(n).ints(n).toArray();
      Run run = writeRun(job, work.newRun(1), values, seg);
      int from = Math.min(a, b) % (n + 1);
      int to = Math.max(from, Math.max(a, b) % (n + 1));
      try (ReadStream in = RunReader.open(job, run, job.mergeOptions(), from, to, false)) {
        assertArrayEquals(
            Arrays.copyOfRange(values, from, to),
            readAll(in, to - from, perInt),
            "n=" + n + " seg=" + seg + " [" + from + ", " + to + ")");
      }
      work.awaitDeletes();
      for (Path f : run.files()) {
        assertTrue(Files.exists(f), "a reader without free deletes nothing: " + f);
      }
    } finally {
      pool.shutdownNow();
      Files.deleteIfExists(base);
    }
  }

  /**
   * An empty region at the end of a run that ends on a segment boundary opened the segment past the
   * last one (found by the property above with n = 2, seg = 1, [2, 2)).
   */
  @Test
  void emptyRegionAtTheEnd_ofARunEndingOnASegmentBoundary_readsNothing() throws IOException {
    ExecutorService pool = Tasks.pool("t", 1);
    try (WorkDirectory work = WorkDirectory.create(dir)) {
      SortJob job = job(dir, work, pool);
      int[] values = {7, 3, 9, 1};
      Run run = writeRun(job, work.newRun(1), values, 2);
      for (boolean perInt : new boolean[] {false, true}) {
        try (ReadStream in = RunReader.open(job, run, job.mergeOptions(), 4, 4, false)) {
          assertArrayEquals(new int[0], readAll(in, 0, perInt));
          assertTrue(in.endOfStream());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void freeingReader_deletesTheSegmentsItReadWhole_keepsSharedAndUnreadOnes() throws IOException {
    ExecutorService pool = Tasks.pool("t", 1);
    try (WorkDirectory work = WorkDirectory.create(dir)) {
      SortJob job = job(dir, work, pool);
      int[] values = new SplittableRandom(3).ints(1000).toArray();
      // Segments [0,100) [100,200) ... [900,1000); the reader covers [150, 720).
      Run run = writeRun(job, work.newRun(1), values, 100);
      assertEquals(10, run.segments());
      try (ReadStream in = RunReader.open(job, run, job.mergeOptions(), 150, 720, true)) {
        int[] got = new int[570];
        int n = 0;
        while (n < 350) { // up to 500: segments 2, 3 and 4 read whole
          n += in.read(got, n, 350 - n);
        }
        work.awaitDeletes();
        List<Boolean> exists = new ArrayList<>();
        for (Path f : run.files()) {
          exists.add(Files.exists(f));
        }
        assertEquals(
            List.of(true, true, false, false, true, true, true, true, true, true),
            exists,
            "halfway: the segments read whole are gone");
        assertArrayEquals(Arrays.copyOfRange(values, 150, 500), Arrays.copyOf(got, 350));
        while (n < 570) {
          n += in.read(got, n, 570 - n);
        }
        assertArrayEquals(Arrays.copyOfRange(values, 150, 720), got);
      }
      work.awaitDeletes();
      List<Boolean> exists = new ArrayList<>();
      for (Path f : run.files()) {
        exists.add(Files.exists(f));
      }
      // 1 and 7 are shared with other readers' ranges; 8 and 9 were never read.
      assertEquals(
          List.of(true, true, false, false, false, false, false, true, true, true), exists);
    } finally {
      pool.shutdownNow();
    }
  }

  /** A sort whose runs are segmented sorts, leaves only its output, and reads every segment. */
  @Test
  void fastSort_withSegmentedRuns_isCorrect_andLeavesNothingBehind() throws IOException {
    int[] values = new SplittableRandom(5).ints(120_000).toArray();
    RecordingFactory rec = new RecordingFactory();
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out/sorted.bin");
    MergeSortTest.writeInts(in, values);
    SortTuning t = SortTuning.fast(2);
    long m = 1 << 15;
    SortSpec spec =
        new SortSpec(
            in,
            out,
            m,
            64,
            StreamType.CHANNEL,
            StreamType.CHANNEL,
            StreamOptions.ofBuffer(4096),
            SortOrder.ASCENDING,
            List.of());
    SortStats stats = new MergeSort(t, rec, TempRegistry.none(), SMALL_SEGMENTS).sort(spec);
    assertArrayEquals(
        MergeSortTest.expected(values, SortOrder.ASCENDING), MergeSortTest.readInts(out));
    SortMemory plan = stats.memory();
    long seg = plan.segmentInts(SMALL_SEGMENTS);
    assertTrue(seg < plan.runInts(), "runs are cut into segments: " + plan);
    long segmentsPerRun = (plan.runInts() + seg - 1) / seg;
    assertTrue(
        rec.segmentsWritten.size() >= (stats.runs() - 1) * segmentsPerRun,
        rec.segmentsWritten.size() + " segment files for " + stats.runs() + " runs");
    assertTrue(rec.segmentsRead.containsAll(rec.segmentsWritten), "every segment is read");
    try (Stream<Path> left = Files.list(out.getParent())) {
      assertEquals(List.of(out), left.toList());
    }
  }

  /** A read fault in a segment fails the sort cleanly: no work folder, no output. */
  @Test
  void faultInASegment_failsTheSort_andRemovesEverything() throws IOException {
    Path in = dir.resolve("in.bin");
    Path out = dir.resolve("out.bin");
    MergeSortTest.writeInts(in, new SplittableRandom(6).ints(60_000).toArray());
    // Reads of segment files (named run.bin.N) fail after 20,000 ints.
    MergeSortTest.FaultyFactory faults =
        new MergeSortTest.FaultyFactory(Long.MAX_VALUE, 20_000, ".bin.", false);
    SortSpec spec =
        new SortSpec(
            in,
            out,
            1 << 14,
            64,
            StreamType.CHANNEL,
            StreamType.CHANNEL,
            StreamOptions.ofBuffer(4096),
            SortOrder.ASCENDING,
            List.of());
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                new MergeSort(SortTuning.fast(2), faults, TempRegistry.none(), SMALL_SEGMENTS)
                    .sort(spec));
    assertTrue(e.getMessage().contains("injected"), e.getMessage());
    assertTrue(faults.closed.stream().allMatch(c -> c), "every stream closed");
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of("in.bin"), left.map(p -> p.getFileName().toString()).toList());
    }
    assertFalse(Files.exists(out));
  }

  /** Records the segment files written and read. */
  static final class RecordingFactory implements StreamFactory {
    final List<Path> segmentsWritten = Collections.synchronizedList(new ArrayList<>());
    final Set<Path> segmentsRead = Collections.synchronizedSet(new HashSet<>());

    private static boolean segment(Path p) {
      return p.getFileName().toString().matches(".*\\.bin\\.\\d+");
    }

    @Override
    public ReadStream openReader(
        StreamType type, Path path, StreamOptions options, long from, long to) throws IOException {
      if (segment(path)) {
        segmentsRead.add(path);
      }
      return StreamFactory.standard().openReader(type, path, options, from, to);
    }

    @Override
    public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
        throws IOException {
      if (segment(path)) {
        segmentsWritten.add(path);
      }
      return StreamFactory.standard().createWriter(type, path, options);
    }

    @Override
    public WriteStream createRegionWriter(
        StreamType type, Path path, StreamOptions options, long at, long len) throws IOException {
      return StreamFactory.standard().createRegionWriter(type, path, options, at, len);
    }
  }
}
