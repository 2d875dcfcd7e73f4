package org.secmem.report.chart;

import java.util.List;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.report.chart.ChartSpec.YScale;

/**
 * Linear or logarithmic y, chosen once for all line charts of a sweep: sibling charts (the same
 * metric at B = 4K and at B = 64K) do not switch scales because one of them spans a little more
 * than two decades, and a series that a linear axis would draw flat along 0 ({@code simple}'s
 * throughput beside the buffered types') forces log, where its shape can be read.
 *
 * <p>A chart calls for log when its medians span more than {@value #LOG_SPAN} times, or when a
 * series' highest median is below 1/{@value #FLAT_AT_ZERO} of the top of a linear axis (the largest
 * value drawn). The sweep's charts are drawn log when one of them calls for it and every one of
 * them can be (all values above 0); else linear. Bar charts keep their linear axis: a bar stands on
 * 0.
 */
final class YScales {

  /** The span of medians over which a chart's y axis is logarithmic. */
  static final double LOG_SPAN = 100;

  /** A series below the linear axis' top divided by this looks flat along 0. */
  static final double FLAT_AT_ZERO = 30;

  private YScales() {}

  /** The charts of one sweep, their line charts all on the scale one of them calls for. */
  static List<ChartSpec> shared(List<ChartSpec> sweep) {
    List<ChartSpec> lines = sweep.stream().filter(s -> s.kind() == Kind.LINE).toList();
    boolean log =
        lines.stream().anyMatch(YScales::callsForLog) && lines.stream().allMatch(YScales::canLog);
    YScale scale = log ? YScale.LOG : YScale.LINEAR;
    return sweep.stream().map(s -> s.kind() == Kind.LINE ? s.withYScale(scale) : s).toList();
  }

  /** Whether {@code spec}'s y axis is drawn logarithmic. */
  static boolean log(ChartSpec spec) {
    if (spec.kind() != Kind.LINE || !canLog(spec)) {
      return false;
    }
    return switch (spec.yScale()) {
      case LOG -> true;
      case LINEAR -> false;
      case AUTO -> callsForLog(spec);
    };
  }

  /**
   * Whether {@code spec} on its own calls for log: its medians span more than {@link #LOG_SPAN}, or
   * a series would be flat along 0 on a linear axis.
   */
  static boolean callsForLog(ChartSpec spec) {
    double minMedian = Double.POSITIVE_INFINITY;
    double maxMedian = 0;
    double top = 0;
    for (Series s : spec.series()) {
      for (Point p : s.points()) {
        minMedian = Math.min(minMedian, p.stats().median());
        maxMedian = Math.max(maxMedian, p.stats().median());
        top = Math.max(top, p.stats().max());
      }
    }
    if (minMedian <= 0 || maxMedian <= 0) {
      return false;
    }
    if (maxMedian / minMedian > LOG_SPAN) {
      return true;
    }
    for (Series s : spec.series()) {
      double highest = s.points().stream().mapToDouble(p -> p.stats().median()).max().orElse(top);
      if (highest * FLAT_AT_ZERO < top) {
        return true;
      }
    }
    return false;
  }

  /** Whether every value of {@code spec} is above 0, as a log axis needs. */
  static boolean canLog(ChartSpec spec) {
    return spec.series().stream()
        .flatMap(s -> s.points().stream())
        .allMatch(p -> p.stats().min() > 0 && p.stats().median() > 0);
  }
}
