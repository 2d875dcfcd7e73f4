package org.secmem.report.page;

import static org.secmem.report.chart.HtmlText.anchor;
import static org.secmem.report.chart.HtmlText.esc;
import static org.secmem.report.chart.HtmlText.link;
import static org.secmem.report.chart.HtmlText.relativeHref;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.secmem.report.chart.DrawnChart;

/**
 * The charts of the report page, each as drawn ({@link DrawnChart}: its title and experiment from
 * its plan) written as a figure: its SVG inlined with its ids prefixed (and a {@code viewBox} added
 * so that it shrinks with the page), else its PNG as a {@code data:} image, else a link to the
 * file.
 */
final class PageCharts {

  private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]*)\"");
  private static final Pattern URL_REF = Pattern.compile("url\\(\\s*#([^)\\s]*)\\s*\\)");
  private static final Pattern HREF_REF = Pattern.compile("(\\bhref=\")#([^\"]*)\"");

  private PageCharts() {}

  /**
   * One chart as a figure: its title (as planned), links to its files, and the SVG inlined (ids
   * prefixed with {@code c<no>-}), else the PNG as a {@code data:} image, else a link to the file.
   */
  static void chart(StringBuilder h, Path page, DrawnChart c, int no) throws IOException {
    String svgText = null;
    if (Files.isRegularFile(c.svg()) && Files.size(c.svg()) <= ReportPage.INLINE_SVG_MAX) {
      svgText = Files.readString(c.svg(), StandardCharsets.UTF_8);
    }
    Path pngFile = c.png().filter(Files::isRegularFile).orElse(null);
    Path svgFile = Files.isRegularFile(c.svg()) ? c.svg() : null;
    String title = c.title();
    h.append("<figure class=\"chart\" id=\"chart-")
        .append(esc(anchor(c.stem())))
        .append("\" data-chart=\"")
        .append(esc(c.stem()))
        .append("\">\n");
    h.append("<figcaption>").append(esc(title)).append(" <span class=\"files\">");
    boolean first = true;
    for (Path f : new Path[] {svgFile, pngFile}) {
      if (f != null) {
        h.append(first ? "" : " · ");
        link(h, page, f, f.getFileName().toString());
        first = false;
      }
    }
    h.append("</span></figcaption>\n");
    int svgStart = svgText == null ? -1 : svgText.indexOf("<svg");
    if (svgStart >= 0) {
      h.append(prefixIds(withViewBox(svgText.substring(svgStart)), "c" + no + "-")).append('\n');
    } else if (pngFile != null && Files.size(pngFile) <= ReportPage.INLINE_PNG_MAX) {
      h.append("<img alt=\"")
          .append(esc(title))
          .append("\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(Files.readAllBytes(pngFile)))
          .append("\">\n");
    } else {
      Path f = pngFile != null ? pngFile : c.svg();
      h.append("<img alt=\"")
          .append(esc(title))
          .append("\" src=\"")
          .append(esc(relativeHref(page, f)))
          .append("\">\n");
    }
    h.append("</figure>\n");
  }

  /**
   * The SVG with a {@code viewBox} made from its {@code width} and {@code height} when it has none,
   * so that it shrinks with the page instead of being cut.
   */
  static String withViewBox(String svg) {
    int end = svg.indexOf('>');
    if (end < 0) {
      return svg;
    }
    String tag = svg.substring(0, end);
    if (tag.contains("viewBox")) {
      return svg;
    }
    Matcher w = Pattern.compile("\\swidth=\"([0-9.]+)(px)?\"").matcher(tag);
    Matcher hm = Pattern.compile("\\sheight=\"([0-9.]+)(px)?\"").matcher(tag);
    if (!w.find() || !hm.find()) {
      return svg;
    }
    return tag + " viewBox=\"0 0 " + w.group(1) + " " + hm.group(1) + "\"" + svg.substring(end);
  }

  /** Every id in an SVG prefixed, and the references to them, so inlined charts cannot clash. */
  static String prefixIds(String svg, String prefix) {
    String s =
        ID.matcher(svg)
            .replaceAll(m -> Matcher.quoteReplacement("id=\"" + prefix + m.group(1) + "\""));
    s =
        URL_REF
            .matcher(s)
            .replaceAll(m -> Matcher.quoteReplacement("url(#" + prefix + m.group(1) + ")"));
    return HREF_REF
        .matcher(s)
        .replaceAll(m -> Matcher.quoteReplacement(m.group(1) + "#" + prefix + m.group(2) + "\""));
  }
}
