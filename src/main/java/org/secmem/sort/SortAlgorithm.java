package org.secmem.sort;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which algorithm {@code secmem sort} times: the external merge sort, or the in-memory baseline
 * it is compared with (PRODUCT.md section 4.4.4 of the seed reports). More may follow; every
 * value's name is what the command line, parameter files and the {@code algorithm} column say.
 */
public enum SortAlgorithm {
  /** The external d-way merge sort ({@link MergeSort}), as the preset and options compose it. */
  MERGE("merge"),
  /** All N ints read into one array, sorted with {@code Arrays.sort}, written ({@link InMemorySort}). */
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

  public String cliName() {
    return cliName;
  }

  /** The names, comma-separated, as messages list them. */
  public static String allowedNames() {
    return Arrays.stream(values()).map(SortAlgorithm::cliName).collect(Collectors.joining(", "));
  }

  public static SortAlgorithm parse(String name) {
    for (SortAlgorithm a : values()) {
      if (a.cliName.equals(name.trim().toLowerCase(Locale.ROOT))) {
        return a;
      }
    }
    throw new IllegalArgumentException(
        "unknown algorithm '" + name + "' (allowed: " + allowedNames() + ")");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
