package org.secmem.seeds;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.secmem.seeds.Measurements.Samples;

/** The {@link Rule}s: see there for what each checks. */
final class Rules {

  /** flat's default tolerance: within 25 % either way. */
  static final double FLAT_TOLERANCE = 1.25;

  private Rules() {}

  static Rule parse(String name, List<String> args) {
    switch (name) {
      case "better":
        arity(name, args, 2, 3, "better A B [SIZE]");
        return new Better(
            sel(args, 0), sel(args, 1), args.size() > 2 ? positive(args.get(2), "SIZE") : 0);
      case "flat":
        arity(name, args, 2, 3, "flat A B [TOL]");
        return new Flat(
            sel(args, 0),
            sel(args, 1),
            args.size() > 2 ? positive(args.get(2), "TOL") : FLAT_TOLERANCE);
      case "about":
        arity(name, args, 2, 3, "about S VALUE [TOL]");
        return new About(
            sel(args, 0),
            positive(args.get(1), "VALUE"),
            args.size() > 2 ? positive(args.get(2), "TOL") : FLAT_TOLERANCE);
      case "morethan":
        arity(name, args, 4, 4, "morethan A B C D");
        return new MoreThan(sel(args, 0), sel(args, 1), sel(args, 2), sel(args, 3));
      case "best":
        {
          List<String> rest = new ArrayList<>(args);
          double tie = tie(rest);
          arity(name, rest, 4, 5, "best P S LO HI [TOL] [tie=X%]");
          if (rest.size() > 4) {
            tie = positive(rest.get(4), "TOL");
          }
          String p = column(rest.get(0));
          if (rest.get(3).equals("-")) {
            List<Double> values = new ArrayList<>();
            for (String v : rest.get(2).split("\\|")) {
              values.add(number(v.trim(), "a value"));
            }
            return new Best(p, sel(rest, 1), 0, -1, List.copyOf(values), tie);
          }
          double lo = bound(rest.get(2), Double.NEGATIVE_INFINITY);
          double hi = bound(rest.get(3), Double.POSITIVE_INFINITY);
          ordered(lo, hi, rest.subList(2, 4));
          return new Best(p, sel(rest, 1), lo, hi, List.of(), tie);
        }
      case "exponent":
        if (args.size() != 4 && args.size() != 6) {
          throw new IllegalArgumentException("exponent takes P S MIN MAX [LO HI]");
        }
        double lo = args.size() > 4 ? bound(args.get(4), Double.NEGATIVE_INFINITY) : 0;
        double hi =
            args.size() > 4 ? bound(args.get(5), Double.POSITIVE_INFINITY) : Double.MAX_VALUE;
        ordered(lo, hi, args.size() > 4 ? args.subList(4, 6) : List.of());
        return new Exponent(
            column(args.get(0)),
            sel(args, 1),
            number(args.get(2), "MIN"),
            number(args.get(3), "MAX"),
            lo,
            hi);
      case "grows":
      case "falls":
        List<String> rest = new ArrayList<>(args);
        boolean steadily = !rest.isEmpty() && rest.get(rest.size() - 1).equals("steadily");
        if (steadily) {
          rest.remove(rest.size() - 1);
        }
        if (rest.size() != 2 && rest.size() != 4) {
          throw new IllegalArgumentException(name + " takes P S [LO HI] [steadily]");
        }
        return new Trend(
            name.equals("grows"),
            column(rest.get(0)),
            sel(rest, 1),
            rest.size() > 2 ? bound(rest.get(2), Double.NEGATIVE_INFINITY) : 0,
            rest.size() > 2 ? bound(rest.get(3), Double.POSITIVE_INFINITY) : Double.MAX_VALUE,
            steadily);
      default:
        throw new IllegalArgumentException(
            "no rule '"
                + name
                + "' (one of better, flat, about, morethan, best, exponent, grows, falls)");
    }
  }

  /**
   * A beats B beyond the noise, and by about SIZE when the report names a size (0: none). Without a
   * size: the interval above 1 agrees, below 1 differs, holding 1 is within noise. With one, the
   * interval is judged against the band of gains within a factor 2 of the size on a log scale
   * (x1.06: x1.03 .. x1.12; x100: x10 .. x10,000), as flat is against its tolerance: inside agrees,
   * wholly outside differs (an interval around 1 that excludes the band too), across an edge is
   * within noise; below 1 differs as without a size.
   */
  record Better(Selector a, Selector b, double size) implements Rule {
    @Override
    public Optional<Judgement> judge(Measurements m, Metric metric, long seed) {
      return Pair.of(m, metric, a, b, seed).map(p -> judge(p, metric));
    }

    private Judgement judge(Pair p, Metric metric) {
      Estimate adv = p.adv();
      String text = p.text(metric) + ")";
      if (adv.below(1)) {
        return new Judgement(text, Verdict.DIFFERS);
      }
      if (size <= 0) {
        return new Judgement(text, adv.above(1) ? Verdict.AGREES : Verdict.WITHIN_NOISE);
      }
      double lo = bandLow(size);
      double hi = bandHigh(size);
      String band =
          "the report's x"
              + Estimate.digits(size)
              + " (x"
              + Estimate.digits(lo)
              + " .. x"
              + Estimate.digits(hi)
              + ")";
      if (adv.above(1) && adv.low() >= lo && adv.high() <= hi) {
        return new Judgement(text, Verdict.AGREES);
      }
      if (adv.high() < lo || adv.low() > hi) {
        return new Judgement(text + "; the interval excludes " + band, Verdict.DIFFERS);
      }
      return new Judgement(
          text + "; the interval straddles the edge of " + band, Verdict.WITHIN_NOISE);
    }

    /** The smallest advantage about as large as {@code size}: half its gain on a log scale. */
    static double bandLow(double size) {
      return Math.exp(Math.log(size) / 2);
    }

    /** The largest advantage about as large as {@code size}: twice its gain on a log scale. */
    static double bandHigh(double size) {
      return Math.exp(Math.log(size) * 2);
    }
  }

  /**
   * A and B within a factor {@code tolerance} of each other: agrees when the interval of their
   * ratio lies within [1 / TOL, TOL], differs when it lies wholly outside, within noise when it
   * straddles an edge.
   */
  record Flat(Selector a, Selector b, double tolerance) implements Rule {
    @Override
    public Optional<Judgement> judge(Measurements m, Metric metric, long seed) {
      return Pair.of(m, metric, a, b, seed)
          .map(
              p -> {
                Estimate adv = p.adv();
                double lo = 1 / tolerance;
                Verdict v =
                    adv.low() >= lo && adv.high() <= tolerance
                        ? Verdict.AGREES
                        : adv.high() < lo || adv.low() > tolerance
                            ? Verdict.DIFFERS
                            : Verdict.WITHIN_NOISE;
                String text =
                    p.text(metric)
                        + "; flat: within x"
                        + Estimate.digits(tolerance)
                        + (v == Verdict.WITHIN_NOISE ? ", the interval straddles its edge" : "")
                        + ")";
                return new Judgement(text, v);
              });
    }
  }

  /**
   * The metric of S is about the report's {@code value}, within a factor {@code tolerance}: agrees
   * when the interval of S's median lies within [value / TOL, value * TOL], differs when it lies
   * wholly outside, within noise when it straddles an edge.
   */
  record About(Selector sel, double value, double tolerance) implements Rule {
    @Override
    public Optional<Judgement> judge(Measurements m, Metric metric, long seed) {
      return Pick.best(m, sel, metric)
          .map(
              s -> {
                Estimate e = Estimate.of(List.of(s), x -> x[0], true, seed);
                double lo = value / tolerance;
                double hi = value * tolerance;
                Verdict v =
                    e.low() >= lo && e.high() <= hi
                        ? Verdict.AGREES
                        : e.high() < lo || e.low() > hi ? Verdict.DIFFERS : Verdict.WITHIN_NOISE;
                String text =
                    metric.format(e.value())
                        + " (95 % interval "
                        + metric.bare(e.low())
                        + " .. "
                        + metric.bare(e.high())
                        + ") against the report's "
                        + metric.bare(value)
                        + "; about: within x"
                        + Estimate.digits(tolerance)
                        + (v == Verdict.WITHIN_NOISE ? ", the interval straddles its edge" : "");
                return new Judgement(text, v);
              });
    }
  }

  /** The gain from A to B beats the gain from C to D. */
  record MoreThan(Selector a, Selector b, Selector c, Selector d) implements Rule {
    @Override
    public Optional<Judgement> judge(Measurements m, Metric metric, long seed) {
      Optional<List<Samples>> all = Pick.each(m, metric, a, b, c, d);
      if (all.isEmpty()) {
        return Optional.empty();
      }
      List<Samples> s = all.get();
      // The gain of going from the first to the second: how many times better the second is.
      Estimate g1 = Estimate.advantage(s.get(1), s.get(0), metric, seed);
      Estimate g2 = Estimate.advantage(s.get(3), s.get(2), metric, seed + 1);
      Estimate ratio =
          Estimate.of(
              s,
              x ->
                  metric.lowerIsBetter()
                      ? (x[0] / x[1]) / (x[2] / x[3])
                      : (x[1] / x[0]) / (x[3] / x[2]),
              true,
              seed + 2);
      String text =
          "gain x"
              + Estimate.digits(g1.value())
              + " ("
              + metric.format(s.get(0).median())
              + " -> "
              + metric.format(s.get(1).median())
              + ") against x"
              + Estimate.digits(g2.value())
              + " ("
              + metric.format(s.get(2).median())
              + " -> "
              + metric.format(s.get(3).median())
              + "); their ratio "
              + ratio.ratioText();
      Verdict v =
          ratio.above(1) ? Verdict.AGREES : ratio.below(1) ? Verdict.DIFFERS : Verdict.WITHIN_NOISE;
      return Optional.of(new Judgement(text, v));
    }
  }

  /**
   * A rule over the values of parameter P in [lo, hi]: no judgement where fewer than two values of
   * P were measured, "out of range" where fewer than two lie in [lo, hi].
   */
  sealed interface OverRange extends Rule permits Exponent, Trend {
    String parameter();

    Selector sel();

    double lo();

    double hi();

    /** Whether its values must be above 0: a logarithm is taken of them. */
    default boolean positive() {
      return false;
    }

    /** The judgement of at least two values of P in [lo, hi], in order. */
    Judgement judgeSweep(TreeMap<Double, Samples> sweep, Metric metric, long seed);

    @Override
    default Optional<Judgement> judge(Measurements m, Metric metric, long seed) {
      return overRange(
          m, parameter(), sel(), metric, lo(), hi(), positive(), s -> judgeSweep(s, metric, seed));
    }
  }

  /**
   * The metric grows as P^e, e in [min, max], over the values of P in [lo, hi]: judged on the
   * exponent's interval, as {@link Flat} on its ratio's.
   */
  record Exponent(String parameter, Selector sel, double min, double max, double lo, double hi)
      implements OverRange {
    @Override
    public boolean positive() {
      return true;
    }

    @Override
    public Judgement judgeSweep(TreeMap<Double, Samples> sweep, Metric metric, long seed) {
      double[] xs = sweep.keySet().stream().mapToDouble(Math::log).toArray();
      Estimate e = Estimate.of(new ArrayList<>(sweep.values()), med -> slope(xs, med), false, seed);
      // The whole interval inside the report's range agrees, wholly outside differs; an interval
      // that straddles an edge of the range is within noise.
      Verdict v =
          e.low() >= min && e.high() <= max
              ? Verdict.AGREES
              : e.high() < min || e.low() > max ? Verdict.DIFFERS : Verdict.WITHIN_NOISE;
      String text =
          ends(parameter, sweep, metric)
              + ": grows as "
              + parameter
              + "^"
              + e.plainText()
              + " over "
              + sweep.size()
              + " values (the report's: "
              + Estimate.digits(min)
              + " .. "
              + Estimate.digits(max)
              + ")";
      return new Judgement(text, v);
    }

    /** The least-squares slope of log(medians) against xs. */
    static double slope(double[] xs, double[] medians) {
      int n = xs.length;
      double mx = 0;
      double my = 0;
      double[] ys = new double[n];
      for (int i = 0; i < n; i++) {
        ys[i] = Math.log(medians[i]);
        mx += xs[i] / n;
        my += ys[i] / n;
      }
      double sxy = 0;
      double sxx = 0;
      for (int i = 0; i < n; i++) {
        sxy += (xs[i] - mx) * (ys[i] - my);
        sxx += (xs[i] - mx) * (xs[i] - mx);
      }
      return sxy / sxx;
    }
  }

  /** The metric rises (grows) or sinks (falls) from the smallest P in [lo, hi] to the largest. */
  record Trend(
      boolean grows, String parameter, Selector sel, double lo, double hi, boolean steadily)
      implements OverRange {
    @Override
    public Judgement judgeSweep(TreeMap<Double, Samples> sweep, Metric metric, long seed) {
      Estimate r = change(sweep.firstEntry().getValue(), sweep.lastEntry().getValue(), seed);
      String text = ends(parameter, sweep, metric) + " (" + r.ratioText() + ")";
      boolean right = grows ? r.above(1) : r.below(1);
      boolean wrong = grows ? r.below(1) : r.above(1);
      Verdict v = right ? Verdict.AGREES : wrong ? Verdict.DIFFERS : Verdict.WITHIN_NOISE;
      if (steadily && v == Verdict.AGREES) {
        Map.Entry<Double, Samples> prev = null;
        for (Map.Entry<Double, Samples> e : sweep.entrySet()) {
          if (prev != null) {
            Estimate step = change(prev.getValue(), e.getValue(), seed + 1);
            if (grows ? step.below(1) : step.above(1)) {
              v = Verdict.DIFFERS;
              text +=
                  "; not steadily: "
                      + Pick.named(parameter, prev.getKey())
                      + " -> "
                      + Pick.value(parameter, e.getKey())
                      + " goes the other way ("
                      + step.ratioText()
                      + ")";
              break;
            }
          }
          prev = e;
        }
      }
      return new Judgement(text, v);
    }

    private static Estimate change(Samples from, Samples to, long seed) {
      return Estimate.of(List.of(from, to), x -> x[1] / x[0], true, seed);
    }
  }

  /** The best configurations of A and B, and how many times better A is. */
  record Pair(Samples a, Samples b, Estimate adv) {

    /** Empty when A or B selects nothing measured. */
    static Optional<Pair> of(Measurements m, Metric metric, Selector a, Selector b, long seed) {
      return Pick.each(m, metric, a, b)
          .map(
              s ->
                  new Pair(
                      s.get(0), s.get(1), Estimate.advantage(s.get(0), s.get(1), metric, seed)));
    }

    /** "18.9 ms against 1111 ms (x58.7 (95 % interval x52.1 .. x63.0)", unclosed. */
    String text(Metric metric) {
      return metric.format(a.median())
          + " against "
          + metric.format(b.median())
          + " ("
          + adv.ratioText();
    }
  }

  /** "n = 1000: 1.23 ms, n = 100000: 111 ms (x90.6 for x100)". */
  static String ends(String parameter, TreeMap<Double, Samples> sweep, Metric metric) {
    double lo = sweep.firstKey();
    double hi = sweep.lastKey();
    double a = sweep.get(lo).median();
    double b = sweep.get(hi).median();
    return Pick.named(parameter, lo)
        + ": "
        + metric.format(a)
        + ", "
        + Pick.named(parameter, hi)
        + ": "
        + metric.format(b)
        + " (x"
        + Estimate.digits(b / a)
        + " for x"
        + Estimate.digits(hi / lo)
        + ")";
  }

  /** A sweep that has fewer than two values in the report's range [lo, hi]. */
  /**
   * Judges the sweep of {@code parameter} over [lo, hi] by {@code judge}: no judgement where fewer
   * than two of its values were measured, {@link #outOfRange} where fewer than two lie in [lo, hi]
   * (or, {@code positive}, the least of them is not above 0: no logarithm can be taken of it).
   */
  static Optional<Judgement> overRange(
      Measurements m,
      String parameter,
      Selector sel,
      Metric metric,
      double lo,
      double hi,
      boolean positive,
      Function<TreeMap<Double, Samples>, Judgement> judge) {
    TreeMap<Double, Samples> all = Pick.sweep(m, parameter, sel, metric);
    if (all.size() < 2) {
      return Optional.empty();
    }
    TreeMap<Double, Samples> sweep = Pick.within(all, lo, hi);
    if (sweep.size() < 2 || (positive && sweep.firstKey() <= 0)) {
      return Optional.of(outOfRange(parameter, all, lo, hi));
    }
    return Optional.of(judge.apply(sweep));
  }

  static Judgement outOfRange(
      String parameter, TreeMap<Double, Samples> all, double lo, double hi) {
    return new Judgement(
        "measured "
            + all.size()
            + " values of "
            + parameter
            + " from "
            + Pick.value(parameter, all.firstKey())
            + " to "
            + Pick.value(parameter, all.lastKey())
            + ", fewer than two in the report's range "
            + (lo == Double.NEGATIVE_INFINITY ? "*" : Pick.value(parameter, lo))
            + " .. "
            + (hi == Double.POSITIVE_INFINITY || hi == Double.MAX_VALUE
                ? "*"
                : Pick.value(parameter, hi)),
        Verdict.NOT_COMPARABLE);
  }

  private static void arity(String name, List<String> args, int min, int max, String usage) {
    if (args.size() < min || args.size() > max) {
      throw new IllegalArgumentException(
          name
              + " takes "
              + usage.substring(name.length() + 1)
              + " (got "
              + args.size()
              + (args.size() == 1 ? " argument)" : " arguments)"));
    }
  }

  /**
   * Takes a trailing {@code tie=X%} (the report's own tolerance: values within X % it counts as the
   * same) off {@code args}; 0 when there is none.
   */
  private static double tie(List<String> args) {
    if (args.isEmpty() || !args.get(args.size() - 1).startsWith("tie=")) {
      return 0;
    }
    String t = args.remove(args.size() - 1).substring(4).trim();
    if (!t.endsWith("%")) {
      throw new IllegalArgumentException(
          "tie=" + t + ": give the report's tie as a percentage, tie=5%");
    }
    return positive(t.substring(0, t.length() - 1), "tie") / 100;
  }

  private static Selector sel(List<String> args, int i) {
    try {
      return Selector.parse(args.get(i));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("argument " + (i + 1) + ": " + e.getMessage(), e);
    }
  }

  private static String column(String p) {
    if (!MeasuredConfiguration.COLUMNS.contains(p)) {
      throw new IllegalArgumentException(
          "no parameter '" + p + "' (one of " + MeasuredConfiguration.COLUMNS + ")");
    }
    return p;
  }

  private static double bound(String text, double open) {
    return text.equals("*") ? open : number(text, "a bound");
  }

  /** Refuses a range whose LO is above its HI: it holds no value, so the rule judged nothing. */
  private static void ordered(double lo, double hi, List<String> given) {
    if (lo > hi) {
      throw new IllegalArgumentException(
          "LO ("
              + given.get(0)
              + ") is above HI ("
              + given.get(1)
              + "): the range holds no value; give LO <= HI");
    }
  }

  private static double positive(String text, String what) {
    double x = number(text, what);
    if (!(x > 0)) {
      throw new IllegalArgumentException(what + " must be above 0, not " + text);
    }
    return x;
  }

  private static double number(String text, String what) {
    try {
      double x = Double.parseDouble(text);
      if (!Double.isFinite(x)) {
        throw new NumberFormatException("not finite");
      }
      return x;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(what + ": '" + text + "' is not a number", e);
    }
  }
}
