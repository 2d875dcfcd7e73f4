package org.secmem.report.advice;

import static org.secmem.report.advice.Advice.aligned;
import static org.secmem.report.advice.Advice.describe;
import static org.secmem.report.advice.Advice.plural;
import static org.secmem.report.advice.Advice.range;
import static org.secmem.report.advice.Advice.times;
import static org.secmem.report.advice.SortAdvice.fanIn;
import static org.secmem.report.advice.SortAdvice.ios;
import static org.secmem.report.advice.SortAdvice.n;
import static org.secmem.report.advice.SortAdvice.passes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.secmem.report.advice.SortBest.Candidate;
import org.secmem.results.Numbers;
import org.secmem.sort.CostModel;

/**
 * The text of a sort group's advice ({@link SortAdvice}, which holds the findings): its block for
 * {@code secmem advise} and the report page, and its line at the end of {@code secmem run}.
 */
final class SortAdviceText {

  private SortAdviceText() {}

  private static String modelCost(SortAdvice a, Candidate c) {
    OptionalDouble ios = ios(a.best(), c);
    return plural(passes(a.best(), c), "pass", "passes")
        + (ios.isPresent() ? ", " + Numbers.grouped(ios.getAsDouble()) + " I/Os" : "");
  }

  /** The group's block of {@code secmem advise} and of the report page. */
  static List<String> text(SortAdvice a) {
    List<String> out = new ArrayList<>();
    String settings = describe(a.best().group(), a.shown());
    out.add("sort" + (settings.isEmpty() ? "" : ", " + settings));
    Candidate b = a.best().best();
    List<List<String>> rows = new ArrayList<>();
    rows.add(
        List.of(
            "",
            "(d, M)",
            "median ms (min\u2013max)",
            "reps",
            "passes done",
            "model: passes, I/Os"));
    rows.add(row(a, "measured best", b));
    a.best().runnerUp().ifPresent(r -> rows.add(row(a, "runner-up", r)));
    Candidate m = a.model();
    if (m != b) {
      rows.add(row(a, "model optimum", m));
    }
    out.addAll(aligned("  ", rows));
    if (a.optima().size() > 1) {
      out.add(
          "  the model ties "
              + a.optima().size()
              + " (d, M) at "
              + plural(passes(a.best(), m), "pass", "passes")
              + "; shown: the smallest M, then the"
              + " smallest d");
    }
    if (b.m() >= n(a.best())) {
      out.add("  M \u2265 N: one run, no merge pass, so d does not matter at the best");
    }
    runsNote(a, b).ifPresent(out::add);
    FloorLine.of("the best", b.rows(), b.stats().median()).ifPresent(out::add);
    a.best()
        .runnerUp()
        .ifPresent(
            r ->
                out.add(
                    "  runner-up: "
                        + times(a.best().ratio())
                        + " the best, "
                        + (!a.best().repeated()
                            ? "one run each: no spread to judge"
                            : Advice.withinNoise(a.best().best(), r) ? "within noise" : "apart")));
    out.add("  verdict: " + verdictText(a));
    a.unlike()
        .ifPresent(
            u ->
                out.add(
                    "  but the model cannot rank its optima, and they are not"
                        + " alike: "
                        + SortAdvice.label(u)
                        + " took "
                        + times(u.stats().median() / b.stats().median())
                        + " the best's time"));
    a.reasons().forEach(r -> out.add("    likely: " + r.line()));
    out.addAll(bestDPerM(a));
    a.toAdd().forEach(s -> out.add("  add: " + s.what()));
    return out;
  }

  /**
   * Why "passes done" can differ from the model's: the sort formed another number of runs than the
   * model's ⌈N/M⌉ (the fast preset's memory plan gives part of M to its buffers and workers, so its
   * runs are shorter than M); empty when they agree or the runs are not recorded.
   */
  private static Optional<String> runsNote(SortAdvice a, Candidate c) {
    long model = CostModel.runs(n(a.best()), (long) c.m());
    try {
      long formed = Long.parseLong(c.runs().trim());
      if (formed == model) {
        return Optional.empty();
      }
      return Optional.of(
          "  the sort formed "
              + Numbers.grouped(formed)
              + " runs where the model"
              + " counts \u2308N/M\u2309 = "
              + Numbers.grouped(model)
              + " (its memory plan keeps part"
              + " of M for buffers and workers, so its runs are shorter than M): passes done follow"
              + " the runs formed");
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * The fastest d at each M that forms more than one run, for a reader whose memory is limited:
   * nothing when the group sweeps one d or one such M.
   */
  static List<String> bestDPerM(SortAdvice a) {
    Map<Double, Candidate> fastest = new TreeMap<>();
    Set<Double> ds = new TreeSet<>();
    for (Candidate c : a.best().candidates()) { // fastest first: the first of each M wins
      if (CostModel.runs(n(a.best()), (long) c.m()) > 1) {
        fastest.putIfAbsent(c.m(), c);
        ds.add(c.d());
      }
    }
    if (fastest.size() < 2 || ds.size() < 2) {
      return List.of();
    }
    List<List<String>> rows = new ArrayList<>();
    rows.add(
        List.of("with memory M", "runs", "fastest d", "merges at once", "median ms", "passes"));
    fastest
        .values()
        .forEach(
            c ->
                rows.add(
                    List.of(
                        Numbers.ints(c.m()),
                        Numbers.grouped(CostModel.runs(n(a.best()), (long) c.m())),
                        Numbers.grouped(c.d()),
                        Long.toString(fanIn(a.best(), c)),
                        SortBestTable.ms(c.stats().median()),
                        Integer.toString(passes(a.best(), c)))));
    List<String> out = new ArrayList<>();
    out.add(
        "  if memory is limited, the fastest d at each M that merges (any d at or above the"
            + " runs merges them all at once):");
    out.addAll(aligned("    ", rows));
    return out;
  }

  private static List<String> row(SortAdvice a, String what, Candidate c) {
    return List.of(
        what,
        SortAdvice.label(c),
        range(c.stats(), SortBestTable::ms),
        Integer.toString(c.stats().count()),
        c.passes().isEmpty() ? "\u2013" : c.passes(),
        modelCost(a, c));
  }

  private static String verdictText(SortAdvice a) {
    Candidate b = a.best().best();
    Candidate m = a.model();
    return switch (a.verdict()) {
      case NONE -> "one (d, M) measured: nothing to choose between";
      case AGREE ->
          "measurement and model agree: the fastest (d, M) is "
              + (a.optima().size() > 1 ? "one of the model's optima" : "the model's optimum");
      case AGREE_WITHIN_NOISE ->
          "agree within noise: the model's optimum "
              + a.optima().stream()
                  .filter(o -> Advice.withinNoise(o, b))
                  .findFirst()
                  .map(SortAdvice::label)
                  .orElse(SortAdvice.label(m))
              + " is within noise of the fastest";
      case DISAGREE ->
          "measurement and model disagree: the model's optimum "
              + SortAdvice.label(m)
              + " ("
              + plural(passes(a.best(), m), "pass", "passes")
              + ") took "
              + times(m.stats().median() / b.stats().median())
              + " the time of the fastest "
              + SortAdvice.label(b)
              + " ("
              + plural(passes(a.best(), b), "pass", "passes")
              + ")"
              + (Math.min(m.stats().count(), b.stats().count()) < 2
                  ? "; one run each, so noise cannot be ruled out"
                  : "");
    };
  }

  /** The group on one line: the end of {@code secmem run}. */
  static String brief(SortAdvice a) {
    Candidate b = a.best().best();
    String settings = describe(a.best().group(), a.shown());
    String s =
        "sort"
            + (settings.isEmpty() ? "" : " " + settings)
            + ": best "
            + SortAdvice.label(b)
            + " ("
            + SortBestTable.ms(b.stats().median())
            + " ms)";
    if (a.verdict() == SortAdvice.Verdict.NONE) {
      return s;
    }
    String why = String.join("; ", a.reasons().stream().map(SortAdvice.Reason::name).toList());
    return s
        + "; model "
        + SortAdvice.label(a.model())
        + ": "
        + switch (a.verdict()) {
          case AGREE ->
              "agree"
                  + a.unlike()
                      .map(
                          u ->
                              ", but its "
                                  + a.optima().size()
                                  + " tied optima"
                                  + " took up to "
                                  + times(u.stats().median() / b.stats().median())
                                  + " the best's"
                                  + " time ("
                                  + why
                                  + ")")
                      .orElse("");
          case AGREE_WITHIN_NOISE -> "agree within noise";
          default -> "disagree (" + why + ")";
        };
  }
}
