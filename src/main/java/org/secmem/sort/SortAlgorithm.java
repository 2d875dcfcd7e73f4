package org.secmem.sort;

import org.secmem.names.CliName;
import org.secmem.names.Names;

/**
 * Which algorithm {@code secmem sort} times: the external merge sort, or the in-memory baseline it
 * is compared with (PRODUCT.md section 4.4.4 of the seed reports). More may follow; every value's
 * name is what the command line, parameter files and the {@code algorithm} column say.
 */
public enum SortAlgorithm implements CliName {
  /** The external d-way merge sort ({@link MergeSort}), as the preset and options compose it. */
  MERGE("merge"),
  /**
   * All N ints read into one array, sorted with {@code Arrays.sort}, written ({@link
   * InMemorySort}).
   */
  IN_MEMORY("in-memory"),
  /**
   * Buffer-tree sort (seed 004): every int inserted into Arge's buffer tree, then its buffers
   * emptied and its leaves read in order ({@code org.secmem.buffertree.BufferTreeSort}).
   */
  BUFFER_TREE("buffer-tree");

  private final String cliName;

  SortAlgorithm(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The algorithm called {@code name}, case and surrounding spaces ignored.
   *
   * @throws IllegalArgumentException naming the text and the names allowed
   */
  public static SortAlgorithm parse(String name) {
    return Names.parse(SortAlgorithm.class, "algorithm", name);
  }

  @Override
  public String toString() {
    return cliName;
  }
}
