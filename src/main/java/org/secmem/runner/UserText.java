package org.secmem.runner;

import java.util.Locale;

/**
 * Makes a message that may quote user input safe to print on one terminal line: control characters
 * are shown as escapes (a pasted escape sequence must not move the cursor or recolour the
 * terminal), and long input is shortened so that an error line stays readable.
 */
public final class UserText {

  /** The longest run of non-blank characters shown whole. */
  static final int MAX_WORD = 100;

  /** The longest line shown whole. */
  public static final int MAX_LINE = 400;

  private UserText() {}

  /** Most lines a message shows; a longer list is cut with a count. */
  static final int MAX_LINES = 60;

  /**
   * A message of one or more lines (separated by {@code \n}), each made safe as by {@link #line}.
   */
  public static String lines(String message) {
    if (message == null) {
      return "";
    }
    String[] parts = message.split("\n", -1);
    StringBuilder out = new StringBuilder();
    // A long list keeps its head and its last line, which usually says what to do.
    int head = parts.length > MAX_LINES ? MAX_LINES - 2 : parts.length;
    for (int i = 0; i < head; i++) {
      out.append(i > 0 ? "\n" : "").append(line(parts[i]));
    }
    if (head < parts.length) {
      out.append("\n... ")
          .append(parts.length - head - 1)
          .append(" more lines ...\n")
          .append(line(parts[parts.length - 1]));
    }
    return out.toString();
  }

  /** {@code message} as one line, escaped and shortened; null becomes "". */
  public static String line(String message) {
    if (message == null) {
      return "";
    }
    StringBuilder escaped = new StringBuilder(Math.min(message.length(), 4 * MAX_LINE));
    message.codePoints().forEach(c -> appendEscaped(escaped, c));
    String shortWords = shortenWords(escaped.toString());
    if (shortWords.length() <= MAX_LINE) {
      return shortWords;
    }
    int head = MAX_LINE * 3 / 4;
    int tail = MAX_LINE / 4;
    return shortWords.substring(0, head)
        + " [... "
        + (shortWords.length() - head - tail)
        + " characters left out ...] "
        + shortWords.substring(shortWords.length() - tail);
  }

  /**
   * {@code text} with control characters shown as escapes as by {@link #line}, but line breaks and
   * tabs kept and nothing shortened: for output that passes through as it is written, such as what
   * the commands the menu runs print.
   */
  public static String controlsEscaped(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      boolean keep = c == '\n' || c == '\t' || !needsEscape(c);
      if (!keep && out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (out != null) {
        if (keep) {
          out.appendCodePoint(c);
        } else {
          appendEscaped(out, c);
        }
      }
      i += Character.charCount(c);
    }
    return out == null ? text : out.toString();
  }

  /**
   * {@code text} as {@link #controlsEscaped} makes it, but with carriage returns (a progress line
   * redrawn) and colour sequences ({@code ESC [ digits ; ... m}, picocli's help) kept: for
   * everything a command prints to standard output, whatever it quotes. Any other escape sequence
   * (a title, a cursor move, a screen clear) is shown, not obeyed.
   */
  public static String terminalSafe(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      int keepLen =
          c == '\n' || c == '\t' || c == '\r' || !needsEscape(c)
              ? Character.charCount(c)
              : c == 0x1b ? colourLength(text, i) : 0;
      if (keepLen == 0 && out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (keepLen > 0) {
        if (out != null) {
          out.append(text, i, i + keepLen);
        }
        i += keepLen;
      } else {
        appendEscaped(out, c);
        i += Character.charCount(c);
      }
    }
    return out == null ? text : out.toString();
  }

  /** The length of a colour sequence ({@code ESC [ [0-9;]* m}) at {@code i}, else 0. */
  private static int colourLength(String text, int i) {
    int j = i + 1;
    if (j >= text.length() || text.charAt(j) != '[') {
      return 0;
    }
    j++;
    while (j < text.length()
        && (Character.isDigit(text.charAt(j)) || text.charAt(j) == ';')
        && j - i < 32) {
      j++;
    }
    return j < text.length() && text.charAt(j) == 'm' ? j + 1 - i : 0;
  }

  private static boolean needsEscape(int c) {
    return c < 0x20
        || c == 0x7f
        || (c >= 0x80 && c <= 0x9f)
        || Character.getType(c) == Character.FORMAT
        || c == 0xFFFD;
  }

  private static void appendEscaped(StringBuilder out, int c) {
    if (c == '\t') {
      out.append(' ');
    } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
      out.append(String.format(Locale.ROOT, "\\x%02x", c));
    } else if (Character.getType(c) == Character.FORMAT || c == 0xFFFD) {
      // Bidirectional overrides and other invisible formatting, and undecodable bytes.
      out.append(String.format(Locale.ROOT, "\\u%04x", c));
    } else {
      out.appendCodePoint(c);
    }
  }

  private static String shortenWords(String s) {
    StringBuilder out = new StringBuilder(Math.min(s.length(), 2 * MAX_LINE));
    int i = 0;
    while (i < s.length()) {
      int j = i;
      while (j < s.length() && s.charAt(j) != ' ') {
        j++;
      }
      int len = j - i;
      if (len > MAX_WORD) {
        int keepHead = MAX_WORD * 3 / 5;
        int keepTail = MAX_WORD / 5;
        out.append(s, i, i + keepHead)
            .append("[...")
            .append(len - keepHead - keepTail)
            .append(" characters...]")
            .append(s, j - keepTail, j);
      } else {
        out.append(s, i, j);
      }
      if (j < s.length()) {
        out.append(' ');
      }
      i = j + 1;
    }
    return out.toString();
  }
}
