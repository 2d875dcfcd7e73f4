package org.secmem.report.comparison;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.secmem.data.PartFile;
import org.secmem.fs.Ownership;
import org.secmem.report.chart.ChartCanvas;
import org.secmem.report.chart.ChartCanvas.Anchor;
import org.secmem.report.chart.ChartPainter;
import org.secmem.report.chart.ChartSpec;
import org.secmem.report.chart.HtmlText;
import org.secmem.report.chart.Raster;
import org.secmem.results.Numbers;
import org.secmem.results.ResultFiles;

/**
 * The chart of a {@link Comparison}: one line per configuration, its ratio NEW/BASE as a point and
 * its interval as a bar through it, on a log axis with a line at 1 (left of it NEW is faster, right
 * of it slower), coloured by verdict and with the verdict in words at the right. A dedicated chart
 * rather than a {@link ChartSpec} bar chart: bars start at 0 and whiskers mean min–max there, while
 * a ratio needs a log axis centred on 1 and whiskers that are an interval.
 */
public final class ComparisonChart {

  /** The most configurations drawn; the rest are named in a note. */
  public static final int MAX_ROWS = 150;

  static final Color FASTER = new Color(0x1a, 0x7f, 0x37);
  static final Color SLOWER = new Color(0xcf, 0x22, 0x2e);
  static final Color UNCHANGED = new Color(0x57, 0x60, 0x6a);
  private static final Color GRID = new Color(225, 225, 225);
  private static final Color AXIS = new Color(90, 90, 90);

  private static final int MIN_WIDTH = 900;
  private static final int MAX_WIDTH = 1800;

  /** Room for the axis and the verdicts beside the labels. */
  private static final int PLOT_WIDTH = 650;

  private static final double ROW = 24;
  private static final double TOP = 80;
  private static final double BOTTOM_SPACE = 78;

  private ComparisonChart() {}

  /**
   * Writes {@code compare-ratio.png} and {@code .svg} into {@code dir} (created), replacing them.
   *
   * @return both files, or nothing when no configuration has a ratio to draw
   */
  public static List<Path> write(Comparison c, Path dir) throws IOException {
    return write(c, dir, Raster.JAVA_2D);
  }

  /** As {@link #write(Comparison, Path)}; the SVG alone where {@code raster} cannot draw PNG. */
  static List<Path> write(Comparison c, Path dir, Raster raster) throws IOException {
    List<Comparison.Row> drawn = drawable(c.rows());
    if (drawn.isEmpty()) {
      return List.of();
    }
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
    Ownership.createFolders(dir);
    Path png = dir.resolve(ResultFiles.COMPARE_CHART_STEM + ".png");
    Path svg = dir.resolve(ResultFiles.COMPARE_CHART_STEM + ".svg");
    int height = height(drawn);
    int width = width(drawn);
    PartFile.writeWhole(svg, svg(c));
    if (raster.tryWrite(png, width, height, g -> paint(c, g, width, height)).isPresent()) {
      Ownership.deleteIfMade(png, Ownership.Made.WHOLE_FILE); // an older comparison's
      return List.of(svg);
    }
    return List.of(png, svg);
  }

  /** The chart as an SVG document. */
  static String svg(Comparison c) {
    int height = height(drawable(c.rows()));
    int width = width(drawable(c.rows()));
    ChartCanvas.Svg svg = new ChartCanvas.Svg(width, height);
    paint(c, svg, width, height);
    String doc = svg.finish();
    // a <title> first, which viewers show and the report page takes as the caption
    int end = doc.indexOf('>') + 1;
    return doc.substring(0, end)
        + "\n<title>"
        + HtmlText.esc(title(c))
        + "</title>"
        + doc.substring(end);
  }

  private static List<Comparison.Row> drawable(List<Comparison.Row> rows) {
    List<Comparison.Row> out = new ArrayList<>();
    for (Comparison.Row r : rows) {
      if (r.ratio() > 0 && Double.isFinite(r.ratio()) && out.size() < MAX_ROWS) {
        out.add(r);
      }
    }
    return out;
  }

  /** Wide enough for the longest label, within {@value #MAX_WIDTH} pixels. */
  private static int width(List<Comparison.Row> drawn) {
    double label = drawn.stream().mapToDouble(r -> labelWidth(r.label())).max().orElse(0);
    return (int) Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.ceil(label + 20 + PLOT_WIDTH)));
  }

  /** A little wider than textWidth's estimate: labels must not be cut at the left edge. */
  private static double labelWidth(String label) {
    return ChartCanvas.textWidth(label, 13.5);
  }

  /** The label, cut with "…" to what fits in {@code pixels}. */
  private static String fit(String label, double pixels) {
    if (labelWidth(label) <= pixels) {
      return label;
    }
    int chars = Math.max(4, (int) (pixels / labelWidth("x")) - 1);
    return label.substring(0, Math.min(label.length(), chars)) + "\u2026";
  }

  private static int height(List<Comparison.Row> drawn) {
    return (int) Math.ceil(TOP + Math.max(drawn.size(), 3) * ROW + BOTTOM_SPACE);
  }

  static String title(Comparison c) {
    return title(c.level());
  }

  /** The title of a comparison at confidence {@code level}: the chart's and the page's caption. */
  public static String title(double level) {
    return "NEW / BASE median time per configuration (" + percent(level) + " interval)";
  }

  private static String percent(double level) {
    double p = level * 100;
    return Numbers.fixed(p, p == Math.rint(p) ? 0 : 1) + "%";
  }

  private static void paint(Comparison c, ChartCanvas g, int width, int height) {
    List<Comparison.Row> rows = drawable(c.rows());
    double labelWidth = 0;
    double verdictWidth = 0;
    for (Comparison.Row r : rows) {
      labelWidth = Math.max(labelWidth, labelWidth(r.label()));
      verdictWidth = Math.max(verdictWidth, ChartCanvas.textWidth(r.verdictText("\u00d7"), 13));
    }
    double left = Math.min(Math.max(labelWidth + 20, 90), width - PLOT_WIDTH);
    double right = width - Math.min(Math.max(verdictWidth + 20, 110), width * 0.3);
    double bottom = TOP + Math.max(rows.size(), 3) * ROW;

    g.text(width / 2.0, 24, title(c), 15, true, Anchor.MIDDLE, false);
    g.text(
        width / 2.0,
        44,
        "BASE: " + c.base().label() + "   NEW: " + c.next().label(),
        11,
        false,
        Anchor.MIDDLE,
        false);

    // the axis: log of the ratio, 1 inside, a little room on both sides
    double lo = 1;
    double hi = 1;
    for (Comparison.Row r : rows) {
      lo = Math.min(lo, finiteOr(r.low(), r.ratio()));
      lo = Math.min(lo, r.ratio());
      hi = Math.max(hi, finiteOr(r.high(), r.ratio()));
      hi = Math.max(hi, r.ratio());
    }
    double a = Math.log(lo) - 0.08;
    double b = Math.log(hi) + 0.08;
    double span = b - a;
    DoubleUnaryOperator x =
        v ->
            left
                + (Math.log(Math.max(Math.min(v, Math.exp(b)), Math.exp(a))) - a)
                    / span
                    * (right - left);

    for (double t : ticks(a, b, right - left)) {
      double px = x.applyAsDouble(t);
      g.line(px, TOP, px, bottom, GRID, 1, false);
      g.line(px, bottom, px, bottom + 5, AXIS, 1, false);
      g.text(px, bottom + 18, ChartPainter.number(t), 11, false, Anchor.MIDDLE, false);
    }
    double one = x.applyAsDouble(1);
    g.line(one, TOP - 6, one, bottom, AXIS, 1.5, true);
    g.text(one - 6, TOP - 10, "\u2190 NEW faster", 11, false, Anchor.END, false);
    g.text(one + 6, TOP - 10, "NEW slower \u2192", 11, false, Anchor.START, false);
    g.line(left, bottom, right, bottom, AXIS, 1, false);
    g.text(
        (left + right) / 2,
        bottom + 40,
        "NEW / BASE (log scale; below 1: NEW is faster)",
        13,
        false,
        Anchor.MIDDLE,
        false);

    for (int i = 0; i < rows.size(); i++) {
      Comparison.Row r = rows.get(i);
      double py = TOP + (i + 0.5) * ROW;
      Color col =
          switch (r.verdict()) {
            case FASTER -> FASTER;
            case SLOWER -> SLOWER;
            default -> UNCHANGED;
          };
      g.beginLegendEntry(r.label(), col);
      g.text(left - 10, py + 4, fit(r.label(), left - 20), 12, false, Anchor.END, false);
      // its values on hover: the label may be cut to fit, the tooltip is whole
      g.beginPoint(
          r.label()
              + ": NEW/BASE "
              + ComparisonTable.ratio(r.ratio())
              + (Double.isNaN(r.low())
                  ? ""
                  : " ["
                      + ComparisonTable.ratio(r.low())
                      + ", "
                      + ComparisonTable.ratio(r.high())
                      + "]")
              + ", "
              + r.verdictText("\u00d7"));
      if (!Double.isNaN(r.low())) {
        double x1 = x.applyAsDouble(r.low());
        double x2 = x.applyAsDouble(r.high());
        g.line(x1, py, x2, py, col, 2.2, false);
        g.line(x1, py - 5, x1, py + 5, col, 1.5, false);
        g.line(x2, py - 5, x2, py + 5, col, 1.5, false);
      }
      double px = x.applyAsDouble(r.ratio());
      if (r.verdict() == Comparison.Verdict.UNDECIDED) {
        g.polygon(diamondXs(px), diamondYs(py), col, false);
      } else {
        g.circle(px, py, 4.5, col);
      }
      g.endPoint();
      g.text(right + 10, py + 4, r.verdictText("\u00d7"), 12, false, Anchor.START, false);
      g.endLegendEntry();
    }

    List<String> notes = new ArrayList<>();
    notes.add(
        "points: ratio of the medians; bars: "
            + percent(c.level())
            + " bootstrap interval"
            + (rows.stream().anyMatch(r -> r.verdict() == Comparison.Verdict.UNDECIDED)
                ? "; hollow: too few runs for an interval"
                : ""));
    Comparison.Summary s = c.summary();
    long notDrawn =
        c.rows().stream().filter(r -> r.ratio() > 0 && Double.isFinite(r.ratio())).count()
            - rows.size();
    String more =
        (s.onlyBase() + s.onlyNew() > 0
                ? s.onlyBase() + " only in BASE, " + s.onlyNew() + " only in NEW (not drawn)"
                : "")
            + (notDrawn > 0
                ? (s.onlyBase() + s.onlyNew() > 0 ? "; " : "")
                    + notDrawn
                    + " more configurations not drawn (see the compare CSV)"
                : "");
    if (!more.isEmpty()) {
      notes.add(more);
    }
    double ny = height - 14.0 - 15 * (notes.size() - 1);
    for (String n : notes) {
      g.text(width / 2.0, ny, n, 11, false, Anchor.MIDDLE, false);
      ny += 15;
    }
  }

  private static double finiteOr(double v, double fallback) {
    return Double.isFinite(v) && v > 0 ? v : fallback;
  }

  private static double[] diamondXs(double x) {
    return new double[] {x - 5, x, x + 5, x};
  }

  private static double[] diamondYs(double y) {
    return new double[] {y, y - 5, y, y + 5};
  }

  /** Tick values by preference: 1 first, then round factors, finer ones last. */
  private static final double[] TICKS = {
    1, 2, 0.5, 10, 0.1, 5, 0.2, 100, 0.01, 1.5, 0.67, 1.25, 0.8, 4, 0.25, 20, 0.05, 50, 0.02, 1.1,
    0.9, 1.05, 0.95, 1.02, 0.98
  };

  /** The least room between two tick labels, in pixels. */
  private static final double TICK_GAP = 44;

  /**
   * Ratios to mark on a log axis from e^a to e^b drawn {@code pixels} wide: in order of preference,
   * each at least {@value #TICK_GAP} pixels from those already taken; ascending.
   */
  static List<Double> ticks(double a, double b, double pixels) {
    List<Double> ticks = new ArrayList<>();
    for (double t : TICKS) {
      double l = Math.log(t);
      if (l < a || l > b) {
        continue;
      }
      boolean room = true;
      for (double o : ticks) {
        room &= Math.abs(l - Math.log(o)) / (b - a) * pixels >= TICK_GAP;
      }
      if (room) {
        ticks.add(t);
      }
    }
    ticks.sort(null);
    return ticks;
  }
}
