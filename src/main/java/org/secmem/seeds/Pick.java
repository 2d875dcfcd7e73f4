package org.secmem.seeds;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.secmem.seeds.Measurements.Samples;

/** Choosing configurations from measurements: one by selector, or a sweep over one parameter. */
final class Pick {

  private Pick() {}

  /** The best configuration (by median) that {@code sel} selects, with its samples. */
  static Optional<Samples> best(Measurements m, Selector sel, Metric metric) {
    Samples best = null;
    for (MeasuredConfiguration c : m.configurations()) {
      Samples s = sel.matches(c) ? m.of(c, metric) : null;
      if (s != null && (best == null || better(s.median(), best.median(), metric))) {
        best = s;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The best configuration of each selector, in order; empty when one selects none. */
  static Optional<List<Samples>> each(Measurements m, Metric metric, Selector... selectors) {
    List<Samples> all = new ArrayList<>();
    for (Selector sel : selectors) {
      Optional<Samples> s = best(m, sel, metric);
      if (s.isEmpty()) {
        return Optional.empty();
      }
      all.add(s.get());
    }
    return Optional.of(all);
  }

  /**
   * The sweep of {@code parameter} over the configurations {@code sel} selects: for each value of
   * the parameter (ascending), the best configuration's samples.
   */
  static TreeMap<Double, Samples> sweep(
      Measurements m, String parameter, Selector sel, Metric metric) {
    TreeMap<Double, Samples> sweep = new TreeMap<>();
    for (MeasuredConfiguration c : m.configurations()) {
      Optional<Double> v = c.number(parameter);
      Samples s = sel.matches(c) && v.isPresent() ? m.of(c, metric) : null;
      if (s != null) {
        sweep.merge(v.get(), s, (x, y) -> better(y.median(), x.median(), metric) ? y : x);
      }
    }
    return sweep;
  }

  /** The part of {@code sweep} with values in [lo, hi]. */
  static TreeMap<Double, Samples> within(TreeMap<Double, Samples> sweep, double lo, double hi) {
    return new TreeMap<>(sweep.subMap(lo, true, hi, true));
  }

  /** The value of {@code sweep} with the best median. */
  static double argBest(Map<Double, Samples> sweep, Metric metric) {
    Double best = null;
    for (Map.Entry<Double, Samples> e : sweep.entrySet()) {
      if (best == null || better(e.getValue().median(), sweep.get(best).median(), metric)) {
        best = e.getKey();
      }
    }
    return best;
  }

  static boolean better(double x, double y, Metric metric) {
    return metric.lowerIsBetter() ? x < y : x > y;
  }

  /** A parameter's value as people read it: b in bytes as "64 KiB", others as integers. */
  static String value(String parameter, double v) {
    long x = (long) v;
    if (x != v) {
      return String.format(Locale.ROOT, "%s", v);
    }
    if (parameter.equals("b") || parameter.equals("memory_limit")) {
      if (x >= 1 << 20 && x % (1 << 20) == 0) {
        return (x >> 20) + " MiB";
      }
      if (x >= 1024 && x % 1024 == 0) {
        return (x >> 10) + " KiB";
      }
      return x + " B";
    }
    return Long.toString(x);
  }

  /** "b = 64 KiB". */
  static String named(String parameter, double v) {
    return parameter + " = " + value(parameter, v);
  }
}
