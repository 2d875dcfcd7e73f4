package org.secmem.buffertree;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.secmem.fs.HeldFiles;
import org.secmem.stream.ReadStream;
import org.secmem.stream.WriteStream;

/**
 * The buffer-emptying process of one buffer tree (seed 004 §2, §3.1–3.2): a node's buffer file is
 * read a load of m/2 blocks at a time and each load sorted; an internal node's load is cut by its
 * splitters and each child's share appended to that child's buffer (a block push), a leaf node's is
 * merged into its sorted leaf file, which is cut into parts of b/2 .. b blocks when it grows past b
 * (the new leaf nodes attached in {@link TreeNodes}). Holds the load and the two blocks of a merge,
 * and counts the pushes and emptyings.
 */
final class BufferEmptying {

  private final TreeMemory memory;
  private final TreeNodes nodes;
  private final TreeFiles files;

  private int[] load;
  private final int[] mergeIn;
  private final int[] mergeOut;

  private long blockPushes;
  private long internalEmptyings;
  private long leafEmptyings;

  /** The emptying of the tree of {@code nodes}, whose files are {@code files}. */
  BufferEmptying(TreeMemory memory, TreeNodes nodes, TreeFiles files) {
    this.memory = memory;
    this.nodes = nodes;
    this.files = files;
    this.mergeIn = new int[memory.blockInts()];
    this.mergeOut = new int[memory.blockInts()];
  }

  long blockPushes() {
    return blockPushes;
  }

  long internalEmptyings() {
    return internalEmptyings;
  }

  long leafEmptyings() {
    return leafEmptyings;
  }

  /**
   * The block a merge reads a leaf file into: one block of B ints, free between emptyings, so that
   * a drain reads the leaves through it too.
   */
  int[] inBlock() {
    return mergeIn;
  }

  /**
   * Empties the internal node {@code u}, then each of its children that fills, depth first; the
   * leaf nodes that fill are added to {@code fullLeaves}, in the order they filled.
   */
  void emptyDown(Node u, List<Node> fullLeaves) throws IOException {
    for (Node c : emptyInternal(u)) {
      if (c.leaf) {
        fullLeaves.add(c);
      } else {
        emptyDown(c, fullLeaves);
      }
    }
  }

  /**
   * The buffer-emptying process started at {@code u}, whose ancestors' buffers are empty: its
   * buffer, then its children's that fill, depth first, then the full leaf nodes (a leaf {@code u}
   * is emptied into its leaf file at once).
   */
  void emptySubtree(Node u) throws IOException {
    List<Node> fullLeaves = new ArrayList<>();
    if (u.leaf) {
      fullLeaves.add(u);
    } else {
      emptyDown(u, fullLeaves);
    }
    for (Node leaf : fullLeaves) {
      emptyLeaf(leaf);
    }
  }

  /**
   * Empties an internal node's buffer into its children's, a load of m/2 blocks at a time.
   *
   * @return the children whose buffers are full now, in key order
   */
  List<Node> emptyInternal(Node u) throws IOException {
    internalEmptyings++;
    emptyBuffer(u, (a, n) -> distribute(u, a, n));
    List<Node> full = new ArrayList<>();
    for (Node c : u.children) {
      if (c.bufferInts > memory.bufferInts()) {
        full.add(c);
      }
    }
    return full;
  }

  /** What is done with each sorted load of a buffer: {@code a[0..n)}. */
  @FunctionalInterface
  private interface LoadAction {
    void take(int[] a, int n) throws IOException;
  }

  /**
   * Reads the buffer of {@code u} a load of m/2 blocks at a time, sorts each load and hands it to
   * {@code action}; then the buffer's file is gone and the buffer empty.
   */
  private void emptyBuffer(Node u, LoadAction action) throws IOException {
    Path file = files.bufferPath(u);
    long total = u.bufferInts;
    int[] a = load(total);
    try (ReadStream in = files.open(file, total)) {
      long left = total;
      while (left > 0) {
        checkInterrupt();
        int n = (int) Math.min(a.length, left);
        TreeFiles.readFully(in, a, n, file);
        left -= n;
        Arrays.sort(a, 0, n);
        action.take(a, n);
      }
    }
    files.countRead(total);
    HeldFiles.deleteWorkFile(file);
    u.bufferInts = 0;
  }

  /** Pushes the sorted {@code a[0..n)} to the children of {@code u}, one push per child reached. */
  private void distribute(Node u, int[] a, int n) throws IOException {
    int start = 0;
    int f = u.fanout();
    for (int i = 0; i < f && start < n; i++) {
      int end = i < f - 1 ? BufferTree.lowerBound(a, start, n, u.splitters[i]) : n;
      if (end > start) {
        append(u.children.get(i), a, start, end);
        blockPushes++;
      }
      start = end;
    }
  }

  /** Appends {@code a[from..to)} to {@code c}'s buffer file. */
  private void append(Node c, int[] a, int from, int to) throws IOException {
    int len = to - from;
    Path file = files.bufferPath(c);
    WriteStream w;
    if (c.bufferInts == 0) {
      w = files.create(file);
    } else {
      HeldFiles.sizeWorkFile(file, (c.bufferInts + len) * Integer.BYTES);
      w = files.createRegion(file, c.bufferInts, len);
    }
    try (WriteStream out = w) {
      out.write(a, from, len);
    }
    c.bufferInts += len;
    files.countWritten(len);
  }

  /**
   * Empties a leaf node's buffer into its leaf file, a sorted load at a time, splitting the leaf as
   * it grows past b blocks, and then the nodes above it as they pass b children.
   */
  void emptyLeaf(Node v) throws IOException {
    leafEmptyings++;
    List<Node> pieces = new ArrayList<>();
    pieces.add(v);
    List<Integer> keys = new ArrayList<>();
    emptyBuffer(
        v,
        (a, n) -> {
          int start = 0;
          for (int i = 0; i < pieces.size() && start < n; i++) {
            int end = i < keys.size() ? BufferTree.lowerBound(a, start, n, keys.get(i)) : n;
            if (end > start) {
              Split s = mergeInto(pieces.get(i), a, start, end);
              for (int j = 0; j < s.added.size(); j++) {
                pieces.add(i + 1 + j, s.added.get(j));
                keys.add(i + j, s.keys[j]);
              }
              i += s.added.size();
            }
            start = end;
          }
        });
    if (pieces.size() > 1) {
      nodes.attach(
          v, pieces.subList(1, pieces.size()), keys.stream().mapToInt(Integer::intValue).toArray());
    }
  }

  /** Leaf nodes made by a merge beside the one merged into, and the first key of each. */
  private record Split(List<Node> added, int[] keys) {}

  /**
   * Merges the sorted {@code a[from..to)} with leaf {@code p}'s keys into a new leaf file, or, past
   * b blocks, into k = ⌊2·total / (b·B)⌋ files of b/2 .. b blocks: {@code p} keeps the first, new
   * leaf nodes the others.
   */
  private Split mergeInto(Node p, int[] a, int from, int to) throws IOException {
    long total = p.leafInts + (to - from);
    long full = memory.leafInts();
    int k = total > full ? (int) Math.max(2, 2 * total / full) : 1;
    List<Node> added = new ArrayList<>(k - 1);
    int[] keys = new int[k - 1];
    Path old = p.leafInts > 0 ? files.leafPath(p) : null;
    long oldInts = p.leafInts;
    ReadStream in = old != null ? files.open(old, oldInts) : null;
    try {
      long leafLeft = oldInts;
      int inPos = 0;
      int inLim = 0;
      int si = from;
      for (int j = 0; j < k; j++) {
        Node piece;
        if (j == 0) {
          piece = p;
          p.generation++;
        } else {
          piece = nodes.newLeaf(p.parent);
          added.add(piece);
        }
        long pieceInts = total / k + (j < total % k ? 1 : 0);
        Path file = files.leafPath(piece);
        try (WriteStream out = files.create(file)) {
          long written = 0;
          int outPos = 0;
          while (written < pieceInts) {
            if (inPos == inLim && leafLeft > 0) {
              inLim = (int) Math.min(mergeIn.length, leafLeft);
              TreeFiles.readFully(in, mergeIn, inLim, old);
              leafLeft -= inLim;
              inPos = 0;
            }
            int v;
            if (inPos < inLim && (si >= to || mergeIn[inPos] <= a[si])) {
              v = mergeIn[inPos++];
            } else {
              v = a[si++];
            }
            if (written == 0 && j > 0) {
              keys[j - 1] = v;
            }
            mergeOut[outPos++] = v;
            written++;
            if (outPos == mergeOut.length) {
              out.write(mergeOut, 0, outPos);
              outPos = 0;
            }
          }
          if (outPos > 0) {
            out.write(mergeOut, 0, outPos);
          }
        }
        piece.leafInts = pieceInts;
        files.countWritten(pieceInts);
      }
    } finally {
      if (in != null) {
        in.close();
      }
    }
    if (old != null) {
      files.countRead(oldInts);
      HeldFiles.deleteWorkFile(old);
    }
    nodes.countLeafSplits(k - 1);
    return new Split(added, keys);
  }

  /** The load array, made at the first emptying (no larger than what it must hold). */
  private int[] load(long total) {
    if (load == null) {
      load = new int[memory.loadInts()];
    }
    return load;
  }

  private static void checkInterrupt() throws InterruptedIOException {
    if (Thread.interrupted()) {
      throw new InterruptedIOException("interrupted while emptying the buffer tree's buffers");
    }
  }
}
