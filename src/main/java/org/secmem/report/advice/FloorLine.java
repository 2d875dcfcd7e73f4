package org.secmem.report.advice;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.secmem.report.stats.Statistics;
import org.secmem.results.RawRow;

/**
 * Advice's line on how far a sort is from the machine's floor ({@code floor_ns}, from {@code secmem
 * probe}): the median floor of its measured rows beside its median time.
 */
final class FloorLine {

  private FloorLine() {}

  /**
   * {@code " floor: 22.9 ms (the page cache's rates): the best takes ×91.2 of it"}, or empty when
   * its rows carry no floor (the file system was never probed) or a floor of 0 ns.
   */
  static Optional<String> of(String who, List<RawRow> rows, double medianMs) {
    List<RawRow> measured = rows.stream().filter(r -> !r.isWarmup() && r.has("floor_ns")).toList();
    if (measured.isEmpty() || !(medianMs > 0)) {
      return Optional.empty();
    }
    List<Double> floors =
        measured.stream()
            .map(r -> r.number("floor_ns"))
            .filter(OptionalDouble::isPresent)
            .map(o -> o.getAsDouble() / 1e6)
            .toList();
    if (floors.isEmpty()) {
      return Optional.empty();
    }
    double floorMs = Statistics.of(floors).median();
    if (!(floorMs > 0) || !Double.isFinite(floorMs)) {
      return Optional.empty(); // a floor of nothing (a few ints, a tampered file): no ratio to it
    }
    boolean device = measured.stream().anyMatch(r -> r.get("floor_regime").trim().equals("device"));
    double ratio = medianMs / floorMs;
    boolean unsettled =
        measured.stream().anyMatch(r -> r.get("floor_settled").trim().equals("false"));
    return Optional.of(
        String.format(
            Locale.ROOT,
            "  floor: %.1f ms (%s, as secmem probe measured them): %s takes \u00d7%.1f of it%s",
            floorMs,
            device ? "the device's read and write rates" : "the page cache's copy rate",
            who,
            ratio,
            ratio < 1
                ? " — faster than the floor: the probe or the model is wrong"
                : unsettled ? " (the floor is not settled: secmem probe --probes 3)" : ""));
  }
}
