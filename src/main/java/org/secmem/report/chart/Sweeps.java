package org.secmem.report.chart;

import static org.secmem.report.chart.ChartPlanner.ENGINE_SERIES;
import static org.secmem.report.chart.ChartPlanner.PQ_SERIES;
import static org.secmem.report.chart.ChartPlanner.SORT_SERIES_EXTRAS;
import static org.secmem.report.chart.ChartPlanner.seriesColumns;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * Which rows of a results file form one sweep: the rows a sweep cell names together, or, for files
 * without one, runs of rows that vary one parameter from a common start.
 */
final class Sweeps {

  private Sweeps() {}

  static List<List<RawRow>> guessedSweeps(RawResults raw, List<RawRow> measured) {
    // A parameter line runs its types one after another (the type is the outer loop): a new line
    // starts where the experiment changes or a type comes back after another one.
    // Every type of a line starts at the same first point of the line's grid: a type that starts
    // elsewhere starts a new line too.
    List<String> settings = settingColumns(raw);
    List<List<RawRow>> lines = new ArrayList<>();
    List<RawRow> current = null;
    Set<String> seen = new LinkedHashSet<>();
    String last = null;
    String experiment = null;
    for (RawRow r : measured) {
      String e = r.get(ResultColumns.EXPERIMENT).trim();
      String series = seriesValue(raw, r);
      boolean newType = !series.equals(last);
      boolean comesBack = newType && seen.contains(series);
      boolean elsewhere = newType && current != null && !sameStart(current.get(0), r, settings);
      if (current == null || !e.equals(experiment) || comesBack || elsewhere) {
        current = new ArrayList<>();
        lines.add(current);
        seen.clear();
      }
      current.add(r);
      seen.add(series);
      last = series;
      experiment = e;
    }
    // One type alone cannot show where its lines meet: cut it where a second swept parameter
    // starts to vary, so that a B sweep followed by an N sweep are two sweeps.
    List<List<RawRow>> result = new ArrayList<>();
    for (List<RawRow> line : lines) {
      if (line.stream().map(r -> seriesValue(raw, r)).distinct().count() == 1) {
        result.addAll(oneVaryingParameter(raw, line));
      } else {
        result.add(line);
      }
    }
    return result;
  }

  private static String seriesValue(RawResults raw, RawRow r) {
    return seriesColumns(raw, r.get(ResultColumns.EXPERIMENT).trim()).stream()
        .map(c -> r.get(c).trim())
        .collect(Collectors.joining("/"));
  }

  /** The configuration columns other than the experiment and the series columns. */
  private static List<String> settingColumns(RawResults raw) {
    return raw.configurationColumns().stream()
        .filter(c -> !c.equals(ResultColumns.EXPERIMENT))
        .filter(c -> !c.equals(ResultColumns.STREAM))
        .filter(c -> !c.equals(ResultColumns.READ_STREAM))
        .filter(c -> !c.equals(ResultColumns.WRITE_STREAM))
        .filter(c -> !SORT_SERIES_EXTRAS.contains(c))
        .filter(c -> !ENGINE_SERIES.contains(c) && !c.equals("engine_version"))
        .filter(c -> !PQ_SERIES.contains(c))
        .toList();
  }

  /** Whether two rows agree on every setting, a blank swept parameter agreeing with any value. */
  private static boolean sameStart(RawRow a, RawRow b, List<String> settings) {
    for (String c : settings) {
      String x = a.get(c).trim();
      String y = b.get(c).trim();
      boolean notApplicable =
          ResultColumns.SWEPT_PARAMETERS.contains(c) && (x.isEmpty() || y.isEmpty());
      if (!x.equals(y) && !notApplicable) {
        return false;
      }
    }
    return true;
  }

  /** Consecutive rows that differ from the first in one swept parameter only. */
  static List<List<RawRow>> oneVaryingParameter(RawResults raw, List<RawRow> rows) {
    List<String> compared = settingColumns(raw);
    List<List<RawRow>> result = new ArrayList<>();
    List<RawRow> current = null;
    Map<String, String> reference = null;
    String varying = null;
    for (RawRow r : rows) {
      boolean joins = current != null;
      String newVarying = varying;
      if (joins) {
        for (String c : compared) {
          String ref = reference.getOrDefault(c, "");
          String v = r.get(c).trim();
          if (v.equals(ref)) {
            continue;
          }
          boolean swept = ResultColumns.SWEPT_PARAMETERS.contains(c);
          if (swept && (v.isEmpty() || ref.isEmpty())) {
            continue; // not applicable to this type: a wildcard
          }
          if (swept && (newVarying == null || newVarying.equals(c))) {
            newVarying = c;
            continue;
          }
          joins = false;
          break;
        }
      }
      if (!joins) {
        current = new ArrayList<>();
        result.add(current);
        reference = new HashMap<>();
        newVarying = null;
      }
      varying = newVarying;
      for (String c : compared) {
        String v = r.get(c).trim();
        if (!v.isEmpty() && reference.getOrDefault(c, "").isEmpty()) {
          reference.put(c, v);
        }
      }
      current.add(r);
    }
    return result;
  }

  /**
   * secmem's own sort's settings that another engine's row (and the in-memory baseline's) leaves
   * blank: a blank there joins a group that agrees on everything else.
   */
}
