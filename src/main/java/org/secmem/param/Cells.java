package org.secmem.param;

import java.util.ArrayList;
import java.util.List;

/**
 * The value syntax of parameter-file cells: a single value, a list {@code a|b|c}, or ranges —
 * {@code 2^10..2^20} (doubling, when both ends are powers written with ^), {@code 1..4} (step 1),
 * {@code 1000..1000000 x10} (multiplying), {@code 0..100 +25} (adding). List items may be ranges.
 */
final class Cells {

  /** More values than this from one cell is surely a mistake. */
  static final int MAX_VALUES = 10_000;

  private Cells() {}

  /** A cell that does not follow the syntax; the message says why. */
  static final class CellException extends Exception {
    CellException(String message) {
      super(message);
    }
  }

  static List<String> words(String cell) throws CellException {
    List<String> out = new ArrayList<>();
    for (String part : cell.split("\\|", -1)) {
      String p = part.trim();
      if (p.isEmpty()) {
        throw new CellException("empty item in list '" + cell + "'");
      }
      out.add(p);
    }
    return out;
  }

  static List<Long> numbers(String cell, boolean bytes) throws CellException {
    List<Long> out = new ArrayList<>();
    for (String item : words(cell)) {
      int dots = item.indexOf("..");
      if (dots < 0) {
        out.add(number(item, bytes));
      } else {
        range(item, dots, bytes, out);
      }
      if (out.size() > MAX_VALUES) {
        throw new CellException("'" + cell + "' gives more than " + MAX_VALUES + " values");
      }
    }
    return out;
  }

  private static void range(String item, int dots, boolean bytes, List<Long> out)
      throws CellException {
    String from = item.substring(0, dots).trim();
    String rest = item.substring(dots + 2).trim();
    String to = rest;
    String step = null;
    int space = rest.indexOf(' ');
    if (space > 0) {
      to = rest.substring(0, space).trim();
      step = rest.substring(space + 1).trim();
    }
    long a = number(from, bytes);
    long b = number(to, bytes);
    if (a > b) {
      throw new CellException("range '" + item + "' runs backwards");
    }
    boolean multiply;
    long factor;
    if (step == null) {
      multiply = from.contains("^") && to.contains("^");
      factor = multiply ? 2 : 1;
    } else if (step.startsWith("x") || step.startsWith("*")) {
      multiply = true;
      factor = number(step.substring(1), false);
    } else if (step.startsWith("+")) {
      multiply = false;
      factor = number(step.substring(1), false);
    } else {
      throw new CellException(
          "step '" + step + "' in '" + item + "' is not xF (multiply) or +S (add)");
    }
    if (multiply && (factor < 2 || a <= 0)) {
      throw new CellException("range '" + item + "' must multiply a positive start by 2 or more");
    }
    if (!multiply && factor < 1) {
      throw new CellException("range '" + item + "' must step by 1 or more");
    }
    long v = a;
    while (v <= b) {
      out.add(v);
      if (out.size() > MAX_VALUES) {
        throw new CellException("'" + item + "' gives more than " + MAX_VALUES + " values");
      }
      long next = multiply ? v * factor : v + factor;
      if (multiply ? next / factor != v : next < v) {
        break; // would overflow: past any upper bound
      }
      v = next;
    }
  }

  private static long number(String text, boolean bytes) throws CellException {
    try {
      return bytes ? NumberParser.parseBytes(text) : NumberParser.parseCount(text);
    } catch (NumberFormatException e) {
      throw new CellException(e.getMessage());
    }
  }
}
