package org.secmem.sort;

/**
 * A tournament tree of losers over k sources with {@code long} keys (Knuth 5.4.1): the winner is at
 * the root, and replacing it costs one comparison per level, ⌈log2 k⌉ in all, with no objects. Each
 * node keeps its loser's key beside its index, so a level costs one load, not two dependent ones;
 * and the comparisons, a coin toss on random data, are selects rather than branches. An exhausted
 * source has the key {@link Long#MAX_VALUE}, which loses to every int key.
 */
final class LoserTree {

  static final long EXHAUSTED = Long.MAX_VALUE;

  private final int k;
  private final int[] loser; // loser[1..k-1]: the source that lost at each internal node
  private final long[] loserKey; // its key
  private int winner;
  private long winnerKey;

  /** Builds the tree over the first keys of the k sources. */
  LoserTree(long[] keys) {
    this.k = keys.length;
    this.loser = new int[Math.max(k, 1)];
    this.loserKey = new long[Math.max(k, 1)];
    int[] win = new int[2 * k];
    long[] winKey = new long[2 * k];
    for (int i = 0; i < k; i++) {
      win[k + i] = i;
      winKey[k + i] = keys[i];
    }
    for (int node = k - 1; node >= 1; node--) {
      int a = win[2 * node];
      int b = win[2 * node + 1];
      long ka = winKey[2 * node];
      long kb = winKey[2 * node + 1];
      boolean aWins = ka <= kb;
      win[node] = aWins ? a : b;
      winKey[node] = aWins ? ka : kb;
      loser[node] = aWins ? b : a;
      loserKey[node] = aWins ? kb : ka;
    }
    winner = k == 1 ? 0 : win[1];
    winnerKey = k == 1 ? keys[0] : winKey[1];
  }

  /** The source whose key is smallest. */
  int winner() {
    return winner;
  }

  long winnerKey() {
    return winnerKey;
  }

  /** Gives the winner a new key (its next value, or {@link #EXHAUSTED}) and replays its path. */
  void replaceWinner(long key) {
    int w = winner;
    long wk = key;
    for (int node = (w + k) >>> 1; node >= 1; node >>>= 1) {
      long lk = loserKey[node];
      int l = loser[node];
      boolean swap = lk < wk;
      loserKey[node] = swap ? wk : lk;
      loser[node] = swap ? w : l;
      wk = swap ? lk : wk;
      w = swap ? l : w;
    }
    winner = w;
    winnerKey = wk;
  }
}
