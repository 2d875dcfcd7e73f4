package org.secmem.report;

import static org.secmem.report.HtmlText.anchor;
import static org.secmem.report.HtmlText.esc;
import static org.secmem.report.HtmlText.link;
import static org.secmem.report.HtmlText.relativeHref;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The charts of the report page: the chart files paired by stem (SVG and PNG), grouped by the
 * experiment their name starts with, and each written as a figure, its SVG inlined with its ids
 * prefixed (and a {@code viewBox} added so that it shrinks with the page), else its PNG as a {@code
 * data:} image, else a link to the file; a chart's title is the SVG's own or is made from its file
 * name.
 */
final class PageCharts {

  private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]*)\"");
  private static final Pattern URL_REF = Pattern.compile("url\\(\\s*#([^)\\s]*)\\s*\\)");
  private static final Pattern HREF_REF = Pattern.compile("(\\bhref=\")#([^\"]*)\"");

  /** The chart's own title: a {@code <title>} that is the first child of the root element. */
  private static final Pattern SVG_TITLE =
      Pattern.compile("<svg\\b[^>]*>\\s*<title>([^<]*)</title>");

  private PageCharts() {}

  /** One chart: its SVG and PNG files (either may be missing). */
  record ChartFile(String stem, Path svg, Path png) {}

  /** The charts among {@code files}: SVG and PNG of one stem paired, in first-seen order. */
  static List<ChartFile> chartFiles(List<Path> files) {
    Map<String, Path[]> byStem = new LinkedHashMap<>();
    for (Path f : files) {
      String n = f.getFileName().toString();
      String lower = n.toLowerCase(Locale.ROOT);
      int kind = lower.endsWith(".svg") ? 0 : lower.endsWith(".png") ? 1 : -1;
      if (kind < 0) {
        continue;
      }
      Path key = f.resolveSibling(n.substring(0, n.length() - 4));
      byStem.computeIfAbsent(key.toString(), k -> new Path[2])[kind] = f;
    }
    List<ChartFile> out = new ArrayList<>();
    byStem.forEach(
        (k, v) -> out.add(new ChartFile(Path.of(k).getFileName().toString(), v[0], v[1])));
    return out;
  }

  /** Charts by experiment, told by the file name's first word; {@code null}: no experiment. */
  static Map<String, List<ChartFile>> groupCharts(
      List<ChartFile> charts, List<String> experiments) {
    List<String> longestFirst = new ArrayList<>(experiments);
    longestFirst.sort((a, b) -> b.length() - a.length());
    Map<String, List<ChartFile>> out = new LinkedHashMap<>();
    for (ChartFile c : charts) {
      String owner = null;
      for (String e : longestFirst) {
        if (!e.isEmpty() && (c.stem().equals(e) || c.stem().startsWith(e + "-"))) {
          owner = e;
          break;
        }
      }
      out.computeIfAbsent(owner, k -> new ArrayList<>()).add(c);
    }
    return out;
  }

  /**
   * One chart as a figure: its title (the SVG's own, else made from the file name), links to its
   * files, and the SVG inlined (ids prefixed with {@code c<no>-}), else the PNG as a {@code data:}
   * image, else a link to the file.
   */
  static void chart(StringBuilder h, Path page, ChartFile c, int no) throws IOException {
    String svgText = null;
    if (c.svg() != null
        && Files.isRegularFile(c.svg())
        && Files.size(c.svg()) <= ReportPage.INLINE_SVG_MAX) {
      svgText = Files.readString(c.svg(), StandardCharsets.UTF_8);
    }
    String title = null;
    if (svgText != null) {
      Matcher m = SVG_TITLE.matcher(svgText);
      if (m.find()) {
        title = unescapeXml(m.group(1)).trim();
      }
    }
    if (title == null || title.isEmpty()) {
      title = titleOf(c.stem());
    }
    h.append("<figure class=\"chart\" id=\"chart-")
        .append(esc(anchor(c.stem())))
        .append("\" data-chart=\"")
        .append(esc(c.stem()))
        .append("\">\n");
    h.append("<figcaption>").append(esc(title)).append(" <span class=\"files\">");
    boolean first = true;
    for (Path f : new Path[] {c.svg(), c.png()}) {
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
    } else if (c.png() != null
        && Files.isRegularFile(c.png())
        && Files.size(c.png()) <= ReportPage.INLINE_PNG_MAX) {
      h.append("<img alt=\"")
          .append(esc(title))
          .append("\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(Files.readAllBytes(c.png())))
          .append("\">\n");
    } else {
      Path f = c.png() != null ? c.png() : c.svg();
      h.append("<img alt=\"")
          .append(esc(title))
          .append("\" src=\"")
          .append(esc(relativeHref(page, f)))
          .append("\">\n");
    }
    h.append("</figure>\n");
  }

  /** {@code read-time-vs-b-n1000000} → {@code read: time vs b (n1000000)}. */
  static String titleOf(String stem) {
    String s = stem;
    int dash = s.indexOf('-');
    String head = dash > 0 ? s.substring(0, dash) + ": " : "";
    String rest = dash > 0 ? s.substring(dash + 1) : s;
    int vs = rest.indexOf("-vs-");
    if (vs < 0) {
      return head + rest.replace('-', ' ');
    }
    String metric = rest.substring(0, vs).replace('-', ' ');
    String after = rest.substring(vs + 4);
    int more = after.indexOf('-');
    String x = more < 0 ? after : after.substring(0, more);
    if (more >= 0 && after.startsWith("-per-", more)) {
      // a sort chart of one line per M or d: sort-time-vs-d-per-m-n10000
      String line = after.substring(more + 5);
      int end = line.indexOf('-');
      x += ", a line per " + (end < 0 ? line : line.substring(0, end));
      more = end < 0 ? -1 : more + 5 + end;
    }
    String split = more < 0 ? "" : " (" + after.substring(more + 1).replace("-", ", ") + ")";
    return head + metric + " vs " + x + split;
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

  private static String unescapeXml(String s) {
    return s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&");
  }
}
