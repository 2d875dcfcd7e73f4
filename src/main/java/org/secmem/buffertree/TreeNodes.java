package org.secmem.buffertree;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The nodes of one buffer tree, in memory, as an (a, b)-tree: the root, new nodes and their ids,
 * and every change of shape with its count — new leaf nodes attached and nodes split past b
 * children (inserts), the first leaf taken off, siblings fused or sharing children and a root of
 * one child collapsed (the priority queue's deletes). It reads and writes no file; the buffers must
 * be empty where the shape changes, which the callers see to.
 */
final class TreeNodes {

  private final Fanout fanout;
  private Node root;
  private long nextId;

  /** Leaf nodes now, and the most levels and leaf nodes the tree has had. */
  private long leafCount = 1;

  private int peakHeight = 1;
  private long peakLeaves = 1;
  private long rebalances;

  /** Leftmost-path internal nodes that fused with their right sibling. */
  private long fuses;

  /** Leftmost-path internal nodes that took children from their right sibling. */
  private long shares;

  /** Roots left with one child and replaced by it. */
  private long rootCollapses;

  /** A tree of one node: an empty leaf, the root. */
  TreeNodes(Fanout fanout) {
    this.fanout = fanout;
    this.root = newNode(true, null);
  }

  Node root() {
    return root;
  }

  int peakHeight() {
    return peakHeight;
  }

  long peakLeaves() {
    return peakLeaves;
  }

  /** Splits, fuses, shares and root collapses so far. */
  long rebalances() {
    return rebalances;
  }

  long fuses() {
    return fuses;
  }

  long shares() {
    return shares;
  }

  long rootCollapses() {
    return rootCollapses;
  }

  /** Levels of nodes: 1 while the root is a leaf. */
  int height() {
    int h = 1;
    for (Node u = root; !u.leaf; u = u.children.get(0)) {
      h++;
    }
    return h;
  }

  /** The leaf nodes, in key order. */
  List<Node> leaves() {
    List<Node> leaves = new ArrayList<>();
    collectLeaves(root, leaves);
    return leaves;
  }

  private static void collectLeaves(Node u, List<Node> out) {
    if (u.leaf) {
      out.add(u);
      return;
    }
    for (Node c : u.children) {
      collectLeaves(c, out);
    }
  }

  /** The leftmost leaf node. */
  Node leftmostLeaf() {
    Node u = root;
    while (!u.leaf) {
      u = u.children.get(0);
    }
    return u;
  }

  private Node newNode(boolean leaf, Node parent) {
    return new Node(nextId++, leaf, parent);
  }

  /** A new leaf node under {@code parent}, not yet among its children, and counted as a leaf. */
  Node newLeaf(Node parent) {
    Node piece = newNode(true, parent);
    peakLeaves = Math.max(peakLeaves, ++leafCount);
    return piece;
  }

  /** Counts {@code n} leaf splits (the new leaf nodes a merge made). */
  void countLeafSplits(long n) {
    rebalances += n;
  }

  /**
   * Puts {@code added} (with the splitters {@code keys} before each) right after {@code v} among
   * its parent's children, or under a new root beside {@code v}; then splits the parent if it has
   * more than b children now.
   */
  void attach(Node v, List<Node> added, int[] keys) {
    Node p = v.parent;
    if (p == null) {
      p = newNode(false, null);
      p.children.add(v);
      v.parent = p;
      root = p;
      peakHeight = Math.max(peakHeight, height());
    }
    int idx = p.children.indexOf(v);
    p.children.addAll(idx + 1, added);
    for (Node c : added) {
      c.parent = p;
    }
    int[] s = new int[p.splitters.length + keys.length];
    System.arraycopy(p.splitters, 0, s, 0, idx);
    System.arraycopy(keys, 0, s, idx, keys.length);
    System.arraycopy(p.splitters, idx, s, idx + keys.length, p.splitters.length - idx);
    p.splitters = s;
    if (p.fanout() > fanout.b()) {
      split(p);
    }
  }

  /**
   * Cuts an internal node of f > b children into k = ⌊2f/b⌋ nodes of b/2 .. b children; for b of 2
   * or 3, where ⌊2f/b⌋ parts could be single children (and, at b = 2, a new root as wide as the
   * node it was made for, splitting without end), into k = max(⌈f/b⌉, ⌊f/2⌋) parts of at most b.
   */
  private void split(Node u) {
    if (u.bufferInts != 0) {
      throw new IllegalStateException(
          "buffer tree defect: node "
              + u.id
              + " splits with "
              + u.bufferInts
              + " ints in its buffer");
    }
    int f = u.fanout();
    int b = fanout.b();
    int k = Math.max((f + b - 1) / b, Math.min(2 * f / b, f / 2));
    List<Node> all = new ArrayList<>(u.children);
    int[] s = u.splitters;
    List<Node> added = new ArrayList<>(k - 1);
    int[] keys = new int[k - 1];
    int start = 0;
    for (int j = 0; j < k; j++) {
      int count = f / k + (j < f % k ? 1 : 0);
      int end = start + count;
      Node part = j == 0 ? u : newNode(false, u.parent);
      if (j > 0) {
        added.add(part);
        keys[j - 1] = s[start - 1];
      }
      List<Node> mine = new ArrayList<>(all.subList(start, end));
      part.children.clear();
      part.children.addAll(mine);
      for (Node c : mine) {
        c.parent = part;
      }
      part.splitters = Arrays.copyOfRange(s, start, end - 1);
      start = end;
    }
    rebalances += k - 1;
    attach(u, added, keys);
  }

  /**
   * Takes {@code leaf}, the first child of its parent, out of the tree: the parent loses it and the
   * splitter right of it, and may have too few children now.
   */
  void removeFirstLeaf(Node leaf) {
    Node p = leaf.parent;
    leafCount--;
    p.children.remove(0);
    p.splitters = Arrays.copyOfRange(p.splitters, 1, p.splitters.length);
    leaf.parent = null;
  }

  /** Makes {@code c}, the only child of the root, the root. */
  void collapseRoot(Node c) {
    c.parent = null;
    root = c;
    rootCollapses++;
    rebalances++;
  }

  /** Moves every child of {@code q} to the end of {@code p}, its left sibling under {@code g}. */
  void fuse(Node p, Node q, Node g) {
    int[] s = new int[p.splitters.length + 1 + q.splitters.length];
    System.arraycopy(p.splitters, 0, s, 0, p.splitters.length);
    s[p.splitters.length] = g.splitters[0];
    System.arraycopy(q.splitters, 0, s, p.splitters.length + 1, q.splitters.length);
    for (Node c : q.children) {
      c.parent = p;
    }
    p.children.addAll(q.children);
    p.splitters = s;
    q.children.clear();
    q.parent = null;
    g.children.remove(1);
    g.splitters = Arrays.copyOfRange(g.splitters, 1, g.splitters.length);
    fuses++;
    rebalances++;
  }

  /**
   * Moves the first children of {@code q} to the end of {@code p}, its left sibling under {@code
   * g}, so that p has half of their children (rounded down) and q the rest; the splitter between
   * them in {@code g} becomes the one before q's new first child.
   */
  void share(Node p, Node q, Node g) {
    int total = p.fanout() + q.fanout();
    int t = total / 2 - p.fanout();
    int[] s = new int[p.splitters.length + t];
    System.arraycopy(p.splitters, 0, s, 0, p.splitters.length);
    s[p.splitters.length] = g.splitters[0];
    System.arraycopy(q.splitters, 0, s, p.splitters.length + 1, t - 1);
    g.splitters[0] = q.splitters[t - 1];
    List<Node> moved = new ArrayList<>(q.children.subList(0, t));
    q.children.subList(0, t).clear();
    q.splitters = Arrays.copyOfRange(q.splitters, t, q.splitters.length);
    for (Node c : moved) {
      c.parent = p;
    }
    p.children.addAll(moved);
    p.splitters = s;
    shares++;
    rebalances++;
  }
}
