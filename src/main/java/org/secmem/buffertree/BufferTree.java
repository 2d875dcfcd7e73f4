package org.secmem.buffertree;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.secmem.fs.HeldFiles;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.WriteStream;

/**
 * Arge's buffer tree over 32-bit ints, as seed 004 implements it (§2, §3.1–3.2), for inserts: an
 * (a, b)-tree whose nodes live in memory and whose buffers and leaves are files read and written
 * through secmem's streams, so that the I/O strategy is a parameter here too.
 *
 * <p>Inserts are collected in memory into blocks of B ints; each full block is appended to the
 * root's buffer with one write. A buffer holding more than m/2 blocks is full and is emptied: it is
 * loaded m/2 blocks at a time, each load sorted and cut by the node's splitters, and each child's
 * share appended to that child's buffer (a <em>block push</em>). Full internal children are emptied
 * in turn, depth first; full leaf nodes are emptied after every internal emptying of the process
 * (Arge's order, so that every node above them has an empty buffer when a split reaches it): their
 * load is merged into the leaf's sorted file, and a leaf grown past b blocks is cut into parts of
 * b/2 .. b blocks, the parent gaining children and splitting in turn past b.
 *
 * <p>Every insert is a request to add a key; the tree offers no deletes of arbitrary keys, so a
 * request needs no operation flag or time stamp and a buffer holds the keys alone (4 bytes, where
 * the paper's records were 16). Files: one per buffer and one per leaf node, in the folder given,
 * opened only while read or written (the paper's answer to open-file limits; a sort with 10^4
 * leaves keeps two or three open, not 10^4). Not safe for use from several threads.
 *
 * <p>The tree is the public face and the root's side of the inserts (the collected block, the
 * root's writer, the emptyings a full root and {@link #emptyAll} start, and their times); it owns
 * the parts that do the rest: {@link TreeNodes} (the nodes and their shape), {@link TreeFiles} (the
 * files and the I/O counts), {@link BufferEmptying} (the emptying process), {@link LeftmostPath}
 * (the priority queue's operations) and {@link TreeChecks} (the invariants).
 */
public final class BufferTree implements Closeable {

  /** Receives the sorted keys a block at a time. */
  @FunctionalInterface
  public interface BlockSink {
    void accept(int[] block, int len) throws IOException;
  }

  private final TreeMemory memory;
  private final Fanout fanout;
  private final int blockInts;
  private final TreeFiles files;
  private final TreeNodes nodes;
  private final BufferEmptying emptying;
  private final LeftmostPath leftmost;
  private final TreeChecks checks;

  private final int[] collect;
  private int collected;
  private WriteStream rootWriter;
  private long size;
  private boolean drained;

  private long insertInternalNanos;
  private long insertLeafNanos;
  private long forceEmptyNanos;

  /**
   * An empty tree whose files go in {@code dirs} (which must exist; the caller removes them): a
   * node's buffer and leaf files in folder {@code id mod dirs.size()}, so that the buffers and
   * leaves are spread over several disks (seed 004 §3.6.4 striped them over two), and an emptying
   * reads one node's buffer while it appends to children's buffers on the others.
   *
   * @param memory M, B, (a, b) and the buffer sizes
   * @param readType stream type of every read of a buffer or leaf
   * @param writeType stream type of every write; not {@code direct}, since pushes append at any int
   *     offset
   * @param options B (the block, in bytes) and sync for every stream
   */
  public BufferTree(
      TreeMemory memory,
      List<Path> dirs,
      StreamFactory streams,
      StreamType readType,
      StreamType writeType,
      StreamOptions options) {
    if (dirs.isEmpty()) {
      throw new IllegalArgumentException("no folder for the tree's files");
    }
    String problem = writeProblem(writeType);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    this.memory = memory;
    this.fanout = memory.fanout();
    this.blockInts = memory.blockInts();
    this.files = new TreeFiles(dirs, streams, readType, writeType, options, blockInts);
    this.collect = new int[blockInts];
    this.nodes = new TreeNodes(fanout);
    this.emptying = new BufferEmptying(memory, nodes, files);
    this.leftmost = new LeftmostPath(fanout, nodes, files, emptying);
    this.checks = new TreeChecks(memory, nodes, files);
  }

  /**
   * Why {@code writeType} cannot write a buffer tree's files, or null when it can: pushes append at
   * any int offset, which {@code direct} (O_DIRECT, whole blocks only) cannot. The command line,
   * parameter files and the menu refuse with this before anything runs.
   */
  public static String writeProblem(StreamType writeType) {
    if (writeType.writesRegions()) {
      return null;
    }
    return "the buffer tree appends to its buffer files at any int offset, which "
        + writeType
        + " cannot ("
        + writeType.regionLimit()
        + "); choose another write stream";
  }

  /** Keys inserted so far. */
  public long size() {
    return size;
  }

  /** Adds {@code key}. */
  public void insert(int key) throws IOException {
    requireOpen();
    collect[collected++] = key;
    size++;
    if (collected == blockInts) {
      flushCollected();
    }
  }

  /** Adds {@code keys[off..off+len)}. */
  public void insert(int[] keys, int off, int len) throws IOException {
    requireOpen();
    int i = off;
    int end = off + len;
    while (i < end) {
      int n = Math.min(end - i, blockInts - collected);
      System.arraycopy(keys, i, collect, collected, n);
      collected += n;
      i += n;
      size += n;
      if (collected == blockInts) {
        flushCollected();
      }
    }
  }

  /**
   * Empties every buffer, root down (seed 004's force-empty: internal nodes level by level, then
   * the leaf nodes), so that every key is in a leaf; inserts may follow.
   */
  public void emptyAll() throws IOException {
    requireOpen();
    long start = System.nanoTime();
    flushCollected();
    closeRootWriter();
    List<Node> leaves = new ArrayList<>();
    ArrayDeque<Node> queue = new ArrayDeque<>();
    queue.add(nodes.root());
    while (!queue.isEmpty()) {
      Node u = queue.poll();
      if (u.leaf) {
        leaves.add(u);
        continue;
      }
      if (u.bufferInts > 0) {
        emptying.emptyInternal(u);
      }
      queue.addAll(u.children);
    }
    for (Node leaf : leaves) {
      if (leaf.bufferInts > 0) {
        emptying.emptyLeaf(leaf);
      }
    }
    forceEmptyNanos += System.nanoTime() - start;
  }

  /**
   * Empties every buffer, then hands every key to {@code sink} in ascending order, a block at a
   * time, leaf by leaf, deleting each leaf's file once read. The tree is empty and closed for
   * inserts afterwards.
   */
  public void drain(BlockSink sink) throws IOException {
    emptyAll();
    drained = true;
    int[] block = emptying.inBlock();
    for (Node leaf : nodes.leaves()) {
      if (leaf.leafInts > 0) {
        Path file = files.leafPath(leaf);
        try (ReadStream in = files.open(file, leaf.leafInts)) {
          long left = leaf.leafInts;
          while (left > 0) {
            int n = (int) Math.min(blockInts, left);
            TreeFiles.readFully(in, block, n, file);
            sink.accept(block, n);
            left -= n;
          }
        }
        files.countRead(leaf.leafInts);
        HeldFiles.deleteWorkFile(file);
        leaf.leafInts = 0;
      }
    }
  }

  /** What the tree did so far; {@code insertNanos} and {@code outputNanos} are the caller's. */
  public TreeStats stats(long insertNanos, long outputNanos) {
    return new TreeStats(
        fanout,
        nodes.peakHeight(),
        nodes.peakLeaves(),
        emptying.blockPushes(),
        emptying.internalEmptyings(),
        emptying.leafEmptyings(),
        nodes.rebalances(),
        files.blocksRead(),
        files.blocksWritten(),
        files.intsRead(),
        files.intsWritten(),
        insertNanos,
        insertInternalNanos,
        insertLeafNanos,
        forceEmptyNanos,
        outputNanos);
  }

  /** Levels of nodes: 1 while the root is a leaf. */
  public int height() {
    return nodes.height();
  }

  /**
   * Checks the (a, b)-tree's shape and order, for tests: every non-root node has a .. b children
   * (an internal root 2 .. b), every leaf node a .. b blocks (when the tree has more than one), all
   * leaves on one level, splitters non-decreasing and every leaf's keys between its bounds.
   *
   * @throws IllegalStateException naming the node that breaks a rule
   */
  public void checkInvariants() throws IOException {
    checks.checkTree();
  }

  /**
   * Closes the root's writer and deletes every file of the tree: every buffer and leaf file in its
   * folder, also those of a merge or split that a fault cut short (a leaf's next generation, leaf
   * nodes not yet attached), which the nodes no longer lead to.
   */
  @Override
  public void close() throws IOException {
    IOException failure = null;
    try {
      closeRootWriter();
    } catch (IOException e) {
      failure = e;
    }
    failure = files.deleteAll(failure);
    drained = true;
    if (failure != null) {
      throw failure;
    }
  }

  // ---- inserting ---------------------------------------------------------------------------

  private void requireOpen() {
    if (drained) {
      throw new IllegalStateException("the buffer tree was drained or closed");
    }
  }

  /** Appends the collected block to the root's buffer; empties the root when that fills it. */
  private void flushCollected() throws IOException {
    if (collected == 0) {
      return;
    }
    Node root = nodes.root();
    if (rootWriter == null) {
      if (root.bufferInts != 0) {
        throw new IllegalStateException(
            "root buffer holds " + root.bufferInts + " ints but has no writer");
      }
      rootWriter = files.create(files.bufferPath(root));
    }
    rootWriter.write(collect, 0, collected);
    root.bufferInts += collected;
    files.countWritten(collected);
    collected = 0;
    if (root.bufferInts > memory.bufferInts()) {
      closeRootWriter();
      emptyFromRoot();
    }
  }

  private void closeRootWriter() throws IOException {
    WriteStream w = rootWriter;
    rootWriter = null;
    if (w != null) {
      w.close();
    }
  }

  /**
   * The buffer-emptying process started by a full root: internal buffers depth first, each full
   * child after its parent; then the full leaf nodes this made, in the order they filled.
   */
  private void emptyFromRoot() throws IOException {
    Node root = nodes.root();
    List<Node> fullLeaves = new ArrayList<>();
    if (root.leaf) {
      fullLeaves.add(root);
    } else {
      long start = System.nanoTime();
      emptying.emptyDown(root, fullLeaves);
      insertInternalNanos += System.nanoTime() - start;
    }
    long start = System.nanoTime();
    for (Node leaf : fullLeaves) {
      emptying.emptyLeaf(leaf);
    }
    insertLeafNanos += System.nanoTime() - start;
  }

  /** The first index in the sorted {@code a[from..to)} whose value is at least {@code key}. */
  static int lowerBound(int[] a, int from, int to, int key) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (a[mid] < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  // ---- priority-queue support ----------------------------------------------------------------
  // Package-private hooks for ExternalPriorityQueue (seed 004 §2.2, §3.3), done by LeftmostPath
  // once the tree has put its collected block into the root's buffer and closed the root's
  // writer. Nothing above calls them; a tree used only for inserts and drain behaves as before.

  /** Fuses, shares and root collapses so far, for the queue's counters. */
  long fuses() {
    return nodes.fuses();
  }

  long shares() {
    return nodes.shares();
  }

  long rootCollapses() {
    return nodes.rootCollapses();
  }

  long leavesTaken() {
    return leftmost.leavesTaken();
  }

  /** Ints in the tree now: inserted and not taken out with a leaf. */
  long heldInts() {
    return size - leftmost.takenInts();
  }

  /**
   * Empties every buffer on the path from the root to the leftmost leaf, top down, so that the
   * leftmost leaf holds the smallest keys of the tree (seed 004 §2.2; {@link
   * LeftmostPath#emptyPath}). The collected partial block goes into the root's buffer first.
   */
  void emptyLeftmostPath() throws IOException {
    requireOpen();
    flushCollected();
    closeRootWriter();
    leftmost.emptyPath();
  }

  /** Ints in the leftmost leaf's file: at most b blocks. */
  int leftmostLeafInts() {
    return leftmost.leftmostLeafInts();
  }

  /**
   * Reads the leftmost leaf's keys, in order, into {@code dst[off..off + leftmostLeafInts())},
   * deletes its file and removes the leaf from the tree, fusing or sharing up the leftmost path
   * where a node is left with too few children. Call right after {@link #emptyLeftmostPath}.
   *
   * @return the least key the tree may hold from now on (the splitter right of the leaf taken):
   *     every key taken is at most it and every key left in the tree at least it; {@link
   *     Long#MAX_VALUE} when the leaf was the root and the tree is empty now
   */
  long removeLeftmostLeaf(int[] dst, int off) throws IOException {
    requireOpen();
    if (collected != 0) {
      throw new IllegalStateException(
          "buffer tree defect: the leftmost leaf is taken with "
              + collected
              + " ints collected for the root");
    }
    return leftmost.removeLeftmostLeaf(dst, off);
  }

  /**
   * Checks what the queue relies on beyond {@link #checkInvariants}, for tests: every key in the
   * tree (leaves, buffers, the collected block) is at least {@code bound} and within its node's
   * splitters, no buffer is fuller than m/2 blocks, and the tree holds {@code heldInts()} ints. The
   * root's buffer is read only while no writer appends to it.
   *
   * @throws IllegalStateException naming what breaks a rule
   */
  void checkQueueInvariants(long bound) throws IOException {
    checks.checkQueue(collect, collected, bound, rootWriter != null, heldInts());
  }
}
