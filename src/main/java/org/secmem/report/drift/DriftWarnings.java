package org.secmem.report.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.secmem.report.chart.ChartPainter;
import org.secmem.report.stats.Statistics;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumns;

/**
 * The lines a sweep ends with when its measurements moved while it ran: each configuration whose
 * runs drifted beyond their noise (see {@link Drift}), and the sweep as a whole when its
 * configurations moved together. The text of {@link Drifts}, which finds them.
 */
public final class DriftWarnings {

  /** Configurations named one by one; the rest are counted. */
  static final int SHOWN = 5;

  private DriftWarnings() {}

  /** The warnings for {@code raw}; empty when nothing drifted or there are too few runs to tell. */
  public static List<String> of(RawResults raw) {
    return text(Drifts.of(raw), raw.configurationColumns());
  }

  /** The warnings of {@code drifts}, configurations named by their cells in {@code columns}. */
  static List<String> text(Drifts drifts, List<String> columns) {
    List<String> lines = new ArrayList<>();
    drifts
        .sentinel()
        .flatMap(Drifts.Sentinel::moved)
        .ifPresent(
            r ->
                lines.add(
                    "drift: the sentinel ran "
                        + Math.round(Math.abs(r - 1) * 100)
                        + "% "
                        + (r > 1 ? "slower" : "faster")
                        + " at the end of the sweep than at its start (medians of the first and"
                        + " last thirds of its runs): configurations measured far apart are not"
                        + " comparable unless the runs were interleaved (--order interleaved, the"
                        + " default)"));
    Optional<Drift.Sweep> sweep = drifts.sweep();
    if (sweep.isPresent() && sweep.get().drifted()) {
      Drift.Sweep s = sweep.get();
      boolean slower = s.medianRatio() > 1;
      lines.add(
          String.format(
              Locale.ROOT,
              "drift: the configurations' last runs were %s than their first: %d of %d %s (sign"
                  + " test p = %.2g), by %s in the median. With runs interleaved (the default) the"
                  + " machine changed during the sweep; with runs one after another (--order"
                  + " sequential, or in each --fork) %s. See drift_ratio in the summary",
              slower ? "slower" : "faster",
              slower ? s.slower() : s.faster(),
              s.configurations(),
              slower ? "slower" : "faster",
              s.pValue(),
              change(s.medianRatio()),
              slower
                  ? "each configuration's runs left something behind for the next (heap, files,"
                      + " dirty pages)"
                  : "they had not warmed up: use more --warmup"));
    }
    List<Drifts.Drifted> drifted = drifts.drifted();
    for (int i = 0; i < Math.min(SHOWN, drifted.size()); i++) {
      Drifts.Drifted d = drifted.get(i);
      lines.add("drift: " + label(columns, d.configuration()) + ": " + describe(d.drift()));
    }
    if (drifted.size() > SHOWN) {
      lines.add(
          "drift: "
              + (drifted.size() - SHOWN)
              + " more configurations drifted (drift = yes"
              + " in the summary)");
    }
    return lines;
  }

  /**
   * What the {@code --sentinel} runs say, e.g. {@code sentinel write simple n=1000: 9 runs over the
   * sweep, first 1.200 ms, last 1.500 ms (+25%), 1.100 .. 1.600 ms}; empty without sentinel rows.
   */
  public static Optional<String> sentinel(RawResults raw) {
    return Drifts.of(raw).sentinel().map(s -> sentinelLine(s, raw.configurationColumns()));
  }

  private static String sentinelLine(Drifts.Sentinel sentinel, List<String> columns) {
    List<Double> ms = sentinel.ms();
    Statistics s = Statistics.of(ms);
    return String.format(
        Locale.ROOT,
        "sentinel %s: %d runs over the sweep, first %.3f ms, last %.3f ms (%s), %.3f .. %.3f ms",
        label(columns, sentinel.configuration()),
        ms.size(),
        ms.get(0),
        ms.get(ms.size() - 1),
        percent(ms.get(ms.size() - 1) / ms.get(0)),
        s.min(),
        s.max());
  }

  private static String describe(Drift d) {
    return String.format(
        Locale.ROOT,
        "the last third of its runs was %d%% %s than the"
            + " first third (medians; %d%% interval of the ratio %.2f-%.2f, %d runs)",
        Math.round(Math.abs(d.ratio() - 1) * 100),
        d.ratio() > 1 ? "slower" : "faster",
        Drift.LEVEL_PERCENT,
        d.low(),
        d.high(),
        d.runs());
  }

  /** How far from 1, without a sign (the sentence says slower or faster): 0.76 as "24%". */
  private static String change(double ratio) {
    return Math.round(Math.abs(ratio - 1) * 100) + "%";
  }

  /** 1.25 as "+25%", 0.8 as "-20%". */
  private static String percent(double ratio) {
    long p = Math.round((ratio - 1) * 100);
    return (p >= 0 ? "+" : "") + p + "%";
  }

  /** The configuration's non-empty cells, e.g. {@code read mapped n=1000000 ints b=64 KiB}. */
  private static String label(List<String> columns, List<String> values) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < columns.size(); i++) {
      String v = values.get(i).trim();
      if (v.isEmpty()) {
        continue;
      }
      if (s.length() > 0) {
        s.append(' ');
      }
      String c = columns.get(i);
      s.append(c.equals(ResultColumns.EXPERIMENT) ? v : c + "=" + ChartPainter.size(c, v));
    }
    return s.toString();
  }
}
