package org.secmem.report.comparison;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.secmem.report.chart.ChartPainter;
import org.secmem.results.Numbers;
import org.secmem.results.ResultColumns;

/**
 * A {@link Comparison} as lines of text for a terminal, in the manner of critcmp and hyperfine:
 * what was compared, an aligned table (configuration, BASE median ± median absolute deviation, the
 * same for NEW, the ratio NEW/BASE with its interval, the verdict in words), then the summary line.
 * Numbers are written with '.' whatever the default locale; factors take "×" as hyperfine writes
 * them (the CLI prints UTF-8).
 */
public final class ComparisonTable {

  private ComparisonTable() {}

  /** The lines to print, without line ends. */
  public static List<String> lines(Comparison c) {
    List<String> out = new ArrayList<>();
    out.add("BASE: " + c.base().label());
    out.add("NEW:  " + c.next().label());
    String same =
        c.same().entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(", "));
    // the columns empty in every configuration matched too, but say nothing
    List<String> matched = new ArrayList<>();
    for (int i = 0; i < c.keyColumns().size(); i++) {
      final int k = i;
      if (c.rows().stream().anyMatch(r -> !r.key().get(k).isBlank())) {
        matched.add(c.keyColumns().get(i));
      }
    }
    out.add(
        "matched on "
            + (matched.isEmpty() ? "(no column with a value)" : String.join(", ", matched))
            + (same.isEmpty() ? "" : "; the same in every configuration: " + same));
    for (String note : c.notes()) {
      out.add("note: " + note);
    }
    out.add("");
    String percent =
        Numbers.fixed(c.level() * 100, c.level() * 100 == Math.rint(c.level() * 100) ? 0 : 1) + "%";
    // one block per experiment, each aligned on its own: a sort's long labels do not push a
    // write's numbers across the screen
    int experiment = c.keyColumns().indexOf(ResultColumns.EXPERIMENT);
    Map<String, List<Comparison.Row>> blocks = new LinkedHashMap<>();
    for (Comparison.Row r : c.rows()) {
      blocks
          .computeIfAbsent(experiment < 0 ? "" : r.key().get(experiment), e -> new ArrayList<>())
          .add(r);
    }
    boolean first = true;
    for (List<Comparison.Row> block : blocks.values()) {
      if (!first) {
        out.add("");
      }
      first = false;
      block(out, block, percent);
    }
    out.add("");
    out.add(c.summary().line("\u00d7"));
    int[] runs =
        c.rows().stream()
            .filter(r -> r.base() != null && r.next() != null)
            .mapToInt(r -> Math.min(r.base().n(), r.next().n()))
            .sorted()
            .toArray();
    if (runs.length > 0 && runs[runs.length / 2] < 2) {
      out.add(
          "note: "
              + runs[runs.length / 2]
              + " run a side in the median configuration: no"
              + " interval can be had from one run; use --reps 3 or more (5 for a comparison that"
              + " matters)");
    } else if (runs.length > 0 && runs[runs.length / 2] < FEW_RUNS) {
      out.add(
          "note: "
              + runs[runs.length / 2]
              + " runs a side in the median configuration: the"
              + " intervals are wide, and only large changes show; more --reps narrow them");
    }
    out.add(
        "(medians of the measured runs, warm-ups left out; ± median absolute deviation;"
            + " interval: bootstrap of the ratio of medians, significant when it excludes 1)");
    return out;
  }

  /** Fewer runs a side than this, in the median configuration, earn a note. */
  static final int FEW_RUNS = 5;

  private static void block(List<String> out, List<Comparison.Row> rows, String percent) {
    List<String[]> cells = new ArrayList<>();
    cells.add(
        new String[] {
          "configuration", "BASE ms", "NEW ms", "NEW/BASE", percent + " interval", "verdict"
        });
    for (Comparison.Row r : rows) {
      cells.add(
          new String[] {
            r.label(),
            sample(r.base()),
            sample(r.next()),
            ratio(r.ratio()),
            Double.isNaN(r.low()) ? "" : "[" + ratio(r.low()) + ", " + ratio(r.high()) + "]",
            r.verdictText("\u00d7")
          });
    }
    int[] width = new int[6];
    for (String[] row : cells) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    for (String[] row : cells) {
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        s.append(i == 0 ? "" : "  ").append(i == 5 ? row[i] : pad(row[i], width[i], i > 0));
      }
      out.add(s.toString().stripTrailing());
    }
  }

  /** {@code 12.3 ± 0.4}, or "-" for a side without runs. */
  static String sample(Comparison.Sample s) {
    if (s == null) {
      return "-";
    }
    if (s.n() == 0) {
      return "(no time)";
    }
    int decimals = decimals(s.median());
    return Numbers.fixed(s.median(), decimals) + " ± " + Numbers.fixed(s.mad(), decimals);
  }

  /** Decimals that show a time in ms to about three significant digits. */
  public static int decimals(double ms) {
    double a = Math.abs(ms);
    return a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  }

  /** A plain number for a message ({@code 5}, {@code 2.5}), whatever the default locale. */
  public static String plain(double v) {
    return ChartPainter.number(v);
  }

  /** A ratio with 3 decimals; "-" for none. */
  public static String ratio(double r) {
    return Double.isNaN(r) ? "-" : Double.isInfinite(r) ? "inf" : Numbers.fixed(r, 3);
  }

  private static String pad(String s, int width, boolean right) {
    String fill = " ".repeat(Math.max(0, width - s.length()));
    return right ? fill + s : s + fill;
  }
}
