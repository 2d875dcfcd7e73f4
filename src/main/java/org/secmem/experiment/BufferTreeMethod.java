package org.secmem.experiment;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.buffertree.BufferTreeSort;
import org.secmem.buffertree.Fanout;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeMemory;
import org.secmem.buffertree.TreeStats;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortSpec;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The buffer-tree sort of seed 004: every key inserted into Arge's buffer tree, then the tree
 * emptied into the output. M and B make the tree; d and the merge sort's composition do not apply;
 * it runs on one thread, a block per call.
 *
 * @param memoryInts M, the tree's whole memory in ints
 * @param readType stream type of every read (the input, buffers, leaves)
 * @param writeType stream type of every write
 * @param bufferBytes B, the tree's block
 * @param fanout the rule that gives the tree's (a, b) for M and B
 * @param preset the preset the row names
 */
public record BufferTreeMethod(
    long memoryInts,
    StreamType readType,
    StreamType writeType,
    int bufferBytes,
    FanoutRule fanout,
    String preset)
    implements OwnSort {

  public BufferTreeMethod {
    MethodChecks.memory(memoryInts);
    MethodChecks.given("stream types, fanout and preset", readType, writeType, fanout, preset);
  }

  @Override
  public SortAlgorithm algorithm() {
    return SortAlgorithm.BUFFER_TREE;
  }

  @Override
  public ExternalSorter sorter(TempRegistry temps) {
    return new BufferTreeSort(fanout, StreamFactory.standard(), temps);
  }

  @Override
  public SortRunner runner(ExternalSorter sorter, SortData data, Path output, TempRegistry temps) {
    if (!(sorter instanceof BufferTreeSort tree)) {
      throw new IllegalArgumentException("the buffer-tree sort runs on a BufferTreeSort");
    }
    return new TreeSortRunner(this, tree, data, output);
  }

  @Override
  public SortSpec sortSpec(Path input, Path output, SortData data) {
    // The tree reads no d.
    return sortSpec(input, output, data, memoryInts, 2);
  }

  /** The tree's (a, b) for this M and B; empty when they admit none (refused before it runs). */
  Optional<Fanout> tree() {
    try {
      return Optional.of(fanout.resolve(TreeMemory.blocks(memoryInts, bufferBytes)));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  @Override
  public String describe(String n) {
    return "buffer-tree "
        + streamsAndN(n)
        + ", M="
        + Units.typedInts(memoryInts)
        + ", fanout="
        + fanout.described(
            TreeMemory.blocks(memoryInts, bufferBytes), TreeMemory.blockInts(bufferBytes))
        + ", B="
        + Units.bytes(bufferBytes);
  }

  @Override
  public void configure(ResultRow.Builder row) {
    configureCommon(row);
    Optional<Fanout> f = tree();
    row.set(ResultColumn.B, Long.toString(bufferBytes))
        .set(ResultColumn.M, memoryInts)
        .set(ResultColumn.ACCESS, "block")
        .set(ResultColumn.THREADS, 1)
        .set(ResultColumn.FANOUT_A, f.map(x -> Integer.toString(x.a())).orElse(null))
        .set(ResultColumn.FANOUT_B, f.map(x -> Integer.toString(x.b())).orElse(null));
  }

  @Override
  public OptionalLong predictedIos(long n) {
    return OptionalLong.of(
        TreeStats.ioBound(
            n, TreeMemory.blockInts(bufferBytes), TreeMemory.blocks(memoryInts, bufferBytes)));
  }
}
