package org.secmem.sort;

import java.util.Locale;

/** How the heads of the runs in a merge are compared. */
public enum Merger {
  /** {@code java.util.PriorityQueue} of head objects: the seed reports' way. */
  PRIORITY_QUEUE("priority-queue"),
  /** A tournament (loser) tree over primitive keys: ⌈log2 d⌉ comparisons per int, no objects. */
  LOSER_TREE("loser-tree"),
  /**
   * No head comparisons: value ranges complete across all runs are cut off with binary searches
   * and radix-sorted in cache-sized chunks ({@link RadixMerge}); the cost per int does not grow
   * with d.
   */
  RADIX("radix");

  private final String cliName;

  Merger(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static Merger parse(String name) {
    for (Merger m : values()) {
      if (m.cliName.equals(name.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown merger '" + name + "' (allowed: priority-queue, loser-tree, radix)");
  }

  /** Whether the merge can be split by value range over several cores. */
  public boolean splitsByValue() {
    return this != PRIORITY_QUEUE;
  }

  @Override
  public String toString() {
    return cliName;
  }
}
