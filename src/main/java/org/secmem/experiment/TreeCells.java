package org.secmem.experiment;

import java.util.Map;
import org.secmem.buffertree.TreeStats;
import org.secmem.results.ResultColumn;

/** The buffer tree's counters as result cells, the same in a sort's row and a queue's. */
final class TreeCells {

  private TreeCells() {}

  /**
   * The tree's shape and work: height and leaves, block pushes, emptyings, rebalances, and the
   * blocks it read and wrote.
   */
  static void put(TreeStats t, Map<ResultColumn, String> cells) {
    cells.put(ResultColumn.TREE_HEIGHT, Integer.toString(t.height()));
    cells.put(ResultColumn.TREE_LEAVES, Long.toString(t.leaves()));
    cells.put(ResultColumn.BLOCK_PUSHES, Long.toString(t.blockPushes()));
    cells.put(ResultColumn.INTERNAL_EMPTYINGS, Long.toString(t.internalEmptyings()));
    cells.put(ResultColumn.LEAF_EMPTYINGS, Long.toString(t.leafEmptyings()));
    cells.put(ResultColumn.REBALANCES, Long.toString(t.rebalances()));
    cells.put(ResultColumn.BLOCKS_READ, Long.toString(t.blocksRead()));
    cells.put(ResultColumn.BLOCKS_WRITTEN, Long.toString(t.blocksWritten()));
  }
}
