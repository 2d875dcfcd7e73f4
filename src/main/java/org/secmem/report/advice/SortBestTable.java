package org.secmem.report.advice;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.secmem.report.advice.SortBest.Best;
import org.secmem.report.advice.SortBest.Candidate;
import org.secmem.report.chart.HtmlText;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumns;

/**
 * The report page's answer to "which d and M sort fastest?" (seeds/000 Table 9), drawn from the
 * findings of {@link SortBest}: for each N (and each read/write pair, preset or other setting the
 * file varies) the (d, M) with the lowest median time, its runs and passes, and the runner-up with
 * its ratio to the best and whether the two are within noise; below it, per N, the median time and
 * passes of every (d, M) as a grid (M down, d across), so the passes are read beside the times.
 */
public final class SortBestTable {

  /**
   * The most groups drawn a column each, as the seed's Table 9; more are drawn a row each, so that
   * the table fits a laptop window however many N and pairs were swept (twelve columns take 1,520
   * pixels, wider than a 1,280-pixel window).
   */
  static final int MAX_COLUMNS = 4;

  private SortBestTable() {}

  /** One row per group: what {@link #best} draws one column per group. */
  private static void rows(StringBuilder h, List<Best> bests, List<String> shown) {
    h.append("<table class=\"summary best rows\">\n<thead><tr>");
    for (String t :
        List.of(
            "N",
            "best (d, M)",
            "median ms (min\u2013max)",
            "runs, passes",
            "runner-up (d, M)",
            "its median ms (min\u2013max)",
            "runner-up / best",
            "others within noise")) {
      h.append("<th>").append(HtmlText.esc(t)).append("</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    for (Best b : bests) {
      StringBuilder label =
          new StringBuilder(Numbers.setting(ResultColumns.N, b.group().get(ResultColumns.N)));
      shown.forEach(
          c ->
              label
                  .append(", ")
                  .append(c)
                  .append(" = ")
                  .append(Numbers.setting(c, b.group().get(c))));
      Candidate r = b.runnerUp().orElseThrow();
      h.append("<tr><th>").append(HtmlText.esc(label.toString())).append("</th>");
      for (String cell :
          List.of(dm(b.best()), time(b.best()), runsPasses(b.best()), dm(r), time(r))) {
        h.append("<td>").append(HtmlText.esc(cell)).append("</td>");
      }
      h.append(verdict(b))
          .append("<td>")
          .append(b.othersWithinNoise() + " of " + (b.candidates().size() - 1))
          .append("</td></tr>\n");
    }
    h.append("</tbody></table>\n");
  }

  /** The runner-up / best cell: the ratio and whether it is within noise. */
  private static String verdict(Best b) {
    String verdict =
        !b.repeated()
            ? "one run: no spread to judge"
            : b.withinNoise() ? "within noise" : "apart (the interval of the ratio excludes 1)";
    return "<td class=\""
        + (b.withinNoise() ? "noise" : "apart")
        + "\">\u00d7"
        + String.format(Locale.ROOT, "%.2f", b.ratio())
        + ", "
        + verdict
        + "</td>";
  }

  /** The table and grids of {@code raw}'s sort runs; nothing when no group has two (d, M). */
  static void html(StringBuilder h, RawResults raw) {
    best(h, raw);
    grids(h, raw);
  }

  /** The settings that tell {@code bests} apart besides N. */
  private static List<String> shown(List<Best> bests) {
    List<String> shown = new ArrayList<>();
    for (String c : bests.get(0).group().keySet()) {
      if (!c.equals(ResultColumns.N)
          && bests.stream().map(b -> b.group().get(c)).distinct().count() > 1) {
        shown.add(c);
      }
    }
    return shown;
  }

  /**
   * The best (d, M) per N and its runner-up, what the report page's findings show; nothing when no
   * group has two (d, M).
   */
  public static void best(StringBuilder h, RawResults raw) {
    List<Best> bests = SortBest.of(raw);
    if (bests.isEmpty()) {
      return;
    }
    List<String> shown = shown(bests);
    h.append("<h3 id=\"best-d-m\">Best (d, M) per N</h3>\n");
    h.append(
        "<p class=\"note\">The (d, M) with the lowest median time, and the runner-up. "
            + "<i>within noise</i>: the 95% bootstrap interval of the ratio of the two medians "
            + "includes 1, as in the advice above, so the order of the two may be chance. "
            + "Warm-up runs are left out.</p>\n");
    if (bests.size() > MAX_COLUMNS) {
      rows(h, bests, shown);
      return;
    }
    // one column per N, as the seed's Table 9: a few N read across, the facts down
    h.append("<div class=\"wide\"><table class=\"summary best\">\n<thead><tr><th></th>");
    for (Best b : bests) {
      h.append("<th>N = ")
          .append(HtmlText.esc(Numbers.setting(ResultColumns.N, b.group().get(ResultColumns.N))));
      shown.forEach(
          c ->
              h.append("<br>")
                  .append(HtmlText.esc(c + " = " + Numbers.setting(c, b.group().get(c)))));
      h.append("</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    row(h, "best (d, M)", bests, b -> dm(b.best()));
    row(h, "median ms (min\u2013max)", bests, b -> time(b.best()));
    row(h, "runs, passes", bests, b -> runsPasses(b.best()));
    row(h, "runner-up (d, M)", bests, b -> dm(b.runnerUp().orElseThrow()));
    row(h, "its median ms (min\u2013max)", bests, b -> time(b.runnerUp().orElseThrow()));
    row(h, "its runs, passes", bests, b -> runsPasses(b.runnerUp().orElseThrow()));
    h.append("<tr><th>runner-up / best</th>");
    bests.forEach(b -> h.append(verdict(b)));
    h.append("</tr>\n");
    row(
        h,
        "others within noise of the best",
        bests,
        b -> b.othersWithinNoise() + " of " + (b.candidates().size() - 1));
    h.append("</tbody></table></div>\n");
  }

  /** The median time and passes of every (d, M), a grid per N; nothing when there is no best. */
  public static void grids(StringBuilder h, RawResults raw) {
    List<Best> bests = SortBest.of(raw);
    if (bests.isEmpty()) {
      return;
    }
    List<String> shown = shown(bests);
    h.append("<h3>Median time and passes per (d, M)</h3>\n");
    h.append(
        "<p class=\"note\">Each cell: median ms over the measured runs, then the merge "
            + "passes; runs = the sorted runs that run formation writes for that M. "
            + "The best cell is bold.</p>\n");
    for (Best b : bests) {
      grid(h, b, shown);
    }
  }

  private static void row(
      StringBuilder h, String what, List<Best> bests, Function<Best, String> cell) {
    h.append("<tr><th>").append(HtmlText.esc(what)).append("</th>");
    bests.forEach(b -> h.append("<td>").append(HtmlText.esc(cell.apply(b))).append("</td>"));
    h.append("</tr>\n");
  }

  private static String dm(Candidate c) {
    return "d = " + Numbers.grouped(c.d()) + ", M = " + Numbers.ints(c.m());
  }

  private static String time(Candidate c) {
    return ms(c.stats().median())
        + " ("
        + ms(c.stats().min())
        + "\u2013"
        + ms(c.stats().max())
        + ")";
  }

  private static String runsPasses(Candidate c) {
    return orDash(c.runs()) + ", " + orDash(c.passes());
  }

  private static String orDash(String s) {
    return s.isEmpty() ? "\u2013" : s;
  }

  private static void grid(StringBuilder h, Best b, List<String> shown) {
    TreeSet<Double> ds = new TreeSet<>();
    TreeSet<Double> ms = new TreeSet<>();
    Map<List<Double>, Candidate> at = new LinkedHashMap<>();
    for (Candidate c : b.candidates()) {
      ds.add(c.d());
      ms.add(c.m());
      at.put(List.of(c.d(), c.m()), c);
    }
    StringBuilder caption =
        new StringBuilder(
            "N = " + Numbers.setting(ResultColumns.N, b.group().get(ResultColumns.N)));
    shown.forEach(
        c ->
            caption
                .append(", ")
                .append(c)
                .append(" = ")
                .append(Numbers.setting(c, b.group().get(c))));
    h.append("<table class=\"summary grid\">\n<caption>")
        .append(HtmlText.esc(caption.toString()))
        .append("</caption>\n<thead><tr><th>M</th><th>runs</th>");
    ds.forEach(d -> h.append("<th>d = ").append(Numbers.grouped(d)).append("</th>"));
    h.append("</tr></thead>\n<tbody>\n");
    for (double m : ms) {
      Set<String> runs = new LinkedHashSet<>();
      at.values().stream().filter(c -> c.m() == m).forEach(c -> runs.add(c.runs()));
      h.append("<tr><th>")
          .append(Numbers.ints(m))
          .append("</th><td>")
          .append(runs.size() == 1 ? HtmlText.esc(runs.iterator().next()) : "")
          .append("</td>");
      for (double d : ds) {
        Candidate c = at.get(List.of(d, m));
        if (c == null) {
          h.append("<td></td>");
          continue;
        }
        boolean best = c == b.best();
        h.append(best ? "<td class=\"best\">" : "<td>")
            .append(ms(c.stats().median()))
            .append(" ms");
        if (!c.passes().isEmpty()) {
          h.append(" \u00b7 ")
              .append(HtmlText.esc(c.passes()))
              .append(c.passes().equals("1") ? " pass" : " passes");
        }
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody></table>\n");
  }

  /** Milliseconds to at least 3 significant digits. */
  static String ms(double v) {
    return Numbers.fixed(v, v >= 100 ? 1 : v >= 10 ? 2 : 3);
  }
}
