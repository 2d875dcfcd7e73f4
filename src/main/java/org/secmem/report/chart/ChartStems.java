package org.secmem.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.secmem.results.ResultColumns;

/** The charts' file names: one stem each, however many sweeps chart the same thing. */
final class ChartStems {

  private ChartStems() {}

  /**
   * Charts of the same experiment, metric and x from different sweeps get the values that tell them
   * apart in their file names ({@code read-time-vs-n-b4096}), else a number.
   */
  static List<ChartSpec> unique(List<ChartSpec> specs) {
    Map<String, List<ChartSpec>> byStem = new LinkedHashMap<>();
    specs.forEach(s -> byStem.computeIfAbsent(s.fileStem(), k -> new ArrayList<>()).add(s));
    Map<ChartSpec, String> stems = new IdentityHashMap<>(); // equal plans may repeat
    for (List<ChartSpec> same : byStem.values()) {
      if (same.size() == 1) {
        stems.put(same.get(0), same.get(0).fileStem());
        continue;
      }
      Set<String> keys = new LinkedHashSet<>();
      same.forEach(s -> keys.addAll(s.fixed().keySet()));
      List<String> differing =
          keys.stream()
              .filter(k -> same.stream().map(s -> s.fixed().get(k)).distinct().count() > 1)
              .sorted(
                  Comparator.comparingInt(
                      k -> {
                        int i = ResultColumns.SWEPT_PARAMETERS.indexOf(k);
                        return i < 0 ? 100 : i;
                      }))
              .toList();
      Map<String, Integer> seen = new HashMap<>();
      for (ChartSpec s : same) {
        StringBuilder sb = new StringBuilder(s.fileStem());
        for (String k : differing) {
          String v = s.fixed().get(k);
          if (v != null) {
            sb.append('-').append(ChartPlanner.safe(k)).append(ChartPlanner.safe(v));
          }
        }
        String stem = sb.toString();
        int n = seen.merge(stem, 1, Integer::sum);
        stems.put(s, n == 1 ? stem : stem + "-" + n);
      }
    }
    List<ChartSpec> result = new ArrayList<>();
    for (ChartSpec s : specs) {
      String stem = stems.get(s);
      result.add(Objects.equals(stem, s.fileStem()) ? s : s.withStem(stem));
    }
    return result;
  }
}
