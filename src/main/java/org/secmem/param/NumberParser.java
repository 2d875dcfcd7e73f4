package org.secmem.param;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Parses the numbers users write: plain integers ({@code 1000000}, {@code 1_000_000}), powers of
 * two ({@code 2^20}) and of ten ({@code 10^6}, as the seed reports' tables write N), and binary
 * suffixes, the same for counts and byte sizes so that one text means one number everywhere: K, M
 * and G are 2^10, 2^20 and 2^30, as Ki, Mi and Gi are ({@code 16M} = {@code 16Mi} = 16·2^20, the
 * {@code 16Mi ints} a run line prints; sixteen million is {@code 16000000} or {@code 16_000_000}).
 * Byte sizes also take a trailing B ({@code 64KB}, {@code 64KiB}, {@code 64 KiB}: all 65,536
 * bytes); a count refuses it, naming the forms it takes.
 */
public final class NumberParser {

  private NumberParser() {}

  /**
   * A count: an integer, {@code 2^k}, {@code 10^k}, or an integer with a K, M or G (or Ki, Mi, Gi)
   * suffix (powers of 1024, as for byte sizes).
   *
   * @throws NumberFormatException with a message saying what is accepted
   */
  public static long parseCount(String text) {
    return parse(text, false);
  }

  /**
   * A byte size: an integer, {@code 2^k}, {@code 10^k}, or an integer with a K, M or G suffix
   * (powers of 1024).
   *
   * @throws NumberFormatException with a message saying what is accepted
   */
  public static long parseBytes(String text) {
    return parse(text, true);
  }

  /**
   * Null, or why {@code text} is refused: digits grouped in threes by commas ({@code 1,000}) read
   * as one number with thousands separators, which secmem does not take (in a list option they
   * would otherwise split into 1 and 0).
   */
  public static String thousandsSeparatorProblem(String text) {
    String t = text.trim();
    if (!THOUSANDS.matcher(t).matches()) {
      return null;
    }
    return "'"
        + t
        + "' has a thousands separator; write "
        + t.replace(",", "")
        + " or "
        + t.replace(",", "_");
  }

  private static final Pattern THOUSANDS = Pattern.compile("\\d{1,3}(,\\d{3})+");

  private static long parse(String text, boolean suffixes) {
    if (text == null || text.trim().isEmpty()) {
      throw new NumberFormatException("no number given");
    }
    String separator = thousandsSeparatorProblem(text);
    if (separator != null) {
      throw new NumberFormatException(separator);
    }
    String s = text.trim().replace("_", "");
    int caret = s.indexOf('^');
    if (caret >= 0) {
      long base = integer(s.substring(0, caret), text, suffixes);
      long exp = integer(s.substring(caret + 1), text, suffixes);
      if (base == 10) {
        if (exp < 0 || exp > 18) {
          throw new NumberFormatException("'" + text + "' is out of range (10^0 .. 10^18)");
        }
        long power = 1;
        for (long i = 0; i < exp; i++) {
          power *= 10;
        }
        return power;
      }
      if (base != 2) {
        throw new NumberFormatException(
            "'" + text + "': only powers of 2 and of 10 are written with ^");
      }
      if (exp < 0 || exp > 62) {
        throw new NumberFormatException("'" + text + "' is out of range (2^0 .. 2^62)");
      }
      return 1L << exp;
    }
    long multiplier = 1;
    String upper = s.toUpperCase(Locale.ROOT);
    boolean byteUnit = false;
    if (upper.endsWith("IB") && upper.length() > 2) {
      upper = upper.substring(0, upper.length() - 2);
      byteUnit = true;
    } else if (upper.endsWith("B")
        && upper.length() > 1
        && Character.isLetter(upper.charAt(upper.length() - 2))) {
      upper = upper.substring(0, upper.length() - 1);
      byteUnit = true;
    } else if (upper.length() > 1
        && upper.endsWith("I")
        && "KMG".indexOf(upper.charAt(upper.length() - 2)) >= 0) {
      upper = upper.substring(0, upper.length() - 1); // Ki, Mi, Gi
    }
    char last = upper.isEmpty() ? ' ' : upper.charAt(upper.length() - 1);
    if (last == 'K' || last == 'M' || last == 'G') {
      multiplier = 1L << (last == 'K' ? 10 : last == 'M' ? 20 : 30);
      upper = upper.substring(0, upper.length() - 1);
      if (byteUnit && !suffixes) {
        String digits = upper.trim();
        throw new NumberFormatException(
            "'"
                + text
                + "' is a size in bytes, and this is a count: write "
                + digits
                + last
                + "i or "
                + digits
                + last
                + " ("
                + digits
                + "·2^"
                + Long.numberOfTrailingZeros(multiplier)
                + "), or the digits");
      }
      s = upper;
    } else if (suffixes) {
      s = upper;
    }
    try {
      return Math.multiplyExact(integer(s, text, suffixes), multiplier);
    } catch (ArithmeticException e) {
      throw new NumberFormatException("'" + text + "' is too large");
    }
  }

  private static long integer(String digits, String original, boolean suffixes) {
    try {
      return Long.parseLong(digits.trim());
    } catch (NumberFormatException e) {
      String accepted =
          suffixes
              ? "an integer, a power such as 2^16 or 10^6, or a size such as 64K, 64KiB, 1M, 2G"
                  + " (K, M, G are 2^10, 2^20, 2^30)"
              : "an integer such as 16000000, a power such as 2^24 or 10^6, or 16Mi or 16M"
                  + " (K, M, G are 2^10, 2^20, 2^30, as Ki, Mi, Gi)";
      throw new NumberFormatException(
          "'" + original + "' is not a number (write " + accepted + ")");
    }
  }
}
