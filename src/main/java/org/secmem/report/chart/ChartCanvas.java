package org.secmem.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Locale;

/**
 * The few drawing operations a chart needs, written once as SVG elements (text as real {@code
 * <text>}, so a file stays a few KB and its labels can be searched and styled) and once onto an
 * image for PNG.
 */
public interface ChartCanvas {

  /** Where a text's x coordinate is. */
  enum Anchor {
    START,
    MIDDLE,
    END
  }

  void line(double x1, double y1, double x2, double y2, Color c, double width, boolean dashed);

  void rect(double x, double y, double w, double h, Color fill, Color stroke);

  /** A closed polygon, filled or outlined. */
  void polygon(double[] xs, double[] ys, Color c, boolean fill);

  void polyline(double[] xs, double[] ys, Color c, double width, boolean dashed);

  void circle(double cx, double cy, double r, Color c);

  /** Text at baseline y; {@code rotated} turns it 90 degrees anticlockwise about (x, y). */
  void text(
      double x, double y, String s, double size, boolean bold, Anchor anchor, boolean rotated);

  /** Starts a group of elements that belong to one series' legend entry (SVG only). */
  default void beginLegendEntry(String name, Color c) {}

  /** Ends what {@link #beginLegendEntry} began. */
  default void endLegendEntry() {}

  /**
   * Starts the elements of one point (marker, whisker, bar or level line) whose values {@code tip}
   * says on hover: an SVG {@code <title>} (SVG only).
   */
  default void beginPoint(String tip) {}

  /** Ends what {@link #beginPoint} began. */
  default void endPoint() {}

  /** An estimate of a text's width, for layout. */
  static double textWidth(String s, double size) {
    return s.length() * size * 0.55;
  }

  /**
   * {@code text} at {@code size} on one line, or on two where it is wider than {@code room} pixels
   * (a bar's name): split after its first comma, else at the hyphen, space or slash nearest its
   * middle (neighbouring names such as {@code secmem-fast-jdk17} and {@code secmem-fast-jdk25} were
   * drawn over each other).
   */
  static List<String> twoLines(String name, double size, double room) {
    if (textWidth(name, size) <= room) {
      return List.of(name);
    }
    int comma = name.indexOf(", ");
    if (comma > 0) {
      return List.of(name.substring(0, comma + 1), name.substring(comma + 2));
    }
    int best = -1;
    for (int i = 1; i < name.length() - 1; i++) {
      char ch = name.charAt(i);
      if ((ch == '-' || ch == ' ' || ch == '/')
          && (best < 0 || Math.abs(i - name.length() / 2) < Math.abs(best - name.length() / 2))) {
        best = i;
      }
    }
    if (best < 0) {
      return List.of(name);
    }
    // the hyphen or slash stays at the end of the first line; a space goes
    int cut = name.charAt(best) == ' ' ? best : best + 1;
    return List.of(name.substring(0, cut), name.substring(best + 1));
  }

  /** Writes SVG. */
  final class Svg implements ChartCanvas {
    private final StringBuilder sb = new StringBuilder();

    public Svg(int width, int height) {
      sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
          .append(width)
          .append("\" height=\"")
          .append(height)
          .append("\" viewBox=\"0 0 ")
          .append(width)
          .append(' ')
          .append(height)
          .append("\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n");
      sb.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    }

    private static String n(double v) {
      return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String hex(Color c) {
      return String.format("#%06x", c.getRGB() & 0xFFFFFF);
    }

    private static String esc(String s) {
      return HtmlText.esc(s);
    }

    private static String points(double[] xs, double[] ys) {
      StringBuilder p = new StringBuilder();
      for (int i = 0; i < xs.length; i++) {
        p.append(i == 0 ? "" : " ").append(n(xs[i])).append(',').append(n(ys[i]));
      }
      return p.toString();
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color c, double w, boolean dash) {
      sb.append("<line x1=\"")
          .append(n(x1))
          .append("\" y1=\"")
          .append(n(y1))
          .append("\" x2=\"")
          .append(n(x2))
          .append("\" y2=\"")
          .append(n(y2))
          .append("\" stroke=\"")
          .append(hex(c))
          .append("\" stroke-width=\"")
          .append(n(w))
          .append('"')
          .append(dash ? " stroke-dasharray=\"6,4\"" : "")
          .append("/>\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, Color fill, Color stroke) {
      sb.append("<rect x=\"")
          .append(n(x))
          .append("\" y=\"")
          .append(n(y))
          .append("\" width=\"")
          .append(n(w))
          .append("\" height=\"")
          .append(n(h))
          .append("\" fill=\"")
          .append(fill == null ? "none" : hex(fill))
          .append('"')
          .append(stroke == null ? "" : " stroke=\"" + hex(stroke) + "\"")
          .append("/>\n");
    }

    @Override
    public void polygon(double[] xs, double[] ys, Color c, boolean fill) {
      sb.append("<polygon points=\"")
          .append(points(xs, ys))
          .append('"')
          .append(
              fill
                  ? " fill=\"" + hex(c) + "\""
                  : " fill=\"none\" stroke=\"" + hex(c) + "\" stroke-width=\"2\"")
          .append("/>\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color c, double w, boolean dashed) {
      sb.append("<polyline points=\"")
          .append(points(xs, ys))
          .append("\" fill=\"none\" stroke=\"")
          .append(hex(c))
          .append("\" stroke-width=\"")
          .append(n(w))
          .append('"')
          .append(dashed ? " stroke-dasharray=\"6,4\"" : "")
          .append("/>\n");
    }

    @Override
    public void circle(double cx, double cy, double r, Color c) {
      sb.append("<circle cx=\"")
          .append(n(cx))
          .append("\" cy=\"")
          .append(n(cy))
          .append("\" r=\"")
          .append(n(r))
          .append("\" fill=\"")
          .append(hex(c))
          .append("\"/>\n");
    }

    @Override
    public void text(
        double x, double y, String s, double size, boolean bold, Anchor anchor, boolean rotated) {
      sb.append("<text x=\"")
          .append(n(x))
          .append("\" y=\"")
          .append(n(y))
          .append("\" font-size=\"")
          .append(n(size))
          .append('"')
          .append(bold ? " font-weight=\"bold\"" : "")
          .append(
              anchor == Anchor.START
                  ? ""
                  : anchor == Anchor.MIDDLE ? " text-anchor=\"middle\"" : " text-anchor=\"end\"")
          .append(rotated ? " transform=\"rotate(-90 " + n(x) + " " + n(y) + ")\"" : "")
          .append('>')
          .append(esc(s))
          .append("</text>\n");
    }

    @Override
    public void beginLegendEntry(String name, Color c) {
      sb.append("<g class=\"legend-entry\" data-series=\"")
          .append(esc(name))
          .append("\" data-color=\"")
          .append(hex(c))
          .append("\">\n");
    }

    @Override
    public void endLegendEntry() {
      sb.append("</g>\n");
    }

    @Override
    public void beginPoint(String tip) {
      sb.append("<g class=\"point\"><title>").append(esc(tip)).append("</title>\n");
    }

    @Override
    public void endPoint() {
      sb.append("</g>\n");
    }

    public String finish() {
      return sb + "</svg>\n";
    }
  }

  /** Draws onto an image, for PNG. */
  final class Image implements ChartCanvas {
    private final BufferedImage image;
    private final Graphics2D g;

    Image(int width, int height) {
      image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
      g = image.createGraphics();
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, width, height);
    }

    private void stroke(Color c, double w, boolean dashed) {
      g.setColor(c);
      g.setStroke(
          dashed
              ? new BasicStroke(
                  (float) w,
                  BasicStroke.CAP_BUTT,
                  BasicStroke.JOIN_ROUND,
                  10f,
                  new float[] {6f, 4f},
                  0f)
              : new BasicStroke((float) w, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    }

    private static Path2D path(double[] xs, double[] ys, boolean close) {
      Path2D p = new Path2D.Double();
      p.moveTo(xs[0], ys[0]);
      for (int i = 1; i < xs.length; i++) {
        p.lineTo(xs[i], ys[i]);
      }
      if (close) {
        p.closePath();
      }
      return p;
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color c, double w, boolean dash) {
      stroke(c, w, dash);
      g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void rect(double x, double y, double w, double h, Color fill, Color stroke) {
      Rectangle2D r = new Rectangle2D.Double(x, y, w, h);
      if (fill != null) {
        g.setColor(fill);
        g.fill(r);
      }
      if (stroke != null) {
        stroke(stroke, 1, false);
        g.draw(r);
      }
    }

    @Override
    public void polygon(double[] xs, double[] ys, Color c, boolean fill) {
      if (fill) {
        g.setColor(c);
        g.fill(path(xs, ys, true));
      } else {
        stroke(c, 2, false);
        g.draw(path(xs, ys, true));
      }
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color c, double w, boolean dashed) {
      stroke(c, w, dashed);
      g.draw(path(xs, ys, false));
    }

    @Override
    public void circle(double cx, double cy, double r, Color c) {
      g.setColor(c);
      g.fill(new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r));
    }

    @Override
    public void text(
        double x, double y, String s, double size, boolean bold, Anchor anchor, boolean rotated) {
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, (int) Math.round(size)));
      FontMetrics fm = g.getFontMetrics();
      double w = fm.stringWidth(s);
      double dx = anchor == Anchor.START ? 0 : anchor == Anchor.MIDDLE ? -w / 2 : -w;
      AffineTransform saved = g.getTransform();
      g.translate(x, y);
      if (rotated) {
        g.rotate(-Math.PI / 2);
      }
      g.drawString(s, (float) dx, 0f);
      g.setTransform(saved);
    }

    BufferedImage finish() {
      g.dispose();
      return image;
    }
  }
}
