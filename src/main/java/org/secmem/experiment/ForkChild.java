package org.secmem.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What one forked JVM measures (see {@code --fork}): configuration {@code config} of the batch its
 * command line plans, its warm-ups and repetitions one after another, the rows numbered as the
 * parent's schedule says. Passed on the child's command line as one argument, e.g. {@code
 * config=3;fork=2;warmups=2;record=2;reps=4,5,6;position=17;round=5}.
 *
 * @param config 0-based index of the configuration in the planned batch
 * @param fork 1-based fork number of this configuration (the {@code fork} column)
 * @param warmups the warm-up numbers to run, ascending (run in this JVM, since it is fresh)
 * @param recordedWarmups those of them whose rows are written
 * @param reps the repetition numbers to run, ascending
 * @param position the {@code order_index} of the child's first run
 * @param round the {@code round} of the child's first run
 * @param sentinel whether the child measures the {@code --sentinel} reference: its rows are marked
 *     so, and carry no round
 */
public record ForkChild(
    int config,
    int fork,
    SortedSet<Integer> warmups,
    SortedSet<Integer> recordedWarmups,
    SortedSet<Integer> reps,
    long position,
    int round,
    boolean sentinel) {

  public ForkChild {
    warmups = Collections.unmodifiableSortedSet(new TreeSet<>(warmups));
    recordedWarmups = Collections.unmodifiableSortedSet(new TreeSet<>(recordedWarmups));
    reps = Collections.unmodifiableSortedSet(new TreeSet<>(reps));
    if (config < 0
        || fork < 1
        || position < 1
        || round < 1
        || reps.isEmpty()
        || !warmups.containsAll(recordedWarmups)) {
      throw new IllegalArgumentException(
          "not a fork: config "
              + config
              + ", fork "
              + fork
              + ", warm-ups "
              + warmups
              + " recording "
              + recordedWarmups
              + ", reps "
              + reps
              + ", position "
              + position
              + ", round "
              + round);
    }
  }

  /** Runs the child does: its warm-ups and repetitions. */
  public int runs() {
    return warmups.size() + reps.size();
  }

  /** Rows the child sends: one per recorded warm-up and per repetition. */
  public int rowsOwed() {
    return recordedWarmups.size() + reps.size();
  }

  /** The one-argument form, read back by {@link #parse}. */
  public String format() {
    return "config="
        + config
        + ";fork="
        + fork
        + ";warmups="
        + list(warmups)
        + ";record="
        + list(recordedWarmups)
        + ";reps="
        + list(reps)
        + ";position="
        + position
        + ";round="
        + round
        + (sentinel ? ";sentinel=true" : "");
  }

  /**
   * Reads {@link #format}'s text.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static ForkChild parse(String text) {
    Map<String, String> f = new LinkedHashMap<>();
    for (String part : text.split(";", -1)) {
      int eq = part.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("not a fork specification: '" + text + "'");
      }
      f.put(part.substring(0, eq), part.substring(eq + 1));
    }
    try {
      return new ForkChild(
          Integer.parseInt(f.get("config")),
          Integer.parseInt(f.get("fork")),
          numbers(f.get("warmups")),
          numbers(f.get("record")),
          numbers(f.get("reps")),
          Long.parseLong(f.get("position")),
          Integer.parseInt(f.get("round")),
          Boolean.parseBoolean(f.getOrDefault("sentinel", "false")));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not a fork specification: '" + text + "'", e);
    }
  }

  private static String list(SortedSet<Integer> s) {
    List<String> out = new ArrayList<>();
    s.forEach(i -> out.add(Integer.toString(i)));
    return String.join(",", out);
  }

  private static SortedSet<Integer> numbers(String text) {
    SortedSet<Integer> s = new TreeSet<>();
    if (text == null) {
      throw new IllegalArgumentException("missing field");
    }
    for (String n : text.split(",")) {
      if (!n.isBlank()) {
        s.add(Integer.parseInt(n.trim()));
      }
    }
    return s;
  }
}
