package org.secmem.buffertree;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.fs.HeldFiles;
import org.secmem.stream.ReadStream;

/**
 * What {@link ExternalPriorityQueue} does to a buffer tree's leftmost path (seed 004 §2.2, §3.3):
 * empty the buffers on the path from the root to the leftmost leaf, take the leftmost leaf node out
 * of the tree into memory, and rebalance the leftmost path by fusing and sharing (the deletes of an
 * (a, b)-tree). Counts the leaves and ints taken. {@link BufferTree} calls it, after closing its
 * root writer; a tree used only for inserts and drain never does.
 */
final class LeftmostPath {

  private final Fanout fanout;
  private final TreeNodes nodes;
  private final TreeFiles files;
  private final BufferEmptying emptying;

  /** Leaf nodes taken out of the tree by {@link #removeLeftmostLeaf}. */
  private long leavesTaken;

  /** Ints those leaves held: the tree holds its size less these. */
  private long takenInts;

  LeftmostPath(Fanout fanout, TreeNodes nodes, TreeFiles files, BufferEmptying emptying) {
    this.fanout = fanout;
    this.nodes = nodes;
    this.files = files;
    this.emptying = emptying;
  }

  long leavesTaken() {
    return leavesTaken;
  }

  long takenInts() {
    return takenInts;
  }

  /**
   * The least fanout of an internal node other than the root when the queue rebalances: a, and at
   * least 2, since {@link BufferTree#checkInvariants} wants two children in every internal node.
   */
  private int minFanout() {
    return Math.max(2, fanout.a());
  }

  /**
   * Empties every buffer on the path from the root to the leftmost leaf, top down, so that the
   * leftmost leaf holds the smallest keys of the tree (seed 004 §2.2). Each emptying pushes into
   * all of the node's children as usual; a child off the path that fills is emptied too (and its
   * full children below it), and the full leaf nodes and the leftmost leaf are emptied last, as
   * when the root fills, so that every node a split reaches has an empty buffer. The root's buffer
   * must have no writer.
   */
  void emptyPath() throws IOException {
    List<Node> fullLeaves = new ArrayList<>();
    Node u = nodes.root();
    while (!u.leaf) {
      if (u.bufferInts > 0) {
        Node first = u.children.get(0);
        for (Node c : emptying.emptyInternal(u)) {
          if (c == first) {
            continue;
          }
          if (c.leaf) {
            fullLeaves.add(c);
          } else {
            emptying.emptyDown(c, fullLeaves);
          }
        }
      }
      u = u.children.get(0);
    }
    if (u.bufferInts > 0) {
      fullLeaves.add(0, u);
    }
    for (Node leaf : fullLeaves) {
      emptying.emptyLeaf(leaf);
    }
  }

  /** Ints in the leftmost leaf's file: at most b blocks. */
  int leftmostLeafInts() {
    return (int) nodes.leftmostLeaf().leafInts;
  }

  /**
   * Reads the leftmost leaf's keys, in order, into {@code dst[off..off + leftmostLeafInts())},
   * deletes its file and removes the leaf from the tree, fusing or sharing up the leftmost path
   * where a node is left with too few children. Call right after {@link #emptyPath}.
   *
   * @return the least key the tree may hold from now on (the splitter right of the leaf taken):
   *     every key taken is at most it and every key left in the tree at least it; {@link
   *     Long#MAX_VALUE} when the leaf was the root and the tree is empty now
   */
  long removeLeftmostLeaf(int[] dst, int off) throws IOException {
    Node leaf = nodes.leftmostLeaf();
    for (Node u = leaf; u != null; u = u.parent) {
      if (u.bufferInts != 0) {
        throw new IllegalStateException(
            "buffer tree defect: node "
                + u.id
                + " on the leftmost"
                + " path holds "
                + u.bufferInts
                + " ints when its leaf is taken");
      }
    }
    int n = (int) leaf.leafInts;
    if (n > 0) {
      Path file = files.leafPath(leaf);
      try (ReadStream in = files.open(file, n)) {
        TreeFiles.readFully(in, dst, off, n, file);
      }
      files.countRead(n);
      HeldFiles.deleteWorkFile(file);
      leaf.leafInts = 0;
      takenInts += n;
    }
    leavesTaken++;
    Node p = leaf.parent;
    if (p == null) {
      return Long.MAX_VALUE;
    }
    long bound = p.splitters[0];
    nodes.removeFirstLeaf(leaf);
    fixUnderflow(p);
    return bound;
  }

  /**
   * Restores the fanout of {@code p}, a node on the leftmost path that lost its first child: a root
   * with one child is replaced by it, once that child's buffer is emptied; any other node with
   * fewer than {@link #minFanout()} children fuses with its right sibling when both fit in b
   * children, else shares the sibling's first children, after that sibling's buffer is emptied
   * (seed 004 §2: rebalancing works on nodes with empty buffers; the nodes on the leftmost path are
   * empty already). A fuse takes a child from the parent, which may underflow in turn.
   */
  private void fixUnderflow(Node p) throws IOException {
    while (true) {
      if (p == nodes.root()) {
        if (!p.leaf && p.fanout() == 1) {
          Node c = p.children.get(0);
          if (c.bufferInts > 0) {
            // The child left was not on the leftmost path: its buffer may hold keys, and a root
            // keeps its buffer only through the root writer. Empty it first, which may give p
            // children again (a leaf split) or a parent (p splitting): look again.
            emptying.emptySubtree(c);
            continue;
          }
          nodes.collapseRoot(c);
        }
        return;
      }
      if (p.fanout() >= minFanout()) {
        return;
      }
      Node q = p.parent.children.get(1);
      if (q.bufferInts > 0) {
        // Emptying q may split nodes up to the root (all of which have empty buffers); p stays
        // the first child of its parent and q, or its first part, the second.
        emptying.emptySubtree(q);
      }
      Node g = p.parent;
      q = g.children.get(1);
      if (q.bufferInts != 0 || p.bufferInts != 0 || g.bufferInts != 0) {
        throw new IllegalStateException(
            "buffer tree defect: rebalancing node " + p.id + " with a buffer that is not empty");
      }
      if (p.fanout() + q.fanout() <= fanout.b()) {
        nodes.fuse(p, q, g);
        p = g;
      } else {
        nodes.share(p, q, g);
        return;
      }
    }
  }
}
