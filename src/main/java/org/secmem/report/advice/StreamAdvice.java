package org.secmem.report.advice;

import static org.secmem.report.advice.Advice.B_SWEEP;
import static org.secmem.report.advice.Advice.ENOUGH_REPS;
import static org.secmem.report.advice.Advice.describe;
import static org.secmem.report.advice.Advice.level;
import static org.secmem.report.advice.Advice.number;
import static org.secmem.report.advice.Advice.repsToSeparate;
import static org.secmem.report.advice.Advice.shownColumns;
import static org.secmem.report.advice.Advice.times;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.secmem.report.stats.Statistics;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;
import org.secmem.stream.StreamType;

/**
 * The advice of one stream experiment at one setting of everything but type and B.
 *
 * @param experiment write or read
 * @param settings the group's other settings (n, k, cache, sync ...), in header order
 * @param shown the settings worth naming (n, k, and those that differ between groups)
 * @param types every type, best median first
 * @param toAdd what to add to the sweep for this group
 */
record StreamAdvice(
    String experiment,
    Map<String, String> settings,
    List<String> shown,
    List<TypeResult> types,
    List<Suggestion> toAdd) {

  StreamAdvice {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    shown = List.copyOf(shown);
    types = List.copyOf(types);
    toAdd = List.copyOf(toAdd);
  }

  TypeResult best() {
    return types.get(0);
  }

  Optional<TypeResult> runnerUp() {
    return types.size() < 2 ? Optional.empty() : Optional.of(types.get(1));
  }

  /** The best type's median over the runner-up's (1 or more). */
  double ratio() {
    return runnerUp()
        .map(r -> best().best().mibPerS().median() / r.best().mibPerS().median())
        .orElse(1.0);
  }

  boolean withinNoise() {
    return runnerUp().map(r -> Advice.withinNoise(best().best(), r.best())).orElse(false);
  }

  boolean repeated() {
    return runnerUp()
        .map(r -> r.best().mibPerS().count() > 1 && best().best().mibPerS().count() > 1)
        .orElse(false);
  }

  static List<StreamAdvice> of(RawResults raw, Optional<String> only) {
    List<String> groupColumns =
        raw.configurationColumns().stream()
            .filter(
                c ->
                    !c.equals(ResultColumns.EXPERIMENT)
                        && !c.equals(ResultColumns.STREAM)
                        && !c.equals(ResultColumns.B))
            .toList();
    // experiment -> settings -> type -> rows
    Map<String, Map<Map<String, String>, Map<String, List<RawRow>>>> byExperiment =
        new LinkedHashMap<>();
    for (RawRow r : raw.measuredRows()) {
      String e = r.get(ResultColumns.EXPERIMENT).trim();
      if (!(e.equals("write") || e.equals("read"))
          || only.filter(o -> !o.equals(e)).isPresent()
          || !r.has(ResultColumns.STREAM)
          || r.mibPerS().isEmpty()) {
        continue;
      }
      Map<String, String> key = new LinkedHashMap<>();
      groupColumns.forEach(c -> key.put(c, r.get(c).trim()));
      byExperiment
          .computeIfAbsent(e, k -> new LinkedHashMap<>())
          .computeIfAbsent(key, k -> new LinkedHashMap<>())
          .computeIfAbsent(r.get(ResultColumns.STREAM).trim(), k -> new ArrayList<>())
          .add(r);
    }
    List<StreamAdvice> out = new ArrayList<>();
    byExperiment.forEach(
        (e, groups) -> {
          List<String> shown = shownColumns(new ArrayList<>(groups.keySet()));
          List<StreamAdvice> own = new ArrayList<>();
          Map<Map<String, String>, List<TypeResult>> typesOf = new LinkedHashMap<>();
          groups.forEach(
              (settings, byType) -> {
                List<TypeResult> types = new ArrayList<>();
                byType.forEach((type, rows) -> types.add(typeResult(type, rows)));
                types.sort(
                    Comparator.comparingDouble((TypeResult t) -> t.best().mibPerS().median())
                        .reversed());
                typesOf.put(settings, types);
              });
          // Types whose B this experiment sweeps somewhere (quick.csv: a B line at k = 1 beside a
          // k line at one B): the one-B groups need no advice to sweep b.
          Set<String> bSwept =
              typesOf.values().stream()
                  .flatMap(List::stream)
                  .filter(t -> t.usesB() && t.points().size() > 1)
                  .map(TypeResult::type)
                  .collect(Collectors.toSet());
          typesOf.forEach(
              (settings, types) ->
                  own.add(
                      new StreamAdvice(e, settings, shown, types, List.of()).withToAdd(bSwept)));
          // by N, then k, as a reader looks them up (file order when they are not numbers)
          own.sort(
              Comparator.comparingDouble(
                      (StreamAdvice a) -> number(a.settings().get(ResultColumns.N)).orElse(0))
                  .thenComparingDouble(a -> number(a.settings().get(ResultColumns.K)).orElse(0)));
          out.addAll(own);
        });
    return out;
  }

  private static TypeResult typeResult(String type, List<RawRow> rows) {
    boolean usesB = rows.stream().allMatch(r -> r.has(ResultColumns.B));
    try {
      usesB &= StreamType.parse(type).usesBufferSize();
    } catch (IllegalArgumentException e) {
      // a type this version does not know: trust the b column
    }
    TreeMap<Double, List<Double>> byB = new TreeMap<>();
    for (RawRow r : rows) {
      double b = usesB ? r.number(ResultColumns.B).getAsDouble() : Double.NaN;
      byB.computeIfAbsent(b, k -> new ArrayList<>()).add(r.mibPerS().getAsDouble());
    }
    List<Point> points = new ArrayList<>();
    byB.forEach((b, v) -> points.add(new Point(b, v)));
    Point best =
        points.stream().max(Comparator.comparingDouble(p -> p.mibPerS().median())).orElseThrow();
    Optional<Point> knee = Optional.empty();
    if (usesB && points.size() > 1 && best.mibPerS().count() > 1) {
      knee = points.stream().filter(p -> p == best || level(p, best)).findFirst();
    }
    return new TypeResult(type, usesB, points, best, knee);
  }

  /**
   * This advice with what to measure next; {@code bSwept}: the types whose B the file sweeps in
   * another group of the experiment, which are not asked to sweep it here.
   */
  private StreamAdvice withToAdd(Set<String> bSwept) {
    List<Suggestion> add = new ArrayList<>();
    String where = experiment + " " + describe(settings, shown);
    List<String> oneB =
        types.stream()
            .filter(t -> t.usesB() && t.points().size() == 1 && !bSwept.contains(t.type()))
            .map(TypeResult::type)
            .toList();
    if (!oneB.isEmpty()) {
      add.add(
          new Suggestion(
              where, "one B only for " + String.join(", ", oneB) + ": sweep b, e.g. " + B_SWEEP));
    }
    // a buffer as large as a file holds it whole: a larger one changes nothing
    double fileBytes = 4 * number(settings.get(ResultColumns.N)).orElse(Double.MAX_VALUE / 8);
    // one line per edge and B, naming every type there (a sweep of two B has them all)
    Map<Double, List<String>> top = new TreeMap<>();
    Map<Double, List<String>> bottom = new TreeMap<>();
    for (TypeResult t : types) {
      // A type with a knee below its best has its verdict (a larger buffer gains nothing
      // measurable): no second, contrary one to extend b.
      if (t.bestAtTop() && t.stillRising() && !t.kneeBelowBest() && t.best().b() < fileBytes) {
        top.computeIfAbsent(t.best().b(), k -> new ArrayList<>()).add(t.type());
      } else if (t.bestAtBottom() && t.stillRising()) {
        bottom.computeIfAbsent(t.best().b(), k -> new ArrayList<>()).add(t.type());
      }
    }
    top.forEach((b, ts) -> add.add(edge(where, ts, "still faster at the largest", b, "beyond")));
    bottom.forEach((b, ts) -> add.add(edge(where, ts, "fastest at the smallest", b, "below")));
    boolean once =
        types.stream().flatMap(t -> t.points().stream()).anyMatch(p -> p.mibPerS().count() < 2);
    if (once) {
      add.add(
          new Suggestion(
              where,
              "one run per configuration, so no spread to judge: add repetitions"
                  + " (--reps "
                  + ENOUGH_REPS
                  + ")"));
    } else {
      int reps =
          Math.min(
              best().best().mibPerS().count(),
              runnerUp().map(r -> r.best().mibPerS().count()).orElse(Integer.MAX_VALUE));
      int more = withinNoise() ? repsToSeparate(reps, ratio()) : 0;
      if (more > 0) {
        add.add(
            new Suggestion(
                where,
                best().type()
                    + " and "
                    + runnerUp().orElseThrow().type()
                    + " are within noise ("
                    + times(ratio())
                    + " in the median): add repetitions"
                    + " (--reps "
                    + more
                    + ") to separate them"
                    + (more > ENOUGH_REPS ? ", or run on a quieter machine" : "")));
      }
    }
    if (types.size() == 1) {
      add.add(
          new Suggestion(
              where,
              "only "
                  + best().type()
                  + " was measured: to choose a type, sweep"
                  + " stream, e.g. stream=user-buffer|mapped|channel|async"));
    }
    return new StreamAdvice(experiment, settings, shown, types, add);
  }

  /**
   * One B of one type: the MiB/s of its repetitions, in file order; {@code b} is NaN for a type
   * without B.
   */
  record Point(double b, List<Double> values) {

    Point {
      values = List.copyOf(values);
    }

    Statistics mibPerS() {
      return Statistics.of(values);
    }
  }

  /**
   * One stream type of a group.
   *
   * @param type the type's CLI name
   * @param usesB whether B changes what it does (false for simple and buffered, or no b recorded)
   * @param points its B in ascending order (one point of B = NaN when it ignores B)
   * @param best the point of the best median MiB/s
   * @param knee the knee (see {@link Advice}), empty when it ignores B, has one B, or ran once
   */
  record TypeResult(
      String type, boolean usesB, List<Point> points, Point best, Optional<Point> knee) {

    TypeResult {
      points = List.copyOf(points);
    }

    boolean bestAtTop() {
      return usesB && points.size() > 1 && best == points.get(points.size() - 1);
    }

    boolean bestAtBottom() {
      return usesB && points.size() > 1 && best == points.get(0);
    }

    /** Whether a smaller B than the best is within noise of it: the knee the advice names. */
    boolean kneeBelowBest() {
      return knee.isPresent() && knee.get() != best;
    }

    /** Whether the neighbour of the best inside the range is not level with it (see level). */
    boolean stillRising() {
      int i = points.indexOf(best);
      int j = bestAtTop() ? i - 1 : i + 1;
      return !level(points.get(j), best);
    }
  }

  /** {@code where: a, b are <at> B (64 KiB): extend b <direction> it}. */
  private static Suggestion edge(
      String where, List<String> types, String at, double b, String direction) {
    return new Suggestion(
        where,
        String.join(", ", types)
            + (types.size() == 1 ? " is " : " are ")
            + at
            + " B ("
            + Numbers.bytes(b)
            + "): extend b "
            + direction
            + " it");
  }
}
