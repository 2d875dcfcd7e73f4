package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.buffertree.BufferTreeSort;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * A sort over several work folders (one per disk): runs go to the folders in turn, the output is
 * the one-folder sort's, every folder's bytes are counted and about an even share, and every folder
 * is cleaned up, after a failure too.
 */
class SeveralWorkFoldersTest {

  @TempDir Path dir;

  private static final int N = 100_000;

  static Stream<SortTuning> tunings() {
    return Stream.of(
        SortTuning.classic(),
        SortTuning.fast(2),
        new SortTuning(Merger.LOSER_TREE, RunSort.ARRAYS, false, true, true, 3));
  }

  private Path input(int n, long seed) throws IOException {
    int[] values = new SplittableRandom(seed).ints(n).toArray();
    Path in = dir.resolve("in.bin");
    MergeSortTest.writeInts(in, values);
    return in;
  }

  private static SortSpec spec(
      Path in, Path out, long m, int d, StreamType r, StreamType w, List<Path> work) {
    return new SortSpec(
        in, out, m, d, r, w, StreamOptions.ofBuffer(4096), SortOrder.ASCENDING, work);
  }

  @ParameterizedTest
  @MethodSource("tunings")
  void mergeSort_overTwoFolders_writesTheOneFolderOutput_andSplitsTheBytesAboutEvenly(SortTuning t)
      throws IOException {
    Path in = input(N, 7);
    Path one = dir.resolve("one.bin");
    Path two = dir.resolve("two.bin");
    Path a = dir.resolve("disk-a");
    Path b = dir.resolve("disk-b");
    SortStats single =
        new MergeSort(t)
            .sort(
                spec(
                    in,
                    one,
                    10_000,
                    4,
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER,
                    List.of(dir.resolve("solo"))));
    SortStats spread =
        new MergeSort(t)
            .sort(
                spec(
                    in,
                    two,
                    10_000,
                    4,
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER,
                    List.of(a, b)));

    assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two));
    assertEquals(single.passes(), spread.passes());
    WorkDirectory.Tally tally = spread.workTally();
    assertEquals(2, tally.folders().size());
    long runBytes = 4L * N;
    // every pass after the first reads all the runs once, from both folders together; a merge
    // split by value range also reads its runs' samples for the splitters (under 1 %)
    long totalRead = tally.read().get(0) + tally.read().get(1);
    long runsRead = (spread.passes() - 1) * runBytes;
    assertTrue(
        totalRead >= runsRead && totalRead <= runsRead + runsRead / 100,
        runsRead + " expected: " + tally);
    long singleRead = single.workTally().read().get(0);
    assertTrue(
        Math.abs(singleRead - totalRead) <= runsRead / 100,
        "one folder or two, the sort reads the same bytes: " + singleRead + " vs " + totalRead);
    for (int f = 0; f < 2; f++) {
      double share = tally.read().get(f) / (double) totalRead;
      assertTrue(share > 0.35 && share < 0.65, "folder " + f + " read " + share + ": " + tally);
    }
    // runs of every pass plus the output (in the first folder: same file system)
    assertEquals(spread.passes() * runBytes, tally.written().get(0) + tally.written().get(1));
    assertTrue(tally.written().get(1) > runBytes / 4, tally.toString());
    for (Path p : List.of(a, b)) {
      try (Stream<Path> left = Files.list(p)) {
        assertEquals(List.of(), left.toList(), "nothing left in " + p);
      }
    }
  }

  @Test
  void mergeSort_onTwoFileSystems_writesTheOutputInProgressOnTheOutputsOne() throws IOException {
    Path shm = Path.of("/dev/shm");
    assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no /dev/shm here");
    assumeTrue(
        !Files.getFileStore(shm).equals(Files.getFileStore(dir)),
        "/dev/shm is on the temporary folder's file system");
    Path other = Files.createTempDirectory(shm, "secmem-test-");
    try {
      Path in = input(N, 11);
      Path one = dir.resolve("one.bin");
      Path two = dir.resolve("out/two.bin");
      new MergeSort(SortTuning.fast(2))
          .sort(
              spec(in, one, 10_000, 4, StreamType.USER_BUFFER, StreamType.USER_BUFFER, List.of()));
      Path local = dir.resolve("local");
      SortStats s =
          new MergeSort(SortTuning.fast(2))
              .sort(
                  spec(
                      in,
                      two,
                      10_000,
                      4,
                      StreamType.USER_BUFFER,
                      StreamType.USER_BUFFER,
                      List.of(other, local)));
      assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two));
      WorkDirectory.Tally t = s.workTally();
      long runBytes = 4L * N;
      // the output (N ints) was written in the folder on the output's file system, the second
      assertTrue(t.written().get(1) - t.written().get(0) > runBytes / 2, t.toString());
      double share = t.read().get(0) / (double) (t.read().get(0) + t.read().get(1));
      assertTrue(share > 0.35 && share < 0.65, t.toString());
      try (Stream<Path> left = Files.list(other)) {
        assertEquals(List.of(), left.toList(), "nothing left on the other file system");
      }
    } finally {
      WorkDirectory.deleteTree(other);
    }
  }

  @ParameterizedTest
  @MethodSource("tunings")
  void mergeSort_failingMidway_removesItsFolderFromEveryWorkFolder(SortTuning t)
      throws IOException {
    Path in = input(N, 3);
    Path a = dir.resolve("disk-a");
    Path b = dir.resolve("disk-b");
    MergeSortTest.FaultyFactory faults =
        new MergeSortTest.FaultyFactory(Long.MAX_VALUE, 700L, "pass1-", false);
    Path out = dir.resolve("out.bin");
    assertThrows(
        IOException.class,
        () ->
            new MergeSort(t, faults, TempRegistry.none())
                .sort(
                    spec(
                        in,
                        out,
                        10_000,
                        4,
                        StreamType.USER_BUFFER,
                        StreamType.USER_BUFFER,
                        List.of(a, b))));
    assertTrue(Files.notExists(out), "no output");
    for (Path p : List.of(a, b)) {
      try (Stream<Path> left = Files.list(p)) {
        assertEquals(List.of(), left.toList(), "nothing left in " + p);
      }
    }
    assertTrue(faults.closed.stream().allMatch(c -> c), "every stream closed");
  }

  @Test
  void inMemorySort_withTwoFolders_writesItsOutputThroughTheFirst() throws IOException {
    Path in = input(5_000, 5);
    Path out = dir.resolve("o.bin");
    SortStats s =
        new InMemorySort(SortTuning.fast(2), StreamFactory.standard(), TempRegistry.none())
            .sort(
                spec(
                    in,
                    out,
                    1,
                    2,
                    StreamType.CHANNEL,
                    StreamType.CHANNEL,
                    List.of(dir.resolve("a"), dir.resolve("b"))));
    assertEquals(List.of(4L * 5_000, 0L), s.workTally().written());
    int[] sorted = MergeSortTest.readInts(out);
    for (int i = 1; i < sorted.length; i++) {
      assertTrue(sorted[i - 1] <= sorted[i]);
    }
  }

  @Test
  void bufferTreeSort_overTwoFolders_spreadsItsNodesFiles_andSortsAsWithOne() throws IOException {
    Path in = input(60_000, 9);
    Path one = dir.resolve("one.bin");
    Path two = dir.resolve("two.bin");
    BufferTreeSort sorter =
        new BufferTreeSort(FanoutRule.parse("m/4"), StreamFactory.standard(), TempRegistry.none());
    SortStats single =
        sorter.sort(
            new SortSpec(
                in,
                one,
                8_192,
                2,
                StreamType.USER_BUFFER,
                StreamType.USER_BUFFER,
                StreamOptions.ofBuffer(1024),
                SortOrder.ASCENDING,
                List.of()));
    SortStats spread =
        sorter.sort(
            new SortSpec(
                in,
                two,
                8_192,
                2,
                StreamType.USER_BUFFER,
                StreamType.USER_BUFFER,
                StreamOptions.ofBuffer(1024),
                SortOrder.ASCENDING,
                List.of(dir.resolve("a"), dir.resolve("b"))));
    assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two));
    WorkDirectory.Tally t = spread.workTally();
    for (int f = 0; f < 2; f++) {
      assertTrue(t.written().get(f) > 4L * 60_000 / 5, "folder " + f + ": " + t);
      assertTrue(t.read().get(f) > 4L * 60_000 / 5, "folder " + f + ": " + t);
    }
    assertEquals(
        single.workTally().written().get(0),
        t.written().get(0) + t.written().get(1),
        "the same bytes, spread");
  }

  @Test
  void workDirectory_givesRunsToTheFoldersInTurn_andRefusesAFolderNamedTwice() throws IOException {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    try (WorkDirectory w = WorkDirectory.create(List.of(a, b), dir, TempRegistry.none())) {
      assertEquals(2, w.paths().size());
      for (int i = 0; i < 6; i++) {
        assertEquals(w.paths().get(i % 2), w.newRun(1).getParent());
      }
      assertEquals(w.paths().get(0), w.outputInProgress().getParent());
      for (Path p : w.paths()) {
        assertTrue(Files.exists(p.resolve(WorkDirectory.MARKER)), "marked: " + p);
      }
    }
    try (Stream<Path> left = Files.list(a)) {
      assertEquals(List.of(), left.toList());
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> WorkDirectory.create(List.of(a, dir.resolve("x/../a")), dir, TempRegistry.none()));
  }

  @Test
  void peakDisk_isAnEvenShare_plusTheOutputForItsFolder() {
    long n = 1_000_000;
    assertEquals(
        List.of(CostModel.peakDiskBytes(n)),
        Arrays.stream(CostModel.peakDiskBytes(n, 1, 0)).boxed().toList());
    long[] two = CostModel.peakDiskBytes(n, 2, 1);
    assertEquals(4L * n + (1 << 20), two[0]);
    assertEquals(4L * n + (1 << 20) + 4L * n, two[1]);
  }
}
