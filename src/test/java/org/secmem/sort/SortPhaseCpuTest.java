package org.secmem.sort;

import org.secmem.fs.TempRegistry;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.cli.SecmemCommand;

/**
 * A sort's phase CPU times come from the per-thread clocks: on the 10 ms tick clock a short phase
 * reads as a whole number of ticks (0, 10 ms, 20 ms), which says nothing about it.
 */
class SortPhaseCpuTest {

  @TempDir Path dir;

  @Test
  void shortSorts_havePhaseCpuTimesFinerThanTicks() throws Exception {
    Path results = dir.resolve("r.csv");
    java.io.StringWriter out = new java.io.StringWriter();
    int code = SecmemCommand.commandLine(new java.io.PrintWriter(out, true),
        new java.io.PrintWriter(out, true)).execute("sort", "--n", "200000", "--m", "50000",
        "--d", "4", "--reps", "6", "--warmup", "0", "--dir", dir.toString(), "--results",
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
   * Merges run side by side on the sort's own threads, which outlive its clock: threads that
   * ended before the last sample would take their CPU time with them, and the merge's figure
   * would fall back to ticks or be left blank (it was, for most rows, once runs were deleted on a
   * thread of their own and the merge threads had time to end first).
   */
  @Test
  void sideBySideMerges_runOnTheSortsOwnThreads() throws Exception {
    Path in = dir.resolve("in.bin");
    MergeSortTest.writeInts(in, new java.util.SplittableRandom(2).ints(40_000).toArray());
    java.util.Set<String> readers = java.util.concurrent.ConcurrentHashMap.newKeySet();
    StreamFactory standard = StreamFactory.standard();
    StreamFactory recording = new StreamFactory() {
      @Override
      public org.secmem.stream.ReadStream openReader(org.secmem.stream.StreamType type, Path path,
          org.secmem.stream.StreamOptions options, long from, long to) throws java.io.IOException {
        if (!path.equals(in)) {
          readers.add(Thread.currentThread().getName().replaceAll("-\\d+$", ""));
        }
        return standard.openReader(type, path, options, from, to);
      }

      @Override
      public org.secmem.stream.WriteStream createWriter(org.secmem.stream.StreamType type,
          Path path, org.secmem.stream.StreamOptions options) throws java.io.IOException {
        return standard.createWriter(type, path, options);
      }

      @Override
      public org.secmem.stream.WriteStream createRegionWriter(org.secmem.stream.StreamType type,
          Path path, org.secmem.stream.StreamOptions options, long at, long len)
          throws java.io.IOException {
        return standard.createRegionWriter(type, path, options, at, len);
      }
    };
    // 40,000 ints in runs of 1,000 on 2 threads, d = 4: ten merges side by side in pass 2.
    SortTuning t = SortTuning.classic().withThreads(2);
    SortStats stats = new MergeSort(t, recording, TempRegistry.none()).sort(new SortSpec(in,
        dir.resolve("out.bin"), 2000, 4, org.secmem.stream.StreamType.USER_BUFFER,
        org.secmem.stream.StreamType.USER_BUFFER, org.secmem.stream.StreamOptions.ofBuffer(4096),
        org.secmem.data.SortOrder.ASCENDING, java.util.Optional.empty()));
    assertTrue(stats.passes() >= 3, "several merges per pass: " + stats.passes());
    assertTrue(java.util.Set.of("secmem-sort").equals(readers), "merges ran on " + readers);
  }
}
