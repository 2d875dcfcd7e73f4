package org.secmem.report.advice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.DoubleFunction;
import org.secmem.engine.SortEngines;
import org.secmem.report.advice.SortBest.Candidate;
import org.secmem.report.drift.Drift;
import org.secmem.report.stats.Statistics;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultColumns;
import org.secmem.sort.CostModel;

/**
 * What a results file says about which settings to use on the machine that measured it: for the
 * stream experiments, the buffer size B and the stream type; for the sort, the fan-in d and the
 * memory M, beside the cost model's choice; and, where the file cannot answer, what to add to the
 * sweep; for a buffer-tree sort, how it compares with the fastest merge sort of its memory. Pure:
 * it reads {@link RawResults} and returns findings ({@link StreamAdvice}, {@link SortAdvice},
 * {@link TreeAdvice}, {@link Suggestion}s); {@link AdviceText} writes them as text.
 *
 * <p>Only measured runs count (warm-ups are left out). Throughput is the median MiB/s of the
 * repetitions of a configuration, sort time the median elapsed ms.
 *
 * <p><b>Within noise</b>: two configurations are within noise when both were repeated and the
 * {@value #LEVEL_PERCENT}% bootstrap interval of the ratio of their medians includes 1 ({@value
 * #RESAMPLES} resamples of each configuration's runs, a fixed seed: the same file always gives the
 * same advice); with one run there is no interval, and nothing is within noise. The report page's
 * "Best (d, M)" table ({@link SortBest}) judges by the same test. Chosen over overlapping min–max
 * ranges because one slow run stretches a range: on a real sweep of this machine (5 repetitions,
 * one cold first round) a B at 190 MiB/s overlapped the best at 452 MiB/s, which made every B
 * "within noise" and the knee meaningless. The median and its resampling shrug off one outlier in
 * five runs. With 3 runs the interval is coarse; the advice asks for {@value #ENOUGH_REPS} where it
 * matters.
 *
 * <p><b>More repetitions</b> are asked for when two results the advice must tell apart (the best
 * and the runner-up; a knee and the best) are within noise and either ran fewer than {@value
 * #ENOUGH_REPS} times, or their medians differ by {@value #MATERIAL_PERCENT}% or more: a difference
 * that would matter, hidden by runs too spread to resolve it (then twice the repetitions run, or a
 * quieter machine). Within noise, {@value #ENOUGH_REPS} runs or more and less than {@value
 * #MATERIAL_PERCENT}% apart is a real tie: either will do.
 *
 * <p><b>Knee</b> of a type's B curve: the smallest B swept that is level with the best B: within
 * noise of it and less than {@value #MATERIAL_PERCENT}% below its median. From the knee on, a
 * larger buffer gains nothing this sweep can tell from noise, nor anything that would matter; it is
 * the B to use when memory matters. Within noise alone is not enough: on a noisy machine a B at a
 * third of the best's median was within noise of it. The B between the knee and the best need not
 * all be level: on a real sweep of this machine single B in the plateau ran unlucky (13 B, 5 runs
 * each), and requiring every one to be level put the knee at the best for every type.
 *
 * <p><b>Model optimum</b> of a sort group: among the (d, M) the sweep ran, those with the fewest
 * I/Os the cost model predicts ({@link CostModel}: passes = 1 + ⌈log_d ⌈N/M⌉⌉, I/Os =
 * 2·passes·⌈4N/B⌉; B is the same across a group, so fewest I/Os is fewest passes). Several (d, M)
 * usually tie; the one shown is the smallest M (the model does not charge for memory, the machine
 * does), then the smallest d (fewer comparisons per int in the merge's heap).
 */
public final class Advice {

  /** Repetitions that make a tie within noise a real tie rather than too few runs to tell. */
  public static final int ENOUGH_REPS = 5;

  /** A difference of medians that matters, in percent (as {@link Drift}'s smallest change). */
  static final int MATERIAL_PERCENT = 10;

  /** Confidence level of the noise interval, in percent. */
  static final int LEVEL_PERCENT = 95;

  /** Bootstrap resamples per comparison. */
  static final int RESAMPLES = 2000;

  /** A fixed seed: the same runs always give the same verdict. */
  private static final long SEED = 0x0adf15eL;

  /** The sweep of B the advice suggests when a file has one B. */
  static final String B_SWEEP = "b=2^12..2^20";

  private final String source;
  private final List<StreamAdvice> streams;
  private final List<SortAdvice> sorts;
  private final List<TreeAdvice> trees;
  private final List<String> nothing;

  private Advice(
      String source,
      List<StreamAdvice> streams,
      List<SortAdvice> sorts,
      List<TreeAdvice> trees,
      List<String> nothing) {
    this.source = source;
    this.streams = List.copyOf(streams);
    this.sorts = List.copyOf(sorts);
    this.trees = List.copyOf(trees);
    this.nothing = List.copyOf(nothing);
  }

  /** The advice of every experiment of {@code raw}. */
  public static Advice of(RawResults raw) {
    return of(raw, Optional.empty());
  }

  /**
   * The advice of {@code raw}, of one experiment ({@code write}, {@code read} or {@code sort}) when
   * given.
   */
  public static Advice of(RawResults raw, Optional<String> experiment) {
    List<StreamAdvice> streams =
        experiment.filter("sort"::equals).isPresent()
            ? List.of()
            : StreamAdvice.of(raw, experiment);
    List<SortAdvice> sorts =
        experiment.filter(e -> !e.equals("sort")).isPresent() ? List.of() : SortAdvice.of(raw);
    // buffer-tree sorts beside the merge sorts of their memory
    List<TreeAdvice> trees =
        experiment.filter(e -> !e.equals("sort")).isPresent() ? List.of() : TreeAdvice.of(raw);
    List<String> nothing = new ArrayList<>();
    if (streams.isEmpty() && sorts.isEmpty() && trees.isEmpty()) {
      String which =
          experiment
              .map(e -> "no measured " + e + " run")
              .orElse("no measured write, read or sort run");
      List<String> engines =
          raw.measuredRows().stream()
              .map(r -> r.get(ResultColumn.ENGINE.header()))
              .filter(e -> e != null && !e.isBlank() && !e.equals(SortEngines.SECMEM))
              .distinct()
              .sorted()
              .toList();
      if (engines.isEmpty()) {
        nothing.add(
            raw.source() + ": nothing to advise on: " + which + " with a throughput or time.");
      } else {
        long rows =
            raw.measuredRows().stream()
                .filter(r -> engines.contains(String.valueOf(r.get(ResultColumn.ENGINE.header()))))
                .count();
        nothing.add(
            raw.source()
                + ": nothing to advise on: its "
                + rows
                + " measured sort run"
                + (rows == 1 ? "" : "s")
                + " ran on "
                + String.join(" and ", engines)
                + ", whose settings secmem does not choose (advise chooses the stream type and B"
                + " of secmem's streams, d and M of its own sort).");
        nothing.add(
            "to set an engine against secmem's own sort: run both (engine="
                + SortEngines.SECMEM
                + "|"
                + engines.get(0)
                + " in a parameter file), then secmem compare FILE FILE --by engine="
                + SortEngines.SECMEM
                + ":"
                + engines.get(0));
      }
      boolean sortAsked = experiment.filter("sort"::equals).isPresent();
      boolean streamAsked = experiment.filter(e -> !e.equals("sort")).isPresent();
      if (!sortAsked) {
        nothing.add("to choose a stream type and B: secmem run configs/advise-streams.csv");
      }
      if (!streamAsked) {
        nothing.add("to choose d and M for the sort: secmem run configs/advise-sort.csv");
      }
    }
    return new Advice(raw.source(), streams, sorts, trees, nothing);
  }

  /**
   * Whether {@code raw} is a sweep of B (in a write or read experiment), d or M: the sweeps whose
   * end {@code secmem run} follows with advice.
   */
  public boolean sweepsBufferOrSort() {
    return streams.stream().anyMatch(s -> s.types().stream().anyMatch(t -> t.points().size() > 1))
        || sorts.stream().anyMatch(SortAdvice::chooses);
  }

  static final String SWEEP_D_AND_M =
      "sweep d and m in each group to choose them, e.g. d=2|4|16|64|256 (as"
          + " configs/advise-sort.csv does)";

  List<StreamAdvice> streams() {
    return streams;
  }

  List<SortAdvice> sorts() {
    return sorts;
  }

  /** The buffer-tree sort configurations, each beside the fastest merge sort of its memory. */
  List<TreeAdvice> trees() {
    return trees;
  }

  /** The results file advised on, for messages. */
  String source() {
    return source;
  }

  /** What to say when the file answers nothing, line by line (empty when it answers something). */
  List<String> nothing() {
    return nothing;
  }

  /** Whether the file answered nothing (no stream or sort group to advise on). */
  public boolean answersNothing() {
    return streams.isEmpty() && sorts.isEmpty() && trees.isEmpty();
  }

  /** Everything to add to the sweep, each once, in the order the groups came. */
  public List<String> toAdd() {
    Set<String> all = new LinkedHashSet<>();
    streams.forEach(s -> s.toAdd().forEach(a -> all.add(a.line())));
    boolean collapsed = sorts.stream().filter(s -> !s.chooses()).count() > 1;
    sorts.stream()
        .filter(s -> s.chooses() || !collapsed)
        .forEach(s -> s.toAdd().forEach(a -> all.add(a.line())));
    if (collapsed) {
      all.add(SWEEP_D_AND_M);
    }
    trees.forEach(t -> t.toAdd().forEach(a -> all.add(a.line())));
    return List.copyOf(all);
  }

  // ---- noise ----

  /**
   * Whether samples {@code a} and {@code b} are within noise (see {@link Advice}): both have two or
   * more values and the bootstrap interval of median(a) / median(b) includes 1.
   */
  static boolean withinNoise(List<Double> a, List<Double> b) {
    if (a.size() < 2 || b.size() < 2) {
      return false;
    }
    double[] x = a.stream().mapToDouble(Double::doubleValue).toArray();
    double[] y = b.stream().mapToDouble(Double::doubleValue).toArray();
    SplittableRandom random = new SplittableRandom(SEED);
    double[] ratios = new double[RESAMPLES];
    double[] rx = new double[x.length];
    double[] ry = new double[y.length];
    for (int i = 0; i < RESAMPLES; i++) {
      for (int j = 0; j < rx.length; j++) {
        rx[j] = x[random.nextInt(x.length)];
      }
      for (int j = 0; j < ry.length; j++) {
        ry[j] = y[random.nextInt(y.length)];
      }
      double my = Statistics.of(ry).median();
      ratios[i] = my > 0 ? Statistics.of(rx).median() / my : Double.POSITIVE_INFINITY;
    }
    Arrays.sort(ratios);
    double tail = (100 - LEVEL_PERCENT) / 200.0;
    double low = ratios[(int) Math.floor(tail * (RESAMPLES - 1))];
    double high = ratios[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))];
    return low <= 1 && 1 <= high;
  }

  /**
   * Whether B {@code p} is level with the best B of its type: within noise of it and less than
   * {@value #MATERIAL_PERCENT}% below its median (the knee's test).
   */
  static boolean level(StreamAdvice.Point p, StreamAdvice.Point best) {
    return withinNoise(p, best)
        && best.mibPerS().median() < (1 + MATERIAL_PERCENT / 100.0) * p.mibPerS().median();
  }

  static boolean withinNoise(StreamAdvice.Point a, StreamAdvice.Point b) {
    return Advice.withinNoise(a.values(), b.values());
  }

  static boolean withinNoise(Candidate a, Candidate b) {
    return Advice.withinNoise(times(a), times(b));
  }

  /**
   * The repetitions to ask for when two results of {@code reps} runs, {@code ratio} apart (1 or
   * more), are within noise; 0 when they are a real tie (see {@link Advice}).
   */
  static int repsToSeparate(int reps, double ratio) {
    if (reps < ENOUGH_REPS) {
      return ENOUGH_REPS;
    }
    return ratio >= 1 + MATERIAL_PERCENT / 100.0 ? 2 * reps : 0;
  }

  static String plural(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  static List<Double> times(Candidate c) {
    return c.rows().stream().map(r -> r.elapsedMs().getAsDouble()).toList();
  }

  // ---- formatting helpers ----

  static String mib(double v) {
    return Numbers.fixed(v, v >= 100 ? 1 : 2);
  }

  static String range(Statistics s, DoubleFunction<String> f) {
    return f.apply(s.median()) + " (" + f.apply(s.min()) + "\u2013" + f.apply(s.max()) + ")";
  }

  static String times(double r) {
    return "\u00d7" + Numbers.fixed(r, 2);
  }

  /** Rows of cells as lines, each column padded to its widest cell. */
  static List<String> aligned(String indent, List<List<String>> rows) {
    int cols = rows.stream().mapToInt(List::size).max().orElse(0);
    int[] width = new int[cols];
    rows.forEach(
        r -> {
          for (int i = 0; i < r.size(); i++) {
            width[i] = Math.max(width[i], r.get(i).length());
          }
        });
    List<String> out = new ArrayList<>();
    for (List<String> r : rows) {
      StringBuilder sb = new StringBuilder(indent);
      for (int i = 0; i < r.size(); i++) {
        sb.append(r.get(i));
        if (i < r.size() - 1) {
          sb.append(" ".repeat(width[i] - r.get(i).length() + 2));
        }
      }
      out.add(sb.toString().stripTrailing());
    }
    return out;
  }

  /** The settings that tell groups apart, e.g. "n = 2^20 ints, k = 1", "b = 64 KiB". */
  static String describe(Map<String, String> settings, List<String> shown) {
    List<String> parts = new ArrayList<>();
    for (String c : shown) {
      String v = settings.getOrDefault(c, "");
      if (v.isBlank()) {
        continue;
      }
      parts.add(c + " = " + Numbers.setting(c, v));
    }
    return String.join(", ", parts);
  }

  static OptionalDouble number(String value) {
    try {
      return value == null || value.isBlank()
          ? OptionalDouble.empty()
          : OptionalDouble.of(Double.parseDouble(value.trim()));
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  /** N and k always; other settings when they differ between groups. */
  static List<String> shownColumns(List<Map<String, String>> groups) {
    List<String> shown = new ArrayList<>();
    if (groups.isEmpty()) {
      return shown;
    }
    for (String c : groups.get(0).keySet()) {
      boolean always = c.equals(ResultColumns.N) || c.equals(ResultColumns.K);
      if (always || groups.stream().map(g -> g.getOrDefault(c, "")).distinct().count() > 1) {
        shown.add(c);
      }
    }
    return shown;
  }

  @Override
  public String toString() {
    return String.join("\n", AdviceText.text(this));
  }
}
