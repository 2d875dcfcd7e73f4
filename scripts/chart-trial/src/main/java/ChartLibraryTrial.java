import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.Tick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * Draws secmem's "read: median time vs B" chart with JFreeChart 1.5.6 and JFreeSVG 5.0.6: the same
 * rows, the same points (median of the measured runs), asymmetric whiskers (fastest to slowest
 * run), log axes with binary ticks on B (256 bytes .. 64 KiB) and decimal ticks on time, the types
 * without B as dashed lines, secmem's colours and markers. Writes the SVG and a PNG.
 *
 * <p>Arguments: RESULTS.csv N K OUT_DIR.
 */
public final class ChartLibraryTrial {

  /** secmem's style table (report.chart.SeriesStyle): Okabe-Ito colours per stream type. */
  private static final Map<String, Color> COLOUR =
      Map.of(
          "simple", Color.BLACK,
          "buffered", new Color(0x0072B2),
          "user-buffer", new Color(0xD55E00),
          "mapped", new Color(0x009E73),
          "channel", new Color(0xCC79A7));

  private static final Map<String, Shape> MARKER =
      Map.of(
          "user-buffer", new Rectangle2D.Double(-4, -4, 8, 8),
          "mapped", triangle(),
          "channel", new Ellipse2D.Double(-4, -4, 8, 8));

  public static void main(String[] args) throws IOException {
    Path csv = Path.of(args[0]);
    String n = args[1];
    String k = args[2];
    Path out = Path.of(args[3]);
    Files.createDirectories(out);

    // type -> B -> elapsed_ms of the measured runs
    Map<String, TreeMap<Long, List<Double>>> byType = new TreeMap<>();
    Map<String, List<Double>> noB = new TreeMap<>();
    try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      for (CSVRecord r :
          CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        if (!r.get("experiment").equals("read")
            || !r.get("n").equals(n)
            || !r.get("k").equals(k)
            || r.get("warmup").equals("true")) {
          continue;
        }
        double ms = Double.parseDouble(r.get("elapsed_ms"));
        String type = r.get("stream");
        if (r.get("b").isEmpty()) {
          noB.computeIfAbsent(type, t -> new ArrayList<>()).add(ms);
        } else {
          byType
              .computeIfAbsent(type, t -> new TreeMap<>())
              .computeIfAbsent(Long.parseLong(r.get("b")), b -> new ArrayList<>())
              .add(ms);
        }
      }
    }

    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    List<String> types = new ArrayList<>();
    for (Map.Entry<String, TreeMap<Long, List<Double>>> e : byType.entrySet()) {
      if (e.getValue().size() < 2) {
        continue; // one B is no line (secmem draws none either)
      }
      YIntervalSeries s = new YIntervalSeries(e.getKey());
      for (Map.Entry<Long, List<Double>> p : e.getValue().entrySet()) {
        List<Double> v = new ArrayList<>(p.getValue());
        v.sort(null);
        s.add(p.getKey(), median(v), v.get(0), v.get(v.size() - 1));
      }
      data.addSeries(s);
      types.add(e.getKey());
    }

    LogAxis x = new PlainLogAxis("B (bytes, log scale)");
    x.setBase(2);
    x.setTickUnit(new NumberTickUnit(1));
    x.setNumberFormatOverride(new Format(true));
    x.setSmallestValue(1);
    LogAxis y = new PlainLogAxis("time (ms) (log scale)");
    y.setBase(10);
    y.setTickUnit(new NumberTickUnit(1));
    y.setNumberFormatOverride(new Format(false));
    y.setSmallestValue(1e-3);

    XYErrorRenderer renderer = new XYErrorRenderer();
    renderer.setDrawXError(false);
    renderer.setDrawYError(true);
    renderer.setDefaultLinesVisible(true);
    renderer.setDefaultShapesVisible(true);
    renderer.setCapLength(6);
    for (int i = 0; i < types.size(); i++) {
      Color c = COLOUR.getOrDefault(types.get(i), Color.GRAY);
      renderer.setSeriesPaint(i, c);
      renderer.setSeriesShape(i, MARKER.getOrDefault(types.get(i), triangle()));
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    renderer.setErrorPaint(null); // whiskers in each series' colour

    XYPlot plot = new XYPlot(data, x, y, renderer);
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (List<Double> v : noB.values()) {
      for (double d : v) {
        lo = Math.min(lo, d);
        hi = Math.max(hi, d);
      }
    }
    for (int s = 0; s < data.getSeriesCount(); s++) {
      for (int i = 0; i < data.getItemCount(s); i++) {
        lo = Math.min(lo, data.getStartYValue(s, i));
        hi = Math.max(hi, data.getEndYValue(s, i));
      }
    }
    // whole decades around every value, the dashed lines' included (as secmem's canvas does)
    y.setRange(Math.pow(10, Math.floor(Math.log10(lo))), Math.pow(10, Math.ceil(Math.log10(hi))));
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xe1e1e1));
    plot.setRangeGridlinePaint(new Color(0xe1e1e1));
    for (Map.Entry<String, List<Double>> e : noB.entrySet()) {
      List<Double> v = new ArrayList<>(e.getValue());
      v.sort(null);
      ValueMarker m = new ValueMarker(median(v));
      m.setPaint(COLOUR.getOrDefault(e.getKey(), Color.GRAY));
      m.setStroke(
          new BasicStroke(
              1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1, new float[] {6, 4}, 0));
      m.setLabel(e.getKey() + ", no B");
      m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
      m.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
      m.setLabelFont(new Font("DejaVu Sans", Font.PLAIN, 11));
      plot.addRangeMarker(m, Layer.BACKGROUND);
    }

    JFreeChart chart =
        new JFreeChart(
            "read: median time vs B (N=" + ints(Long.parseLong(n)) + " ints, k=" + k + ")",
            new Font("DejaVu Sans", Font.BOLD, 15),
            plot,
            true);
    chart.setBackgroundPaint(Color.WHITE);
    chart.addSubtitle(
        new TextTitle(
            "points: median of the measured runs; whiskers: min-max (warm-ups excluded)",
            new Font("DejaVu Sans", Font.PLAIN, 11)));

    int w = 900;
    int h = 600;
    // JFreeChart draws rotated text (and its tick labels, at angle 0) through a TextLayout, which
    // an SVG back end can only trace as glyph outlines; without the workaround it calls
    // drawString, which JFreeSVG writes as <text>.
    TextUtils.setUseDrawRotatedStringWorkaround(false);
    SVGGraphics2D g = new SVGGraphics2D(w, h);
    // coordinates to 0.1 px, as secmem's canvas writes them
    g.setGeomDoubleConverter(v -> String.format(java.util.Locale.ROOT, "%.1f", v));
    g.setTransformDoubleConverter(v -> String.format(java.util.Locale.ROOT, "%.2f", v));
    chart.draw(g, new Rectangle(0, 0, w, h));
    String stem = "read-time-vs-b-n" + n + "-jfreechart";
    Path svg = out.resolve(stem + ".svg");
    Files.writeString(svg, g.getSVGDocument(), StandardCharsets.UTF_8);

    BufferedImage image = chart.createBufferedImage(w, h);
    Path png = out.resolve(stem + ".png");
    ImageIO.write(image, "png", png.toFile());

    String text = Files.readString(svg);
    System.out.println("svg: " + svg + " " + Files.size(svg) + " bytes");
    System.out.println("png: " + png + " " + Files.size(png) + " bytes");
    System.out.println("svg <text> elements: " + count(text, "<text"));
    System.out.println("svg <path> elements: " + count(text, "<path"));
    System.out.println("series: " + types + "; without B: " + noB.keySet());
  }

  private static int count(String text, String what) {
    int c = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      c++;
    }
    return c;
  }

  private static double median(List<Double> sorted) {
    int m = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(m) : (sorted.get(m - 1) + sorted.get(m)) / 2;
  }

  private static String ints(long v) {
    return Long.bitCount(v) == 1 ? "2^" + (63 - Long.numberOfLeadingZeros(v)) : Long.toString(v);
  }

  private static Shape triangle() {
    Path2D.Double p = new Path2D.Double();
    p.moveTo(0, -5);
    p.lineTo(5, 4);
    p.lineTo(-5, 4);
    p.closePath();
    return p;
  }

  /**
   * A log axis whose tick labels are plain strings: JFreeChart's own are attributed strings, drawn
   * through a TextLayout that an SVG back end can only trace as glyph outlines.
   */
  private static final class PlainLogAxis extends LogAxis {
    PlainLogAxis(String label) {
      super(label);
    }

    @Override
    public List<Tick> refreshTicks(
        Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
      List<Tick> plain = new ArrayList<>();
      for (Object o : super.refreshTicks(g2, state, dataArea, edge)) {
        ValueTick t = (ValueTick) o;
        String text =
            t.getTickType() == TickType.MAJOR ? getNumberFormatOverride().format(t.getValue()) : "";
        plain.add(
            new NumberTick(
                t.getTickType(),
                t.getValue(),
                text,
                t.getTextAnchor(),
                t.getRotationAnchor(),
                t.getAngle()));
      }
      return plain;
    }
  }

  /** Tick labels: bytes as secmem writes them (256 bytes, 1 KiB, 64 KiB), or plain decimals. */
  private static final class Format extends NumberFormat {
    private final boolean bytes;

    Format(boolean bytes) {
      this.bytes = bytes;
    }

    @Override
    public StringBuffer format(double v, StringBuffer to, FieldPosition pos) {
      if (!bytes) {
        return to.append(
            v >= 1
                ? Long.toString(Math.round(v))
                : new java.math.BigDecimal(v)
                    .round(new java.math.MathContext(1))
                    .stripTrailingZeros()
                    .toPlainString());
      }
      long b = Math.round(v);
      String[] units = {"bytes", "KiB", "MiB", "GiB"};
      int u = 0;
      double s = b;
      while (s >= 1024 && u < units.length - 1) {
        s /= 1024;
        u++;
      }
      return to.append(
          (s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s)) + " " + units[u]);
    }

    @Override
    public StringBuffer format(long v, StringBuffer to, FieldPosition pos) {
      return format((double) v, to, pos);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
      throw new UnsupportedOperationException();
    }
  }
}
