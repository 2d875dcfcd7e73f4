package org.secmem.sort;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.cli.SecmemCommand;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * A sort's phase CPU times come from the per-thread clocks: on the 10 ms tick clock a short phase
 * reads as a whole number of ticks (0, 10 ms, 20 ms), which says nothing about it.
 */
class SortPhaseCpuTest {

  @TempDir Path dir;

  @Test
  void shortSorts_havePhaseCpuTimesFinerThanTicks() throws Exception {
    Path results = dir.resolve("r.csv");
    StringWriter out = new StringWriter();
    int code =
        SecmemCommand.commandLine(new PrintWriter(out, true), new PrintWriter(out, true))
            .execute(
                "sort",
                "--n",
                "200000",
                "--m",
                "50000",
                "--d",
                "4",
                "--reps",
                "6",
                "--warmup",
                "0",
                "--dir",
                dir.toString(),
                "--results",
                results.toString());
    assertTrue(code == 0, out.toString());
    List<String> lines = Files.readAllLines(results);
    List<String> header = List.of(lines.get(0).split(","));
    List<Long> phases = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      for (String col : List.of("run_formation_cpu_ns", "merge_cpu_ns")) {
        String cell = cells[header.indexOf(col)];
        if (!cell.isEmpty()) {
          phases.add(Long.parseLong(cell));
        }
      }
    }
    assertTrue(phases.size() >= 6, "most phases have a figure: " + phases);
    long offTick = phases.stream().filter(ns -> ns % 10_000_000L != 0).count();
    assertTrue(offTick > phases.size() / 2, "not whole ticks: " + phases);
  }

  /**
   * Merges run side by side on the sort's own threads, which outlive its clock: threads that ended
   * before the last sample would take their CPU time with them, and the merge's figure would fall
   * back to ticks or be left blank (it was, for most rows, once runs were deleted on a thread of
   * their own and the merge threads had time to end first).
   */
  @Test
  void sideBySideMerges_runOnTheSortsOwnThreads() throws Exception {
    Path in = dir.resolve("in.bin");
    MergeSortTest.writeInts(in, new SplittableRandom(2).ints(40_000).toArray());
    Set<String> readers = ConcurrentHashMap.newKeySet();
    StreamFactory standard = StreamFactory.standard();
    StreamFactory recording =
        new StreamFactory() {
          @Override
          public ReadStream openReader(
              StreamType type, Path path, StreamOptions options, long from, long to)
              throws IOException {
            if (!path.equals(in)) {
              readers.add(Thread.currentThread().getName().replaceAll("-\\d+$", ""));
            }
            return standard.openReader(type, path, options, from, to);
          }

          @Override
          public WriteStream createWriter(StreamType type, Path path, StreamOptions options)
              throws IOException {
            return standard.createWriter(type, path, options);
          }

          @Override
          public WriteStream createRegionWriter(
              StreamType type, Path path, StreamOptions options, long at, long len)
              throws IOException {
            return standard.createRegionWriter(type, path, options, at, len);
          }
        };
    // 40,000 ints in runs of 1,000 on 2 threads, d = 4: ten merges side by side in pass 2.
    SortTuning t = SortTuning.classic().withThreads(2);
    SortStats stats =
        new MergeSort(t, recording, TempRegistry.none())
            .sort(
                new SortSpec(
                    in,
                    dir.resolve("out.bin"),
                    2000,
                    4,
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER,
                    StreamOptions.ofBuffer(4096),
                    SortOrder.ASCENDING,
                    List.of()));
    assertTrue(stats.passes() >= 3, "several merges per pass: " + stats.passes());
    assertTrue(Set.of("secmem-sort").equals(readers), "merges ran on " + readers);
  }
}
