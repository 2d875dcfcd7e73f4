package org.secmem.sort;

import java.util.Arrays;
import org.secmem.names.CliName;
import org.secmem.names.Names;

/** How a run is sorted in memory. Parallelism comes from the run-formation workers. */
public enum RunSort implements CliName {
  /** {@link Arrays#sort(int[], int, int)}: dual-pivot quicksort, ~90 ns per int here. */
  ARRAYS("arrays"),
  /**
   * Radix sort: one MSD pass, then cache-sized buckets finished by LSD passes; a few ns per int.
   */
  RADIX("radix");

  private final String cliName;

  RunSort(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  /**
   * The run sort called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the names allowed, and where threads come
   *     from (there is no {@code parallel} run sort)
   */
  public static RunSort parse(String name) {
    try {
      return Names.parse(RunSort.class, "run sort", name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage() + "; parallelism comes from the threads setting");
    }
  }

  /** Whether the sort needs a scratch array as large as the run. */
  public boolean needsScratch() {
    return this != ARRAYS;
  }

  @Override
  public String toString() {
    return cliName;
  }

  /**
   * Sorts {@code a[0..len)} ascending, using {@code scratch} (at least {@code len} long, or null
   * for {@link #ARRAYS}); the result is in {@code a}.
   */
  void sort(int[] a, int[] scratch, int len) {
    if (this == ARRAYS) {
      Arrays.sort(a, 0, len);
    } else {
      Radix.sort(a, scratch, 0, len);
    }
  }
}
