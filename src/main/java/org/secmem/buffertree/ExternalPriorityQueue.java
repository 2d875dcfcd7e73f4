package org.secmem.buffertree;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * An external priority queue of ints on Arge's buffer tree (seed 004 §2.2, §3.3): insert and
 * delete-min, the smallest keys in memory and the rest in a {@link BufferTree}.
 *
 * <p><b>Memory side.</b> The in-memory part holds at most C = b·B ints (one full leaf: b blocks of
 * B ints), in one int array ({@link RunHeap}: the sorted keys of the leaf last taken, read from a
 * cursor, and a min-heap of keys inserted into memory since). A bound β separates the two sides:
 * every key in memory is at most β and every key in the tree at least β. An insert of a key ≤ β
 * goes into memory (seed 004 §3.3: a request that would be routed to the cached leaf goes into the
 * internal heap); any other key is inserted into the tree as usual. At first the tree is empty and
 * β is +∞, so a queue that never holds more than C keys never touches disk.
 *
 * <p><b>Delete-min.</b> While the in-memory part holds keys, the minimum comes from it. When it is
 * empty, the queue refills it: the buffers on the path from the root to the leftmost leaf are
 * emptied top down (each emptying pushes into all children of the node as usual; the children that
 * fill are emptied too), after which the leftmost leaf node holds the smallest keys of the tree;
 * its keys (a to b blocks, at most C) are read into memory and the leaf is removed from the tree,
 * and β becomes the splitter right of it (+∞ when the leaf was the root: the tree is empty). The
 * path is thus emptied once per leaf taken; a leaf other than the root holds a·B keys or more, so
 * at most once per a·B delete-mins while the tree has more than one leaf.
 *
 * <p><b>Rebalancing.</b> Removing the leaf takes a child from its parent. A node on the leftmost
 * path left with fewer than max(a, 2) children is rebalanced with its right sibling, whose buffer
 * is emptied first (seed 004 §2; the leftmost path's buffers are empty already): when both fit in b
 * children they fuse (the parent loses a child and may underflow in turn, up the path), else the
 * node shares the sibling's first children so that both have at least max(a, 2). A root left with
 * one child is replaced by it, that child's buffer emptied first (the root's buffer is appended to
 * only through the tree's root writer, so a new root starts with an empty buffer). Fuses, shares
 * and root collapses count as the tree's rebalances. The queue needs b ≥ 4: then a split makes
 * nodes of ⌊b/2⌋ ≥ 2 children or more, and two siblings too many to fuse can share so that both
 * keep max(a, 2).
 *
 * <p><b>Memory rule and bound.</b> When a key ≤ β arrives and the in-memory part is full (C keys),
 * the part is sorted, its larger half (C − ⌊C/2⌋ keys) is inserted into the tree, and β becomes the
 * largest key kept; then the key goes to whichever side β now says. So memory holds at most C = b·B
 * keys at all times. The ints held in memory are therefore C for the in-memory part plus the tree's
 * own (its load of m/2 blocks and 3 blocks: {@link TreeMemory#dataBytes}): {@link #dataInts} = b·B
 * + ⌊m/2⌋·B + 3B, which is within M when b ≤ m/2 − 3 (as with the default b = m/8 once m ≥ 8); with
 * a larger b (e.g. Arge's b = m) the queue exceeds M by up to b·B + 3B − M/2, and {@link #dataInts}
 * says by how much. Beyond the ints: the nodes (splitters, child lists), the open streams and the
 * JVM, as in {@link TreeMemory}; {@link #requiredHeapBytes} adds the in-memory part to the tree's
 * plan.
 *
 * <p>Not safe for use from several threads.
 */
public final class ExternalPriorityQueue implements Closeable {

  /**
   * What the queue did.
   *
   * @param tree the buffer tree's counts (its rebalances include the fuses, shares and root
   *     collapses below; insert and output times are 0: the tree does not time the queue)
   * @param memoryCapacity C = b·B, the most keys the in-memory part holds
   * @param inserts keys inserted
   * @param deleteMins keys deleted (by delete-min)
   * @param memoryInserts inserts that went into the in-memory part (key ≤ β)
   * @param treeInserts inserts that went into the tree
   * @param refills times the in-memory part was empty at a delete-min (or peek) and the leftmost
   *     path was emptied and its leaf taken into memory
   * @param intsTaken ints those leaves held
   * @param spills times the in-memory part was full and spilled its larger half into the tree
   * @param intsSpilled ints spilled
   * @param fuses leftmost-path nodes that fused with their right sibling
   * @param shares leftmost-path nodes that took children from their right sibling
   * @param rootCollapses roots left with one child and replaced by it
   * @param refillNanos time spent refilling: path emptying, reading the leaf, rebalancing
   */
  public record Stats(
      TreeStats tree,
      int memoryCapacity,
      long inserts,
      long deleteMins,
      long memoryInserts,
      long treeInserts,
      long refills,
      long intsTaken,
      long spills,
      long intsSpilled,
      long fuses,
      long shares,
      long rootCollapses,
      long refillNanos) {}

  private final BufferTree tree;
  private final RunHeap mem;

  /** β: keys ≤ it go to memory. Long.MAX_VALUE: the tree bounds nothing (it holds no key). */
  private long bound = Long.MAX_VALUE;

  /** Ints in the tree. */
  private long treeInts;

  private boolean closed;

  private long inserts;
  private long deleteMins;
  private long memoryInserts;
  private long treeInserts;
  private long refills;
  private long intsTaken;
  private long spills;
  private long intsSpilled;
  private long refillNanos;

  /**
   * An empty queue whose tree's files go in {@code dir} (which must exist; {@link #close} removes
   * the files, the caller the folder).
   *
   * @param memory the tree's plan: M, B, (a, b); the in-memory part holds b·B ints besides
   * @throws IllegalArgumentException when b is below 4 or b·B ints do not fit an array
   */
  public ExternalPriorityQueue(
      TreeMemory memory,
      Path dir,
      StreamFactory streams,
      StreamType readType,
      StreamType writeType,
      StreamOptions options) {
    if (memory.fanout().b() < 4) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "the buffer-tree priority queue needs b >= 4 (fanout %s): below it a split leaves"
                  + " nodes of one child, and a node on the leftmost path that loses a child cannot"
                  + " share with its sibling and keep two; raise M, lower B or choose a smaller"
                  + " b-over-m",
              memory.fanout()));
    }
    long c = memory.leafInts();
    if (c > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "the priority queue's in-memory part of b·B = %d ints does not fit an array; lower b"
                  + " or B",
              c));
    }
    this.mem = new RunHeap((int) c);
    this.tree = new BufferTree(memory, List.of(dir), streams, readType, writeType, options);
  }

  /** Ints the queue holds in memory at most: b·B for its in-memory part plus the tree's data. */
  public static long dataInts(TreeMemory memory) {
    return memory.leafInts() + memory.dataBytes() / Integer.BYTES;
  }

  /** The heap the queue needs: the tree's plan plus its in-memory part. */
  public static long requiredHeapBytes(TreeMemory memory) {
    return memory.requiredHeapBytes() + Integer.BYTES * memory.leafInts();
  }

  /** Keys in the queue. */
  public long size() {
    return mem.size() + treeInts;
  }

  public boolean isEmpty() {
    return size() == 0;
  }

  /** Adds {@code key} (duplicates allowed). */
  public void insert(int key) throws IOException {
    requireOpen();
    inserts++;
    if (key <= bound && mem.isFull()) {
      spill();
    }
    if (key <= bound) {
      mem.add(key);
      memoryInserts++;
    } else {
      tree.insert(key);
      treeInts++;
      treeInserts++;
    }
  }

  /**
   * Removes and returns the least key; empties the leftmost path and takes its leaf into memory
   * when the in-memory part is empty.
   *
   * @throws NoSuchElementException when the queue is empty
   */
  public int deleteMin() throws IOException {
    requireOpen();
    if (mem.isEmpty()) {
      refill();
    }
    deleteMins++;
    return mem.removeMin();
  }

  /**
   * The least key, left in the queue; like {@link #deleteMin} it may refill the in-memory part from
   * the tree (I/O) when that part is empty.
   *
   * @throws NoSuchElementException when the queue is empty
   */
  public int peekMin() throws IOException {
    requireOpen();
    if (mem.isEmpty()) {
      refill();
    }
    return mem.min();
  }

  /** What the queue and its tree did so far. */
  public Stats stats() {
    return new Stats(
        tree.stats(0, 0),
        mem.capacity(),
        inserts,
        deleteMins,
        memoryInserts,
        treeInserts,
        refills,
        intsTaken,
        spills,
        intsSpilled,
        tree.fuses(),
        tree.shares(),
        tree.rootCollapses(),
        refillNanos);
  }

  /**
   * Checks the tree's (a, b)-tree invariants and the queue's, for tests: the in-memory part within
   * C keys, heap- and run-ordered, every key in it at most β and every key in the tree at least β
   * (and within its node's splitters), no buffer over m/2 blocks, and the counts agree.
   *
   * @throws IllegalStateException naming what breaks a rule
   */
  public void checkInvariants() throws IOException {
    requireOpen();
    tree.checkInvariants();
    mem.check();
    if (mem.size() > mem.capacity()) {
      throw new IllegalStateException(
          "in-memory part holds " + mem.size() + " keys, more than " + mem.capacity());
    }
    if (mem.max() > bound) {
      throw new IllegalStateException("in-memory key " + mem.max() + " above the bound " + bound);
    }
    if (treeInts != tree.heldInts()) {
      throw new IllegalStateException(
          "queue counts " + treeInts + " ints in the tree, the tree " + tree.heldInts());
    }
    if (treeInts > 0 && bound == Long.MAX_VALUE) {
      throw new IllegalStateException("the tree holds " + treeInts + " ints but bounds nothing");
    }
    tree.checkQueueInvariants(bound);
  }

  /** Deletes every file of the tree. */
  @Override
  public void close() throws IOException {
    closed = true;
    tree.close();
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the priority queue was closed");
    }
  }

  /** Empties the leftmost path and takes the leftmost leaf into the (empty) in-memory part. */
  private void refill() throws IOException {
    if (treeInts == 0) {
      throw new NoSuchElementException("the priority queue is empty");
    }
    long start = System.nanoTime();
    tree.emptyLeftmostPath();
    int n = tree.leftmostLeafInts();
    if (n == 0 || n > mem.capacity()) {
      throw new IllegalStateException(
          "buffer tree defect: the leftmost leaf holds "
              + n
              + " ints after its path was emptied (the tree "
              + treeInts
              + ", memory "
              + mem.capacity()
              + ")");
    }
    int[] area = mem.loadArea(n);
    bound = tree.removeLeftmostLeaf(area, area.length - n);
    mem.loaded(n);
    treeInts -= n;
    intsTaken += n;
    refills++;
    refillNanos += System.nanoTime() - start;
  }

  /** Moves the larger half of the full in-memory part into the tree; β drops to what is kept. */
  private void spill() throws IOException {
    int keep = mem.capacity() / 2;
    int[] spilled = {0};
    bound =
        mem.keepSmallest(
            keep,
            (keys, off, len) -> {
              tree.insert(keys, off, len);
              spilled[0] = len;
            });
    treeInts += spilled[0];
    intsSpilled += spilled[0];
    spills++;
  }
}
