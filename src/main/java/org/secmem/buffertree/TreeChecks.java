package org.secmem.buffertree;

import java.io.IOException;
import java.nio.file.Path;
import org.secmem.stream.ReadStream;

/**
 * The invariant checks of one buffer tree, for tests: the (a, b)-tree's shape and order ({@link
 * BufferTree#checkInvariants}) and what the priority queue relies on besides ({@link
 * BufferTree#checkQueueInvariants}). Reads the leaf and buffer files to check their keys; changes
 * nothing.
 */
final class TreeChecks {

  private final TreeMemory memory;
  private final Fanout fanout;
  private final TreeNodes nodes;
  private final TreeFiles files;

  TreeChecks(TreeMemory memory, TreeNodes nodes, TreeFiles files) {
    this.memory = memory;
    this.fanout = memory.fanout();
    this.nodes = nodes;
    this.files = files;
  }

  /**
   * Every non-root node has a .. b children (an internal root 2 .. b), every leaf node a .. b
   * blocks (when the tree has more than one), all leaves on one level, splitters non-decreasing and
   * every leaf's keys between its bounds.
   *
   * @throws IllegalStateException naming the node that breaks a rule
   */
  void checkTree() throws IOException {
    int depth = nodes.height();
    checkNode(nodes.root(), 1, depth, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  private void checkNode(Node u, int level, int depth, long lo, long hi) throws IOException {
    Node root = nodes.root();
    if (u.leaf) {
      if (level != depth) {
        throw new IllegalStateException("leaf " + u.id + " at level " + level + " of " + depth);
      }
      long least = (long) fanout.a() * memory.blockInts();
      if (u != root && (u.leafInts > memory.leafInts() || u.leafInts < least)) {
        throw new IllegalStateException(
            "leaf "
                + u.id
                + " holds "
                + u.leafInts
                + " ints, outside"
                + " a .. b blocks ("
                + least
                + " .. "
                + memory.leafInts()
                + ")");
      }
      if (u.leafInts > 0) {
        Path file = files.leafPath(u);
        try (ReadStream in = files.open(file, u.leafInts)) {
          long prev = Long.MIN_VALUE;
          for (long i = 0; i < u.leafInts; i++) {
            int v = in.readNext();
            if (v < prev || v < lo || v > hi) {
              throw new IllegalStateException(
                  "leaf "
                      + u.id
                      + ": key "
                      + v
                      + " at "
                      + i
                      + " out of order or outside ["
                      + lo
                      + ", "
                      + hi
                      + "]");
            }
            prev = v;
          }
        }
      }
      return;
    }
    int f = u.fanout();
    if (f > fanout.b() || f < (u == root ? 2 : fanout.a())) {
      throw new IllegalStateException(
          "node " + u.id + " has " + f + " children, outside " + fanout);
    }
    if (u.splitters.length != f - 1) {
      throw new IllegalStateException(
          "node " + u.id + " has " + u.splitters.length + " splitters for " + f + " children");
    }
    for (int i = 0; i < f; i++) {
      Node c = u.children.get(i);
      if (c.parent != u) {
        throw new IllegalStateException("node " + c.id + " does not name " + u.id + " as parent");
      }
      long clo = i == 0 ? lo : u.splitters[i - 1];
      long chi = i == f - 1 ? hi : u.splitters[i];
      if (clo > chi) {
        throw new IllegalStateException("node " + u.id + ": splitters out of order");
      }
      checkNode(c, level + 1, depth, clo, chi);
    }
  }

  /**
   * Every key in the tree (leaves, buffers, the {@code collected} keys of {@code collect}) is at
   * least {@code bound} and within its node's splitters, no buffer is fuller than m/2 blocks, and
   * the tree holds {@code heldInts} ints. The root's buffer is read only while no writer appends to
   * it ({@code rootWriting} false).
   *
   * @throws IllegalStateException naming what breaks a rule
   */
  void checkQueue(int[] collect, int collected, long bound, boolean rootWriting, long heldInts)
      throws IOException {
    long[] count = {0};
    for (int i = 0; i < collected; i++) {
      if (collect[i] < bound) {
        throw new IllegalStateException("collected key " + collect[i] + " below " + bound);
      }
    }
    count[0] += collected;
    checkHeld(nodes.root(), Long.MIN_VALUE, Long.MAX_VALUE, bound, rootWriting, count);
    if (count[0] != heldInts) {
      throw new IllegalStateException(
          "the tree holds " + count[0] + " ints but counts " + heldInts);
    }
  }

  private void checkHeld(Node u, long lo, long hi, long bound, boolean rootWriting, long[] count)
      throws IOException {
    boolean writing = u == nodes.root() && rootWriting;
    if (u.bufferInts > memory.bufferInts() && !writing) {
      throw new IllegalStateException(
          "node "
              + u.id
              + " buffer holds "
              + u.bufferInts
              + " ints, more than "
              + memory.bufferInts());
    }
    count[0] += u.bufferInts + u.leafInts;
    long least = Math.max(lo, bound);
    if (u.bufferInts > 0 && !writing) {
      checkKeys(files.bufferPath(u), u.bufferInts, least, hi, "buffer of node " + u.id);
    }
    if (u.leafInts > 0) {
      checkKeys(files.leafPath(u), u.leafInts, least, hi, "leaf " + u.id);
    }
    for (int i = 0; i < u.fanout(); i++) {
      long clo = i == 0 ? lo : u.splitters[i - 1];
      long chi = i == u.fanout() - 1 ? hi : u.splitters[i];
      checkHeld(u.children.get(i), clo, chi, bound, rootWriting, count);
    }
  }

  private void checkKeys(Path file, long ints, long lo, long hi, String what) throws IOException {
    try (ReadStream in = files.open(file, ints)) {
      for (long i = 0; i < ints; i++) {
        int v = in.readNext();
        if (v < lo || v > hi) {
          throw new IllegalStateException(
              what + ": key " + v + " outside [" + lo + ", " + hi + "]");
        }
      }
    }
  }
}
