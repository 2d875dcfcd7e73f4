package org.secmem.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.secmem.report.ChartSpec.Metric;
import org.secmem.report.ChartSpec.Point;
import org.secmem.report.ChartSpec.Series;

/**
 * Draws the charts of a raw results CSV, as PNG and SVG.
 *
 * <p>For each experiment in the file and each swept parameter (n, b, k, m, d) that takes more than
 * one value among its measured runs, one chart of the median time (ms) against that parameter, and
 * for experiments other than sort one of the median throughput (MiB/s). Each stream type is a
 * series (for sort, each read/write stream pair). Error bars are ± one sample standard deviation
 * of the repetitions, centred on the median; a note in the legend says so (XChart's error bars are
 * symmetric, so min..max cannot be drawn). Warm-up runs are left out. The y axis is logarithmic
 * when the medians span more than two decades and no bar reaches zero.
 *
 * <p>When another swept parameter also varies, there is one chart per value of it, its file name
 * saying which ({@code read-time-vs-b-n1000000.png}); a run whose cell for that parameter is empty
 * (not applicable) appears in every one of them. Other configuration columns that vary (cache,
 * sync, shape, order, columns a later version adds) are folded into the series names. Runs that
 * leave the x parameter empty (a type that does not use B) are drawn as flat lines over the x
 * range, named e.g. {@code simple, no B}. The x axis
 * is logarithmic for n and b, and for any parameter spanning more than two decades. At most {@code
 * maxCharts} charts are drawn per file; the rest are logged as skipped.
 *
 * <p>Drawing sets {@code java.awt.headless=true} when it is not set, so that it works without a
 * display.
 */
public final class ChartMaker {

  public static final int DEFAULT_WIDTH = 900;
  public static final int DEFAULT_HEIGHT = 600;
  public static final int DEFAULT_MAX_CHARTS = 60;

  private static final Logger LOG = LogManager.getLogger(ChartMaker.class);
  private static final Set<String> LOG_SCALE_PARAMETERS = Set.of(ResultColumns.N, ResultColumns.B);
  private static final double LOG_SCALE_SPAN = 100;

  private final int width;
  private final int height;
  private final int maxCharts;

  /**
   * @param width image width in pixels, at least 200
   * @param height image height in pixels, at least 150
   * @param maxCharts the most charts drawn for one file, at least 1
   */
  public ChartMaker(int width, int height, int maxCharts) {
    if (width < 200 || height < 150) {
      throw new IllegalArgumentException(
          "chart size (" + width + "x" + height + ") must be at least 200x150");
    }
    if (maxCharts < 1) {
      throw new IllegalArgumentException("maxCharts (" + maxCharts + ") must be >= 1");
    }
    this.width = width;
    this.height = height;
    this.maxCharts = maxCharts;
  }

  /** 900x600 pixels, at most {@value #DEFAULT_MAX_CHARTS} charts. */
  public static ChartMaker withDefaults() {
    return new ChartMaker(DEFAULT_WIDTH, DEFAULT_HEIGHT, DEFAULT_MAX_CHARTS);
  }

  /**
   * Reads {@code rawCsv} and draws its charts into {@code outDir} (created if missing), replacing
   * files of the same name.
   *
   * @return the files written, a PNG and an SVG per chart, in plan order
   */
  public List<Path> draw(Path rawCsv, Path outDir) throws IOException {
    return draw(RawResults.read(rawCsv), outDir);
  }

  /** As {@link #draw(Path, Path)}, from results already read. */
  public List<Path> draw(RawResults raw, Path outDir) throws IOException {
    List<ChartSpec> specs;
    try {
      specs = plan(raw);
    } catch (IllegalArgumentException e) {
      throw new MalformedResultsException(e.getMessage(), e);
    }
    if (System.getProperty("java.awt.headless") == null) {
      // no display on a benchmark server; AWT reads this once, before its first use
      System.setProperty("java.awt.headless", "true");
    }
    Files.createDirectories(outDir);
    List<Path> written = new ArrayList<>();
    for (ChartSpec spec : specs) {
      XYChart chart = render(spec);
      Path png = outDir.resolve(spec.fileStem() + ".png");
      Path svg = outDir.resolve(spec.fileStem() + ".svg");
      BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
      VectorGraphicsEncoder.saveVectorGraphic(
          chart, svg.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
      written.add(png);
      written.add(svg);
    }
    LOG.info("{}: wrote {} charts to {}", raw.source(), specs.size(), outDir);
    return written;
  }

  /**
   * The charts {@code raw} calls for, capped at {@code maxCharts}, without drawing anything.
   *
   * @throws IllegalArgumentException when a parameter or measurement cell is not a number
   */
  public List<ChartSpec> plan(RawResults raw) {
    List<RawRow> measured = raw.measuredRows();
    Set<String> experiments = new LinkedHashSet<>();
    measured.forEach(r -> experiments.add(r.get(ResultColumns.EXPERIMENT)));
    List<ChartSpec> all = new ArrayList<>();
    for (String experiment : experiments) {
      List<RawRow> rows =
          measured.stream()
              .filter(r -> r.get(ResultColumns.EXPERIMENT).equals(experiment))
              .toList();
      // A chart whose every series has one point shows nothing against its x axis (e.g. rows
      // whose other parameters differ together): leave it out.
      // Flat "no B" lines of types the fixed parameter does not apply to do not count.
      planExperiment(raw, experiment, rows).stream()
          .filter(c -> c.series().stream()
              .anyMatch(sr -> sr.points().size() > 1 && !sr.name().contains(", no ")))
          .forEach(all::add);
    }
    if (all.size() > maxCharts) {
      List<String> skipped =
          all.subList(maxCharts, all.size()).stream().map(ChartSpec::fileStem).toList();
      LOG.warn(
          "{}: {} charts called for, drawing the first {}; skipped: {}",
          raw.source(),
          all.size(),
          maxCharts,
          skipped);
      return List.copyOf(all.subList(0, maxCharts));
    }
    return all;
  }

  private List<ChartSpec> planExperiment(RawResults raw, String experiment, List<RawRow> rows) {
    boolean sort = experiment.equals("sort");
    List<String> seriesColumns =
        (sort
                ? List.of(ResultColumns.READ_STREAM, ResultColumns.WRITE_STREAM)
                : List.of(ResultColumns.STREAM))
            .stream()
            .filter(raw.header()::contains)
            .toList();
    List<String> swept =
        ResultColumns.SWEPT_PARAMETERS.stream().filter(raw.header()::contains).toList();
    List<String> varyingSwept =
        swept.stream().filter(p -> distinctNonEmpty(rows, p).size() > 1).toList();
    List<String> others =
        raw.configurationColumns().stream()
            .filter(c -> !c.equals(ResultColumns.EXPERIMENT))
            .filter(c -> !seriesColumns.contains(c) && !swept.contains(c))
            .toList();
    List<String> foldedIntoSeries =
        others.stream().filter(c -> distinctCells(rows, c).size() > 1).toList();

    List<Metric> metrics = new ArrayList<>(List.of(Metric.TIME));
    if (!sort && rows.stream().anyMatch(r -> r.mibPerS().isPresent())) {
      metrics.add(Metric.THROUGHPUT);
    }

    List<ChartSpec> specs = new ArrayList<>();
    for (String x : varyingSwept) {
      List<RawRow> withX = rows.stream().filter(r -> r.has(x)).toList();
      List<String> splitBy = varyingSwept.stream().filter(p -> !p.equals(x)).toList();
      for (Map<String, String> split : splits(withX, splitBy)) {
        List<RawRow> chartRows = withX.stream().filter(r -> belongs(r, split)).toList();
        // Rows that lack a split parameter (types it does not apply to) join every split; a
        // chart is worth drawing only when rows that do have it vary along x.
        Set<String> ownX = new java.util.HashSet<>();
        chartRows.stream().filter(r -> split.keySet().stream().allMatch(r::has))
            .forEach(r -> ownX.add(r.get(x).trim()));
        if (!split.isEmpty() && ownX.size() < 2) {
          continue;
        }
        Map<String, String> fixed = new LinkedHashMap<>();
        for (String c : swept) {
          if (!c.equals(x) && !split.containsKey(c)) {
            Set<String> values = distinctNonEmpty(chartRows, c);
            if (values.size() == 1) {
              fixed.put(c, values.iterator().next());
            }
          }
        }
        fixed.putAll(split);
        for (String c : others) {
          if (!foldedIntoSeries.contains(c)) {
            Set<String> values = distinctNonEmpty(chartRows, c);
            if (values.size() == 1) {
              fixed.put(c, values.iterator().next());
            }
          }
        }
        for (Metric metric : metrics) {
          List<Series> series = series(chartRows, x, metric, seriesColumns, foldedIntoSeries, sort);
          if (series.isEmpty()) {
            continue;
          }
          List<RawRow> withoutX =
              rows.stream().filter(r -> !r.has(x) && belongs(r, split)).toList();
          series.addAll(
              flatSeries(withoutX, x, metric, seriesColumns, foldedIntoSeries, sort, series));
          specs.add(
              new ChartSpec(
                  experiment,
                  metric,
                  x,
                  fixed,
                  split,
                  logScale(x, series),
                  series,
                  fileStem(experiment, metric, x, split)));
        }
      }
    }
    return specs;
  }

  /** The combinations of split values that occur, ordered numerically parameter by parameter. */
  private static List<Map<String, String>> splits(List<RawRow> rows, List<String> splitBy) {
    if (splitBy.isEmpty()) {
      return List.of(Map.of());
    }
    Set<List<String>> combos = new LinkedHashSet<>();
    for (RawRow r : rows) {
      if (splitBy.stream().allMatch(r::has)) {
        splitBy.forEach(r::number); // a cell that is not a number fails here, naming its line
        combos.add(splitBy.stream().map(p -> r.get(p).trim()).toList());
      }
    }
    Comparator<List<String>> numeric = (a, b) -> 0;
    for (int i = 0; i < splitBy.size(); i++) {
      int at = i;
      numeric = numeric.thenComparingDouble(c -> Double.parseDouble(c.get(at)));
    }
    List<Map<String, String>> result = new ArrayList<>();
    for (List<String> combo : combos.stream().sorted(numeric).toList()) {
      Map<String, String> split = new LinkedHashMap<>();
      for (int i = 0; i < splitBy.size(); i++) {
        split.put(splitBy.get(i), combo.get(i));
      }
      result.add(split);
    }
    return result;
  }

  /** A run belongs to a split when it has its values, or no value (not applicable) for them. */
  private static boolean belongs(RawRow r, Map<String, String> split) {
    return split.entrySet().stream()
        .allMatch(e -> !r.has(e.getKey()) || r.get(e.getKey()).trim().equals(e.getValue()));
  }

  private static List<Series> series(
      List<RawRow> rows,
      String x,
      Metric metric,
      List<String> seriesColumns,
      List<String> folded,
      boolean sort) {
    Map<String, TreeMap<Double, List<Double>>> byName = new LinkedHashMap<>();
    for (RawRow r : rows) {
      OptionalDouble y = metric == Metric.TIME ? r.elapsedMs() : r.mibPerS();
      OptionalDouble xv = r.number(x);
      if (y.isEmpty() || xv.isEmpty()) {
        continue;
      }
      byName
          .computeIfAbsent(seriesName(r, seriesColumns, folded, sort, ""), k -> new TreeMap<>())
          .computeIfAbsent(xv.getAsDouble(), k -> new ArrayList<>())
          .add(y.getAsDouble());
    }
    List<Series> series = new ArrayList<>();
    byName.forEach(
        (name, points) ->
            series.add(
                new Series(
                    name,
                    points.entrySet().stream()
                        .map(e -> new Point(e.getKey(), Statistics.of(e.getValue())))
                        .toList())));
    return series;
  }

  /**
   * Runs that leave the x parameter empty (a type that does not use B) as horizontal lines over the
   * chart's x range, so they can still be compared: one point at each end, both the statistics of
   * all such runs. Their names say the parameter does not apply.
   */
  private static List<Series> flatSeries(
      List<RawRow> rows,
      String x,
      Metric metric,
      List<String> seriesColumns,
      List<String> folded,
      boolean sort,
      List<Series> others) {
    double minX = Double.POSITIVE_INFINITY;
    double maxX = Double.NEGATIVE_INFINITY;
    for (Series s : others) {
      for (Point p : s.points()) {
        minX = Math.min(minX, p.x());
        maxX = Math.max(maxX, p.x());
      }
    }
    Map<String, List<Double>> byName = new LinkedHashMap<>();
    for (RawRow r : rows) {
      OptionalDouble y = metric == Metric.TIME ? r.elapsedMs() : r.mibPerS();
      if (y.isPresent()) {
        String name = seriesName(r, seriesColumns, folded, sort, ", no " + label(x));
        byName.computeIfAbsent(name, k -> new ArrayList<>()).add(y.getAsDouble());
      }
    }
    List<Series> flat = new ArrayList<>();
    for (Map.Entry<String, List<Double>> e : byName.entrySet()) {
      Statistics stats = Statistics.of(e.getValue());
      List<Point> points =
          minX == maxX
              ? List.of(new Point(minX, stats))
              : List.of(new Point(minX, stats), new Point(maxX, stats));
      flat.add(new Series(e.getKey(), points));
    }
    return flat;
  }

  private static String seriesName(
      RawRow r, List<String> seriesColumns, List<String> folded, boolean sort, String qualifier) {
    String name;
    if (sort) {
      String read = orDash(r.get(ResultColumns.READ_STREAM));
      String write = orDash(r.get(ResultColumns.WRITE_STREAM));
      // One type both ways (or one tool, in a comparison file) is named once.
      name = read.equals(write) ? read : "read " + read + ", write " + write;
    } else {
      name = seriesColumns.stream().map(c -> orDash(r.get(c))).collect(Collectors.joining(", "));
      if (name.isEmpty()) {
        name = "runs";
      }
    }
    name += qualifier;
    if (!folded.isEmpty()) {
      name +=
          folded.stream()
              .map(c -> c + "=" + orDash(r.get(c)))
              .collect(Collectors.joining(", ", " (", ")"));
    }
    return name;
  }

  private static String orDash(String value) {
    return value.isBlank() ? "-" : value.trim();
  }

  private static boolean logScale(String x, List<Series> series) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      for (Point p : s.points()) {
        min = Math.min(min, p.x());
        max = Math.max(max, p.x());
      }
    }
    if (min <= 0) {
      return false; // a log axis cannot show 0 or less
    }
    return LOG_SCALE_PARAMETERS.contains(x) || max / min > LOG_SCALE_SPAN;
  }

  private static Set<String> distinctNonEmpty(List<RawRow> rows, String column) {
    return rows.stream()
        .filter(r -> r.has(column))
        .map(r -> r.get(column).trim())
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  private static Set<String> distinctCells(List<RawRow> rows, String column) {
    return rows.stream()
        .map(r -> r.get(column).trim())
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  static String fileStem(String experiment, Metric metric, String x, Map<String, String> split) {
    StringBuilder sb =
        new StringBuilder(safe(experiment)).append('-').append(metric.fileName()).append("-vs-");
    sb.append(safe(x));
    split.forEach((k, v) -> sb.append('-').append(safe(k)).append(safe(v)));
    return sb.toString();
  }

  private static String safe(String s) {
    String cleaned = s.trim().replaceAll("[^A-Za-z0-9._-]+", "_");
    return cleaned.isEmpty() ? "_" : cleaned;
  }

  // ---- drawing ----

  private XYChart render(ChartSpec spec) {
    boolean logY = logY(spec);
    String yTitle = spec.metric().axisTitle();
    if (logY) {
      yTitle = yTitle.replace(")", ", log scale)");
    }
    XYChart chart =
        new XYChartBuilder()
            .width(width)
            .height(height)
            .title(title(spec))
            .xAxisTitle(axisTitle(spec.parameter(), spec.logX()))
            .yAxisTitle(yTitle)
            .build();
    XYStyler styler = chart.getStyler();
    styler.setLocale(Locale.ROOT);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setPlotGridLinesColor(new Color(220, 220, 220));
    styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    styler.setXAxisDecimalPattern("0.###");
    styler.setYAxisDecimalPattern("0.###");
    styler.setErrorBarsColorSeriesColor(true);
    styler.setMarkerSize(7);
    if (spec.logX()) {
      styler.setXAxisLogarithmic(true);
      // whole decades at both ends, so that every decade gets a labelled tick
      styler.setXAxisMin(Math.pow(10, Math.floor(Math.log10(minX(spec)))));
      styler.setXAxisMax(Math.pow(10, Math.ceil(Math.log10(maxX(spec)))));
    }
    if (logY) {
      styler.setYAxisLogarithmic(true);
      // whole decades at both ends: XChart labels only decades, and only those inside the range
      styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(minMedian(spec)))));
      styler.setYAxisMax(Math.pow(10, Math.ceil(Math.log10(maxMedian(spec) + maxStddev(spec)))));
    } else {
      styler.setYAxisMin(0.0);
    }
    for (Series s : spec.series()) {
      double[] xs = s.points().stream().mapToDouble(Point::x).toArray();
      double[] ys = s.points().stream().mapToDouble(p -> p.stats().median()).toArray();
      double[] err = s.points().stream().mapToDouble(p -> p.stats().stddev()).toArray();
      XYSeries series = chart.addSeries(s.name(), xs, ys, err);
      series.setMarker(SeriesMarkers.CIRCLE);
    }
    // The note goes into the legend as entries without a line or marker: a text panel inside
    // the plot would hide data, and XChart has no subtitle.
    Point anchor = spec.series().get(0).points().get(0);
    for (String line : noteLines(spec)) {
      XYSeries note =
          chart.addSeries(line, new double[] {anchor.x()}, new double[] {anchor.stats().median()});
      note.setMarker(SeriesMarkers.NONE);
      note.setLineColor(new Color(0, 0, 0, 0));
      note.setMarkerColor(new Color(0, 0, 0, 0));
    }
    return chart;
  }

  /** Log y when the medians span more than two decades and no error bar would reach 0. */
  private static boolean logY(ChartSpec spec) {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (Series s : spec.series()) {
      for (Point p : s.points()) {
        Statistics st = p.stats();
        if (st.median() - st.stddev() <= 0) {
          return false;
        }
        min = Math.min(min, st.median());
        max = Math.max(max, st.median());
      }
    }
    return max / min > LOG_SCALE_SPAN;
  }

  private static double minMedian(ChartSpec spec) {
    return spec.series().stream()
        .flatMap(s -> s.points().stream())
        .mapToDouble(p -> p.stats().median() - p.stats().stddev())
        .min()
        .orElse(1);
  }

  private static double maxMedian(ChartSpec spec) {
    return spec.series().stream()
        .flatMap(s -> s.points().stream())
        .mapToDouble(p -> p.stats().median())
        .max()
        .orElse(1);
  }

  private static double maxStddev(ChartSpec spec) {
    return spec.series().stream()
        .flatMap(s -> s.points().stream())
        .mapToDouble(p -> p.stats().stddev())
        .max()
        .orElse(0);
  }

  private static double minX(ChartSpec spec) {
    return spec.series().stream()
        .flatMap(s -> s.points().stream())
        .mapToDouble(Point::x)
        .min()
        .orElse(1);
  }

  private static double maxX(ChartSpec spec) {
    return spec.series().stream()
        .flatMap(s -> s.points().stream())
        .mapToDouble(Point::x)
        .max()
        .orElse(1);
  }

  private static String title(ChartSpec spec) {
    String what = spec.metric() == Metric.TIME ? "median time" : "median throughput";
    String fixedSwept =
        spec.fixed().entrySet().stream()
            .filter(e -> ResultColumns.SWEPT_PARAMETERS.contains(e.getKey()))
            .sorted(
                Comparator.comparingInt(e -> ResultColumns.SWEPT_PARAMETERS.indexOf(e.getKey())))
            .map(e -> label(e.getKey()) + "=" + e.getValue())
            .collect(Collectors.joining(", "));
    return spec.experiment()
        + ": "
        + what
        + " vs "
        + label(spec.parameter())
        + (fixedSwept.isEmpty() ? "" : " (" + fixedSwept + ")");
  }

  /** What the points and bars are, and the fixed settings that are not in the title. */
  static List<String> noteLines(ChartSpec spec) {
    IntSummaryStatistics counts =
        spec.series().stream()
            .flatMap(s -> s.points().stream())
            .mapToInt(p -> p.stats().count())
            .summaryStatistics();
    String runs =
        counts.getMin() == counts.getMax()
            ? Integer.toString(counts.getMax())
            : counts.getMin() + "-" + counts.getMax();
    List<String> lines = new ArrayList<>();
    lines.add(" ");
    lines.add("points: median of " + runs + " runs");
    lines.add("bars: \u00b1 1 sample std. dev.");
    lines.add("(warm-up runs excluded)");
    spec.fixed().entrySet().stream()
        .filter(e -> !ResultColumns.SWEPT_PARAMETERS.contains(e.getKey()))
        .forEach(e -> lines.add(e.getKey() + "=" + e.getValue()));
    return lines;
  }

  private static String label(String parameter) {
    return switch (parameter) {
      case ResultColumns.N -> "N";
      case ResultColumns.B -> "B";
      case ResultColumns.K -> "k";
      case ResultColumns.M -> "M";
      case ResultColumns.D -> "d";
      default -> parameter;
    };
  }

  static String axisTitle(String parameter, boolean log) {
    String unit =
        switch (parameter) {
          case ResultColumns.N -> "ints per file";
          case ResultColumns.B -> "bytes";
          case ResultColumns.K -> "streams";
          case ResultColumns.M -> "ints in memory";
          case ResultColumns.D -> "merge fan-in";
          default -> "";
        };
    String scale = log ? "log scale" : "";
    String inParens =
        unit.isEmpty() ? scale : scale.isEmpty() ? unit : unit + ", " + scale;
    return label(parameter) + (inParens.isEmpty() ? "" : " (" + inParens + ")");
  }
}
