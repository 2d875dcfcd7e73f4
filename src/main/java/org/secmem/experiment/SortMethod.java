package org.secmem.experiment;

import java.nio.file.Path;
import java.util.OptionalLong;
import org.secmem.buffertree.FanoutRule;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortSettings;

/**
 * How a sort is done: by one of secmem's own algorithms ({@link OwnSort}: the merge sort, the
 * in-memory baseline, the buffer tree) or by another engine ({@link EngineMethod}). Each holds only
 * the parameters that apply to it, and says itself what its row records and what its runs cost, so
 * that the sort experiment has no branch per algorithm.
 */
public sealed interface SortMethod permits OwnSort, EngineMethod {

  /** The engine that sorts: {@code secmem} for secmem's own algorithms. */
  String engine();

  /** The kind of its rows, whose schema says the columns they fill. */
  RowKind rowKind();

  /**
   * The console's description, after {@code sort }: {@code simple/simple, N=2^20 ints, M=...}, with
   * {@code n} the text of N; the order and online sorting are the data's.
   */
  String describe(String n);

  /** Sets the row's columns of this method; what does not apply to it stays blank. */
  void configure(ResultRow.Builder row);

  /**
   * What sorts a trial of this method: {@code data}'s input (or its arriving keys) into {@code
   * output}, telling {@code temps} of its temporary files.
   */
  SortRunner runner(SortData data, Path output, TempRegistry temps);

  /** The block transfers the cost model predicts for a sort of {@code n} ints; empty if none. */
  OptionalLong predictedIos(long n);

  /**
   * secmem's own sort of these resolved settings: the merge sort (which takes every choice), the
   * in-memory baseline (its access, run sort, threads, stream types and B) or the buffer tree (M,
   * B, the stream types and {@code fanout}).
   */
  static OwnSort of(SortSettings settings, SortAlgorithm algorithm, FanoutRule fanout) {
    switch (algorithm) {
      case MERGE:
        return new MergeMethod(
            settings.memoryInts(),
            settings.fanIn(),
            settings.readType(),
            settings.writeType(),
            settings.mergeReadType(),
            settings.bufferBytes(),
            settings.tuning(),
            settings.label());
      case IN_MEMORY:
        // An in-memory or buffer-tree row is the preset's: a merger and the like do not make it
        // custom.
        return new InMemoryMethod(
            settings.readType(),
            settings.writeType(),
            settings.bufferBytes(),
            settings.tuning().blockIo(),
            settings.tuning().runSort(),
            settings.tuning().threads(),
            settings.preset().cliName());
      case BUFFER_TREE:
        return new BufferTreeMethod(
            settings.memoryInts(),
            settings.readType(),
            settings.writeType(),
            settings.bufferBytes(),
            fanout,
            settings.preset().cliName());
      default:
        throw new AssertionError(algorithm);
    }
  }
}
