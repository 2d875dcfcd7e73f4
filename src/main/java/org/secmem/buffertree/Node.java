package org.secmem.buffertree;

import java.util.ArrayList;
import java.util.List;

/**
 * A node of the buffer tree, in memory (seed 004 §3.1.1 found external node pointers too costly to
 * update): its splitters and children, and the sizes of the files that hold its buffer and, at a
 * leaf node, its sorted leaf blocks. The files are the tree's to name, read and write.
 */
final class Node {

  final long id;
  final boolean leaf;
  Node parent;

  /** Internal nodes: children in key order. */
  final List<Node> children;

  /** Internal nodes: splitters[i] parts children i and i + 1; keys equal to it go right. */
  int[] splitters;

  /** Ints in this node's buffer file (unsorted pushes, not yet inserted below). */
  long bufferInts;

  /** Leaf nodes: ints in the leaf file, sorted. */
  long leafInts;

  /** Leaf nodes: the leaf file's generation (a merge writes the next one). */
  int generation;

  Node(long id, boolean leaf, Node parent) {
    this.id = id;
    this.leaf = leaf;
    this.parent = parent;
    this.children = leaf ? List.of() : new ArrayList<>();
    this.splitters = new int[0];
  }

  /** Children, or leaf blocks' worth of keys for a leaf node. */
  int fanout() {
    return children.size();
  }
}
