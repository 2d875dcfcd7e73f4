package org.secmem.buffertree;

import java.util.Locale;

/**
 * The (a, b) of the buffer tree's underlying (a, b)-tree: every node but the root has between a and
 * b children (seed 004 §2). Splits cut an overfull node into parts of at least b/2 children (or b/2
 * blocks of a leaf), so {@code b >= 2a} keeps every part at or above a.
 *
 * @param a the least fanout, at least 1
 * @param b the most fanout, at least 2a
 */
public record Fanout(int a, int b) {

  public Fanout {
    if (a < 1) {
      throw new IllegalArgumentException("a (" + a + ") must be at least 1");
    }
    if (b < 2L * a) {
      throw new IllegalArgumentException(
          "b ("
              + b
              + ") must be at least 2a ("
              + 2L * a
              + ") so that a split node keeps a"
              + " children or more");
    }
  }

  /** "a,b", as the {@code --fanout} option and the {@code fanout} column take it. */
  public static Fanout parse(String text) {
    String[] parts = text.trim().split("\\s*,\\s*");
    if (parts.length != 2) {
      throw new IllegalArgumentException(
          "fanout '" + text + "' must be two whole numbers a,b (e.g. 4,16)");
    }
    int a;
    int b;
    try {
      a = Integer.parseInt(parts[0]);
      b = Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "fanout '" + text + "' must be two whole numbers a,b (e.g. 4,16)", e);
    }
    return new Fanout(a, b);
  }

  /** "a,b". */
  public String text() {
    return String.format(Locale.ROOT, "%d,%d", a, b);
  }

  @Override
  public String toString() {
    return "(" + a + ", " + b + ")";
  }
}
