package org.secmem.report.chart;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Text and links of the report page: HTML escaping (also of the characters XML does not allow), ids
 * made from names, and links to the files beside the page as relative, percent-encoded paths.
 */
public final class HtmlText {

  private HtmlText() {}

  /** An {@code <a>} to {@code target}, relative to the page, showing {@code text}. */
  public static void link(StringBuilder h, Path page, Path target, String text) {
    h.append("<a href=\"")
        .append(esc(relativeHref(page, target)))
        .append("\">")
        .append(esc(text))
        .append("</a>");
  }

  /** The path of {@code target} relative to the page's folder, as a percent-encoded URL path. */
  public static String relativeHref(Path page, Path target) {
    Path from = page.toAbsolutePath().normalize().getParent();
    Path rel = from.relativize(target.toAbsolutePath().normalize());
    StringBuilder sb = new StringBuilder();
    for (Path part : rel) {
      if (sb.length() > 0) {
        sb.append('/');
      }
      sb.append(encodeSegment(part.toString()));
    }
    return sb.toString();
  }

  private static String encodeSegment(String segment) {
    StringBuilder sb = new StringBuilder();
    for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '_'
          || c == '.'
          || c == '~') {
        sb.append(c);
      } else {
        sb.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
      }
    }
    // a first segment holding ':' would read as a scheme; encoded above, so none can
    return sb.toString();
  }

  /** {@code s} as an id: each character other than A-Z, a-z, 0-9, _ and - made {@code _}. */
  public static String anchor(String s) {
    return s.replaceAll("[^A-Za-z0-9_-]", "_");
  }

  /** Text escaped for HTML element content and quoted attribute values. */
  public static String esc(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> {
          if (notInXml(c)) {
            // XML (the page's inline SVG, the standalone SVGs) has no control characters:
            // shown as the escape a terminal line would show.
            sb.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }

  /** A character XML 1.0 does not allow (controls other than tab, line feed, return). */
  static boolean notInXml(char c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE || c == 0xFFFF;
  }
}
