package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.sort.SortMemory;

/**
 * M is the fast sort's whole budget: a sort runs in a JVM whose heap is exactly 4·M bytes plus the
 * stated overhead, and the memory model's figure is that heap.
 */
class SortHeapBudgetTest {

  @TempDir Path dir;

  @Test
  void fastSort_runsInAHeapOfExactlyFourMPlusTheOverhead() throws Exception {
    long m = 1 << 22; // 16 MiB of ints: M
    sortInTheBudget(m, m * 6, (4 * m + SortMemory.OVERHEAD_BYTES) >> 20, 1, 0);
  }

  /**
   * Repetitions in one JVM run in the same heap as one: the second sort here ran out of heap before
   * every run started from a collected, compacted heap (G1 leaves the first sort's free space
   * scattered, and a run's arrays are humongous).
   */
  @Test
  void fastSort_repeatedInOneJvm_staysInTheBudget() throws Exception {
    // The case measured: M = N = 2^26 (256 MiB) in a 320 MiB heap, the model's 288 MiB.
    sortInTheBudget(1 << 26, 1 << 26, 320, 2, 1);
  }

  private void sortInTheBudget(long m, long n, long heapMib, int reps, int warmup)
      throws Exception {
    Path results = dir.resolve("r.csv");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms" + heapMib + "m",
                "-Xmx" + heapMib + "m",
                "-cp",
                System.getProperty("java.class.path"),
                // Logs go to the test's folder, never into the working tree.
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main",
                "sort",
                "--preset",
                "fast",
                "--n",
                Long.toString(n),
                "--m",
                Long.toString(m),
                "--threads",
                "2",
                "--dir",
                dir.toString(),
                "--reps",
                Integer.toString(reps),
                "--warmup",
                Integer.toString(warmup),
                "--results",
                results.toString()));
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("out.txt").toFile())
            .start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished in time");
    String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), out);
    List<CSVRecord> rows = rows(results);
    assertEquals(reps + warmup, rows.size(), out);
    rows.forEach(x -> assertEquals("true", x.get("verified"), out));
    CSVRecord r = rows.get(rows.size() - 1);
    assertEquals("2", r.get("threads"));
    long model = Long.parseLong(r.get("model_heap_bytes"));
    assertTrue(model <= heapMib << 20, "the model admits exactly 4M + overhead: " + model);
    assertTrue(model >= 4 * m, "and counts M: " + model);
  }

  private static List<CSVRecord> rows(Path csv) throws IOException {
    try (var reader = Files.newBufferedReader(csv)) {
      return CSVFormat.RFC4180
          .builder()
          .setHeader()
          .setSkipHeaderRecord(true)
          .build()
          .parse(reader)
          .getRecords();
    }
  }
}
