package org.secmem.buffertree;

/**
 * What a buffer tree did, as seed 004 counts it (§3.6.2–3.6.3).
 *
 * @param fanout the (a, b) it ran with
 * @param height the most levels of nodes the tree had (1: the root a leaf); a sort's tree only
 *     grows, so for a sort the levels at the end
 * @param leaves the most leaf nodes the tree had (for a sort, those at the end; a priority queue
 *     takes leaves out)
 * @param blockPushes pushes of a parent's load share into a child's buffer: one per child that
 *     receives data in a load, whatever its size (part of a block, a block or more)
 * @param internalEmptyings buffer-emptying processes of internal nodes
 * @param leafEmptyings buffer-emptying processes of leaf nodes (merging into the leaves)
 * @param rebalances node splits, leaves and internal nodes (inserts never fuse or share); with
 *     {@link ExternalPriorityQueue}, also the fuses, shares and root collapses of its delete-mins
 * @param blocksRead blocks of B ints read: each read of a file counts ⌈ints / B⌉
 * @param blocksWritten blocks of B ints written: each write of a run of ints counts ⌈ints / B⌉
 * @param intsRead ints read from the tree's files
 * @param intsWritten ints written to the tree's files
 * @param insertNanos the insert phase: inserts collected into blocks, root appends, emptyings
 * @param insertInternalNanos of it, emptying internal buffers
 * @param insertLeafNanos of it, emptying leaf buffers (merges and splits)
 * @param forceEmptyNanos emptying every buffer, root down, after the last insert
 * @param outputNanos reading the leaves in order into the output
 */
public record TreeStats(
    Fanout fanout,
    int height,
    long leaves,
    long blockPushes,
    long internalEmptyings,
    long leafEmptyings,
    long rebalances,
    long blocksRead,
    long blocksWritten,
    long intsRead,
    long intsWritten,
    long insertNanos,
    long insertInternalNanos,
    long insertLeafNanos,
    long forceEmptyNanos,
    long outputNanos) {

  /**
   * The I/O bound of Theorem 1 with constant 1: n·log_m(n) blocks for n = N/B, m = M/B, and at
   * least n (one pass); the measured blocks read plus written are set beside it.
   */
  public static long ioBound(long ints, long blockInts, long m) {
    double n = Math.ceil(ints / (double) Math.max(1, blockInts));
    if (n <= 1) {
      return (long) n;
    }
    double levels = Math.max(1, Math.log(n) / Math.log(Math.max(2, m)));
    return (long) Math.ceil(n * levels);
  }
}
