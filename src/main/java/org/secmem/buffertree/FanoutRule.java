package org.secmem.buffertree;

import java.util.Locale;
import org.secmem.units.Units;

/**
 * How the buffer tree's (a, b) is chosen: fixed, or from m = M/B as b = m/k, a = b/4 (seed 004: k =
 * 1 is Arge's design (m/4, m); k = 8, (m/32, m/8), ran fastest in the paper's tests).
 *
 * @param bOverM k of b = m/k, or 0 when {@code fixed} applies
 * @param fixed the (a, b) given, or null when it follows from m
 */
public record FanoutRule(int bOverM, Fanout fixed) {

  /** The most k: beyond it b would be below 2 for any m that fits a Java array. */
  public static final int MAX_B_OVER_M = 1 << 20;

  /** Seed 004's best: (m/32, m/8). */
  public static final FanoutRule DEFAULT = ratio(8);

  public FanoutRule {
    if ((bOverM == 0) == (fixed == null)) {
      throw new IllegalArgumentException(
          "a fanout rule is b/m or a fixed (a, b): exactly one of them");
    }
    if (bOverM < 0 || bOverM > MAX_B_OVER_M) {
      throw new IllegalArgumentException(
          "b-over-m (" + bOverM + ") must be between 1 and " + MAX_B_OVER_M);
    }
  }

  /** b = m/k, a = b/4. */
  public static FanoutRule ratio(int k) {
    return new FanoutRule(k, null);
  }

  public static FanoutRule fixed(Fanout f) {
    return new FanoutRule(0, f);
  }

  /**
   * The (a, b) for m blocks of memory.
   *
   * @throws IllegalArgumentException when b = m/k would be below 2, or a fixed b above m (a node's
   *     children must fit the distribution's m blocks)
   */
  public Fanout resolve(long m) {
    if (fixed != null) {
      if (fixed.b() > m) {
        throw new IllegalArgumentException(
            String.format(
                Locale.ROOT,
                "fanout %s: b = %d is more than m = M/B = %d blocks; lower b or raise M",
                fixed.text(),
                fixed.b(),
                m));
      }
      return fixed;
    }
    long b = m / bOverM;
    if (b < 2) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "b = m/%d = %d is below 2 (m = M/B = %d blocks); raise M, lower B or choose a"
                  + " smaller K",
              bOverM,
              b,
              m));
    }
    int bi = (int) Math.min(Integer.MAX_VALUE / 2, b);
    return new Fanout(Math.max(1, bi / 4), bi);
  }

  /**
   * {@code m} (b = m, Arge's design), {@code m/K} (b = m/K), or {@code a,b} / {@code a:b} (fixed;
   * parameter files use the colon, since their cells are split at commas).
   *
   * @throws IllegalArgumentException naming the text and the forms allowed
   */
  public static FanoutRule parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("m")) {
      return ratio(1);
    }
    if (t.startsWith("m/")) {
      try {
        int k = Integer.parseInt(t.substring(2).trim());
        if (k < 1 || k > MAX_B_OVER_M) {
          throw new IllegalArgumentException(
              "fanout '" + text + "': K of m/K must be between 1" + " and " + MAX_B_OVER_M);
        }
        return ratio(k);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "fanout '" + text + "' must be m, m/K (e.g. m/8) or a,b (e.g. 4,16)", e);
      }
    }
    if (t.contains(",") || t.contains(":")) {
      return fixed(Fanout.parse(t.replace(':', ',')));
    }
    throw new IllegalArgumentException(
        "fanout '" + text + "' must be m, m/K (e.g. m/8) or a,b (e.g. 4,16)");
  }

  /**
   * The (a, b) this rule makes from m blocks of {@code blockInts} ints, as a run line says it:
   * {@code (2, 8)}; when a ratio rule makes a = 1 (seed 004's m/16 at m = 125 makes a (1, 7)-tree),
   * it says so and names the least M that gives a >= 2, as an (a, b)-tree has, rather than taking
   * the tree silently. The rule's text when it makes none.
   */
  public String described(long m, int blockInts) {
    Fanout made;
    try {
      made = resolve(m);
    } catch (IllegalArgumentException e) {
      return text();
    }
    if (fixed != null || made.a() >= 2) {
      return made.toString();
    }
    long leastBlocks = 8L * bOverM; // b = m/k >= 8 makes a = b/4 >= 2
    return made
        + " (a = 1: not an (a, b)-tree, which has a >= 2; "
        + text()
        + " makes one from M = "
        + Units.typedInts(Math.multiplyExact(leastBlocks, (long) blockInts))
        + ")";
  }

  /** "m/8" or "4,16": what the rule says, for descriptions. */
  public String text() {
    return fixed != null ? fixed.text() : (bOverM == 1 ? "m" : "m/" + bOverM);
  }
}
