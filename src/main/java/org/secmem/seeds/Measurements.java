package org.secmem.seeds;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.secmem.report.stats.Bootstrap;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultColumns;

/**
 * The measured values of every configuration in some results files, per {@link Metric}: one value
 * per measured run of a raw results file (warm-ups and sentinel re-runs left out), or the one
 * median of a summary file's row (no runs, so no noise of its own: see {@link Samples#runs}).
 * Several files pool: a configuration in two files has the runs of both.
 */
public final class Measurements {

  /** The summary's columns that stand for each metric (its medians). */
  private static final Map<Metric, String> SUMMARY_COLUMNS =
      Map.of(Metric.MS, "elapsed_ms_median", Metric.MIBS, "mib_per_s_median");

  private final Map<MeasuredConfiguration, EnumMap<Metric, List<Double>>> values =
      new LinkedHashMap<>();
  private final Map<MeasuredConfiguration, Boolean> fromSummary = new HashMap<>();
  private final List<String> problems = new ArrayList<>();

  /**
   * The values of one configuration under one metric.
   *
   * @param values at least one value
   * @param runs whether each value is one run (a raw results file); false for a summary's median
   */
  public record Samples(double[] values, boolean runs) {

    /** The median of the values. */
    public double median() {
      return Bootstrap.median(values);
    }
  }

  /**
   * The measurements of {@code files}, each a raw results file or a summary ({@code
   * *-summary.csv}), read by {@link RawResults#read}.
   *
   * @throws IllegalArgumentException naming a file that is neither
   */
  public static Measurements of(List<RawResults> files) {
    Measurements m = new Measurements();
    for (RawResults results : files) {
      boolean summary = check(results);
      results.problems().forEach(p -> m.problems.add(p.toString()));
      for (RawRow row : summary ? results.rows() : results.measuredRows()) {
        m.add(row, summary);
      }
    }
    return m;
  }

  /**
   * The measurements of {@code files} split by the method that measured them, in the order the
   * files first give each method: by default the method each row records ({@link #methodOf}: a
   * shared JVM or fresh JVMs per configuration, and the JVM's version), so that files of one method
   * pool and one file of two JVMs ({@code --jvm} with two) splits; with {@code perFile}, each file
   * is one method named by its file name, whatever its rows record.
   *
   * @throws IllegalArgumentException naming a file that is neither a results file nor a summary
   */
  public static Map<String, Measurements> byMethod(List<RawResults> files, boolean perFile) {
    return byMethod(files, perFile, summary -> NOT_RECORDED);
  }

  /**
   * As {@link #byMethod(List, boolean)}, with what the environment record beside a summary says of
   * its JVMs: a summary's rows have no {@code fork} column.
   *
   * @param summaryJvm of a summary file: "shared JVM", "forked" or "fork not recorded"
   */
  public static Map<String, Measurements> byMethod(
      List<RawResults> files, boolean perFile, Function<RawResults, String> summaryJvm) {
    Map<String, Measurements> methods = new LinkedHashMap<>();
    for (RawResults results : files) {
      boolean summary = check(results);
      String jvm = summary ? summaryJvm.apply(results) : null;
      for (RawRow row : summary ? results.rows() : results.measuredRows()) {
        String method = perFile ? fileName(results.source()) : methodOf(jvm, row);
        methods.computeIfAbsent(method, x -> new Measurements()).add(row, summary);
      }
    }
    return methods;
  }

  /** What a summary's method is called when nothing beside it records its JVMs. */
  public static final String NOT_RECORDED = "fork not recorded";

  /**
   * The method a row records: "shared JVM" (a blank {@code fork} cell: measured in the JVM the user
   * started; JSON Lines leave the cell out) or "forked" ({@code --fork}: a fresh JVM per
   * configuration), or for a summary's row {@code summaryJvm}; then the JVM's {@code java_version},
   * e.g. "shared JVM, JDK 17.0.15".
   */
  static String methodOf(String summaryJvm, RawRow row) {
    String jvm =
        summaryJvm != null ? summaryJvm : row.get("fork").isBlank() ? "shared JVM" : "forked";
    String version = row.get("java_version").trim();
    return version.isEmpty() ? jvm : jvm + ", JDK " + version;
  }

  private static String fileName(String source) {
    int slash = Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\'));
    return source.substring(slash + 1);
  }

  /**
   * Whether {@code results} is a summary.
   *
   * @throws IllegalArgumentException when it is neither a raw results file nor a summary
   */
  private static boolean check(RawResults results) {
    boolean summary = isSummary(results);
    if (!summary && !results.header().contains(ResultColumns.ELAPSED_NS)) {
      throw new IllegalArgumentException(
          results.source()
              + ": neither a secmem results file (no elapsed_ns column) nor its summary (no"
              + " elapsed_ms_median column)");
    }
    return summary;
  }

  /** Whether {@code results} is a summary file: medians, no runs. */
  public static boolean isSummary(RawResults results) {
    return results.header().contains("elapsed_ms_median");
  }

  /** Measurements built from rows, for tests: each row is one run of a raw results file. */
  public static Measurements ofRows(List<RawRow> rows) {
    Measurements m = new Measurements();
    rows.stream().filter(r -> !r.isWarmup()).forEach(r -> m.add(r, false));
    return m;
  }

  private void add(RawRow row, boolean summary) {
    Map<String, String> key = new LinkedHashMap<>();
    for (String column : MeasuredConfiguration.COLUMNS) {
      String v = row.get(column).trim();
      if (column.equals("cache") && v.isEmpty()) {
        v = "as-is";
      }
      key.put(column, v);
    }
    key.put(MeasuredConfiguration.BLOCKS, blocks(row));
    String sweep = row.get(MeasuredConfiguration.SWEEP).trim();
    key.put(MeasuredConfiguration.SWEEP, sweep);
    key.put(MeasuredConfiguration.LINE, line(sweep));
    MeasuredConfiguration c = new MeasuredConfiguration(key);
    EnumMap<Metric, List<Double>> byMetric =
        values.computeIfAbsent(c, x -> new EnumMap<>(Metric.class));
    fromSummary.merge(c, summary, Boolean::logicalOr);
    for (Metric metric : Metric.values()) {
      OptionalDouble v = valueOf(row, metric, summary);
      if (v.isPresent()) {
        byMetric.computeIfAbsent(metric, x -> new ArrayList<>()).add(v.getAsDouble());
      }
    }
  }

  /** The line number of a sweep cell "configs/x.csv:25", or "" when it names no line. */
  private static String line(String sweep) {
    int colon = sweep.lastIndexOf(':');
    String n = colon < 0 ? "" : sweep.substring(colon + 1);
    return n.matches("[0-9]+") ? n : "";
  }

  /**
   * The configurations that the config file {@code config} measured ({@link
   * MeasuredConfiguration#measuredBy}): a finding is judged on its own report's grid, never on
   * another config's runs of the same parameters.
   */
  public Measurements measuredBy(String config) {
    Measurements m = new Measurements();
    values.forEach(
        (c, v) -> {
          if (c.measuredBy(config)) {
            m.values.put(c, v);
            m.fromSummary.put(c, fromSummary.get(c));
          }
        });
    m.problems.addAll(problems);
    return m;
  }

  /** 4N / B as an integer, or "" when the row has no N or B or B does not divide 4N. */
  private static String blocks(RawRow row) {
    try {
      long n = Long.parseLong(row.get("n").trim());
      long b = Long.parseLong(row.get("b").trim());
      return b > 0 && (4 * n) % b == 0 ? Long.toString(4 * n / b) : "";
    } catch (NumberFormatException e) {
      return "";
    }
  }

  private static OptionalDouble valueOf(RawRow row, Metric metric, boolean summary) {
    if (summary) {
      String column = SUMMARY_COLUMNS.get(metric);
      return column == null ? OptionalDouble.empty() : row.number(column);
    }
    switch (metric) {
      case MS:
        OptionalDouble ns = row.number(ResultColumns.ELAPSED_NS);
        return ns.isPresent() ? OptionalDouble.of(ns.getAsDouble() / 1e6) : ns;
      case MIBS:
        return row.number(ResultColumns.MIB_PER_S);
      case FLOOR:
        OptionalDouble floor = row.number(ResultColumn.FLOOR_NS.header());
        OptionalDouble elapsed = row.number(ResultColumns.ELAPSED_NS);
        return floor.isPresent() && elapsed.isPresent() && elapsed.getAsDouble() > 0
            ? OptionalDouble.of(floor.getAsDouble() / elapsed.getAsDouble())
            : OptionalDouble.empty();
      default:
        return row.number(ResultColumn.BLOCK_PUSHES.header());
    }
  }

  /** Every configuration, in the order the files first gave them. */
  public List<MeasuredConfiguration> configurations() {
    return List.copyOf(values.keySet());
  }

  /** The values of {@code c} under {@code metric}; null when it has none. */
  public Samples of(MeasuredConfiguration c, Metric metric) {
    EnumMap<Metric, List<Double>> byMetric = values.get(c);
    List<Double> list = byMetric == null ? null : byMetric.get(metric);
    if (list == null || list.isEmpty()) {
      return null;
    }
    return new Samples(
        list.stream().mapToDouble(Double::doubleValue).toArray(), !fromSummary.get(c));
  }

  /** Rows the files held that could not be used, as "file:line: why". */
  public List<String> problems() {
    return List.copyOf(problems);
  }
}
