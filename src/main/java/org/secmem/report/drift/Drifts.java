package org.secmem.report.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.secmem.report.stats.ConfigurationOrder;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * What a results file says about measurements that moved while its sweep ran (see {@link Drift}):
 * the sweep as a whole, each configuration whose runs drifted beyond their noise, and the {@code
 * --sentinel} re-runs. Findings only; {@link DriftWarnings} writes them as text.
 *
 * @param sweep the configurations' first and last runs compared over the sweep, when there are
 *     enough to tell
 * @param drifted every configuration whose own runs drifted, in file order
 * @param sentinel the sentinel's runs, when the file has any
 */
record Drifts(Optional<Drift.Sweep> sweep, List<Drifted> drifted, Optional<Sentinel> sentinel) {

  Drifts {
    drifted = List.copyOf(drifted);
  }

  /**
   * A configuration whose runs drifted.
   *
   * @param configuration its cells in the file's configuration columns
   * @param drift how its runs moved
   */
  record Drifted(List<String> configuration, Drift drift) {

    Drifted {
      configuration = List.copyOf(configuration);
    }
  }

  /**
   * The sentinel's measured runs over the sweep.
   *
   * @param configuration its cells in the file's configuration columns
   * @param ms its times in file order, warm-ups left out
   * @param moved how far its last third ran from its first (ratio of medians) when that is a move:
   *     beyond its own noise from six runs on ({@link Drift}), or at least {@value
   *     Drift#MIN_CHANGE_PERCENT}% with fewer
   */
  record Sentinel(List<String> configuration, List<Double> ms, Optional<Double> moved) {

    Sentinel {
      configuration = List.copyOf(configuration);
      ms = List.copyOf(ms);
    }
  }

  /** The findings of {@code raw}. */
  static Drifts of(RawResults raw) {
    List<String> config = raw.configurationColumns();
    List<Drifted> drifted = new ArrayList<>();
    List<List<Double>> runs = new ArrayList<>();
    for (Map.Entry<List<String>, List<RawRow>> g :
        ConfigurationOrder.byConfiguration(raw, config).entrySet()) {
      List<Double> ms = measuredMs(g.getValue());
      runs.add(ms);
      Optional<Drift> d = Drift.of(ms);
      if (d.isPresent() && d.get().drifted()) {
        drifted.add(new Drifted(g.getKey(), d.get()));
      }
    }
    return new Drifts(Drift.ofSweep(runs), drifted, sentinel(raw, config));
  }

  private static Optional<Sentinel> sentinel(RawResults raw, List<String> config) {
    List<Double> ms = measuredMs(raw.sentinels());
    if (ms.isEmpty()) {
      return Optional.empty();
    }
    RawRow last = raw.sentinels().get(raw.sentinels().size() - 1);
    List<String> cells = config.stream().map(last::get).toList();
    if (ms.size() < 2) {
      return Optional.of(new Sentinel(cells, ms, Optional.empty()));
    }
    // From six runs on, the move must also be beyond the sentinel's own noise (with --fork each
    // sentinel run is a fresh JVM that lands on one of two speeds at random: no drift); with
    // fewer, a change of the thirds' medians of 10 % or more is all there is to go on.
    Optional<Drift> d = Drift.of(ms);
    double r =
        d.map(Drift::ratio)
            .orElseGet(() -> Drift.ofSweep(List.of(ms)).map(Drift.Sweep::medianRatio).orElse(1.0));
    boolean moved = d.map(Drift::drifted).orElse(Math.abs(r - 1) * 100 >= Drift.MIN_CHANGE_PERCENT);
    return Optional.of(new Sentinel(cells, ms, moved ? Optional.of(r) : Optional.empty()));
  }

  private static List<Double> measuredMs(List<RawRow> rows) {
    List<Double> ms = new ArrayList<>();
    for (RawRow r : rows) {
      if (!r.isWarmup()) {
        r.elapsedMs().ifPresent(ms::add);
      }
    }
    return ms;
  }
}
