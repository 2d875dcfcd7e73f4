package org.secmem.report.chart;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.secmem.data.PartFile;
import org.secmem.fs.Ownership;
import org.secmem.report.chart.ChartCanvas.Anchor;
import org.secmem.report.chart.ChartSpec.AxisKind;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.report.stats.Statistics;
import org.secmem.results.Numbers;
import org.secmem.results.ResultColumns;
import org.secmem.units.Units;

/**
 * Draws one planned chart ({@link ChartSpec}) as PNG and SVG, the same picture in both.
 *
 * <p>Points are medians, whiskers run from the smallest to the largest repetition (warm-ups are not
 * in the plan). Sizes (B, N, M) have a log-2 axis with ticks at powers of two, B in bytes (16
 * bytes, 4 KiB, 1 MiB), N and M as powers (512, 2^12, 2^20), from the power of two at or below the
 * smallest value to the one at or above the largest, when every value swept is a power of two; a
 * decimal sweep (N = 10,000 .. 10,000,000) is ticked at its own values, written out. Each series
 * has the colour and marker of its key ({@link SeriesStyle}); flat series (types the x parameter
 * does not apply to) are dashed level lines. The y axis starts at 0, or is logarithmic (whole
 * decades) as its sweep's charts are ({@link YScales}).
 */
public final class ChartPainter {

  private static final Color GRID = new Color(225, 225, 225);
  private static final Color AXIS = new Color(90, 90, 90);

  /** The unit in an axis title: {@code ms} in {@code time (ms)}. */
  private static final Pattern UNIT = Pattern.compile("\\(([^)]*)\\)");

  private final int width;
  private final int height;
  private final Raster raster;

  /** Whether this JVM failed to draw a PNG: the painter then writes SVG only. */
  private boolean pngFailed;

  public ChartPainter(int width, int height) {
    this(width, height, Raster.JAVA_2D);
  }

  ChartPainter(int width, int height, Raster raster) {
    this.width = width;
    this.height = height;
    this.raster = raster;
  }

  /**
   * Writes {@code stem.png} and {@code stem.svg} into {@code dir}; the PNG is left out where this
   * JVM cannot draw PNG ({@link Raster#tryWrite}).
   */
  public DrawnChart write(ChartSpec spec, Path dir) throws IOException {
    Path png = dir.resolve(spec.fileStem() + ".png");
    Path svg = dir.resolve(spec.fileStem() + ".svg");
    PartFile.writeWhole(svg, svg(spec));
    boolean drewPng;
    if (pngFailed || raster.tryWrite(png, width, height, c -> paint(spec, c)).isPresent()) {
      pngFailed = true; // once is enough to know: the rest are SVG only, without trying
      // An older drawing's PNG of this chart would show what this one does not.
      Ownership.deleteIfMade(png, Ownership.Made.WHOLE_FILE);
      drewPng = false;
    } else {
      drewPng = true;
    }
    return new DrawnChart(
        title(spec),
        spec.experiment(),
        spec.fileStem(),
        svg,
        drewPng ? Optional.of(png) : Optional.empty());
  }

  /** The chart as an SVG document. */
  public String svg(ChartSpec spec) {
    ChartCanvas.Svg svg = new ChartCanvas.Svg(width, height);
    paint(spec, svg);
    return svg.finish();
  }

  // ---- layout ----

  private record Axis(
      double lo, double hi, boolean log2, boolean log10, List<Double> ticks, List<String> labels) {
    /** Position in 0..1 of value {@code v}. */
    double frac(double v) {
      double a = log2 ? log(v, 2) : log10 ? Math.log10(v) : v;
      return hi == lo ? 0.5 : (a - lo) / (hi - lo);
    }
  }

  private static double log(double v, double base) {
    return Math.log(v) / Math.log(base);
  }

  void paint(ChartSpec spec, ChartCanvas c) {
    List<SeriesStyle> styles = SeriesStyle.forChart(spec.series());
    List<String> notes = noteLines(spec);
    boolean bar = spec.kind() == Kind.BAR;
    // a bar chart's key names each colour, and which half of a split bar is which
    List<BarKey.Entry> barKey = bar ? BarKey.entries(spec.series(), styles) : List.of();
    BarKey.note(spec, styles).ifPresent(n -> notes.add(0, n));
    List<String> legend = new ArrayList<>();
    if (bar) {
      barKey.forEach(e -> legend.add(e.label()));
    } else {
      spec.series().forEach(s -> legend.add(s.name()));
    }
    double legendWidth = 0;
    for (String s : legend) {
      legendWidth = Math.max(legendWidth, ChartCanvas.textWidth(s, 12) + 34);
    }
    for (String s : notes) {
      legendWidth = Math.max(legendWidth, ChartCanvas.textWidth(s, 11) + 10);
    }
    legendWidth = Math.min(legendWidth, width * 0.35);

    double left = 78;
    double right = width - legendWidth - 24;
    double top = 48;
    double bottom = height - (bar ? 78 : 62);
    c.text(width / 2.0, 26, title(spec), 15, true, Anchor.MIDDLE, false);

    Axis y = yAxis(spec);
    // grid and y ticks
    for (int i = 0; i < y.ticks().size(); i++) {
      double py = bottom - y.frac(y.ticks().get(i)) * (bottom - top);
      c.line(left, py, right, py, GRID, 1, false);
      c.text(left - 6, py + 4, y.labels().get(i), 11, false, Anchor.END, false);
    }
    String yTitle = spec.metric().axisTitle() + (y.log10() ? " (log scale)" : "");
    c.text(20, (top + bottom) / 2, yTitle, 13, false, Anchor.MIDDLE, true);

    if (bar) {
      paintBars(spec, c, styles, y, left, right, top, bottom);
    } else {
      Axis x = xAxis(spec);
      for (int i = 0; i < x.ticks().size(); i++) {
        double px = left + x.frac(x.ticks().get(i)) * (right - left);
        c.line(px, top, px, bottom, GRID, 1, false);
        c.line(px, bottom, px, bottom + 5, AXIS, 1, false);
        c.text(px, bottom + 18, x.labels().get(i), 11, false, Anchor.MIDDLE, false);
      }
      c.text(
          (left + right) / 2,
          bottom + 44,
          axisTitle(spec.parameter(), spec.xAxis()),
          13,
          false,
          Anchor.MIDDLE,
          false);
      paintLines(spec, c, styles, x, y, left, right, top, bottom);
    }
    c.line(left, bottom, right, bottom, AXIS, 1, false);
    c.line(left, top, left, bottom, AXIS, 1, false);

    // legend and notes
    double lx = width - legendWidth - 8;
    double ly = top + 6;
    for (int i = 0; i < legend.size(); i++) {
      if (bar) {
        BarKey.draw(c, barKey.get(i), lx, ly);
        ly += 20;
        continue;
      }
      SeriesStyle st = styles.get(i);
      Series s = spec.series().get(i);
      c.beginLegendEntry(s.name(), st.color());
      c.line(lx, ly, lx + 24, ly, st.color(), 2, s.flat());
      if (!s.flat()) {
        marker(c, lx + 12, ly, st);
      }
      c.text(lx + 30, ly + 4, s.name(), 12, false, Anchor.START, false);
      c.endLegendEntry();
      ly += 20;
    }
    ly += 8;
    for (String note : notes) {
      c.text(lx, ly + 4, note, 11, false, Anchor.START, false);
      ly += 16;
    }
  }

  private void paintLines(
      ChartSpec spec,
      ChartCanvas c,
      List<SeriesStyle> styles,
      Axis x,
      Axis y,
      double left,
      double right,
      double top,
      double bottom) {
    for (int i = 0; i < spec.series().size(); i++) {
      Series s = spec.series().get(i);
      SeriesStyle st = styles.get(i);
      int n = s.points().size();
      double[] xs = new double[n];
      double[] ys = new double[n];
      for (int j = 0; j < n; j++) {
        Point p = s.points().get(j);
        xs[j] = left + x.frac(p.x()) * (right - left);
        ys[j] = bottom - y.frac(p.stats().median()) * (bottom - top);
      }
      if (s.flat()) {
        // a level line: one value over the whole x range
        c.beginPoint(s.name() + ": " + values(spec, s.points().get(0).stats()));
        c.polyline(xs, ys, st.color(), 1.5, true);
        c.endPoint();
        continue;
      }
      c.polyline(xs, ys, st.color(), 2, false);
      for (int j = 0; j < n; j++) {
        Point p = s.points().get(j);
        c.beginPoint(
            s.name()
                + ", "
                + ChartPlanner.label(spec.parameter())
                + " = "
                + Numbers.grouped(p.x())
                + ": "
                + values(spec, p.stats()));
        whisker(c, xs[j], p.stats(), y, top, bottom, st.color(), 4);
        marker(c, xs[j], ys[j], st);
        c.endPoint();
      }
    }
  }

  private void paintBars(
      ChartSpec spec,
      ChartCanvas c,
      List<SeriesStyle> styles,
      Axis y,
      double left,
      double right,
      double top,
      double bottom) {
    int n = spec.series().size();
    double slot = (right - left) / n;
    double barWidth = Math.min(slot * 0.6, 90);
    for (int i = 0; i < n; i++) {
      Series s = spec.series().get(i);
      Point p = s.points().get(0);
      double cx = left + slot * (i + 0.5);
      double py = bottom - y.frac(p.stats().median()) * (bottom - top);
      SeriesStyle st = styles.get(i);
      c.beginPoint(s.name() + ": " + values(spec, p.stats()));
      if (st.split()) {
        // a read/write pair: the read type's colour on the left, the write type's on the right
        c.rect(cx - barWidth / 2, py, barWidth / 2, bottom - py, st.color(), null);
        c.rect(cx, py, barWidth / 2, bottom - py, st.second(), null);
      } else {
        c.rect(cx - barWidth / 2, py, barWidth, bottom - py, st.color(), null);
      }
      whisker(c, cx, p.stats(), y, top, bottom, Color.BLACK, 8);
      c.endPoint();
      List<String> label = ChartCanvas.twoLines(s.name(), 12, slot - 8);
      for (int l = 0; l < label.size(); l++) {
        c.text(cx, bottom + 18 + 15 * l, label.get(l), 12, false, Anchor.MIDDLE, false);
      }
      // the median beside the whisker, not across it
      c.text(cx + 5, py - 5, number(p.stats().median()), 11, false, Anchor.START, false);
    }
  }

  /** A point's values for its tooltip: {@code median 12.3 ms, min–max 11.9–13.1 ms, 3 runs}. */
  static String values(ChartSpec spec, Statistics st) {
    Matcher m = UNIT.matcher(spec.metric().axisTitle());
    String unit = m.find() ? " " + m.group(1) : "";
    String runs =
        spec.experiment().equals("sort") || spec.experiment().equals(ChartPlanner.PQ)
            ? " repetition"
            : " run";
    return "median "
        + number(st.median())
        + unit
        + (st.count() < 2
            ? ""
            : ", min\u2013max " + number(st.min()) + "\u2013" + number(st.max()) + unit)
        + ", "
        + st.count()
        + runs
        + (st.count() == 1 ? "" : "s");
  }

  private static void whisker(
      ChartCanvas c,
      double px,
      Statistics st,
      Axis y,
      double top,
      double bottom,
      Color color,
      double cap) {
    if (st.count() < 2 || st.min() == st.max()) {
      return;
    }
    double y1 =
        bottom - y.frac(Math.max(st.min(), y.log10() ? Math.pow(10, y.lo()) : 0)) * (bottom - top);
    double y2 = bottom - y.frac(st.max()) * (bottom - top);
    c.line(px, y1, px, y2, color, 1.2, false);
    c.line(px - cap, y1, px + cap, y1, color, 1.2, false);
    c.line(px - cap, y2, px + cap, y2, color, 1.2, false);
  }

  private static void marker(ChartCanvas c, double x, double y, SeriesStyle st) {
    double r = 4.5;
    Color col = st.color();
    switch (st.marker()) {
      case CIRCLE -> c.circle(x, y, r, col);
      case SQUARE -> c.rect(x - r + 0.5, y - r + 0.5, 2 * r - 1, 2 * r - 1, col, null);
      case TRIANGLE ->
          c.polygon(
              new double[] {x - r, x + r, x},
              new double[] {y + r * 0.8, y + r * 0.8, y - r},
              col,
              true);
      case TRIANGLE_DOWN ->
          c.polygon(
              new double[] {x - r, x + r, x},
              new double[] {y - r * 0.8, y - r * 0.8, y + r},
              col,
              true);
      case DIAMOND ->
          c.polygon(
              new double[] {x - r, x, x + r, x},
              new double[] {y, y - r - 1, y, y + r + 1},
              col,
              true);
      case CROSS -> {
        c.line(x - r, y - r, x + r, y + r, col, 2.2, false);
        c.line(x - r, y + r, x + r, y - r, col, 2.2, false);
      }
      case PLUS -> {
        c.line(x - r - 1, y, x + r + 1, y, col, 2.6, false);
        c.line(x, y - r - 1, x, y + r + 1, col, 2.6, false);
      }
    }
  }

  // ---- axes ----

  private static Axis xAxis(ChartSpec spec) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Series s : spec.series()) {
      for (Point p : s.points()) {
        min = Math.min(min, p.x());
        max = Math.max(max, p.x());
      }
    }
    AxisKind kind = spec.xAxis();
    if ((kind == AxisKind.BYTES || kind == AxisKind.INTS || kind == AxisKind.LOG_COUNT)
        && min > 0) {
      List<Double> swept = sweptValues(spec);
      if (!swept.stream().allMatch(ChartPainter::powerOfTwo)) {
        return atValues(swept);
      }
      int lo = (int) Math.floor(log(min, 2) + 1e-9);
      int hi = (int) Math.ceil(log(max, 2) - 1e-9);
      if (hi == lo) {
        lo--;
        hi++;
      }
      int step = Math.max(1, (int) Math.ceil((hi - lo) / 12.0));
      List<Double> ticks = new ArrayList<>();
      List<String> labels = new ArrayList<>();
      for (int e = lo; e <= hi; e += step) {
        ticks.add(Math.pow(2, e));
        labels.add(powerOfTwoTick(kind, e));
      }
      return new Axis(lo, hi, true, false, ticks, labels);
    }
    return linear(min, max, false, 10);
  }

  /** The x values of the measured series (a level line's ends are theirs), ascending. */
  private static List<Double> sweptValues(ChartSpec spec) {
    return spec.series().stream()
        .filter(s -> !s.flat())
        .flatMap(s -> s.points().stream())
        .map(Point::x)
        .distinct()
        .sorted()
        .toList();
  }

  private static boolean powerOfTwo(double v) {
    double e = log(v, 2);
    return Math.abs(e - Math.rint(e)) < 1e-9;
  }

  /**
   * A log axis ticked at the values swept, labelled as written ({@code 10,000}, {@code 100,000}): a
   * decimal sweep is not labelled in powers of two it never ran; at most 12 ticks, the first and
   * last always.
   */
  private static Axis atValues(List<Double> values) {
    double lo = log(values.get(0), 2);
    double hi = log(values.get(values.size() - 1), 2);
    double pad = hi == lo ? 1 : (hi - lo) * 0.05;
    int step = Math.max(1, (int) Math.ceil(values.size() / 12.0));
    List<Double> ticks = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (i % step == 0 || i == values.size() - 1) {
        ticks.add(values.get(i));
        labels.add(Numbers.grouped(values.get(i)));
      }
    }
    return new Axis(lo - pad, hi + pad, true, false, ticks, labels);
  }

  private static Axis yAxis(ChartSpec spec) {
    double minLow = Double.POSITIVE_INFINITY;
    double max = 0;
    for (Series s : spec.series()) {
      for (Point p : s.points()) {
        minLow = Math.min(minLow, p.stats().min());
        max = Math.max(max, p.stats().max());
      }
    }
    if (YScales.log(spec)) {
      int lo = (int) Math.floor(Math.log10(minLow));
      int hi = (int) Math.ceil(Math.log10(max));
      List<Double> ticks = new ArrayList<>();
      List<String> labels = new ArrayList<>();
      for (int e = lo; e <= hi; e++) {
        ticks.add(Math.pow(10, e));
        labels.add(number(Math.pow(10, e)));
      }
      return new Axis(lo, hi, false, true, ticks, labels);
    }
    return linear(0, max <= 0 ? 1 : max * (spec.kind() == Kind.BAR ? 1.08 : 1.0), true, 6);
  }

  /** Ticks at 1, 2 or 5 times a power of ten; from 0 when {@code fromZero}. */
  private static Axis linear(double min, double max, boolean fromZero, int maxTicks) {
    if (max == min) {
      max = min + 1;
    }
    double raw = (max - min) / maxTicks;
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = mag;
    for (double f : new double[] {1, 2, 5, 10}) {
      if (f * mag >= raw) {
        step = f * mag;
        break;
      }
    }
    if (step < 1 && !fromZero && min == Math.rint(min) && max == Math.rint(max)) {
      step = 1; // counts: whole numbers only
    }
    double lo = fromZero ? 0 : Math.floor(min / step) * step;
    double hi = Math.ceil(max / step - 1e-9) * step;
    List<Double> ticks = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (double t = lo; t <= hi + step / 2; t += step) {
      ticks.add(t);
      labels.add(number(t));
    }
    if (!fromZero) {
      double pad = (hi - lo) * 0.04;
      return new Axis(lo - pad, hi + pad, false, false, ticks, labels);
    }
    return new Axis(lo, hi, false, false, ticks, labels);
  }

  /**
   * The label of the tick at 2^e: on a B axis in bytes ({@code 512 bytes}, {@code 4 KiB}, {@code 64
   * KiB}, {@code 1 MiB}); on an N or M axis as the power the options take ({@code 512}, {@code
   * 2^16}, {@code 2^20}: the axis title says ints, and K never stands for ints on one axis and
   * bytes on the next); on another count axis the number.
   */
  static String powerOfTwoTick(AxisKind kind, int e) {
    if (e < 0 || e > 62 || kind == AxisKind.LOG_COUNT) {
      return number(Math.pow(2, e));
    }
    return kind == AxisKind.BYTES ? Units.bytes(1L << e) : Units.count(1L << e);
  }

  /**
   * A size as people read it: B and a memory limit in bytes ({@code 64 KiB}, {@code 1 GiB}), N and
   * M in ints ({@code 2^20 ints}); another parameter, or a cell that is no whole number, as
   * written.
   */
  public static String size(String parameter, String value) {
    boolean bytes =
        parameter.equals(ResultColumns.B) || parameter.equals(ResultColumns.MEMORY_LIMIT);
    if (!bytes && !List.of(ResultColumns.N, ResultColumns.M).contains(parameter)) {
      return value;
    }
    try {
      long v = Long.parseLong(value.trim());
      return bytes ? Units.bytes(v) : Units.ints(v);
    } catch (NumberFormatException e) {
      return value; // not a whole number: as written
    }
  }

  /** A plain number with at most 3 significant decimals, no exponent. */
  public static String number(double v) {
    return Numbers.significant(v);
  }

  // ---- words ----

  static String title(ChartSpec spec) {
    String what = spec.metric().titleWords();
    String fixedSwept =
        spec.fixed().entrySet().stream()
            .filter(e -> ResultColumns.SWEPT_PARAMETERS.contains(e.getKey()))
            .sorted(
                Comparator.comparingInt(e -> ResultColumns.SWEPT_PARAMETERS.indexOf(e.getKey())))
            .map(e -> ChartPlanner.label(e.getKey()) + "=" + size(e.getKey(), e.getValue()))
            .collect(Collectors.joining(", "));
    String against =
        spec.kind() == Kind.BAR
            ? " per "
                + (spec.experiment().equals("sort")
                    ? spec.parameter().equals(ChartPlanner.ALGORITHM)
                        ? "sort"
                        : "stream pair or preset"
                    : spec.experiment().equals(ChartPlanner.PQ) ? "queue" : "stream type")
            : " vs " + ChartPlanner.label(spec.parameter());
    String subject = spec.subject().isEmpty() ? "" : " (" + spec.subject() + ")";
    return spec.experiment()
        + subject
        + ": "
        + what
        + against
        + (fixedSwept.isEmpty() ? "" : " (" + fixedSwept + ")");
  }

  /** What the points and whiskers are, and the fixed settings that are not in the title. */
  static List<String> noteLines(ChartSpec spec) {
    IntSummaryStatistics counts =
        spec.series().stream()
            .filter(s -> !s.flat())
            .flatMap(s -> s.points().stream())
            .mapToInt(p -> p.stats().count())
            .summaryStatistics();
    String runs =
        counts.getMin() == counts.getMax()
            ? Integer.toString(counts.getMax())
            : counts.getMin() + "-" + counts.getMax();
    List<String> lines = new ArrayList<>();
    // a sort's legend counts sorted runs: its repetitions are not called runs too
    String of =
        spec.experiment().equals("sort") || spec.experiment().equals(ChartPlanner.PQ)
            ? " repetitions"
            : " runs";
    lines.add((spec.kind() == Kind.BAR ? "bars" : "points") + ": median of " + runs + of);
    if (spec.kind() == Kind.BAR) {
      // the planner orders bars by their median
      lines.add(
          spec.metric() == Metric.THROUGHPUT
              ? "order: highest throughput first"
              : "order: lowest time first");
    }
    lines.add("whiskers: min\u2013max");
    lines.add("(warm-up runs excluded)");
    spec.fixed().entrySet().stream()
        .filter(e -> !ResultColumns.SWEPT_PARAMETERS.contains(e.getKey()))
        .forEach(e -> lines.add(e.getKey() + "=" + size(e.getKey(), e.getValue())));
    return lines;
  }

  static String axisTitle(String parameter, AxisKind kind) {
    String unit = ChartPlanner.axisUnit(parameter);
    boolean log = kind == AxisKind.BYTES || kind == AxisKind.INTS || kind == AxisKind.LOG_COUNT;
    String scale = log ? "log scale" : "";
    String inParens = unit.isEmpty() ? scale : scale.isEmpty() ? unit : unit + ", " + scale;
    return ChartPlanner.label(parameter) + (inParens.isEmpty() ? "" : " (" + inParens + ")");
  }
}
