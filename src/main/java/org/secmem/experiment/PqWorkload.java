package org.secmem.experiment;

import org.secmem.names.CliName;
import org.secmem.names.Names;

/**
 * The operation sequences of the priority-queue experiment. Each does N inserts and N delete-mins
 * (2N operations) and ends with the queue empty.
 */
public enum PqWorkload implements CliName {
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

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The workload called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static PqWorkload parse(String name) {
    return Names.parse(PqWorkload.class, "workload", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
