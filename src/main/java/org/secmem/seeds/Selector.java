package org.secmem.seeds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which configurations a finding names: conditions joined by ';', each {@code col=v}, {@code
 * col=v1|v2|...}, {@code col>=v} or {@code col<=v} over {@link MeasuredConfiguration#COLUMNS}
 * (numbers plain integers: b in bytes, m in ints). Every condition must hold.
 */
public record Selector(String text, List<Condition> conditions) {

  /** One condition: {@code column op value(s)}. */
  public record Condition(String column, String op, List<String> values) {

    boolean holds(MeasuredConfiguration c) {
      String have = c.get(column);
      if (op.equals("=")) {
        return values.contains(have);
      }
      Optional<Double> x = c.number(column);
      if (x.isEmpty()) {
        return false;
      }
      double want = Double.parseDouble(values.get(0));
      return op.equals(">=") ? x.get() >= want : x.get() <= want;
    }
  }

  public Selector {
    conditions = List.copyOf(conditions);
  }

  /**
   * Parses a selector.
   *
   * @throws IllegalArgumentException naming the condition and what is allowed
   */
  public static Selector parse(String text) {
    List<Condition> conditions = new ArrayList<>();
    Set<String> columns = Set.copyOf(MeasuredConfiguration.COLUMNS);
    for (String part : text.split(";")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      String op = p.contains(">=") ? ">=" : p.contains("<=") ? "<=" : "=";
      int at = p.indexOf(op);
      if (at <= 0) {
        throw new IllegalArgumentException("'" + p + "' is not col=v, col=v1|v2, col>=v or col<=v");
      }
      String column = p.substring(0, at).trim();
      String value = p.substring(at + op.length()).trim();
      if (!columns.contains(column)) {
        throw new IllegalArgumentException(
            "'"
                + p
                + "': no column '"
                + column
                + "' (one of "
                + MeasuredConfiguration.COLUMNS
                + ")");
      }
      if (!op.equals("=")) {
        if (value.isEmpty()) {
          throw new IllegalArgumentException("'" + p + "': no value");
        }
        try {
          Double.parseDouble(value);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("'" + p + "': " + op + " needs a number", e);
        }
      }
      conditions.add(new Condition(column, op, List.of(value.split("\\|", -1))));
    }
    if (conditions.isEmpty()) {
      throw new IllegalArgumentException("an empty selector");
    }
    return new Selector(text, conditions);
  }

  /** Whether {@code c} meets every condition. */
  public boolean matches(MeasuredConfiguration c) {
    return conditions.stream().allMatch(x -> x.holds(c));
  }
}
