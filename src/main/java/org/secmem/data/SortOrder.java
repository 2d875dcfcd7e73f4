package org.secmem.data;

/** The order a sorted file is in. */
public enum SortOrder {
  ASCENDING("ascending"),
  DESCENDING("descending");

  private final String cliName;

  SortOrder(String cliName) {
    this.cliName = cliName;
  }

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
