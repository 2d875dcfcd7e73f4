package org.secmem.report.advice;

import static org.secmem.report.advice.Advice.ENOUGH_REPS;
import static org.secmem.report.advice.Advice.MATERIAL_PERCENT;
import static org.secmem.report.advice.Advice.describe;
import static org.secmem.report.advice.Advice.plural;
import static org.secmem.report.advice.Advice.repsToSeparate;
import static org.secmem.report.advice.Advice.shownColumns;
import static org.secmem.report.advice.Advice.times;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;
import org.secmem.report.advice.SortBest.Best;
import org.secmem.report.advice.SortBest.Candidate;
import org.secmem.report.stats.Statistics;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;
import org.secmem.sort.CostModel;

/**
 * The advice of one sort group (one N, and one of every other setting but d and M).
 *
 * @param best the group's (d, M), measured best first (from {@link SortBestTable})
 * @param shown the settings worth naming
 * @param optima the (d, M) of the fewest predicted I/Os, the one shown first
 * @param verdict whether measurement and model agree
 * @param reasons the likely reasons of a disagreement (or of {@code unlike})
 * @param toAdd what to add to the sweep for this group
 * @param unlike when the measured best is one of several optima: the slowest optimum, when it is
 *     beyond noise and {@value #MATERIAL_PERCENT}% slower (the model cannot rank them)
 */
record SortAdvice(
    Best best,
    List<String> shown,
    List<Candidate> optima,
    Verdict verdict,
    List<Reason> reasons,
    List<Suggestion> toAdd,
    Optional<Candidate> unlike) {

  SortAdvice {
    shown = List.copyOf(shown);
    optima = List.copyOf(optima);
    reasons = List.copyOf(reasons);
    toAdd = List.copyOf(toAdd);
  }

  Candidate model() {
    return optima.get(0);
  }

  /** Whether the group has more than one (d, M) to choose between. */
  boolean chooses() {
    return best.candidates().size() > 1;
  }

  static List<SortAdvice> of(RawResults raw) {
    // the model needs d >= 2 and M >= 1 (what secmem runs); a hand-edited file may hold less
    List<Best> groups =
        SortBest.groups(raw).stream()
            .filter(g -> g.candidates().stream().allMatch(c -> c.d() >= 2 && c.m() >= 1))
            .toList();
    List<String> shown = shownColumns(groups.stream().map(Best::group).toList());
    shown.remove(ResultColumns.K);
    return groups.stream().map(g -> advise(g, shown)).toList();
  }

  static long n(Best b) {
    return (long) Double.parseDouble(b.group().getOrDefault(ResultColumns.N, "0"));
  }

  static OptionalDouble bufferBytes(Best b) {
    String v = b.group().getOrDefault(ResultColumns.B, "").trim();
    return v.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(v));
  }

  /** Runs one merge combines at most: d, or fewer when M leaves fewer runs (1: no merge). */
  static long fanIn(Best b, Candidate c) {
    return Math.min((long) c.d(), CostModel.runs(n(b), (long) c.m()));
  }

  static int passes(Best b, Candidate c) {
    return CostModel.passes(n(b), (long) c.m(), (int) c.d());
  }

  static OptionalDouble ios(Best b, Candidate c) {
    OptionalDouble bytes = bufferBytes(b);
    return bytes.isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of(
            CostModel.predictedBlockTransfers(
                n(b), (long) c.m(), (int) c.d(), (int) bytes.getAsDouble()));
  }

  private static SortAdvice advise(Best g, List<String> shown) {
    Comparator<Candidate> model =
        Comparator.comparingInt((Candidate c) -> passes(g, c))
            .thenComparingDouble(Candidate::m)
            .thenComparingDouble(Candidate::d);
    List<Candidate> byModel = new ArrayList<>(g.candidates());
    byModel.sort(model);
    int fewest = passes(g, byModel.get(0));
    List<Candidate> optima = byModel.stream().filter(c -> passes(g, c) == fewest).toList();
    Candidate best = g.best();
    Verdict verdict;
    List<Reason> reasons = new ArrayList<>();
    Optional<Candidate> unlike = Optional.empty();
    if (g.candidates().size() == 1) {
      verdict = Verdict.NONE;
    } else if (optima.contains(best)) {
      verdict = Verdict.AGREE;
      // the model ties its optima; say when they are far from alike, and why
      Candidate slowest =
          optima.stream().max(Comparator.comparingDouble(c -> c.stats().median())).orElseThrow();
      if (slowest != best
          && !Advice.withinNoise(slowest, best)
          && slowest.stats().median() >= (1 + MATERIAL_PERCENT / 100.0) * best.stats().median()) {
        unlike = Optional.of(slowest);
        reasons.addAll(reasons(g, best, slowest, false));
      }
    } else if (optima.stream().anyMatch(o -> Advice.withinNoise(o, best))) {
      verdict = Verdict.AGREE_WITHIN_NOISE;
    } else {
      verdict = Verdict.DISAGREE;
      reasons.addAll(reasons(g, best, optima.get(0), true));
    }
    List<Suggestion> add = toAdd(g, shown, best);
    return new SortAdvice(g, shown, optima, verdict, reasons, add, unlike);
  }

  /**
   * Why the measured best ran faster than {@code other}, a (d, M) the model ranks as high or
   * higher: with more passes ({@code morePasses}) the page cache may have served them; at a smaller
   * d the merge's CPU, at a smaller M the run sort's.
   */
  private static List<Reason> reasons(Best g, Candidate best, Candidate other, boolean morePasses) {
    List<Reason> out = new ArrayList<>();
    long inputBytes = 4L * n(g);
    int extra = passes(g, best) - passes(g, other);
    // Whether a reason explains the gap: "nothing recorded" does not.
    boolean explained = false;
    if (morePasses) {
      OptionalDouble storage = median(g.candidates(), "storage_read_bytes");
      if (storage.isEmpty()) {
        out.add(
            new Reason(
                "no storage_read_bytes recorded",
                "cannot tell whether the page cache served the passes"));
      } else if (storage.getAsDouble() < 0.01 * inputBytes) {
        explained = true;
        out.add(
            new Reason(
                "page cache",
                "the sorts read "
                    + Numbers.bytes(storage.getAsDouble())
                    + " (median) from storage for an input of "
                    + Numbers.bytes(inputBytes)
                    + ", so an extra pass costs memory copies, not the disk transfers the model"
                    + " counts"));
      }
    }
    long wayBest = fanIn(g, best);
    long wayOther = fanIn(g, other);
    if (wayBest < wayOther) {
      explained = true;
      out.add(
          new Reason(
              "CPU-bound merge",
              "merging k runs at once costs about log2 k heap comparisons per"
                  + " int, and a wider heap misses the CPU cache; the best merges "
                  + wayBest
                  + " at a time ("
                  + label(best)
                  + ", "
                  + CostModel.runs(n(g), (long) best.m())
                  + " runs), the other "
                  + wayOther
                  + " ("
                  + label(other)
                  + ")"
                  + (extra > 0 ? ", despite " + plural(extra, "more pass", "more passes") : "")
                  + phase(best, other, "merge_ns", "merge")));
    }
    if (best.m() < other.m()) {
      explained = true;
      out.add(
          new Reason(
              "run formation",
              "sorting runs of M ints costs about log2 M comparisons per int,"
                  + " and smaller runs sort in cache; M = "
                  + Numbers.ints(best.m())
                  + " beat M = "
                  + Numbers.ints(other.m())
                  + phase(best, other, "run_formation_ns", "run formation")));
    }
    if (!explained) {
      out.add(
          new Reason(
              "uncounted work",
              "the model counts block transfers only, and the time went elsewhere"
                  + phase(best, other, "merge_ns", "merge")
                  + phase(best, other, "run_formation_ns", "run formation")));
    } else {
      gap(best, other).ifPresent(out::add);
    }
    return out;
  }

  /**
   * Where the gap between the two went, the larger phase first, when both phases' times are
   * recorded: the measured answer beside the reasons above, which are the model's blind spots.
   */
  private static Optional<Reason> gap(Candidate best, Candidate other) {
    OptionalDouble rfBest = median(List.of(best), "run_formation_ns");
    OptionalDouble rfOther = median(List.of(other), "run_formation_ns");
    OptionalDouble mBest = median(List.of(best), "merge_ns");
    OptionalDouble mOther = median(List.of(other), "merge_ns");
    if (rfBest.isEmpty() || rfOther.isEmpty() || mBest.isEmpty() || mOther.isEmpty()) {
      return Optional.empty();
    }
    double rf = (rfOther.getAsDouble() - rfBest.getAsDouble()) / 1e6;
    double merge = (mOther.getAsDouble() - mBest.getAsDouble()) / 1e6;
    String a = "run formation " + signed(rf) + " ms";
    String b = "merge " + signed(merge) + " ms";
    return Optional.of(
        new Reason(
            "where the time went (" + label(other) + " against the best)",
            Math.abs(rf) >= Math.abs(merge) ? a + ", " + b : b + ", " + a));
  }

  private static String signed(double ms) {
    return (ms >= 0 ? "+" : "-") + SortBestTable.ms(Math.abs(ms));
  }

  /** " (merge: 120 ms vs 180 ms)" from a phase's time column, when both have it. */
  private static String phase(Candidate best, Candidate model, String column, String name) {
    OptionalDouble a = median(List.of(best), column);
    OptionalDouble b = median(List.of(model), column);
    if (a.isEmpty() || b.isEmpty()) {
      return "";
    }
    return " ("
        + name
        + ": "
        + SortBestTable.ms(a.getAsDouble() / 1e6)
        + " ms vs "
        + SortBestTable.ms(b.getAsDouble() / 1e6)
        + " ms)";
  }

  private static OptionalDouble median(List<Candidate> cs, String column) {
    List<Double> v = new ArrayList<>();
    for (Candidate c : cs) {
      for (RawRow r : c.rows()) {
        try {
          r.number(column).ifPresent(v::add);
        } catch (IllegalArgumentException e) {
          // text in a measurement column: not a number to use
        }
      }
    }
    return v.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(Statistics.of(v).median());
  }

  private static List<Suggestion> toAdd(Best g, List<String> shown, Candidate best) {
    List<Suggestion> add = new ArrayList<>();
    String where = "sort " + describe(g.group(), shown);
    TreeSet<Double> ds = new TreeSet<>();
    TreeSet<Double> ms = new TreeSet<>();
    g.candidates()
        .forEach(
            c -> {
              ds.add(c.d());
              ms.add(c.m());
            });
    if (ds.size() == 1) {
      add.add(
          new Suggestion(
              where,
              "one d only (" + Numbers.grouped(best.d()) + "): sweep d, e.g. d=2|4|16|64|256"));
    }
    if (ms.size() == 1) {
      // from some 256 runs to one or two, in powers of 4
      int top = Math.max(4, 63 - Long.numberOfLeadingZeros(Math.max(1, n(g))));
      add.add(
          new Suggestion(
              where,
              "one M only ("
                  + Numbers.ints(best.m())
                  + "): sweep m, e.g. m=2^"
                  + Math.max(2, top - 8)
                  + "..2^"
                  + top
                  + " x4"));
    }
    long n = n(g);
    long runs = CostModel.runs(n, (long) best.m());
    if (ds.size() > 1 && g.candidates().size() > 1) {
      double lo = ds.first();
      double hi = ds.last();
      if (runs <= 1) {
        // one run at the best M: no merge, d changes nothing
      } else if (best.d() == hi && runs > best.d()) {
        add.add(
            new Suggestion(
                where,
                "fastest at the largest d swept ("
                    + Numbers.grouped(hi)
                    + "): extend d beyond it"));
      } else if (best.d() == lo && lo > 2) {
        add.add(
            new Suggestion(
                where,
                "fastest at the smallest d swept ("
                    + Numbers.grouped(lo)
                    + "): extend d below it"));
      }
    }
    if (ms.size() > 1 && g.candidates().size() > 1) {
      double lo = ms.first();
      double hi = ms.last();
      if (best.m() == hi && hi < n) {
        add.add(
            new Suggestion(
                where,
                "fastest at the largest M swept ("
                    + Numbers.ints(hi)
                    + "): extend m beyond it (up to N = "
                    + Numbers.ints(n)
                    + ")"));
      } else if (best.m() == lo) {
        add.add(
            new Suggestion(
                where,
                "fastest at the smallest M swept (" + Numbers.ints(lo) + "): extend m below it"));
      }
    }
    Optional<Candidate> second = g.runnerUp();
    if (second.isPresent()) {
      int reps = Math.min(best.stats().count(), second.get().stats().count());
      boolean sameSort = best.m() == second.get().m() && runs <= 1; // d unused by both
      if (sameSort) {
        // nothing to separate: both are one run sorted in memory
      } else if (reps < 2) {
        add.add(
            new Suggestion(
                where,
                "one run per (d, M), so no spread to judge: add repetitions (--reps "
                    + ENOUGH_REPS
                    + ")"));
      } else if (Advice.withinNoise(best, second.get()) && repsToSeparate(reps, g.ratio()) > 0) {
        int more = repsToSeparate(reps, g.ratio());
        add.add(
            new Suggestion(
                where,
                "the best and the runner-up are within noise ("
                    + times(g.ratio())
                    + " in the median): add repetitions (--reps "
                    + more
                    + ") to separate them"));
      }
    }
    return add;
  }

  static String label(Candidate c) {
    return "d = " + Numbers.grouped(c.d()) + ", M = " + Numbers.ints(c.m());
  }

  /**
   * A likely reason why the measured best beat a (d, M) the model ranks as high: what it is (the
   * brief line names it alone) and what the measurements say of it.
   *
   * @param name e.g. {@code page cache}
   * @param detail e.g. {@code the sorts read 0 bytes (median) from storage ...}
   */
  record Reason(String name, String detail) {

    /** {@code name: detail}. */
    String line() {
      return name + ": " + detail;
    }
  }

  /** How the measured best relates to the model's optimum. */
  enum Verdict {
    /** The measured best is one of the model's optima. */
    AGREE,
    /** Not one of them, but within noise of one. */
    AGREE_WITHIN_NOISE,
    /** Apart from every optimum. */
    DISAGREE,
    /** One (d, M) only: nothing to compare. */
    NONE
  }
}
