package org.secmem.sort;

/**
 * A tournament tree of losers over k sources with {@code long} keys (Knuth 5.4.1): the winner is
 * at the root, and replacing it costs one comparison per level, ⌈log2 k⌉ in all, with no objects.
 * An exhausted source has the key {@link Long#MAX_VALUE}, which loses to every int key.
 */
final class LoserTree {

  static final long EXHAUSTED = Long.MAX_VALUE;

  private final int k;
  private final int[] tree; // tree[0] = winner, tree[1..k-1] = losers at internal nodes
  private final long[] keys;

  /** Builds the tree over the first keys of the k sources. */
  LoserTree(long[] initialKeys) {
    this.k = initialKeys.length;
    this.keys = initialKeys.clone();
    this.tree = new int[Math.max(k, 1)];
    int[] winners = new int[2 * k];
    for (int i = 0; i < k; i++) {
      winners[k + i] = i;
    }
    for (int node = k - 1; node >= 1; node--) {
      int a = winners[2 * node];
      int b = winners[2 * node + 1];
      if (keys[a] <= keys[b]) {
        winners[node] = a;
        tree[node] = b;
      } else {
        winners[node] = b;
        tree[node] = a;
      }
    }
    tree[0] = k == 1 ? 0 : winners[1];
  }

  /** The source whose key is smallest. */
  int winner() {
    return tree[0];
  }

  long winnerKey() {
    return keys[tree[0]];
  }

  /** Gives the winner a new key (its next value, or {@link #EXHAUSTED}) and replays its path. */
  void replaceWinner(long key) {
    int w = tree[0];
    keys[w] = key;
    for (int node = (w + k) >>> 1; node >= 1; node >>>= 1) {
      int loser = tree[node];
      if (keys[loser] < keys[w]) {
        tree[node] = w;
        w = loser;
      }
    }
    tree[0] = w;
  }
}
