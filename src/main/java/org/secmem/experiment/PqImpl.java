package org.secmem.experiment;

import org.secmem.names.CliName;
import org.secmem.names.Names;

/** The priority queues the pq experiment times; the {@code algorithm} column names which. */
public enum PqImpl implements CliName {
  /** {@link org.secmem.buffertree.ExternalPriorityQueue}: Arge's buffer tree, M ints of memory. */
  BUFFER_TREE("buffer-tree"),
  /** {@link java.util.PriorityQueue} of boxed Integers: the in-memory baseline. */
  JAVA("java");

  private final String cliName;

  PqImpl(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The implementation called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static PqImpl parse(String name) {
    return Names.parse(PqImpl.class, "priority queue", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
