package org.secmem.sort;

import java.io.IOException;
import java.util.Comparator;
import java.util.PriorityQueue;

/** The head-comparing mergers: the seed reports' priority queue and a loser tree. */
final class Merges {

  private Merges() {}

  /** A cursor's next int as a key in the merge's order: smaller keys come first. */
  static long key(int v, boolean descending) {
    return descending ? -(long) v : v;
  }

  /** Whether the cursor has an int at {@code pos}, moving to its next block when needed. */
  static boolean hasNext(RunCursor c) throws IOException {
    return c.pos < c.limit || c.refill();
  }

  /**
   * Merges through a {@link PriorityQueue} of the runs' heads, each head holding its value: one
   * poll and one add per int, as the seed reports' merge does.
   */
  static long priorityQueue(RunCursor[] runs, IntSink out, boolean descending) throws IOException {
    Comparator<Head> byValue = Comparator.comparingInt(h -> h.value);
    if (descending) {
      byValue = byValue.reversed();
    }
    PriorityQueue<Head> heads = new PriorityQueue<>(Math.max(1, runs.length), byValue);
    for (RunCursor c : runs) {
      if (hasNext(c)) {
        heads.add(new Head(c.block[c.pos++], c));
      }
    }
    long written = 0;
    while (!heads.isEmpty()) {
      Head h = heads.poll();
      out.put(h.value);
      written++;
      RunCursor c = h.cursor;
      if (hasNext(c)) {
        h.value = c.block[c.pos++];
        heads.add(h);
      }
    }
    return written;
  }

  /** A run's current first int, taken from its cursor, and the cursor. */
  private static final class Head {
    int value;
    final RunCursor cursor;

    Head(int value, RunCursor cursor) {
      this.value = value;
      this.cursor = cursor;
    }
  }

  /** Merges through a {@link LoserTree}: ⌈log2 k⌉ comparisons per int, no objects. */
  static long loserTree(RunCursor[] runs, IntSink out, boolean descending) throws IOException {
    long[] keys = new long[runs.length];
    for (int i = 0; i < runs.length; i++) {
      keys[i] =
          hasNext(runs[i]) ? key(runs[i].block[runs[i].pos], descending) : LoserTree.EXHAUSTED;
    }
    if (runs.length == 0) {
      return 0;
    }
    LoserTree tree = new LoserTree(keys);
    long written = 0;
    while (tree.winnerKey() != LoserTree.EXHAUSTED) {
      RunCursor c = runs[tree.winner()];
      out.put(c.block[c.pos++]);
      written++;
      tree.replaceWinner(hasNext(c) ? key(c.block[c.pos], descending) : LoserTree.EXHAUSTED);
    }
    return written;
  }
}
