package org.secmem.report.page;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;
import org.secmem.report.drift.Drift;
import org.secmem.report.stats.ConfigurationOrder;
import org.secmem.report.stats.Statistics;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;
import org.secmem.results.ResultFiles;
import org.secmem.results.SpreadsheetText;

/**
 * Writes the summary CSV of a raw results CSV: one row per configuration, in the order of the
 * command or parameter file and by swept values within a line ({@link ConfigurationOrder}), warm-up
 * runs left out.
 *
 * <p>Columns, in this order:
 *
 * <ol>
 *   <li>the raw file's configuration columns in its header order (see {@link ResultColumns}: the
 *       known ones among experiment, stream, read_stream, write_stream, n, k, b, m, d, order,
 *       shape, cache, sync, and any unknown non-measurement column), values copied verbatim;
 *   <li>{@code count}: measured (non-warm-up) runs; {@code warmups}: warm-up runs left out;
 *   <li>{@code elapsed_ms_median, _mean, _stddev, _min, _max} (elapsed_ms, else elapsed_ns / 1e6);
 *   <li>{@code mib_per_s_median, _mean, _stddev, _min, _max};
 *   <li>{@code ns_per_int_median};
 *   <li>{@code predicted_ios}: the value when every measured run agrees, else empty (and logged);
 *   <li>{@code verified}: {@code false} if any measured run says false, else {@code true} if any
 *       says true, else empty (not checked);
 *   <li>{@code drift_ratio, drift_low, drift_high, drift}: the elapsed time's median over the last
 *       third of the measured runs (in file order, which is the order they ran) divided by that of
 *       the first third, its bootstrap interval, and {@code yes} when the runs moved beyond their
 *       noise (see {@link Drift}); empty with fewer than {@value Drift#MIN_RUNS} measured runs.
 * </ol>
 *
 * <p>Statistics are those of {@link Statistics} (sample standard deviation, 0 for one run) over the
 * runs that have a value; a configuration without any measured value has empty cells. Every
 * statistic is written with exactly {@value #DECIMALS} decimals, '.' as decimal point, no grouping,
 * whatever the default locale. The file is RFC 4180 (CRLF line ends, quotes where needed), UTF-8.
 */
public final class SummaryWriter {

  /** Digits after the decimal point of every statistic: µs for times, 0.001 MiB/s, 0.001 ns. */
  public static final int DECIMALS = 3;

  private static final Logger LOG = LogManager.getLogger(SummaryWriter.class);

  private static final List<String> STATS = List.of("median", "mean", "stddev", "min", "max");

  /** The drift cells (see {@link Drift}): ratio, its interval, and the verdict. */
  public static final List<String> DRIFT_COLUMNS =
      List.of("drift_ratio", "drift_low", "drift_high", "drift");

  private SummaryWriter() {}

  /**
   * Reads {@code rawCsv} and writes its summary beside it ({@link ResultFiles#summaryFor}),
   * replacing an older one.
   *
   * @return the summary file written
   */
  public static Path writeBeside(Path rawCsv) throws IOException {
    Path out = ResultFiles.summaryFor(rawCsv);
    write(RawResults.read(rawCsv), out);
    return out;
  }

  /** Writes the summary of {@code raw} to {@code out}, replacing it. */
  public static void write(RawResults raw, Path out) throws IOException {
    PartFile.writeWholeText(out, w -> write(raw, w));
    LOG.info("wrote summary {}", out);
  }

  /**
   * Writes the summary of {@code raw} to {@code out}, which the caller closes.
   *
   * @throws MalformedResultsException when a measurement cell is not a number
   */
  public static void write(RawResults raw, Appendable out) throws IOException {
    List<String> config = raw.configurationColumns();
    List<String> header = new ArrayList<>(config);
    header.add("count");
    header.add("warmups");
    for (String stat : STATS) {
      header.add(ResultColumns.ELAPSED_MS + "_" + stat);
    }
    for (String stat : STATS) {
      header.add(ResultColumns.MIB_PER_S + "_" + stat);
    }
    header.add(ResultColumns.NS_PER_INT + "_median");
    header.add(ResultColumns.PREDICTED_IOS);
    header.add(ResultColumns.VERIFIED);
    header.addAll(DRIFT_COLUMNS);

    CSVFormat format = CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).build();
    CSVPrinter printer = new CSVPrinter(out, format);
    for (Map.Entry<List<String>, List<RawRow>> group :
        ConfigurationOrder.byConfiguration(raw, config).entrySet()) {
      List<String> cells;
      try {
        cells = row(group.getKey(), group.getValue());
      } catch (IllegalArgumentException e) {
        throw new MalformedResultsException(e.getMessage(), e);
      }
      printer.printRecord(SpreadsheetText.protect(cells));
    }
    printer.flush();
  }

  private static List<String> row(List<String> configValues, List<RawRow> rows) {
    List<RawRow> measured = rows.stream().filter(r -> !r.isWarmup()).toList();
    List<String> cells = new ArrayList<>(configValues);
    cells.add(Integer.toString(measured.size()));
    cells.add(Integer.toString(rows.size() - measured.size()));
    addStats(cells, values(measured, RawRow::elapsedMs));
    addStats(cells, values(measured, RawRow::mibPerS));
    List<Double> nsPerInt = values(measured, r -> r.number(ResultColumns.NS_PER_INT));
    cells.add(nsPerInt.isEmpty() ? "" : Numbers.fixed(Statistics.of(nsPerInt).median(), DECIMALS));
    cells.add(agreed(measured, ResultColumns.PREDICTED_IOS, configValues));
    cells.add(verified(measured));
    Optional<Drift> drift = Drift.of(values(measured, RawRow::elapsedMs));
    cells.add(drift.map(d -> Numbers.fixed(d.ratio(), DECIMALS)).orElse(""));
    cells.add(drift.map(d -> Numbers.fixed(d.low(), DECIMALS)).orElse(""));
    cells.add(drift.map(d -> Numbers.fixed(d.high(), DECIMALS)).orElse(""));
    cells.add(drift.map(d -> d.drifted() ? "yes" : "no").orElse(""));
    return cells;
  }

  private static List<Double> values(List<RawRow> rows, Function<RawRow, OptionalDouble> metric) {
    List<Double> values = new ArrayList<>();
    for (RawRow r : rows) {
      OptionalDouble v = metric.apply(r);
      if (v.isPresent()) {
        values.add(v.getAsDouble());
      }
    }
    return values;
  }

  private static void addStats(List<String> cells, List<Double> values) {
    if (values.isEmpty()) {
      STATS.forEach(s -> cells.add(""));
      return;
    }
    Statistics s = Statistics.of(values);
    cells.add(Numbers.fixed(s.median(), DECIMALS));
    cells.add(Numbers.fixed(s.mean(), DECIMALS));
    cells.add(Numbers.fixed(s.stddev(), DECIMALS));
    cells.add(Numbers.fixed(s.min(), DECIMALS));
    cells.add(Numbers.fixed(s.max(), DECIMALS));
  }

  private static String agreed(List<RawRow> rows, String column, List<String> configValues) {
    List<String> distinct =
        rows.stream().map(r -> r.get(column).trim()).filter(v -> !v.isEmpty()).distinct().toList();
    if (distinct.size() > 1) {
      LOG.warn("{} differs between runs of configuration {}: {}", column, configValues, distinct);
      return "";
    }
    return distinct.isEmpty() ? "" : distinct.get(0);
  }

  private static String verified(List<RawRow> rows) {
    boolean anyTrue = false;
    for (RawRow r : rows) {
      String v = r.get(ResultColumns.VERIFIED).trim();
      if (v.equalsIgnoreCase("false")) {
        return "false";
      }
      anyTrue |= v.equalsIgnoreCase("true");
    }
    return anyTrue ? "true" : "";
  }
}
