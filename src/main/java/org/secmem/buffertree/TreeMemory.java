package org.secmem.buffertree;

import java.util.Locale;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.sort.SortMemory;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The buffer tree's memory, M ints in all as in seed 004: m = M/B blocks of B ints; a buffer is
 * full when it holds more than m/2 blocks; an emptying loads m/2 blocks (M/2 ints) at a time, sorts
 * them and writes each child's share straight from the sorted load (the design's other M/2, room
 * for m output blocks, is not needed: one child is written at a time through one stream). Besides
 * the load: the block being collected for the root, a merge block and an output block of B ints
 * each, the open streams (input, a buffer or leaf reader, a leaf reader, a writer), and the nodes'
 * splitters and child lists.
 *
 * @param memoryInts M
 * @param blockInts B in ints: a block, the stream buffer B bytes / 4
 * @param m M/B, blocks of memory
 * @param fanout the (a, b) resolved for m
 * @param bufferInts a buffer is full above this: m/2 blocks
 * @param loadInts ints an emptying loads at a time: m/2 blocks
 * @param maxNodes the most nodes N inserts can make (leaves of at least b/2 blocks, and above)
 * @param requiredHeapBytes the heap the tree needs, JVM overhead included
 */
public record TreeMemory(
    long memoryInts,
    int blockInts,
    long m,
    Fanout fanout,
    long bufferInts,
    int loadInts,
    long maxNodes,
    long requiredHeapBytes) {

  /** Fewest blocks of memory: a buffer of m/2 >= 2 blocks. */
  public static final long MIN_BLOCKS = 4;

  /** Heap of one node beside its splitters and children: object, lists, file names. */
  static final long NODE_BYTES = 512;

  /**
   * The plan for N ints.
   *
   * @param n ints to insert
   * @param memoryInts M
   * @param bufferBytes B in bytes (the stream buffer; a block is B/4 ints)
   * @throws IllegalArgumentException naming M, B and what would do, when M holds fewer than {@link
   *     #MIN_BLOCKS} blocks or the fanout rule gives no valid (a, b)
   */
  public static TreeMemory plan(
      long n,
      long memoryInts,
      int bufferBytes,
      FanoutRule rule,
      StreamType read,
      StreamType write) {
    int blockInts = blockInts(bufferBytes);
    long m = memoryInts / blockInts;
    if (m < MIN_BLOCKS) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "the buffer tree needs M to hold at least %d blocks of B (m = M/B = %d/%d = %d);"
                  + " raise M to %s or more, or lower B",
              MIN_BLOCKS,
              memoryInts,
              blockInts,
              m,
              Units.typedInts((long) MIN_BLOCKS * blockInts)));
    }
    Fanout fanout = rule.resolve(m);
    long bufferInts = (m / 2) * blockInts;
    int loadInts = (int) Math.min(Integer.MAX_VALUE - 8, bufferInts);
    // Leaves hold at least b/2 blocks (a split makes parts of b/2 .. b blocks); internal nodes
    // have two children or more, so there are fewer of them than leaves.
    long leafMin = Math.max(1, (long) fanout.b() * blockInts / 2);
    long leaves = n / leafMin + 1;
    long maxNodes = 2 * leaves + 64;
    long nodeBytes = maxNodes * (NODE_BYTES + 8L * (fanout.b() + 2));
    long arrays = Integer.BYTES * ((long) loadInts + 3L * blockInts);
    long streams =
        3 * SortMemory.streamBytes(read, bufferBytes, true)
            + SortMemory.streamBytes(write, bufferBytes, false);
    long required = arrays + streams + nodeBytes + SortMemory.OVERHEAD_BYTES;
    return new TreeMemory(
        memoryInts, blockInts, m, fanout, bufferInts, loadInts, maxNodes, required);
  }

  /** B in ints: a block is the stream buffer of B bytes, at least one int. */
  public static int blockInts(int bufferBytes) {
    return Math.max(1, bufferBytes / Integer.BYTES);
  }

  /** m = M/B, the blocks M ints hold; a tree needs {@link #MIN_BLOCKS} or more. */
  public static long blocks(long memoryInts, int bufferBytes) {
    return memoryInts / blockInts(bufferBytes);
  }

  /** Bytes of the ints the tree holds in memory (the load and the blocks): at most M. */
  public long dataBytes() {
    return Integer.BYTES * ((long) loadInts + 3L * blockInts);
  }

  /** Ints of a full leaf: b blocks. */
  public long leafInts() {
    return (long) fanout.b() * blockInts;
  }

  /**
   * Refuses, before anything runs, a tree the heap cannot hold.
   *
   * @throws InsufficientMemoryException naming M, B, the heap needed and the heap there is
   */
  public void requireHeap(long maxHeapBytes) {
    if (requiredHeapBytes > maxHeapBytes) {
      long mib = 1 << 20;
      long suggest = (requiredHeapBytes + mib - 1) / mib + 8;
      throw new InsufficientMemoryException(
          String.format(
              Locale.ROOT,
              "the buffer tree with M = %s and B = %s needs about %d MiB of heap (%d MiB"
                  + " for its load and blocks, %d MiB for the JVM, nodes and streams), but the heap"
                  + " is %d MiB; use a smaller M, or %s",
              Units.typedInts(memoryInts),
              Units.bytes((long) Integer.BYTES * blockInts),
              (requiredHeapBytes + mib - 1) / mib,
              dataBytes() / mib,
              (requiredHeapBytes - dataBytes()) / mib,
              maxHeapBytes / mib,
              Units.largerHeap(suggest)));
    }
  }
}
