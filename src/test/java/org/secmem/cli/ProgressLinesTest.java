package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;

/**
 * The line each run prints when output is no terminal (a pipe, a log): where the batch stands
 * ({@code run 2 of 4}) and how long the rest takes, not only the configuration's number, which
 * interleaved runs visit out of order ({@code [39/61]} read as progress).
 */
class ProgressLinesTest {

  private static ResultRow row(int rep, boolean warmup) {
    return ResultRow.builder(RowKind.WRITE)
        .set(ResultColumn.REP, rep)
        .set(ResultColumn.WARMUP, warmup)
        .set(ResultColumn.ELAPSED_MS, "12.500")
        .set(ResultColumn.MIB_PER_S, "80.00")
        .build();
  }

  @Test
  void withoutATerminal_eachLineSaysRunIOfN_andTheTimeLeft() {
    StringWriter out = new StringWriter();
    AtomicLong nanos = new AtomicLong();
    try (ProgressListener p =
        new ProgressListener(
            new PrintWriter(out), new PrintWriter(new StringWriter()), 4, false, nanos::get)) {
      // interleaved: configuration 2 first, then 1, each twice; each run takes 30 s
      int[] configs = {2, 1, 2, 1};
      for (int i = 0; i < 4; i++) {
        p.runStarting("write simple, N=2^10 ints, k=1", configs[i], 2, i / 2 + 1, 2);
        nanos.addAndGet(30_000_000_000L);
        p.runFinished(row(i / 2 + 1, false));
      }
    }
    List<String> lines = out.toString().lines().toList();
    assertEquals(
        List.of(
            "run 1 of 4 (ETA 2 min) config 2 of 2: write simple, N=2^10 ints, k=1  rep 1: 12.500"
                + " ms, 80.00 MiB/s",
            "run 2 of 4 (ETA 1 min) config 1 of 2: write simple, N=2^10 ints, k=1  rep 1: 12.500"
                + " ms, 80.00 MiB/s",
            "run 3 of 4 (ETA 30 s) config 2 of 2: write simple, N=2^10 ints, k=1  rep 2: 12.500"
                + " ms, 80.00 MiB/s",
            "run 4 of 4 config 1 of 2: write simple, N=2^10 ints, k=1  rep 2: 12.500 ms, 80.00"
                + " MiB/s"),
        lines);
  }

  @Test
  void sentinelRuns_andMoreRunsThanPlanned_stillCount() {
    StringWriter out = new StringWriter();
    try (ProgressListener p =
        new ProgressListener(
            new PrintWriter(out), new PrintWriter(new StringWriter()), 1, false, () -> 0L)) {
      p.runStarting("write simple, N=2^10 ints, k=1", 0, 0, 1, 1);
      p.runFinished(row(1, false));
      p.runStarting("write simple, N=2^10 ints, k=1", 1, 1, 1, 1);
      p.runNotRecorded(row(1, true));
    }
    List<String> lines = out.toString().lines().toList();
    assertTrue(lines.get(0).startsWith("run 1 of 1 sentinel: write simple"), lines.get(0));
    assertTrue(lines.get(1).startsWith("run 2 of 2 config 1 of 1: write simple"), lines.get(1));
    assertTrue(lines.get(1).contains("warm-up 1 (not recorded"), lines.get(1));
  }
}
