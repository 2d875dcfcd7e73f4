package org.secmem.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One chart to draw: a metric of one experiment against one swept parameter, one series per stream
 * type (or read/write stream pair), every point the statistics of the repetitions at that value.
 *
 * @param experiment write, read, sort, ...
 * @param metric what the y axis shows
 * @param parameter the swept parameter on the x axis (n, b, k, m or d)
 * @param fixed the configuration values that are the same for every point, for the title and note
 * @param split the values of other swept parameters this chart is one of (empty when they do not
 *     vary); these name the file
 * @param logX whether the x axis is logarithmic
 * @param series the series in legend order
 * @param fileStem the file name without extension, e.g. {@code read-time-vs-b-n1000000}
 */
public record ChartSpec(
    String experiment,
    Metric metric,
    String parameter,
    Map<String, String> fixed,
    Map<String, String> split,
    boolean logX,
    List<Series> series,
    String fileStem) {

  public ChartSpec {
    fixed = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
    split = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(split));
    series = List.copyOf(series);
  }

  /** What a chart's y axis shows. */
  public enum Metric {
    TIME("time", "time (ms)"),
    THROUGHPUT("throughput", "throughput (MiB/s)");

    private final String fileName;
    private final String axisTitle;

    Metric(String fileName, String axisTitle) {
      this.fileName = fileName;
      this.axisTitle = axisTitle;
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
   */
  public record Series(String name, List<Point> points) {
    public Series {
      points = List.copyOf(points);
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
