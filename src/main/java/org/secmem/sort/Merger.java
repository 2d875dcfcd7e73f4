package org.secmem.sort;

import java.io.IOException;
import org.secmem.names.CliName;
import org.secmem.names.Names;

/** How the heads of the runs in a merge are compared. */
public enum Merger implements CliName {
  /** {@code java.util.PriorityQueue} of head objects: the seed reports' way. */
  PRIORITY_QUEUE("priority-queue"),
  /** A tournament (loser) tree over primitive keys: ⌈log2 d⌉ comparisons per int, no objects. */
  LOSER_TREE("loser-tree"),
  /**
   * No head comparisons: value ranges complete across all runs are cut off with binary searches and
   * radix-sorted in cache-sized chunks ({@link RadixMerge}); the cost per int does not grow with d.
   */
  RADIX("radix");

  private final String cliName;

  Merger(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The merger called {@code name}, case and surrounding spaces ignored.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static Merger parse(String name) {
    return Names.parse(Merger.class, "merger", name);
  }

  /**
   * Merges {@code runs} (each in the merge's order) into {@code out}.
   *
   * @return ints written
   */
  long merge(RunCursor[] runs, IntSink out, boolean descending, int radixCapacity)
      throws IOException {
    switch (this) {
      case PRIORITY_QUEUE:
        return Merges.priorityQueue(runs, out, descending);
      case LOSER_TREE:
        return Merges.loserTree(runs, out, descending);
      case RADIX:
        return new RadixMerge(Math.max(radixCapacity, runs.length)).merge(runs, out, descending);
      default:
        throw new AssertionError(this);
    }
  }

  /**
   * Heap bytes the merger itself holds for a merge of {@code runs} runs.
   *
   * @param radixCapacity the radix merger's ints per step
   */
  long scratchBytes(int runs, int radixCapacity) {
    switch (this) {
      case RADIX:
        return 2L * Integer.BYTES * Math.max(radixCapacity, runs); // + 24 KiB of counts: overhead
      case LOSER_TREE:
        return 16L * runs + 64;
      default:
        return 48L * runs + 64;
    }
  }

  @Override
  public String toString() {
    return cliName;
  }
}
