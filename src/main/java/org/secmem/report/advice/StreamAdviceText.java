package org.secmem.report.advice;

import static org.secmem.report.advice.Advice.ENOUGH_REPS;
import static org.secmem.report.advice.Advice.MATERIAL_PERCENT;
import static org.secmem.report.advice.Advice.aligned;
import static org.secmem.report.advice.Advice.describe;
import static org.secmem.report.advice.Advice.mib;
import static org.secmem.report.advice.Advice.range;
import static org.secmem.report.advice.Advice.repsToSeparate;
import static org.secmem.report.advice.Advice.times;

import java.util.ArrayList;
import java.util.List;
import org.secmem.report.advice.StreamAdvice.Point;
import org.secmem.report.advice.StreamAdvice.TypeResult;
import org.secmem.results.Numbers;

/**
 * The text of a stream group's advice ({@link StreamAdvice}, which holds the findings): its block
 * for {@code secmem advise} and the report page, and its line at the end of {@code secmem run}.
 */
final class StreamAdviceText {

  private StreamAdviceText() {}

  /** " at B = 64 KiB", or nothing for a type that takes no B. */
  private static String atB(TypeResult t) {
    return t.usesB() ? " at B = " + Numbers.bytes(t.best().b()) : "";
  }

  /** The group's block of {@code secmem advise} and of the report page. */
  static List<String> text(StreamAdvice a) {
    List<String> out = new ArrayList<>();
    out.add(a.experiment() + (a.shown().isEmpty() ? "" : ", " + describe(a.settings(), a.shown())));
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("type", "best B", "MiB/s median (min\u2013max)", "reps", "knee B", "B swept"));
    for (TypeResult t : a.types()) {
      Point p = t.best();
      rows.add(
          List.of(
              t.type(),
              t.usesB() ? Numbers.bytes(p.b()) : "\u2013",
              range(p.mibPerS(), Advice::mib),
              Integer.toString(p.mibPerS().count()),
              t.knee().map(k -> Numbers.bytes(k.b())).orElse("\u2013"),
              swept(t)));
    }
    out.addAll(aligned("  ", rows));
    for (TypeResult t : a.types()) {
      t.knee()
          .filter(k -> t.kneeBelowBest())
          .ifPresent(
              k ->
                  out.add(
                      "  "
                          + t.type()
                          + ": B = "
                          + Numbers.bytes(k.b())
                          + " is within noise of the best and less than "
                          + MATERIAL_PERCENT
                          + "% below it ("
                          + mib(k.mibPerS().median())
                          + " vs "
                          + mib(t.best().mibPerS().median())
                          + " MiB/s): a larger buffer gains nothing"
                          + " measurable"));
    }
    out.add("  best type: " + verdict(a));
    a.toAdd().forEach(s -> out.add("  add: " + s.what()));
    return out;
  }

  private static String verdict(StreamAdvice a) {
    TypeResult b = a.best();
    String s = b.type() + atB(b) + ", " + mib(b.best().mibPerS().median()) + " MiB/s";
    if (a.runnerUp().isEmpty()) {
      return s + " (the only type measured)";
    }
    TypeResult r = a.runnerUp().get();
    String how =
        !a.repeated()
            ? "one run each: no spread to judge"
            : !a.withinNoise()
                ? "apart: beyond noise"
                : repsToSeparate(
                            Math.min(b.best().mibPerS().count(), r.best().mibPerS().count()),
                            a.ratio())
                        == 0
                    ? "within noise after " + ENOUGH_REPS + "+ repetitions: either will do"
                    : "within noise: not separable with these repetitions";
    return s + ", " + times(a.ratio()) + " the runner-up " + r.type() + atB(r) + " (" + how + ")";
  }

  /** The group on one line: the end of {@code secmem run}. */
  static String brief(StreamAdvice a) {
    TypeResult b = a.best();
    return a.experiment()
        + (a.shown().isEmpty() ? "" : " " + describe(a.settings(), a.shown()))
        + ": best "
        + b.type()
        + atB(b)
        + b.knee()
            .filter(k -> k != b.best())
            .map(k -> " (knee B = " + Numbers.bytes(k.b()) + ")")
            .orElse("")
        + ", "
        + mib(b.best().mibPerS().median())
        + " MiB/s"
        + a.runnerUp()
            .map(
                r ->
                    ", "
                        + times(a.ratio())
                        + " over "
                        + r.type()
                        + " ("
                        + (!a.repeated() ? "one run" : a.withinNoise() ? "within noise" : "apart")
                        + ")")
            .orElse("");
  }

  private static String swept(TypeResult t) {
    if (!t.usesB()) {
      return "";
    }
    List<Point> p = t.points();
    return p.size() == 1
        ? "one B"
        : Numbers.bytes(p.get(0).b())
            + ".."
            + Numbers.bytes(p.get(p.size() - 1).b())
            + " ("
            + p.size()
            + ")";
  }
}
