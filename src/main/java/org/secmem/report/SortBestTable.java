package org.secmem.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * The report page's answer to "which d and M sort fastest?" (seeds/000 Table 9): for each N (and
 * each read/write pair, preset or other setting the file varies) the (d, M) with the lowest median
 * time, its runs and passes, and the runner-up with its ratio to the best and whether the two are
 * within noise; below it, per N, the median time and passes of every (d, M) as a grid (M down, d
 * across), so the passes are read beside the times.
 *
 * <p>Only measured runs count: warm-ups are left out, as in the summary. Two configurations are
 * <em>within noise</em> when the ranges of their repetitions (min to max) overlap; with one
 * repetition there is no range to tell. Runs and passes are the values every measured run of a
 * configuration records (they follow from N, M and d), blank when the file has none.
 */
final class SortBestTable {

  private SortBestTable() {}

  /**
   * One configuration of a group.
   *
   * @param d the merge fan-in
   * @param m the memory in ints
   * @param stats the elapsed ms over its measured runs
   * @param runs the runs it formed, "" when not recorded or not the same in every run
   * @param passes its passes, likewise
   * @param rows its measured rows, for what else they recorded (storage bytes, CPU time)
   */
  record Candidate(
      double d, double m, Statistics stats, String runs, String passes, List<RawRow> rows) {

    Candidate {
      rows = List.copyOf(rows);
    }
  }

  /**
   * The best (d, M) of one group.
   *
   * @param group the group's settings other than d and M, in header order (n first when it is)
   * @param candidates every (d, M) of the group, fastest first (ties in file order)
   */
  record Best(Map<String, String> group, List<Candidate> candidates) {

    Best {
      group = Collections.unmodifiableMap(new LinkedHashMap<>(group));
      candidates = List.copyOf(candidates);
    }

    Candidate best() {
      return candidates.get(0);
    }

    /** The second fastest (d, M), absent when there is one. */
    Optional<Candidate> runnerUp() {
      return candidates.size() < 2 ? Optional.empty() : Optional.of(candidates.get(1));
    }

    /** The runner-up's median over the best's (1 or more). */
    double ratio() {
      return runnerUp().map(r -> r.stats().median() / best().stats().median()).orElse(1.0);
    }

    /** Whether both were repeated and the ranges of their repetitions overlap. */
    boolean withinNoise() {
      return runnerUp().map(r -> overlap(best(), r)).orElse(false);
    }

    /** How many configurations other than the best are within noise of it. */
    long othersWithinNoise() {
      return candidates.stream().skip(1).filter(c -> overlap(best(), c)).count();
    }

    private static boolean overlap(Candidate a, Candidate b) {
      return a.stats().count() > 1
          && b.stats().count() > 1
          && a.stats().min() <= b.stats().max()
          && b.stats().min() <= a.stats().max();
    }

    /** Whether both the best and the runner-up have at least two measured runs. */
    boolean repeated() {
      return runnerUp().map(r -> r.stats().count() > 1 && best().stats().count() > 1).orElse(false);
    }
  }

  /**
   * The best (d, M) of every group of sort configurations of {@code raw} that differ in d or M
   * only, for groups of at least two configurations, in file order of their first rows.
   */
  static List<Best> of(RawResults raw) {
    return groups(raw).stream().filter(b -> b.candidates().size() >= 2).toList();
  }

  /**
   * Like {@link #of}, with the groups of one configuration too (a sort measured at one d and one M,
   * which the advice asks to sweep).
   */
  static List<Best> groups(RawResults raw) {
    if (!raw.header().contains(ResultColumns.D) || !raw.header().contains(ResultColumns.M)) {
      return List.of();
    }
    List<String> groupColumns =
        raw.configurationColumns().stream()
            .filter(
                c ->
                    !c.equals(ResultColumns.EXPERIMENT)
                        && !c.equals(ResultColumns.D)
                        && !c.equals(ResultColumns.M))
            .toList();
    Map<Map<String, String>, Map<List<String>, List<RawRow>>> groups = new LinkedHashMap<>();
    for (RawRow r : raw.measuredRows()) {
      if (!r.get(ResultColumns.EXPERIMENT).trim().equals("sort")
          || !r.has(ResultColumns.D)
          || !r.has(ResultColumns.M)
          || r.elapsedMs().isEmpty()) {
        continue;
      }
      Map<String, String> key = new LinkedHashMap<>();
      groupColumns.forEach(c -> key.put(c, r.get(c).trim()));
      List<String> dm = List.of(r.get(ResultColumns.D).trim(), r.get(ResultColumns.M).trim());
      groups
          .computeIfAbsent(key, k -> new LinkedHashMap<>())
          .computeIfAbsent(dm, k -> new ArrayList<>())
          .add(r);
    }
    List<Best> result = new ArrayList<>();
    groups.forEach(
        (key, configs) -> {
          List<Candidate> candidates = new ArrayList<>();
          configs
              .values()
              .forEach(
                  rows ->
                      candidates.add(
                          new Candidate(
                              rows.get(0).number(ResultColumns.D).getAsDouble(),
                              rows.get(0).number(ResultColumns.M).getAsDouble(),
                              Statistics.of(
                                  rows.stream().map(r -> r.elapsedMs().getAsDouble()).toList()),
                              agreed(rows, ResultColumns.RUNS),
                              agreed(rows, ResultColumns.PASSES),
                              rows)));
          candidates.sort(Comparator.comparingDouble(c -> c.stats().median()));
          result.add(new Best(key, candidates));
        });
    return result;
  }

  private static String agreed(List<RawRow> rows, String column) {
    Set<String> v = new LinkedHashSet<>();
    rows.forEach(r -> v.add(r.get(column).trim()));
    return v.size() == 1 ? v.iterator().next() : "";
  }

  // ---- HTML ----

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
  static void best(StringBuilder h, RawResults raw) {
    List<Best> bests = of(raw);
    if (bests.isEmpty()) {
      return;
    }
    List<String> shown = shown(bests);
    h.append("<h3 id=\"best-d-m\">Best (d, M) per N</h3>\n");
    h.append(
        "<p class=\"note\">The (d, M) with the lowest median time, and the runner-up. "
            + "<i>within noise</i>: the runner-up's repetitions (min\u2013max) overlap the best's, "
            + "so the order of the two may be chance. Warm-up runs are left out.</p>\n");
    // one column per N, as the seed's Table 9: a few N read across, the facts down
    h.append("<div class=\"wide\"><table class=\"summary best\">\n<thead><tr><th></th>");
    for (Best b : bests) {
      h.append("<th>N = ")
          .append(ReportPage.esc(Numbers.setting(ResultColumns.N, b.group().get(ResultColumns.N))));
      shown.forEach(
          c ->
              h.append("<br>")
                  .append(ReportPage.esc(c + " = " + Numbers.setting(c, b.group().get(c)))));
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
    for (Best b : bests) {
      String verdict =
          !b.repeated()
              ? "one run: no spread to judge"
              : b.withinNoise() ? "within noise" : "apart (ranges do not overlap)";
      h.append("<td class=\"")
          .append(b.withinNoise() ? "noise" : "apart")
          .append("\">\u00d7")
          .append(String.format(Locale.ROOT, "%.2f", b.ratio()))
          .append(", ")
          .append(verdict)
          .append("</td>");
    }
    h.append("</tr>\n");
    row(
        h,
        "others within noise of the best",
        bests,
        b -> b.othersWithinNoise() + " of " + (b.candidates().size() - 1));
    h.append("</tbody></table></div>\n");
  }

  /** The median time and passes of every (d, M), a grid per N; nothing when there is no best. */
  static void grids(StringBuilder h, RawResults raw) {
    List<Best> bests = of(raw);
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
    h.append("<tr><th>").append(ReportPage.esc(what)).append("</th>");
    bests.forEach(b -> h.append("<td>").append(ReportPage.esc(cell.apply(b))).append("</td>"));
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
        .append(ReportPage.esc(caption.toString()))
        .append("</caption>\n<thead><tr><th>M</th><th>runs</th>");
    ds.forEach(d -> h.append("<th>d = ").append(Numbers.grouped(d)).append("</th>"));
    h.append("</tr></thead>\n<tbody>\n");
    for (double m : ms) {
      Set<String> runs = new LinkedHashSet<>();
      at.values().stream().filter(c -> c.m() == m).forEach(c -> runs.add(c.runs()));
      h.append("<tr><th>")
          .append(Numbers.ints(m))
          .append("</th><td>")
          .append(runs.size() == 1 ? ReportPage.esc(runs.iterator().next()) : "")
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
              .append(ReportPage.esc(c.passes()))
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
