package org.secmem.experiment;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The priority queues the pq experiment times; the {@code algorithm} column names which. */
public enum PqImpl {
  /** {@link org.secmem.buffertree.ExternalPriorityQueue}: Arge's buffer tree, M ints of memory. */
  BUFFER_TREE("buffer-tree"),
  /** {@link java.util.PriorityQueue} of boxed Integers: the in-memory baseline. */
  JAVA("java");

  private final String cliName;

  PqImpl(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static String allowedNames() {
    return Arrays.stream(values()).map(PqImpl::cliName).collect(Collectors.joining(", "));
  }

  /**
   * The implementation called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static PqImpl parse(String name) {
    String t = name.trim().toLowerCase(Locale.ROOT);
    for (PqImpl i : values()) {
      if (i.cliName.equals(t)) {
        return i;
      }
    }
    throw new IllegalArgumentException(
        "unknown priority queue '" + name + "' (allowed: " + allowedNames() + ", both)");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
