package org.secmem.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.secmem.report.SortBestTable.Best;
import org.secmem.report.SortBestTable.Candidate;
import org.secmem.sort.CostModel;
import org.secmem.stream.StreamType;

/**
 * What a results file says about which settings to use on the machine that measured it (issue 15):
 * for the stream experiments, the buffer size B and the stream type; for the sort, the fan-in d
 * and the memory M, beside the cost model's choice; and, where the file cannot answer, what to add
 * to the sweep. Pure: it reads {@link RawResults} and returns data and lines of text; the caller
 * prints them.
 *
 * <p>Only measured runs count (warm-ups are left out). Throughput is the median MiB/s of the
 * repetitions of a configuration, sort time the median elapsed ms.
 *
 * <p><b>Within noise</b>: two configurations are within noise when both were repeated and the
 * {@value #LEVEL_PERCENT}% bootstrap interval of the ratio of their medians includes 1
 * ({@value #RESAMPLES} resamples of each configuration's runs, a fixed seed: the same file always
 * gives the same advice); with one run there is no interval, and nothing is within noise. Chosen
 * over the report's overlapping min–max ranges ({@link SortBestTable}) because one slow run
 * stretches a range: on a real sweep of this machine (5 repetitions, one cold first round) a B at
 * 190 MiB/s overlapped the best at 452 MiB/s, which made every B "within noise" and the knee
 * meaningless. The median and its resampling shrug off one outlier in five runs. With 3 runs the
 * interval is coarse; the advice asks for {@value #ENOUGH_REPS} where it matters.
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
 * larger buffer gains nothing this sweep can tell from noise, nor anything that would matter; it
 * is the B to use when memory matters. Within noise alone is not enough: on a noisy machine a B at
 * a third of the best's median was within noise of it. The B between the knee and the best need
 * not all be level: on a real sweep of this machine single B in the plateau ran unlucky (13 B,
 * 5 runs each), and requiring every one to be level put the knee at the best for every type.
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
  private final List<String> nothing;

  private Advice(String source, List<StreamAdvice> streams, List<SortAdvice> sorts,
      List<String> nothing) {
    this.source = source;
    this.streams = List.copyOf(streams);
    this.sorts = List.copyOf(sorts);
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
    List<StreamAdvice> streams = experiment.filter("sort"::equals).isPresent() ? List.of()
        : StreamAdvice.of(raw, experiment);
    List<SortAdvice> sorts = experiment.filter(e -> !e.equals("sort")).isPresent() ? List.of()
        : SortAdvice.of(raw);
    List<String> nothing = new ArrayList<>();
    if (streams.isEmpty() && sorts.isEmpty()) {
      String which = experiment.map(e -> "no measured " + e + " run")
          .orElse("no measured write, read or sort run");
      nothing.add(raw.source() + ": nothing to advise on: " + which + " with a throughput or time.");
      boolean sortAsked = experiment.filter("sort"::equals).isPresent();
      boolean streamAsked = experiment.filter(e -> !e.equals("sort")).isPresent();
      if (!sortAsked) {
        nothing.add("to choose a stream type and B: secmem run configs/advise-streams.csv");
      }
      if (!streamAsked) {
        nothing.add("to choose d and M for the sort: secmem run configs/advise-sort.csv");
      }
    }
    return new Advice(raw.source(), streams, sorts, nothing);
  }

  /**
   * Whether {@code raw} is a sweep of B (in a write or read experiment), d or M: the sweeps whose
   * end {@code secmem run} follows with advice.
   */
  public static boolean sweepsBufferOrSort(RawResults raw) {
    Set<String> b = new LinkedHashSet<>();
    Set<String> d = new LinkedHashSet<>();
    Set<String> m = new LinkedHashSet<>();
    for (RawRow r : raw.measuredRows()) {
      String e = r.get(ResultColumns.EXPERIMENT).trim();
      if ((e.equals("write") || e.equals("read")) && r.has(ResultColumns.B)) {
        b.add(r.get(ResultColumns.B).trim());
      }
      if (e.equals("sort")) {
        if (r.has(ResultColumns.D)) {
          d.add(r.get(ResultColumns.D).trim());
        }
        if (r.has(ResultColumns.M)) {
          m.add(r.get(ResultColumns.M).trim());
        }
      }
    }
    return b.size() > 1 || d.size() > 1 || m.size() > 1;
  }

  List<StreamAdvice> streams() {
    return streams;
  }

  List<SortAdvice> sorts() {
    return sorts;
  }

  /** Whether the file answered nothing (no stream or sort group to advise on). */
  public boolean answersNothing() {
    return streams.isEmpty() && sorts.isEmpty();
  }

  /** Everything to add to the sweep, each once, in the order the groups came. */
  public List<String> toAdd() {
    Set<String> all = new LinkedHashSet<>();
    streams.forEach(s -> all.addAll(s.toAdd()));
    sorts.forEach(s -> all.addAll(s.toAdd()));
    return List.copyOf(all);
  }

  // ---- text ----

  /** The full advice as aligned lines of text, for {@code secmem advise}. */
  public List<String> text() {
    List<String> out = new ArrayList<>();
    out.add("Advice from " + source);
    if (!nothing.isEmpty()) {
      out.addAll(nothing);
      return out;
    }
    out.add("(measured runs only; within noise = the " + LEVEL_PERCENT + "% bootstrap interval of"
        + " the ratio of two medians includes 1)");
    for (StreamAdvice s : streams) {
      out.add("");
      out.addAll(s.text());
    }
    for (SortAdvice s : sorts) {
      out.add("");
      out.addAll(s.text());
    }
    int add = toAdd().size();
    out.add("");
    out.add(add == 0 ? "Nothing to add: the sweep answers what it asks."
        : plural(add, "thing", "things") + " to add to the sweep (the add: lines above).");
    return out;
  }

  /** The lines of one experiment's groups (for its section of the report page). */
  List<String> text(String experiment) {
    List<String> out = new ArrayList<>();
    for (StreamAdvice s : streams) {
      if (s.experiment().equals(experiment)) {
        if (!out.isEmpty()) {
          out.add("");
        }
        out.addAll(s.text());
      }
    }
    if (experiment.equals("sort")) {
      for (SortAdvice s : sorts) {
        if (!out.isEmpty()) {
          out.add("");
        }
        out.addAll(s.text());
      }
    }
    return out;
  }

  /** One line per group and one per thing to add: the end of {@code secmem run}. */
  public List<String> brief() {
    List<String> out = new ArrayList<>();
    if (answersNothing()) {
      return out;
    }
    streams.forEach(s -> out.add("advice: " + s.brief()));
    sorts.forEach(s -> out.add("advice: " + s.brief()));
    toAdd().forEach(a -> out.add("advice: add " + a));
    return out;
  }

  /** The "Advice" part of an experiment's section of the report page; nothing when none. */
  static void html(StringBuilder h, RawResults raw, String experiment) {
    List<String> lines = of(raw).text(experiment);
    if (lines.isEmpty()) {
      return;
    }
    h.append("<h3 id=\"advice-").append(ReportPage.esc(experiment)).append("\">Advice</h3>\n");
    h.append("<p class=\"note\">What this file says about which settings to use "
        + "(<code>secmem advise</code> prints the same). <i>within noise</i>: the "
        + LEVEL_PERCENT + "% bootstrap interval of the ratio of the two medians includes 1 "
        + "(one slow run cannot make two results look alike, as it can when min\u2013max ranges "
        + "are compared); "
        + "<i>knee</i>: the smallest B within noise of the best B and less than "
        + MATERIAL_PERCENT + "% below it.</p>\n");
    h.append("<pre class=\"advice\">");
    lines.forEach(l -> h.append(ReportPage.esc(l)).append('\n'));
    h.append("</pre>\n");
  }

  // ---- noise ----

  /**
   * Whether samples {@code a} and {@code b} are within noise (see {@link Advice}): both have two
   * or more values and the bootstrap interval of median(a) / median(b) includes 1.
   */
  static boolean withinNoise(List<Double> a, List<Double> b) {
    if (a.size() < 2 || b.size() < 2) {
      return false;
    }
    double[] x = a.stream().mapToDouble(Double::doubleValue).toArray();
    double[] y = b.stream().mapToDouble(Double::doubleValue).toArray();
    java.util.SplittableRandom random = new java.util.SplittableRandom(SEED);
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
    java.util.Arrays.sort(ratios);
    double tail = (100 - LEVEL_PERCENT) / 200.0;
    double low = ratios[(int) Math.floor(tail * (RESAMPLES - 1))];
    double high = ratios[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))];
    return low <= 1 && 1 <= high;
  }

  /**
   * Whether B {@code p} is level with the best B of its type: within noise of it and less than
   * {@value #MATERIAL_PERCENT}% below its median (the knee's test).
   */
  static boolean level(Point p, Point best) {
    return withinNoise(p, best)
        && best.mibPerS().median() < (1 + MATERIAL_PERCENT / 100.0) * p.mibPerS().median();
  }

  static boolean withinNoise(Point a, Point b) {
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

  static String range(Statistics s, java.util.function.DoubleFunction<String> f) {
    return f.apply(s.median()) + " (" + f.apply(s.min()) + "\u2013" + f.apply(s.max()) + ")";
  }

  static String times(double r) {
    return "\u00d7" + Numbers.fixed(r, 2);
  }

  /** Rows of cells as lines, each column padded to its widest cell. */
  static List<String> aligned(String indent, List<List<String>> rows) {
    int cols = rows.stream().mapToInt(List::size).max().orElse(0);
    int[] width = new int[cols];
    rows.forEach(r -> {
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

  /** The settings that tell groups apart, e.g. "n = 1,048,576, k = 1". */
  static String describe(Map<String, String> settings, List<String> shown) {
    List<String> parts = new ArrayList<>();
    for (String c : shown) {
      String v = settings.getOrDefault(c, "");
      if (v.isBlank()) {
        continue;
      }
      parts.add(c + " = " + count(v));
    }
    return String.join(", ", parts);
  }

  static OptionalDouble number(String value) {
    try {
      return value == null || value.isBlank() ? OptionalDouble.empty()
          : OptionalDouble.of(Double.parseDouble(value.trim()));
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  static String count(String value) {
    try {
      return Numbers.grouped(Double.parseDouble(value));
    } catch (RuntimeException e) {
      return value;
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

  // ---- streams ----

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
  record TypeResult(String type, boolean usesB, List<Point> points, Point best,
      Optional<Point> knee) {

    TypeResult {
      points = List.copyOf(points);
    }

    boolean bestAtTop() {
      return usesB && points.size() > 1 && best == points.get(points.size() - 1);
    }

    boolean bestAtBottom() {
      return usesB && points.size() > 1 && best == points.get(0);
    }

    /** Whether the neighbour of the best inside the range is not level with it (see level). */
    boolean stillRising() {
      int i = points.indexOf(best);
      int j = bestAtTop() ? i - 1 : i + 1;
      return !level(points.get(j), best);
    }
  }

  /**
   * The advice of one stream experiment at one setting of everything but type and B.
   *
   * @param experiment write or read
   * @param settings the group's other settings (n, k, cache, sync ...), in header order
   * @param shown the settings worth naming (n, k, and those that differ between groups)
   * @param types every type, best median first
   * @param toAdd what to add to the sweep for this group
   */
  record StreamAdvice(String experiment, Map<String, String> settings, List<String> shown,
      List<TypeResult> types, List<String> toAdd) {

    StreamAdvice {
      settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
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
      return runnerUp().map(r -> best().best().mibPerS().median() / r.best().mibPerS().median())
          .orElse(1.0);
    }

    boolean withinNoise() {
      return runnerUp().map(r -> Advice.withinNoise(best().best(), r.best())).orElse(false);
    }

    boolean repeated() {
      return runnerUp().map(r -> r.best().mibPerS().count() > 1
          && best().best().mibPerS().count() > 1).orElse(false);
    }

    static List<StreamAdvice> of(RawResults raw, Optional<String> only) {
      List<String> groupColumns = raw.configurationColumns().stream()
          .filter(c -> !c.equals(ResultColumns.EXPERIMENT) && !c.equals(ResultColumns.STREAM)
              && !c.equals(ResultColumns.B))
          .toList();
      // experiment -> settings -> type -> rows
      Map<String, Map<Map<String, String>, Map<String, List<RawRow>>>> byExperiment =
          new LinkedHashMap<>();
      for (RawRow r : raw.measuredRows()) {
        String e = r.get(ResultColumns.EXPERIMENT).trim();
        if (!(e.equals("write") || e.equals("read")) || only.filter(o -> !o.equals(e)).isPresent()
            || !r.has(ResultColumns.STREAM) || r.mibPerS().isEmpty()) {
          continue;
        }
        Map<String, String> key = new LinkedHashMap<>();
        groupColumns.forEach(c -> key.put(c, r.get(c).trim()));
        byExperiment.computeIfAbsent(e, k -> new LinkedHashMap<>())
            .computeIfAbsent(key, k -> new LinkedHashMap<>())
            .computeIfAbsent(r.get(ResultColumns.STREAM).trim(), k -> new ArrayList<>()).add(r);
      }
      List<StreamAdvice> out = new ArrayList<>();
      byExperiment.forEach((e, groups) -> {
        List<String> shown = shownColumns(new ArrayList<>(groups.keySet()));
        List<StreamAdvice> own = new ArrayList<>();
        groups.forEach((settings, byType) -> {
          List<TypeResult> types = new ArrayList<>();
          byType.forEach((type, rows) -> types.add(typeResult(type, rows)));
          types.sort(Comparator.comparingDouble(
              (TypeResult t) -> t.best().mibPerS().median()).reversed());
          own.add(new StreamAdvice(e, settings, shown, types, List.of()).withToAdd());
        });
        // by N, then k, as a reader looks them up (file order when they are not numbers)
        own.sort(Comparator
            .comparingDouble((StreamAdvice a) -> number(a.settings().get(ResultColumns.N))
                .orElse(0))
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
      Point best = points.stream()
          .max(Comparator.comparingDouble(p -> p.mibPerS().median())).orElseThrow();
      Optional<Point> knee = Optional.empty();
      if (usesB && points.size() > 1 && best.mibPerS().count() > 1) {
        knee = points.stream().filter(p -> p == best || level(p, best)).findFirst();
      }
      return new TypeResult(type, usesB, points, best, knee);
    }

    private StreamAdvice withToAdd() {
      List<String> add = new ArrayList<>();
      String where = experiment + " " + describe(settings, shown);
      List<String> oneB = types.stream().filter(t -> t.usesB() && t.points().size() == 1)
          .map(TypeResult::type).toList();
      if (!oneB.isEmpty()) {
        add.add(where + ": one B only for " + String.join(", ", oneB) + ": sweep b, e.g. "
            + B_SWEEP);
      }
      // a buffer as large as a file holds it whole: a larger one changes nothing
      double fileBytes = 4 * number(settings.get(ResultColumns.N)).orElse(Double.MAX_VALUE / 8);
      // one line per edge and B, naming every type there (a sweep of two B has them all)
      Map<Double, List<String>> top = new TreeMap<>();
      Map<Double, List<String>> bottom = new TreeMap<>();
      for (TypeResult t : types) {
        if (t.bestAtTop() && t.stillRising() && t.best().b() < fileBytes) {
          top.computeIfAbsent(t.best().b(), k -> new ArrayList<>()).add(t.type());
        } else if (t.bestAtBottom() && t.stillRising()) {
          bottom.computeIfAbsent(t.best().b(), k -> new ArrayList<>()).add(t.type());
        }
      }
      top.forEach((b, ts) -> add.add(where + ": " + String.join(", ", ts)
          + (ts.size() == 1 ? " is" : " are") + " still faster at the largest B ("
          + Numbers.grouped(b) + "): extend b beyond it"));
      bottom.forEach((b, ts) -> add.add(where + ": " + String.join(", ", ts)
          + (ts.size() == 1 ? " is" : " are") + " fastest at the smallest B ("
          + Numbers.grouped(b) + "): extend b below it"));
      boolean once = types.stream().flatMap(t -> t.points().stream())
          .anyMatch(p -> p.mibPerS().count() < 2);
      if (once) {
        add.add(where + ": one run per configuration, so no spread to judge: add repetitions"
            + " (--reps " + ENOUGH_REPS + ")");
      } else {
        int reps = Math.min(best().best().mibPerS().count(),
            runnerUp().map(r -> r.best().mibPerS().count()).orElse(Integer.MAX_VALUE));
        int more = withinNoise() ? repsToSeparate(reps, ratio()) : 0;
        if (more > 0) {
          add.add(where + ": " + best().type() + " and " + runnerUp().orElseThrow().type()
              + " are within noise (" + times(ratio()) + " in the median): add repetitions"
              + " (--reps " + more + ") to separate them" + (more > ENOUGH_REPS
                  ? ", or run on a quieter machine" : ""));
        }
      }
      if (types.size() == 1) {
        add.add(where + ": only " + best().type() + " was measured: to choose a type, sweep"
            + " stream, e.g. stream=user-buffer|mapped|channel|async");
      }
      return new StreamAdvice(experiment, settings, shown, types, add);
    }

    /** " at B = 65,536", or nothing for a type that takes no B. */
    private String atB(TypeResult t) {
      return t.usesB() ? " at B = " + Numbers.grouped(t.best().b()) : "";
    }

    List<String> text() {
      List<String> out = new ArrayList<>();
      out.add(experiment + (shown.isEmpty() ? "" : ", " + describe(settings, shown)));
      List<List<String>> rows = new ArrayList<>();
      rows.add(List.of("type", "best B", "MiB/s median (min\u2013max)", "reps", "knee B",
          "B swept"));
      for (TypeResult t : types) {
        Point p = t.best();
        rows.add(List.of(t.type(), t.usesB() ? Numbers.grouped(p.b()) : "\u2013",
            range(p.mibPerS(), Advice::mib), Integer.toString(p.mibPerS().count()),
            t.knee().map(k -> Numbers.grouped(k.b())).orElse("\u2013"), swept(t)));
      }
      out.addAll(aligned("  ", rows));
      for (TypeResult t : types) {
        t.knee().filter(k -> k != t.best()).ifPresent(k -> out.add("  " + t.type()
            + ": B = " + Numbers.grouped(k.b()) + " is within noise of the best and less than "
            + MATERIAL_PERCENT + "% below it (" + mib(k.mibPerS().median()) + " vs "
            + mib(t.best().mibPerS().median()) + " MiB/s): a larger buffer gains nothing"
            + " measurable"));
      }
      out.add("  best type: " + verdict());
      toAdd.forEach(a -> out.add("  add: " + a.substring(a.indexOf(": ") + 2)));
      return out;
    }

    private String verdict() {
      TypeResult b = best();
      String s = b.type() + atB(b) + ", " + mib(b.best().mibPerS().median())
          + " MiB/s";
      if (runnerUp().isEmpty()) {
        return s + " (the only type measured)";
      }
      TypeResult r = runnerUp().get();
      String how = !repeated() ? "one run each: no spread to judge"
          : !withinNoise() ? "apart: beyond noise"
          : repsToSeparate(Math.min(b.best().mibPerS().count(), r.best().mibPerS().count()),
              ratio()) == 0 ? "within noise after " + ENOUGH_REPS + "+ repetitions: either will do"
              : "within noise: not separable with these repetitions";
      return s + ", " + times(ratio()) + " the runner-up " + r.type() + atB(r)
          + " (" + how + ")";
    }

    String brief() {
      TypeResult b = best();
      return experiment + (shown.isEmpty() ? "" : " " + describe(settings, shown)) + ": best "
          + b.type() + atB(b) + b.knee().filter(k -> k != b.best())
              .map(k -> " (knee B = " + Numbers.grouped(k.b()) + ")").orElse("")
          + ", " + mib(b.best().mibPerS().median()) + " MiB/s"
          + runnerUp().map(r -> ", " + times(ratio()) + " over " + r.type() + " ("
              + (!repeated() ? "one run" : withinNoise() ? "within noise" : "apart") + ")")
              .orElse("");
    }

    private static String swept(TypeResult t) {
      if (!t.usesB()) {
        return "";
      }
      List<Point> p = t.points();
      return p.size() == 1 ? "one B" : Numbers.grouped(p.get(0).b()) + ".."
          + Numbers.grouped(p.get(p.size() - 1).b()) + " (" + p.size() + ")";
    }
  }

  // ---- sort ----

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

  /**
   * The advice of one sort group (one N, and one of every other setting but d and M).
   *
   * @param best the group's (d, M), measured best first (from {@link SortBestTable})
   * @param shown the settings worth naming
   * @param optima the (d, M) of the fewest predicted I/Os, the one shown first
   * @param verdict whether measurement and model agree
   * @param reasons the likely reasons of a disagreement (or of {@code unlike}), each a sentence
   * @param toAdd what to add to the sweep for this group
   * @param unlike when the measured best is one of several optima: the slowest optimum, when it
   *     is beyond noise and {@value #MATERIAL_PERCENT}% slower (the model cannot rank them)
   */
  record SortAdvice(Best best, List<String> shown, List<Candidate> optima, Verdict verdict,
      List<String> reasons, List<String> toAdd, Optional<Candidate> unlike) {

    SortAdvice {
      shown = List.copyOf(shown);
      optima = List.copyOf(optima);
      reasons = List.copyOf(reasons);
      toAdd = List.copyOf(toAdd);
    }

    Candidate model() {
      return optima.get(0);
    }

    static List<SortAdvice> of(RawResults raw) {
      // the model needs d >= 2 and M >= 1 (what secmem runs); a hand-edited file may hold less
      List<Best> groups = SortBestTable.groups(raw).stream()
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
      return bytes.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(
          CostModel.predictedBlockTransfers(n(b), (long) c.m(), (int) c.d(),
              (int) bytes.getAsDouble()));
    }

    private static SortAdvice advise(Best g, List<String> shown) {
      Comparator<Candidate> model = Comparator.comparingInt((Candidate c) -> passes(g, c))
          .thenComparingDouble(Candidate::m).thenComparingDouble(Candidate::d);
      List<Candidate> byModel = new ArrayList<>(g.candidates());
      byModel.sort(model);
      int fewest = passes(g, byModel.get(0));
      List<Candidate> optima = byModel.stream().filter(c -> passes(g, c) == fewest).toList();
      Candidate best = g.best();
      Verdict verdict;
      List<String> reasons = new ArrayList<>();
      Optional<Candidate> unlike = Optional.empty();
      if (g.candidates().size() == 1) {
        verdict = Verdict.NONE;
      } else if (optima.contains(best)) {
        verdict = Verdict.AGREE;
        // the model ties its optima; say when they are far from alike, and why
        Candidate slowest = optima.stream()
            .max(Comparator.comparingDouble(c -> c.stats().median())).orElseThrow();
        if (slowest != best && !Advice.withinNoise(slowest, best) && slowest.stats().median()
            >= (1 + MATERIAL_PERCENT / 100.0) * best.stats().median()) {
          unlike = Optional.of(slowest);
          reasons.addAll(reasons(g, best, slowest, false));
        }
      } else if (optima.stream().anyMatch(o -> Advice.withinNoise(o, best))) {
        verdict = Verdict.AGREE_WITHIN_NOISE;
      } else {
        verdict = Verdict.DISAGREE;
        reasons.addAll(reasons(g, best, optima.get(0), true));
      }
      List<String> add = toAdd(g, shown, best);
      return new SortAdvice(g, shown, optima, verdict, reasons, add, unlike);
    }

    /**
     * Why the measured best ran faster than {@code other}, a (d, M) the model ranks as high or
     * higher: with more passes ({@code morePasses}) the page cache may have served them; at a
     * smaller d the merge's CPU, at a smaller M the run sort's.
     */
    private static List<String> reasons(Best g, Candidate best, Candidate other,
        boolean morePasses) {
      List<String> out = new ArrayList<>();
      long inputBytes = 4L * n(g);
      int extra = passes(g, best) - passes(g, other);
      if (morePasses) {
        OptionalDouble storage = median(g.candidates(), "storage_read_bytes");
        if (storage.isEmpty()) {
          out.add("no storage_read_bytes recorded: cannot tell whether the page cache served the"
              + " passes");
        } else if (storage.getAsDouble() < 0.01 * inputBytes) {
          out.add("page cache: the sorts read " + Numbers.grouped(storage.getAsDouble())
              + " bytes (median) from storage for an input of " + Numbers.grouped(inputBytes)
              + ", so an extra pass costs memory copies, not the disk transfers the model counts");
        }
      }
      long wayBest = fanIn(g, best);
      long wayOther = fanIn(g, other);
      if (wayBest < wayOther) {
        out.add("CPU-bound merge: merging k runs at once costs about log2 k heap comparisons per"
            + " int, and a wider heap misses the CPU cache; the best merges " + wayBest
            + " at a time (" + label(best) + ", " + CostModel.runs(n(g), (long) best.m())
            + " runs), the other " + wayOther + " (" + label(other) + ")"
            + (extra > 0 ? ", despite " + plural(extra, "more pass", "more passes") : "")
            + phase(best, other, "merge_ns", "merge"));
      }
      if (best.m() < other.m()) {
        out.add("run formation: sorting runs of M ints costs about log2 M comparisons per int,"
            + " and smaller runs sort in cache; M = " + Numbers.grouped(best.m()) + " beat M = "
            + Numbers.grouped(other.m()) + phase(best, other, "run_formation_ns",
                "run formation"));
      }
      if (out.isEmpty() || (out.size() == 1 && out.get(0).startsWith("no storage"))) {
        out.add("uncounted work: the model counts block transfers only, and the time went"
            + " elsewhere" + phase(best, other, "merge_ns", "merge")
            + phase(best, other, "run_formation_ns", "run formation"));
      }
      return out;
    }

    /** " (merge: 120 ms vs 180 ms)" from a phase's time column, when both have it. */
    private static String phase(Candidate best, Candidate model, String column, String name) {
      OptionalDouble a = median(List.of(best), column);
      OptionalDouble b = median(List.of(model), column);
      if (a.isEmpty() || b.isEmpty()) {
        return "";
      }
      return " (" + name + ": " + SortBestTable.ms(a.getAsDouble() / 1e6) + " ms vs "
          + SortBestTable.ms(b.getAsDouble() / 1e6) + " ms)";
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

    private static List<String> toAdd(Best g, List<String> shown, Candidate best) {
      List<String> add = new ArrayList<>();
      String where = "sort " + describe(g.group(), shown);
      TreeSet<Double> ds = new TreeSet<>();
      TreeSet<Double> ms = new TreeSet<>();
      g.candidates().forEach(c -> {
        ds.add(c.d());
        ms.add(c.m());
      });
      if (ds.size() == 1) {
        add.add(where + ": one d only (" + Numbers.grouped(best.d())
            + "): sweep d, e.g. d=2|4|16|64|256");
      }
      if (ms.size() == 1) {
        // from some 256 runs to one or two, in powers of 4
        int top = Math.max(4, 63 - Long.numberOfLeadingZeros(Math.max(1, n(g))));
        add.add(where + ": one M only (" + Numbers.grouped(best.m()) + "): sweep m, e.g. m=2^"
            + Math.max(2, top - 8) + "..2^" + top + " x4");
      }
      long n = n(g);
      long runs = CostModel.runs(n, (long) best.m());
      if (ds.size() > 1 && g.candidates().size() > 1) {
        double lo = ds.first();
        double hi = ds.last();
        if (runs <= 1) {
          // one run at the best M: no merge, d changes nothing
        } else if (best.d() == hi && runs > best.d()) {
          add.add(where + ": fastest at the largest d swept (" + Numbers.grouped(hi)
              + "): extend d beyond it");
        } else if (best.d() == lo && lo > 2) {
          add.add(where + ": fastest at the smallest d swept (" + Numbers.grouped(lo)
              + "): extend d below it");
        }
      }
      if (ms.size() > 1 && g.candidates().size() > 1) {
        double lo = ms.first();
        double hi = ms.last();
        if (best.m() == hi && hi < n) {
          add.add(where + ": fastest at the largest M swept (" + Numbers.grouped(hi)
              + "): extend m beyond it (up to N = " + Numbers.grouped(n) + ")");
        } else if (best.m() == lo) {
          add.add(where + ": fastest at the smallest M swept (" + Numbers.grouped(lo)
              + "): extend m below it");
        }
      }
      Optional<Candidate> second = g.runnerUp();
      if (second.isPresent()) {
        int reps = Math.min(best.stats().count(), second.get().stats().count());
        boolean sameSort = best.m() == second.get().m() && runs <= 1; // d unused by both
        if (sameSort) {
          // nothing to separate: both are one run sorted in memory
        } else if (reps < 2) {
          add.add(where + ": one run per (d, M), so no spread to judge: add repetitions (--reps "
              + ENOUGH_REPS + ")");
        } else if (Advice.withinNoise(best, second.get())
            && repsToSeparate(reps, g.ratio()) > 0) {
          int more = repsToSeparate(reps, g.ratio());
          add.add(where + ": the best and the runner-up are within noise (" + times(g.ratio())
              + " in the median): add repetitions (--reps " + more + ") to separate them");
        }
      }
      return add;
    }

    private static String label(Candidate c) {
      return "d = " + Numbers.grouped(c.d()) + ", M = " + Numbers.grouped(c.m());
    }

    private String model(Candidate c) {
      OptionalDouble ios = ios(best, c);
      return plural(passes(best, c), "pass", "passes") + (ios.isPresent() ? ", " + Numbers.grouped(
          ios.getAsDouble()) + " I/Os" : "");
    }

    List<String> text() {
      List<String> out = new ArrayList<>();
      String settings = describe(best.group(), shown);
      out.add("sort" + (settings.isEmpty() ? "" : ", " + settings));
      Candidate b = best.best();
      List<List<String>> rows = new ArrayList<>();
      rows.add(List.of("", "(d, M)", "median ms (min\u2013max)", "reps", "passes done",
          "model: passes, I/Os"));
      rows.add(row("measured best", b));
      best.runnerUp().ifPresent(r -> rows.add(row("runner-up", r)));
      Candidate m = model();
      if (m != b) {
        rows.add(row("model optimum", m));
      }
      out.addAll(aligned("  ", rows));
      if (optima.size() > 1) {
        out.add("  the model ties " + optima.size() + " (d, M) at "
            + plural(passes(best, m), "pass", "passes") + "; shown: the smallest M, then the"
            + " smallest d");
      }
      if (b.m() >= n(best)) {
        out.add("  M \u2265 N: one run, no merge pass, so d does not matter at the best");
      }
      best.runnerUp().ifPresent(r -> out.add("  runner-up: " + times(best.ratio()) + " the best, "
          + (!best.repeated() ? "one run each: no spread to judge"
              : Advice.withinNoise(best.best(), r) ? "within noise" : "apart")));
      out.add("  verdict: " + verdictText());
      unlike.ifPresent(u -> out.add("  but the model cannot rank its optima, and they are not"
          + " alike: " + label(u) + " took " + times(u.stats().median() / b.stats().median())
          + " the best's time"));
      reasons.forEach(r -> out.add("    likely: " + r));
      out.addAll(bestDPerM());
      toAdd.forEach(a -> out.add("  add: " + a.substring(a.indexOf(": ") + 2)));
      return out;
    }

    /**
     * The fastest d at each M that forms more than one run, for a reader whose memory is limited:
     * nothing when the group sweeps one d or one such M.
     */
    List<String> bestDPerM() {
      Map<Double, Candidate> fastest = new TreeMap<>();
      Set<Double> ds = new TreeSet<>();
      for (Candidate c : best.candidates()) { // fastest first: the first of each M wins
        if (CostModel.runs(n(best), (long) c.m()) > 1) {
          fastest.putIfAbsent(c.m(), c);
          ds.add(c.d());
        }
      }
      if (fastest.size() < 2 || ds.size() < 2) {
        return List.of();
      }
      List<List<String>> rows = new ArrayList<>();
      rows.add(List.of("with memory M", "runs", "fastest d", "merges at once", "median ms",
          "passes"));
      fastest.values().forEach(c -> rows.add(List.of(Numbers.grouped(c.m()),
          Numbers.grouped(CostModel.runs(n(best), (long) c.m())), Numbers.grouped(c.d()),
          Long.toString(fanIn(best, c)), SortBestTable.ms(c.stats().median()),
          Integer.toString(passes(best, c)))));
      List<String> out = new ArrayList<>();
      out.add("  if memory is limited, the fastest d at each M that merges (any d at or above the"
          + " runs merges them all at once):");
      out.addAll(aligned("    ", rows));
      return out;
    }

    private List<String> row(String what, Candidate c) {
      return List.of(what, label(c), range(c.stats(), SortBestTable::ms),
          Integer.toString(c.stats().count()), c.passes().isEmpty() ? "\u2013" : c.passes(),
          model(c));
    }

    private String verdictText() {
      Candidate b = best.best();
      Candidate m = model();
      return switch (verdict) {
        case NONE -> "one (d, M) measured: nothing to choose between";
        case AGREE -> "measurement and model agree: the fastest (d, M) is "
            + (optima.size() > 1 ? "one of the model's optima" : "the model's optimum");
        case AGREE_WITHIN_NOISE -> "agree within noise: the model's optimum "
            + optima.stream().filter(o -> Advice.withinNoise(o, b))
                .findFirst().map(SortAdvice::label).orElse(label(m))
            + " is within noise of the fastest";
        case DISAGREE -> "measurement and model disagree: the model's optimum " + label(m) + " ("
            + plural(passes(best, m), "pass", "passes") + ") took " + times(m.stats().median() / b.stats().median())
            + " the time of the fastest " + label(b) + " (" + plural(passes(best, b), "pass",
                "passes") + ")";
      };
    }

    String brief() {
      Candidate b = best.best();
      String settings = describe(best.group(), shown);
      String s = "sort" + (settings.isEmpty() ? "" : " " + settings) + ": best " + label(b) + " ("
          + SortBestTable.ms(b.stats().median()) + " ms)";
      if (verdict == Verdict.NONE) {
        return s;
      }
      String why = String.join("; ", reasons.stream()
          .map(r -> r.substring(0, r.indexOf(':') < 0 ? r.length() : r.indexOf(':'))).toList());
      return s + "; model " + label(model()) + ": " + switch (verdict) {
        case AGREE -> "agree" + unlike.map(u -> ", but its " + optima.size() + " tied optima"
            + " took up to " + times(u.stats().median() / b.stats().median()) + " the best's"
            + " time (" + why + ")").orElse("");
        case AGREE_WITHIN_NOISE -> "agree within noise";
        default -> "disagree (" + why + ")";
      };
    }
  }

  @Override
  public String toString() {
    return String.join("\n", text());
  }
}
