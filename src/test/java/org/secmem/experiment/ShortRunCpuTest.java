package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.secmem.data.Checksum;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;

/** cpu_ns of a run shorter than the 10 ms tick: about its real CPU time, not 0 or 10 ms. */
class ShortRunCpuTest {

  private static final long BURST = 4_000_000L;

  /** A trial whose run keeps this thread busy for 4 ms of its own CPU time. */
  private static final class Busy implements Trial {
    @Override
    public String describe() {
      return "busy";
    }

    @Override
    public ResultRow.Builder configuration() {
      return ResultRow.builder(RowKind.WRITE);
    }

    @Override
    public List<Path> inputs() {
      return List.of();
    }

    @Override
    public void prepare() {}

    @Override
    public TrialOutcome run() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long start = threads.getCurrentThreadCpuTime();
      long x = 0;
      while (threads.getCurrentThreadCpuTime() - start < BURST) {
        x += x * 31 + 7;
      }
      Checksum c = new Checksum();
      c.add((int) x);
      return new TrialOutcome(1, 4, c, Optional.empty(), Map.of());
    }

    @Override
    public OptionalLong predictedIos() {
      return OptionalLong.empty();
    }
  }

  @Test
  void aFourMillisecondRun_showsAtLeastItsFourMilliseconds() throws IOException {
    List<ResultRow> rows = new ArrayList<>();
    RunListener quiet = new RunListener() {};
    new ExperimentRunner(rows::add, quiet, new CacheController(() -> {}, quiet))
        .run(new Busy(), new RunSettings(9, 3, CacheMode.AS_IS, false, 1));
    List<String> cells =
        rows.stream()
            .filter(r -> r.get(ResultColumn.WARMUP).equals("false"))
            .map(r -> r.get(ResultColumn.CPU_NS))
            .toList();
    assertEquals(9, cells.size());
    // Blank (unknown) only when a thread of the JVM ended meanwhile; never a figure below the
    // run's own CPU time, as ticks of 10 ms gave (0 for most runs this short).
    long known = cells.stream().filter(c -> c != null && !c.isEmpty()).count();
    assertTrue(known > cells.size() / 2, cells.toString());
    assertTrue(
        cells.stream()
            .filter(c -> c != null && !c.isEmpty())
            .allMatch(c -> Long.parseLong(c) >= BURST),
        cells.toString());
  }
}
