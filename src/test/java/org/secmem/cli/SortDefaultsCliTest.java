package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code secmem sort} with no options is a student's first external merge sort: it must sort data
 * several times its memory, in several runs and more than one merge pass (before, N = M = 10^6 made
 * one run and no merge), and say so on its run line.
 */
class SortDefaultsCliTest {

  @TempDir Path dir;

  @Test
  void noOptions_sortsSixteenRunsInTwoMergePasses_andTheRunLineSaysSo() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "sort",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(1, rows.size());
    RawRow row = rows.get(0);
    assertEquals("16777216", row.get("n"));
    assertEquals("1048576", row.get("m"));
    assertEquals("4", row.get("d"));
    assertEquals("16", row.get("runs"));
    assertEquals("3", row.get("passes"), "run formation and two merge passes");
    assertEquals("true", row.get("verified"));
    assertTrue(r.out().contains(", 16 runs, 2 merge passes, verified true"), r.out());
  }

  /**
   * The fast preset's own d is 256; with more runs than that it takes them all in one merge where
   * the blocks still fit (here 274 runs, blocks of 256 bytes, the B asked), and the row says so. A
   * d given on the command line is kept.
   */
  @Test
  void fastWithMoreRunsThanItsD_mergesThemInOnePass_unlessDIsGiven() throws IOException {
    for (String d : List.of("", "256")) {
      Path results = dir.resolve("fast" + d + ".csv");
      List<String> args =
          new ArrayList<>(
              List.of(
                  "sort",
                  "--preset",
                  "fast",
                  "--n",
                  "2^22",
                  "--m",
                  "2^16",
                  "--b",
                  "256",
                  "--threads",
                  "1",
                  "--reps",
                  "1",
                  "--warmup",
                  "0",
                  "--dir",
                  dir.resolve("data").toString(),
                  "--results",
                  results.toString()));
      if (!d.isEmpty()) {
        args.addAll(List.of("--d", d));
      }
      CliTest.Result r = CliTest.run(args.toArray(String[]::new));
      assertEquals(0, r.code(), r.err());
      RawRow row = RawResults.read(results).rows().get(0);
      assertEquals("274", row.get("runs"));
      assertEquals(d.isEmpty() ? "274" : "256", row.get("d"));
      assertEquals(d.isEmpty() ? "2" : "3", row.get("passes"));
      assertEquals("fast", row.get("preset"));
      assertEquals("true", row.get("verified"));
    }
  }
}
