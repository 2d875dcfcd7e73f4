package org.secmem.report.comparison;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.secmem.report.stats.Bootstrap;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;

/**
 * Two results files compared configuration by configuration, as JMH's score ± error, hyperfine's "x
 * ± y times faster" and critcmp do it: the elapsed time (ms) of the measured runs (warm-ups and
 * sentinel re-runs left out) of each configuration of BASE against the same configuration of NEW.
 *
 * <p>Configurations match on the configuration columns (see {@link ResultColumns}) both files have,
 * except the one named as the thing compared ({@link By}). A configuration column that only one
 * file has (a later version added it) is left out of the match when it holds one value per
 * configuration; with several it cannot match one to one, and the comparison is refused naming the
 * column and its values. A configuration without an equal partner meets those of the other side
 * that differ from it only where one of the two is empty (B of the buffered stream against
 * user-buffer's B values). Configurations on one side only are kept as rows of their own.
 *
 * <p>Per matched configuration: both medians, their median absolute deviations, the ratio NEW /
 * BASE of the medians (below 1: NEW is faster), and a {@code level} percentile bootstrap interval
 * for it ({@link Bootstrap}, {@value Bootstrap#RESAMPLES} resamples of each side, seeded from the
 * configuration so that the same files always give the same intervals). The difference is
 * significant when the interval excludes 1. With fewer than two runs on a side there is no interval
 * and no verdict.
 *
 * @param base the BASE side: its file and, with {@code --by COLUMN=A:B}, the rows it takes
 * @param next the NEW side
 * @param keyColumns the columns configurations are matched on, in BASE's header order
 * @param varying the key columns whose value differs between configurations of one experiment (and
 *     the experiment, when there are several): what the rows' labels show
 * @param same the key columns with one value in every configuration, and that value
 * @param rows every configuration, matched or one-sided: experiments in order of appearance, then
 *     by key, numbers as numbers
 * @param notes what the reader should know about the match (columns left out, ...)
 * @param level the confidence level of the intervals, e.g. 0.95
 * @param summary counts and the geometric mean of the ratios
 */
public record Comparison(
    Side base,
    Side next,
    List<String> keyColumns,
    List<String> varying,
    Map<String, String> same,
    List<Row> rows,
    List<String> notes,
    double level,
    Summary summary) {

  /** The default confidence level of the intervals. */
  public static final double DEFAULT_LEVEL = 0.95;

  /** Mixed with each configuration's key to seed its bootstrap. */
  private static final long SEED = 0x5ec0_c0a3L;

  public Comparison {
    keyColumns = List.copyOf(keyColumns);
    varying = List.copyOf(varying);
    same = Collections.unmodifiableMap(new LinkedHashMap<>(same));
    rows = List.copyOf(rows);
    notes = List.copyOf(notes);
  }

  /**
   * What is compared: a column left out of the match, and optionally the value of it that BASE's
   * rows must have and the one NEW's must have ({@code --by stream=buffered:user-buffer}, which
   * lets BASE and NEW be one file). Without values, each configuration must have a single value of
   * the column on each side.
   *
   * @param column a configuration column of BASE or NEW
   * @param baseValue the value BASE's rows must have, or null for any
   * @param newValue the value NEW's rows must have, or null for any; given with baseValue
   */
  public record By(String column, String baseValue, String newValue) {
    public By {
      Objects.requireNonNull(column, "column");
      if ((baseValue == null) != (newValue == null)) {
        throw new IllegalArgumentException(
            "baseValue ("
                + baseValue
                + ") and newValue ("
                + newValue
                + ") are given together or not at all");
      }
    }

    /** Whether the rows of each side are picked by a value. */
    public boolean hasValues() {
      return baseValue != null;
    }

    @Override
    public String toString() {
      return hasValues() ? column + "=" + baseValue + ":" + newValue : column;
    }
  }

  /**
   * One side of the comparison.
   *
   * @param file the results file, as given
   * @param column the column whose value picks this side's rows, or null
   * @param value that value, or null
   */
  public record Side(String file, String column, String value) {
    /** {@code r.csv}, or {@code r.csv (stream=buffered)}. */
    public String label() {
      return column == null ? file : file + " (" + column + "=" + value + ")";
    }
  }

  /**
   * The runs of one configuration on one side.
   *
   * @param n measured runs with an elapsed time
   * @param median their median (ms), NaN without runs
   * @param mad their median absolute deviation from the median (ms), NaN without runs
   */
  public record Sample(int n, double median, double mad) {
    static Sample of(double[] ms) {
      if (ms.length == 0) {
        return new Sample(0, Double.NaN, Double.NaN);
      }
      double median = Bootstrap.median(ms);
      double[] dev = new double[ms.length];
      for (int i = 0; i < ms.length; i++) {
        dev[i] = Math.abs(ms[i] - median);
      }
      return new Sample(ms.length, median, Bootstrap.median(dev));
    }
  }

  /** What a row says. */
  public enum Verdict {
    /** NEW faster: the interval lies below 1. */
    FASTER("faster"),
    /** NEW slower: the interval lies above 1. */
    SLOWER("slower"),
    /** The interval holds 1: within noise. */
    UNCHANGED("unchanged"),
    /** No interval: fewer than two runs on a side, or a BASE median of 0. */
    UNDECIDED("undecided"),
    ONLY_BASE("only_in_base"),
    ONLY_NEW("only_in_new");

    private final String csvName;

    Verdict(String csvName) {
      this.csvName = csvName;
    }

    /** The name in the compare CSV. */
    public String csvName() {
      return csvName;
    }

    /** The verdict of a compare CSV cell. */
    public static Optional<Verdict> ofCsvName(String name) {
      for (Verdict v : values()) {
        if (v.csvName.equals(name)) {
          return Optional.of(v);
        }
      }
      return Optional.empty();
    }
  }

  /**
   * One configuration.
   *
   * @param key the values of the key columns
   * @param label the varying key columns, compactly ({@code write N=1M B=64K})
   * @param base BASE's runs, null when the configuration is only in NEW
   * @param next NEW's runs, null when it is only in BASE
   * @param ratio NEW median / BASE median; NaN when undefined
   * @param low lower end of its interval; NaN without one
   * @param high upper end
   * @param verdict what the interval says
   */
  public record Row(
      List<String> key,
      String label,
      Sample base,
      Sample next,
      double ratio,
      double low,
      double high,
      Verdict verdict) {
    public Row {
      key = List.copyOf(key);
    }

    /**
     * The verdict in words, e.g. {@code 1.42x faster}, {@code unchanged (within noise)}; {@code
     * times} is the sign after a factor ("x", or "×" where the output takes it).
     */
    public String verdictText(String times) {
      return switch (verdict) {
        case FASTER -> Numbers.fixed(1 / ratio, 2) + times + " faster";
        case SLOWER -> Numbers.fixed(ratio, 2) + times + " slower";
        case UNCHANGED -> "unchanged (within noise)";
        case UNDECIDED ->
            base.n() < 2 || next.n() < 2
                ? "too few runs (" + base.n() + " and " + next.n() + ")"
                : "no ratio (BASE median is 0)";
        case ONLY_BASE -> "only in BASE";
        case ONLY_NEW -> "only in NEW";
      };
    }

    /** Whether NEW is significantly slower by more than {@code percent} percent. */
    public boolean slowerByMoreThan(double percent) {
      return verdict == Verdict.SLOWER && (ratio - 1) * 100 > percent;
    }
  }

  /**
   * The whole comparison in numbers.
   *
   * @param geometricMean the geometric mean of the ratios of the matched configurations that have
   *     one; NaN when none has
   * @param low lower end of its bootstrap interval (the configurations' resamples combined); NaN
   *     without one
   * @param high upper end
   * @param faster how many configurations are significantly faster in NEW
   * @param slower how many are significantly slower
   * @param unchanged how many are within noise
   * @param undecided how many have no verdict (too few runs)
   * @param onlyBase configurations only in BASE
   * @param onlyNew configurations only in NEW
   */
  public record Summary(
      double geometricMean,
      double low,
      double high,
      int faster,
      int slower,
      int unchanged,
      int undecided,
      int onlyBase,
      int onlyNew) {

    /** The counts and geometric mean of {@code rows}; no interval. */
    public static Summary of(List<Row> rows) {
      return of(rows, Double.NaN, Double.NaN);
    }

    static Summary of(List<Row> rows, double low, double high) {
      int[] counts = new int[Verdict.values().length];
      double logSum = 0;
      int logs = 0;
      for (Row r : rows) {
        counts[r.verdict().ordinal()]++;
        if (r.ratio() > 0 && Double.isFinite(r.ratio())) {
          logSum += Math.log(r.ratio());
          logs++;
        }
      }
      double mean = logs == 0 ? Double.NaN : Math.exp(logSum / logs);
      return new Summary(
          mean,
          low,
          high,
          counts[Verdict.FASTER.ordinal()],
          counts[Verdict.SLOWER.ordinal()],
          counts[Verdict.UNCHANGED.ordinal()],
          counts[Verdict.UNDECIDED.ordinal()],
          counts[Verdict.ONLY_BASE.ordinal()],
          counts[Verdict.ONLY_NEW.ordinal()]);
    }

    /**
     * One line: {@code geometric mean of ratios 0.833 [0.80, 0.86] (NEW is 1.20x faster); 5 faster,
     * 1 slower, 2 unchanged; 1 only in BASE, 0 only in NEW}.
     */
    public String line(String times) {
      StringBuilder s = new StringBuilder("geometric mean of ratios ");
      if (Double.isNaN(geometricMean)) {
        s.append("- (no configuration measured on both sides)");
      } else {
        s.append(Numbers.fixed(geometricMean, 3));
        if (!Double.isNaN(low)) {
          s.append(" [")
              .append(Numbers.fixed(low, 3))
              .append(", ")
              .append(Numbers.fixed(high, 3))
              .append(']');
        }
        // Within noise when the interval holds 1: the direction is then no finding.
        String noise = !Double.isNaN(low) && low <= 1 && high >= 1 ? ", within noise" : "";
        s.append(
            geometricMean < 1
                ? " (NEW is "
                    + Numbers.fixed(1 / geometricMean, 2)
                    + times
                    + " faster"
                    + noise
                    + ")"
                : geometricMean > 1
                    ? " (NEW is "
                        + Numbers.fixed(geometricMean, 2)
                        + times
                        + " slower"
                        + noise
                        + ")"
                    : " (the same)");
      }
      s.append("; ")
          .append(faster)
          .append(" faster, ")
          .append(slower)
          .append(" slower, ")
          .append(unchanged)
          .append(" unchanged");
      if (undecided > 0) {
        s.append(", ").append(undecided).append(" with too few runs");
      }
      s.append("; ")
          .append(onlyBase)
          .append(" only in BASE, ")
          .append(onlyNew)
          .append(" only in NEW");
      return s.toString();
    }
  }

  /** The rows NEW is significantly slower in by more than {@code percent} percent. */
  public List<Row> slowerByMoreThan(double percent) {
    return rows.stream().filter(r -> r.slowerByMoreThan(percent)).toList();
  }

  /**
   * Compares {@code next} with {@code base}.
   *
   * @param by the column compared, or null: configurations match on every common column
   * @param level the confidence level of the intervals, in (0, 1)
   * @throws IncomparableResultsException naming the file and the column when the files cannot be
   *     compared: a column or value {@code by} names is not there, a side has no measured row, a
   *     column of one file only has several values in one configuration, or no configuration is in
   *     both
   * @throws MalformedResultsException when an elapsed time cell is not a number
   */
  public static Comparison of(RawResults base, RawResults next, By by, double level)
      throws IncomparableResultsException, MalformedResultsException {
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("level (" + level + ") must be in (0, 1)");
    }
    List<String> baseColumns = base.configurationColumns();
    List<String> nextColumns = next.configurationColumns();
    String byColumn = by == null ? null : by.column();
    if (by != null && !baseColumns.contains(byColumn) && !nextColumns.contains(byColumn)) {
      Set<String> all = new LinkedHashSet<>(baseColumns);
      all.addAll(nextColumns);
      throw new IncomparableResultsException(
          "--by "
              + byColumn
              + ": no configuration column '"
              + byColumn
              + "' in "
              + base.source()
              + " or "
              + next.source()
              + "; their configuration columns: "
              + String.join(", ", all));
    }
    List<RawRow> baseRows =
        ComparisonChecks.pick(base, by == null ? null : by.baseValue(), byColumn);
    List<RawRow> nextRows =
        ComparisonChecks.pick(next, by == null ? null : by.newValue(), byColumn);

    List<String> key =
        baseColumns.stream().filter(c -> nextColumns.contains(c) && !c.equals(byColumn)).toList();
    List<String> notes = new ArrayList<>();
    if (ComparisonPairs.PRESET.equals(byColumn)) {
      key = ComparisonPairs.withThePreset(key, baseRows, nextRows, notes);
    }
    if (by != null && by.hasValues()) {
      ComparisonChecks.blankLeftOut(base, byColumn, by.baseValue(), notes);
      if (!next.source().equals(base.source())) {
        ComparisonChecks.blankLeftOut(next, byColumn, by.newValue(), notes);
      }
    }
    ComparisonChecks.checkOneSided(
        base, baseRows, baseColumns, nextColumns, key, byColumn, true, notes);
    ComparisonChecks.checkOneSided(
        next, nextRows, nextColumns, baseColumns, key, byColumn, false, notes);
    if (by != null && !by.hasValues()) {
      ComparisonChecks.checkOneValue(base, baseRows, key, byColumn);
      ComparisonChecks.checkOneValue(next, nextRows, key, byColumn);
    }

    Map<List<String>, List<RawRow>> baseGroups = ComparisonPairs.group(baseRows, key);
    Map<List<String>, List<RawRow>> nextGroups = ComparisonPairs.group(nextRows, key);
    List<Pair> pairs = ComparisonPairs.pairs(baseGroups, nextGroups, key, notes);
    if (pairs.stream().noneMatch(p -> p.base() != null && p.next() != null)) {
      throw new IncomparableResultsException(
          ComparisonChecks.noneInCommon(base, next, baseRows, nextRows, key));
    }

    pairs = ComparisonLabels.sorted(pairs, key);
    Map<String, List<String>> labelColumns = ComparisonLabels.labelColumns(pairs, key);
    Set<String> varyingSet = new LinkedHashSet<>();
    labelColumns.values().forEach(varyingSet::addAll);
    List<String> varying = key.stream().filter(varyingSet::contains).toList();
    Map<String, String> same = new LinkedHashMap<>();
    for (int i = 0; i < key.size(); i++) {
      final int c = i;
      Set<String> values = pairs.stream().map(p -> p.key().get(c)).collect(Collectors.toSet());
      if (values.size() == 1
          && !values.iterator().next().isBlank()
          && !varyingSet.contains(key.get(i))) {
        same.put(key.get(i), values.iterator().next());
      }
    }

    List<Row> rows = new ArrayList<>();
    List<double[]> resamples = new ArrayList<>();
    List<Double> fixedLogs = new ArrayList<>();
    for (Pair p : pairs) {
      List<String> k = p.key();
      String label = ComparisonLabels.label(key, labelColumns.get(experimentOf(key, k)), k);
      List<RawRow> b = p.base();
      List<RawRow> n = p.next();
      if (n == null) {
        rows.add(
            new Row(
                k,
                label,
                Sample.of(elapsed(b)),
                null,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Verdict.ONLY_BASE));
        continue;
      }
      if (b == null) {
        rows.add(
            new Row(
                k,
                label,
                null,
                Sample.of(elapsed(n)),
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Verdict.ONLY_NEW));
        continue;
      }
      double[] bm = elapsed(b);
      double[] nm = elapsed(n);
      Sample bs = Sample.of(bm);
      Sample ns = Sample.of(nm);
      double ratio =
          bs.n() > 0 && ns.n() > 0 && bs.median() > 0 ? ns.median() / bs.median() : Double.NaN;
      if (bs.n() < 2 || ns.n() < 2 || Double.isNaN(ratio)) {
        rows.add(new Row(k, label, bs, ns, ratio, Double.NaN, Double.NaN, Verdict.UNDECIDED));
        if (ratio > 0 && Double.isFinite(ratio)) {
          fixedLogs.add(Math.log(ratio));
        }
        continue;
      }
      double[] ratios =
          Bootstrap.ratiosOfMedians(
              bm,
              nm,
              Bootstrap.RESAMPLES,
              new SplittableRandom(SEED ^ (k.hashCode() * 0x9E37_79B9_7F4A_7C15L)));
      double[] interval = Bootstrap.interval(ratios, level);
      Verdict v =
          interval[1] < 1 ? Verdict.FASTER : interval[0] > 1 ? Verdict.SLOWER : Verdict.UNCHANGED;
      rows.add(new Row(k, label, bs, ns, ratio, interval[0], interval[1], v));
      resamples.add(ratios);
    }
    double[] geo = geometricMeanInterval(resamples, fixedLogs, level);
    Side baseSide =
        new Side(
            base.source(),
            by != null && by.hasValues() ? byColumn : null,
            by != null && by.hasValues() ? by.baseValue() : null);
    Side nextSide =
        new Side(
            next.source(),
            by != null && by.hasValues() ? byColumn : null,
            by != null && by.hasValues() ? by.newValue() : null);
    return new Comparison(
        baseSide,
        nextSide,
        key,
        varying,
        same,
        rows,
        notes,
        level,
        Summary.of(rows, geo[0], geo[1]));
  }

  /**
   * One row to be: the rows of a configuration on each side (null: none there) and the key it is
   * shown with.
   */
  record Pair(List<String> key, List<RawRow> base, List<RawRow> next) {}

  /**
   * The interval of the geometric mean: the i-th resample of every configuration with an interval
   * combined (configurations are resampled independently), configurations without one at their
   * ratio. NaN when no configuration has resamples.
   */
  private static double[] geometricMeanInterval(
      List<double[]> resamples, List<Double> fixedLogs, double level) {
    if (resamples.isEmpty()) {
      return new double[] {Double.NaN, Double.NaN};
    }
    double fixed = fixedLogs.stream().mapToDouble(Double::doubleValue).sum();
    int count = resamples.size() + fixedLogs.size();
    double[] means = new double[Bootstrap.RESAMPLES];
    for (int i = 0; i < means.length; i++) {
      double sum = fixed;
      for (double[] r : resamples) {
        sum += Math.log(r[i]);
      }
      means[i] = Math.exp(sum / count);
    }
    return Bootstrap.interval(means, level);
  }

  private static double[] elapsed(List<RawRow> rows) throws MalformedResultsException {
    List<Double> values = new ArrayList<>();
    for (RawRow r : rows) {
      OptionalDouble ms;
      try {
        ms = r.elapsedMs();
      } catch (IllegalArgumentException e) {
        throw new MalformedResultsException(e.getMessage(), e);
      }
      if (ms.isPresent()) {
        values.add(ms.getAsDouble());
      }
    }
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  static String experimentOf(List<String> key, List<String> values) {
    int e = key.indexOf(ResultColumns.EXPERIMENT);
    return e < 0 ? "" : values.get(e);
  }
}
