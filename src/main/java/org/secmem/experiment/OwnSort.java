package org.secmem.experiment;

import java.nio.file.Path;
import org.secmem.engine.SortEngines;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortSpec;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/** One of secmem's own sort algorithms, on the stream types and B it names. */
public sealed interface OwnSort extends SortMethod
    permits MergeMethod, InMemoryMethod, BufferTreeMethod {

  /** Which algorithm: the {@code algorithm} column. */
  SortAlgorithm algorithm();

  /** The stream type of every read. */
  StreamType readType();

  /** The stream type reading the runs: the merge sort's own choice, else {@link #readType}. */
  default StreamType mergeReadType() {
    return readType();
  }

  /** The stream type of every write. */
  StreamType writeType();

  /** B: bytes a block-I/O stream moves per call, and the buffers' size. */
  int bufferBytes();

  /** What the row calls the composition: {@code classic}, {@code fast} or {@code custom}. */
  String preset();

  /** The sorter that runs it, telling {@code temps} of its temporary files. */
  ExternalSorter sorter(TempRegistry temps);

  @Override
  default SortRunner runner(SortData data, Path output, TempRegistry temps) {
    return runner(sorter(temps), data, output, temps);
  }

  /** The runner of this method on {@code sorter} (tests give their own). */
  default SortRunner runner(ExternalSorter sorter, SortData data, Path output, TempRegistry temps) {
    return new OwnSortRunner(this, sorter, data, output, temps);
  }

  /** The sort of {@code input} into {@code output} for the sorter, as {@code data} asks. */
  SortSpec sortSpec(Path input, Path output, SortData data);

  /**
   * The sorter's spec with this method's stream types and B and the data's order, sync and folders;
   * {@code memoryInts} and {@code fanIn} are the M and d the sorter takes (the in-memory sort reads
   * neither, the tree no d).
   */
  default SortSpec sortSpec(Path input, Path output, SortData data, long memoryInts, int fanIn) {
    return new SortSpec(
        input,
        output,
        memoryInts,
        fanIn,
        readType(),
        writeType(),
        mergeReadType(),
        options(data.sync()),
        data.order(),
        data.workDirs());
  }

  @Override
  default String engine() {
    return SortEngines.SECMEM;
  }

  /** The streams' B and whether writes are forced to storage. */
  default StreamOptions options(boolean sync) {
    return new StreamOptions(bufferBytes(), sync);
  }

  @Override
  default RowKind rowKind() {
    return switch (algorithm()) {
      case MERGE -> RowKind.MERGE_SORT;
      case IN_MEMORY -> RowKind.IN_MEMORY_SORT;
      case BUFFER_TREE -> RowKind.BUFFER_TREE_SORT;
    };
  }

  /** The start of its console line: {@code simple/simple, N=2^20 ints}. */
  default String streamsAndN(String n) {
    return readType() + "/" + writeType() + ", N=" + n;
  }

  /** The columns every own algorithm records: its stream types, its preset, its algorithm. */
  default void configureCommon(ResultRow.Builder row) {
    row.set(ResultColumn.READ_STREAM, readType().cliName())
        .set(ResultColumn.WRITE_STREAM, writeType().cliName())
        .set(ResultColumn.PRESET, preset())
        .set(ResultColumn.ALGORITHM, algorithm().cliName());
  }
}
