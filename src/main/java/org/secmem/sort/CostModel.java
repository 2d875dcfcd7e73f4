package org.secmem.sort;

import java.util.Arrays;

/**
 * The external-memory cost model of the d-way merge sort (PRODUCT.md section 7): runs = ⌈N/M⌉,
 * passes = 1 + ⌈log_d runs⌉ (run formation is the first pass), and every pass reads and writes all
 * 4N bytes. Integer arithmetic throughout: no floating-point logarithm to round wrongly.
 */
public final class CostModel {

  private CostModel() {}

  /** Runs formed: ⌈N/M⌉, and 1 for an empty input (one empty run). */
  public static long runs(long n, long m) {
    return Math.max(1, (n + m - 1) / m);
  }

  /** Merge passes needed for {@code runs} runs with fan-in d: ⌈log_d runs⌉. */
  public static int mergePasses(long runs, int d) {
    int passes = 0;
    for (long r = runs; r > 1; r = (r + d - 1) / d) {
      passes++;
    }
    return passes;
  }

  /** All passes: run formation plus merges, 1 + ⌈log_d ⌈N/M⌉⌉. */
  public static int passes(long n, long m, int d) {
    return 1 + mergePasses(runs(n, m), d);
  }

  /** Block transfers of B bytes: every pass reads and writes 4N bytes, ⌈4N/B⌉ blocks each way. */
  public static long predictedBlockTransfers(long n, long m, int d, int bufferBytes) {
    return predictedBlockTransfers(n, m, d, bufferBytes, bufferBytes);
  }

  /**
   * Block transfers when the merges use a smaller block than run formation (the memory plan shrinks
   * B so that d + 1 streams per merge thread fit M; the row's {@code merge_b}): run formation moves
   * ⌈4N/B⌉ blocks each way, every merge pass ⌈4N/B_merge⌉.
   */
  public static long predictedBlockTransfers(
      long n, long m, int d, int runBufferBytes, int mergeBufferBytes) {
    long bytes = n * Integer.BYTES;
    long runBlocks = (bytes + runBufferBytes - 1) / runBufferBytes;
    long mergeBlocks = (bytes + mergeBufferBytes - 1) / mergeBufferBytes;
    return 2L * runBlocks + 2L * mergePasses(runs(n, m), d) * mergeBlocks;
  }

  /**
   * Disk a sort needs at its peak beside the input: the runs of one pass while the next pass's runs
   * are written (the merged ones are deleted as soon as merged, so at most 2·4N), plus slack.
   */
  public static long peakDiskBytes(long n) {
    return 2L * n * Integer.BYTES + (1 << 20);
  }

  /**
   * Disk each of {@code folders} work folders needs at the peak when runs go to them in turn: an
   * even share of {@link #peakDiskBytes} (round robin leaves the folders at most a run apart, which
   * the slack and the share's rounding up cover for all but tiny inputs), and for the folder that
   * writes the output ({@code outputFolder}) the whole output besides.
   */
  public static long[] peakDiskBytes(long n, int folders, int outputFolder) {
    if (folders < 1 || outputFolder < 0 || outputFolder >= folders) {
      throw new IllegalArgumentException(
          "folders ("
              + folders
              + ") must be >= 1 and"
              + " outputFolder ("
              + outputFolder
              + ") one of them");
    }
    long bytes = n * Integer.BYTES;
    long share = (2L * bytes + folders - 1) / folders + (1 << 20);
    long[] needs = new long[folders];
    Arrays.fill(needs, share);
    if (folders > 1) {
      needs[outputFolder] += bytes;
    }
    return needs;
  }

  /**
   * Block transfers of the in-memory sort: one read and one write of the 4N bytes, ⌈4N/B⌉ blocks
   * each way (the merge sort's count when M ≥ N: one run, no merge pass).
   */
  public static long inMemoryBlockTransfers(long n, int bufferBytes) {
    long bytes = n * Integer.BYTES;
    return 2L * ((bytes + bufferBytes - 1) / bufferBytes);
  }
}
