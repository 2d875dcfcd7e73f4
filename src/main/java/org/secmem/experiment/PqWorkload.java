package org.secmem.experiment;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The operation sequences of the priority-queue experiment. Each does N inserts and N delete-mins
 * (2N operations) and ends with the queue empty.
 */
public enum PqWorkload {
  /** N inserts, then N delete-mins. */
  INSERT_THEN_DELETE("insert-then-delete"),
  /** ⌈N/2⌉ inserts (the warm start), then insert and delete-min alternately, then the drain. */
  INTERLEAVED("interleaved"),
  /**
   * Each operation an insert with probability R (a delete-min otherwise; an insert when the queue
   * is empty) until N inserts are done, then the drain.
   */
  RATIO("ratio");

  private final String cliName;

  PqWorkload(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  /** The names, for messages and help. */
  public static String allowedNames() {
    return Arrays.stream(values()).map(PqWorkload::cliName).collect(Collectors.joining(", "));
  }

  /**
   * The workload called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static PqWorkload parse(String name) {
    String t = name.trim().toLowerCase(Locale.ROOT);
    for (PqWorkload w : values()) {
      if (w.cliName.equals(t)) {
        return w;
      }
    }
    throw new IllegalArgumentException(
        "unknown workload '" + name + "' (allowed: " + allowedNames() + ")");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
