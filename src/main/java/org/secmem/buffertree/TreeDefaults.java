package org.secmem.buffertree;

import org.secmem.sort.SortSettings;

/**
 * The buffer tree's M and B when a user gives none: seed 004's tree, blocks of B = 4 KiB (1,024
 * ints) and m = 125 blocks of memory (M = 128,000 ints), which the default fanout m/8 makes a (3,
 * 15)-tree. The command line, parameter files, the menu and {@code pq} all take these, so a buffer
 * tree run with no options is the paper's wherever it is started.
 */
public final class TreeDefaults {

  /** B, a block and each stream's buffer, in bytes. */
  public static final int BUFFER_BYTES = 4096;

  /** m = M/B, blocks of memory, as in seed 004. */
  public static final long BLOCKS = 125;

  /** M in ints: {@link #BLOCKS} blocks of {@link #BUFFER_BYTES} / 4 ints. */
  public static final long MEMORY_INTS = BLOCKS * BUFFER_BYTES / Integer.BYTES;

  private TreeDefaults() {}

  /**
   * M for a tree whose blocks are {@code bufferBytes}: m = {@link #BLOCKS} blocks, so that a B
   * given alone keeps the paper's m.
   */
  public static long memoryInts(int bufferBytes) {
    return BLOCKS * Math.max(1, bufferBytes / Integer.BYTES);
  }

  /**
   * The user's choices with the tree's M and B filled in where not chosen: B = 4 KiB when none is
   * given; M = 125 blocks of B when none is given.
   */
  public static SortSettings.Builder apply(SortSettings.Builder c) {
    int b = c.bufferBytes().orElse(BUFFER_BYTES);
    long m = c.memoryInts().orElse(memoryInts(b));
    return c.bufferBytes(b).memoryInts(m);
  }
}
