package org.secmem.data;

import org.secmem.names.CliName;

/** The order a sorted file is in. */
public enum SortOrder implements CliName {
  ASCENDING("ascending"),
  DESCENDING("descending");

  private final String cliName;

  SortOrder(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /** Whether {@code next} may follow {@code previous} in this order (equal values always may). */
  public boolean inOrder(int previous, int next) {
    return this == ASCENDING ? previous <= next : previous >= next;
  }

  @Override
  public String toString() {
    return cliName;
  }
}
