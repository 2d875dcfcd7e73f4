package org.secmem.report.advice;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.secmem.report.stats.Statistics;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * Which d and M sort fastest in a results file (seeds/000 Table 9), as findings: for each group of
 * sort configurations that differ in d and M only (one N, one read/write pair, preset or other
 * setting), every (d, M) with its measured runs, fastest first, and whether the best and the
 * runner-up are within noise ({@link Advice#withinNoise(List, List)}: the bootstrap interval of the
 * ratio of their medians includes 1, the advice's test). {@link SortBestTable} draws them on the
 * report page; {@link SortAdvice} judges them against the cost model.
 *
 * <p>Only measured runs count: warm-ups are left out, as in the summary. Runs and passes are the
 * values every measured run of a configuration records (they follow from N, M and d), blank when
 * the file has none.
 */
final class SortBest {

  private SortBest() {}

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

    /**
     * Whether both were repeated and the bootstrap interval of the ratio of their medians includes
     * 1: the advice's test ({@link Advice#withinNoise(Candidate, Candidate)}), so that the page
     * says "within noise" of a pair in one sense only.
     */
    boolean withinNoise() {
      return runnerUp().map(r -> Advice.withinNoise(r, best())).orElse(false);
    }

    /** How many configurations other than the best are within noise of it. */
    long othersWithinNoise() {
      return candidates.stream().skip(1).filter(c -> Advice.withinNoise(c, best())).count();
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
}
