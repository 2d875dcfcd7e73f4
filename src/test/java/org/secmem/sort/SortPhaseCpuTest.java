package org.secmem.sort;

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
}
