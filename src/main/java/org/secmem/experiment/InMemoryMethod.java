package org.secmem.experiment;

import java.nio.file.Path;
import java.util.OptionalLong;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.sort.Access;
import org.secmem.sort.CostModel;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.InMemorySort;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortSpec;
import org.secmem.sort.SortTuning;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The in-memory baseline: all N ints read into one array, sorted there, written out. M, d and the
 * merge sort's composition do not apply; its row leaves them blank, so that charts draw it as a
 * level line beside an M or d sweep.
 *
 * @param readType stream type reading the input
 * @param writeType stream type writing the output
 * @param bufferBytes B
 * @param blockIo the streams move a block per call; false: one call per int
 * @param runSort arrays ({@code Arrays.sort}, or {@code Arrays.parallelSort} on more than one
 *     thread) or radix (the run sort's radix sort on {@code threads})
 * @param threads the sort's threads
 * @param preset the preset the row names
 */
public record InMemoryMethod(
    StreamType readType,
    StreamType writeType,
    int bufferBytes,
    boolean blockIo,
    RunSort runSort,
    int threads,
    String preset)
    implements OwnSort {

  public InMemoryMethod {
    MethodChecks.given("stream types, run sort and preset", readType, writeType, runSort, preset);
    if (threads < 1) {
      throw new IllegalArgumentException("threads (" + threads + ") must be >= 1");
    }
  }

  @Override
  public SortAlgorithm algorithm() {
    return SortAlgorithm.IN_MEMORY;
  }

  /** What the in-memory sort takes of a composition: its access, run sort and threads. */
  SortTuning tuning() {
    return new SortTuning(Merger.PRIORITY_QUEUE, runSort, false, false, blockIo, threads);
  }

  @Override
  public ExternalSorter sorter(TempRegistry temps) {
    return new InMemorySort(tuning(), StreamFactory.standard(), temps);
  }

  @Override
  public SortSpec sortSpec(Path input, Path output, SortData data) {
    // The in-memory sort reads neither M nor d.
    return sortSpec(input, output, data, SortSpec.MAX_MEMORY_INTS, 2);
  }

  /** The heap its model needs to sort {@code n} ints. */
  public long requiredHeapBytes(long n) {
    return InMemorySort.requiredHeapBytes(n, runSort, threads, bufferBytes, readType, writeType);
  }

  private boolean usesB() {
    return readType.usesBufferSize() || writeType.usesBufferSize() || blockIo;
  }

  @Override
  public String describe(String n) {
    return "in-memory "
        + streamsAndN(n)
        + ", threads="
        + threads
        + (runSort == RunSort.RADIX ? ", run sort radix" : "")
        + (usesB() ? ", B=" + Units.bytes(bufferBytes) : "");
  }

  @Override
  public void configure(ResultRow.Builder row) {
    configureCommon(row);
    // run_ints says what it held (all N ints); run_sort says Arrays.sort (arrays),
    // Arrays.parallelSort (parallel) or the radix sort (radix).
    row.set(ResultColumn.B, usesB() ? Long.toString(bufferBytes) : null)
        .set(ResultColumn.RUN_SORT, InMemorySort.sortName(runSort, threads))
        .set(ResultColumn.ACCESS, Access.of(blockIo).cliName())
        .set(ResultColumn.THREADS, threads);
  }

  @Override
  public OptionalLong predictedIos(long n) {
    return OptionalLong.of(CostModel.inMemoryBlockTransfers(n, bufferBytes));
  }
}
