package org.secmem.seeds;

import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.secmem.seeds.Measurements.Samples;

/**
 * The report's best value of P is the best here: the best here among the report's values (those in
 * [lo, hi], or the listed {@code values}: the ones its table ties with its best) against the best
 * of the other values measured, as an advantage with its interval (above 1: the report's better).
 * Agrees when the interval lies above 1 (the report's values are best here beyond the noise), or,
 * with the report's own {@code tie} (a fraction; 0: none), above 1 / (1 + tie) (the report's value
 * is within its tie of the best here); differs when it lies below 1 / (1 + tie) (the best here is
 * another value, beyond the noise and the tie); within noise otherwise.
 */
record Best(String parameter, Selector sel, double lo, double hi, List<Double> values, double tie)
    implements Rule {

  Best {
    values = List.copyOf(values);
  }

  private boolean reports(double v) {
    return values.isEmpty() ? v >= lo && v <= hi : values.contains(v);
  }

  @Override
  public Optional<Judgement> judge(Measurements m, Metric metric, long seed) {
    TreeMap<Double, Samples> sweep = Pick.sweep(m, parameter, sel, metric);
    if (sweep.size() < 2) {
      return Optional.empty();
    }
    double best = Pick.argBest(sweep, metric);
    Samples top = sweep.get(best);
    String text =
        "best "
            + Pick.named(parameter, best)
            + " ("
            + metric.format(top.median())
            + "; "
            + sweep.size()
            + " values from "
            + Pick.value(parameter, sweep.firstKey())
            + " to "
            + Pick.value(parameter, sweep.lastKey())
            + ")";
    TreeMap<Double, Samples> reported = new TreeMap<>();
    TreeMap<Double, Samples> others = new TreeMap<>();
    sweep.forEach((k, v) -> (reports(k) ? reported : others).put(k, v));
    if (reported.isEmpty()) {
      return Optional.of(
          new Judgement(
              text + "; the report's " + range() + " was not measured", Verdict.NOT_COMPARABLE));
    }
    if (others.isEmpty()) {
      return Optional.of(
          new Judgement(
              text + "; every value measured is among the report's " + range(),
              Verdict.NOT_COMPARABLE));
    }
    double in = Pick.argBest(reported, metric);
    double out = Pick.argBest(others, metric);
    Estimate gap = Estimate.advantage(reported.get(in), others.get(out), metric, seed);
    double floor = 1 / (1 + tie);
    Verdict v;
    String why;
    if (gap.above(1)) {
      v = Verdict.AGREES;
      why = "ahead beyond the noise";
    } else if (tie > 0 && gap.low() >= floor) {
      v = Verdict.AGREES;
      why = "within the report's tie of " + Estimate.digits(tie * 100) + " %";
    } else if (gap.below(floor)) {
      v = Verdict.DIFFERS;
      why = "behind beyond the noise" + (tie > 0 ? " and the report's tie" : "");
    } else {
      v = Verdict.WITHIN_NOISE;
      why =
          "within the noise"
              + (tie > 0 ? " (the interval straddles the report's tie of x" : "")
              + (tie > 0 ? Estimate.digits(1 / floor) + ")" : "");
    }
    text +=
        "; the report's "
            + Pick.named(parameter, in)
            + (reported.size() > 1 ? " (the best here of its " + reported.size() + " values)" : "")
            + " against "
            + Pick.named(parameter, out)
            + " (the best of the "
            + others.size()
            + " others): "
            + gap.ratioText()
            + ", "
            + why;
    return Optional.of(new Judgement(text, v));
  }

  private String range() {
    if (!values.isEmpty()) {
      return parameter
          + " = "
          + String.join(", ", values.stream().map(x -> Pick.value(parameter, x)).toList());
    }
    return lo == hi
        ? Pick.named(parameter, lo)
        : parameter + " = " + Pick.value(parameter, lo) + " .. " + Pick.value(parameter, hi);
  }
}
