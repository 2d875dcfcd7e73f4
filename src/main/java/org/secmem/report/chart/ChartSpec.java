package org.secmem.report.chart;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.secmem.report.stats.Statistics;
import org.secmem.results.ResultColumns;

/**
 * One chart to draw: a metric of one experiment against one swept parameter, one series per stream
 * type (or read/write stream pair), every point the statistics of the repetitions at that value.
 *
 * @param experiment write, read, sort, ...
 * @param metric what the y axis shows
 * @param parameter the swept parameter on the x axis (n, b, k, m or d)
 * @param fixed the configuration values that are the same for every point, for the title and note
 * @param logX whether the x axis is logarithmic
 * @param series the series in legend order
 * @param fileStem the file name without extension, e.g. {@code read-time-vs-b-n1000000}
 * @param kind a line chart against {@code parameter}, or a bar chart of one configuration per
 *     series (nothing swept; {@code parameter} is then the series column)
 * @param xAxis how the x axis is scaled and labelled
 * @param subject what every series of the chart shares and the title names, e.g. the read/write
 *     pair of a sort chart whose lines are values of M; empty when the series are the types
 * @param yScale linear or logarithmic y, as decided for all charts of its sweep ({@link YScales});
 *     {@link YScale#AUTO} lets the painter decide from this chart alone
 */
public record ChartSpec(
    String experiment,
    Metric metric,
    String parameter,
    Map<String, String> fixed,
    boolean logX,
    List<Series> series,
    String fileStem,
    Kind kind,
    AxisKind xAxis,
    String subject,
    YScale yScale) {

  public ChartSpec {
    fixed = Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
    series = List.copyOf(series);
    subject = subject == null ? "" : subject;
    yScale = yScale == null ? YScale.AUTO : yScale;
  }

  /** The same chart under another file name. */
  public ChartSpec withStem(String stem) {
    return new ChartSpec(
        experiment, metric, parameter, fixed, logX, series, stem, kind, xAxis, subject, yScale);
  }

  /** The same chart drawing only {@code kept} of its series. */
  public ChartSpec withSeries(List<Series> kept) {
    return new ChartSpec(
        experiment, metric, parameter, fixed, logX, kept, fileStem, kind, xAxis, subject, yScale);
  }

  /** The same chart on another y scale. */
  public ChartSpec withYScale(YScale scale) {
    return new ChartSpec(
        experiment, metric, parameter, fixed, logX, series, fileStem, kind, xAxis, subject, scale);
  }

  /** How the y axis is scaled. */
  public enum YScale {
    /** decided by the painter from this chart alone (a chart not planned with its sweep) */
    AUTO,
    LINEAR,
    /** whole decades; drawn linear all the same when a value is not above 0 */
    LOG
  }

  /** Line against a swept parameter, or bars per series when nothing is swept. */
  public enum Kind {
    LINE,
    BAR
  }

  /** How the x axis is drawn. */
  public enum AxisKind {
    /** a size in bytes (B): log 2, ticks at powers of two labelled 16, 4K, 1M */
    BYTES,
    /** a count of ints (N, M): log 2, ticks at powers of two labelled 1K, 1M */
    INTS,
    /** a count spanning more than two decades: log 2, plain numbers */
    LOG_COUNT,
    /** a small count (k, d, threads): linear */
    COUNT,
    /** one category per series (bar charts) */
    CATEGORY;

    /** The axis of a line chart against {@code parameter}. */
    public static AxisKind of(String parameter, boolean log) {
      if (!log) {
        return COUNT;
      }
      if (parameter.equals(ResultColumns.B)) {
        return BYTES;
      }
      boolean ints = parameter.equals(ResultColumns.N) || parameter.equals(ResultColumns.M);
      return ints ? INTS : LOG_COUNT;
    }
  }

  /** What a chart's y axis shows. */
  public enum Metric {
    TIME("time", "time (ms)", "median time"),
    THROUGHPUT("throughput", "throughput (MiB/s)", "median throughput"),
    /** Buffer-tree sort: block pushes (seed 004 Figure 4). */
    BLOCK_PUSHES("block-pushes", "block pushes", "median block pushes"),
    /** Buffer-tree sort: blocks of B read plus written, beside the cost model's bound. */
    BLOCKS("blocks", "blocks of B read + written", "median blocks moved");

    private final String fileName;
    private final String axisTitle;
    private final String titleWords;

    Metric(String fileName, String axisTitle, String titleWords) {
      this.fileName = fileName;
      this.axisTitle = axisTitle;
      this.titleWords = titleWords;
    }

    /** What a title calls the y values: {@code median time}. */
    public String titleWords() {
      return titleWords;
    }

    /** The word used in file names and titles: {@code time}, {@code throughput}. */
    public String fileName() {
      return fileName;
    }

    /** The y axis title, with its unit. */
    public String axisTitle() {
      return axisTitle;
    }
  }

  /**
   * One line of a chart.
   *
   * @param name the legend entry, e.g. {@code mapped} or {@code read user-buffer, write mapped}
   * @param points by ascending x
   * @param key what picks its colour and marker (see {@link SeriesStyle}): the stream type, stream
   *     pair, preset or tool, the same in every chart
   * @param flat whether it is runs that leave the x parameter empty (a type that does not use B),
   *     drawn as a level line over the x range: two points with the same statistics
   */
  public record Series(String name, List<Point> points, String key, boolean flat) {
    public Series {
      points = List.copyOf(points);
    }

    /** A measured (not flat) series keyed by its name. */
    public Series(String name, List<Point> points) {
      this(name, points, name, false);
    }
  }

  /**
   * One point: the repetitions measured at one parameter value.
   *
   * @param x the parameter value
   * @param stats the statistics of the metric over the repetitions (warm-ups excluded)
   */
  public record Point(double x, Statistics stats) {}
}
