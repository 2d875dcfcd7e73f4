package org.secmem.experiment;

import java.nio.file.Path;
import java.util.OptionalLong;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.sort.Access;
import org.secmem.sort.CostModel;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.sort.MergeSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortSpec;
import org.secmem.sort.SortTuning;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The external merge sort: runs of M ints, merged d at a time, composed as {@code tuning} says.
 *
 * @param memoryInts M, the sort's whole memory budget in ints
 * @param fanIn d, runs merged at once
 * @param readType stream type reading the input
 * @param writeType stream type of every write
 * @param mergeReadType stream type the merges read the runs with
 * @param bufferBytes B
 * @param tuning the composition of its parts
 * @param preset {@code classic}, {@code fast}, or {@code custom} when a choice differs from both
 */
public record MergeMethod(
    long memoryInts,
    int fanIn,
    StreamType readType,
    StreamType writeType,
    StreamType mergeReadType,
    int bufferBytes,
    SortTuning tuning,
    String preset)
    implements OwnSort {

  public MergeMethod {
    MethodChecks.memory(memoryInts);
    if (fanIn < 2) {
      throw new IllegalArgumentException("d (" + fanIn + ") must be >= 2");
    }
    MethodChecks.given(
        "stream types, tuning and preset", readType, writeType, mergeReadType, tuning, preset);
  }

  @Override
  public SortAlgorithm algorithm() {
    return SortAlgorithm.MERGE;
  }

  @Override
  public ExternalSorter sorter(TempRegistry temps) {
    return new MergeSort(tuning, StreamFactory.standard(), temps);
  }

  @Override
  public SortSpec sortSpec(Path input, Path output, SortData data) {
    return sortSpec(input, output, data, memoryInts, fanIn);
  }

  /** Whether B changes anything: not for simple and buffered streams on both sides. */
  boolean usesB() {
    return readType.usesBufferSize()
        || writeType.usesBufferSize()
        || mergeReadType.usesBufferSize()
        || tuning.blockIo();
  }

  /** The merge's read stream when it is not the input's: what a row and a line say of it. */
  private String mergeReadShown() {
    return mergeReadType == readType ? null : mergeReadType.cliName();
  }

  @Override
  public String streamsAndN(String n) {
    String merge = mergeReadShown();
    return readType
        + "/"
        + writeType
        + (merge == null ? "" : ", merges read " + merge)
        + ", N="
        + n;
  }

  @Override
  public String describe(String n) {
    return streamsAndN(n)
        + ", M="
        + Units.typedInts(memoryInts)
        + ", d="
        + fanIn
        + ", threads="
        + tuning.threads()
        + (usesB() ? ", B=" + Units.bytes(bufferBytes) : "");
  }

  @Override
  public void configure(ResultRow.Builder row) {
    configureCommon(row);
    row.set(ResultColumn.MERGE_READ_STREAM, mergeReadShown())
        .set(ResultColumn.B, usesB() ? Long.toString(bufferBytes) : null)
        .set(ResultColumn.M, memoryInts)
        .set(ResultColumn.D, fanIn)
        .set(ResultColumn.MERGER, tuning.merger().cliName())
        .set(ResultColumn.RUN_SORT, tuning.runSort().cliName())
        .set(ResultColumn.OVERLAP, tuning.overlap())
        .set(ResultColumn.PARALLEL_MERGE, tuning.parallelMerge())
        .set(ResultColumn.ACCESS, Access.of(tuning.blockIo()).cliName())
        .set(ResultColumn.THREADS, tuning.threads());
  }

  @Override
  public OptionalLong predictedIos(long n) {
    SortMemory plan;
    try {
      plan =
          SortMemory.plan(
              tuning, n, memoryInts, fanIn, bufferBytes, readType, writeType, mergeReadType);
    } catch (InsufficientMemoryException e) {
      return OptionalLong.empty(); // refused before it runs; nothing to predict
    }
    // Merges move blocks of merge_b, which the plan may have shrunk below B.
    return OptionalLong.of(
        CostModel.predictedBlockTransfers(
            n, plan.runInts(), fanIn, bufferBytes, plan.mergeBufferBytes()));
  }
}
