package org.secmem.experiment;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.secmem.buffertree.BufferTreeSort;
import org.secmem.buffertree.TreeStats;
import org.secmem.data.Checksum;
import org.secmem.engine.EngineStats;
import org.secmem.results.ResultColumn;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortStats;

/**
 * A sort's measured row cells, from what each engine reports: secmem's merge sort (and the
 * in-memory baseline), the buffer tree, another engine.
 */
final class SortOutcomes {

  private SortOutcomes() {}

  /** Another engine's row: the figures it reports, blank where it reports none. */
  static TrialOutcome engine(EngineStats s, long engineStartNanos, Checksum inputChecksum) {
    Map<ResultColumn, String> extra = new EnumMap<>(ResultColumn.class);
    extra.put(ResultColumn.ENGINE_VERSION, s.version());
    extra.put(ResultColumn.THREADS, Integer.toString(s.cores()));
    extra.put(ResultColumn.EXECUTORS, Integer.toString(s.executors()));
    extra.put(ResultColumn.ENGINE_START_NS, Long.toString(engineStartNanos));
    putKnown(extra, ResultColumn.EXECUTOR_MEMORY_BYTES, s.executorMemoryBytes());
    putKnown(extra, ResultColumn.MAP_TASKS, s.inputPartitions());
    putKnown(extra, ResultColumn.REDUCE_TASKS, s.partitions());
    putKnown(extra, ResultColumn.SAMPLE_NS, s.sampleNanos());
    putKnown(extra, ResultColumn.MAP_STAGE_NS, s.mapNanos());
    putKnown(extra, ResultColumn.REDUCE_STAGE_NS, s.reduceNanos());
    putKnown(extra, ResultColumn.CONCAT_NS, s.concatNanos());
    putKnown(extra, ResultColumn.SHUFFLE_WRITE_BYTES, s.shuffleWriteBytes());
    putKnown(extra, ResultColumn.SHUFFLE_READ_BYTES, s.shuffleReadBytes());
    putKnown(extra, ResultColumn.SPILL_BYTES, s.spillBytes());
    putKnown(extra, ResultColumn.GC_NS, s.gcNanos());
    return new TrialOutcome(
        s.ints(), s.ints() * Integer.BYTES, inputChecksum, Optional.empty(), extra);
  }

  /** A figure the engine reported; -1 (not reported) stays blank. */
  private static void putKnown(Map<ResultColumn, String> extra, ResultColumn c, long value) {
    if (value >= 0) {
      extra.put(c, Long.toString(value));
    }
  }

  /**
   * The merge sort's row (the in-memory sort's too): passes, runs, its memory plan, phase times and
   * CPU, stream bytes and each work folder's.
   */
  static TrialOutcome merge(SortStats stats, long generateNanos, OwnSort method) {
    Map<ResultColumn, String> extra = new EnumMap<>(ResultColumn.class);
    if (generateNanos >= 0) {
      extra.put(ResultColumn.GENERATE_NS, Long.toString(generateNanos));
    }
    extra.put(ResultColumn.PASSES, Integer.toString(stats.passes()));
    extra.put(ResultColumn.RUNS, Long.toString(stats.runs()));
    SortMemory memory = stats.memory();
    if (memory != null) {
      extra.put(ResultColumn.RUN_INTS, Long.toString(memory.runInts()));
      extra.put(ResultColumn.RUN_WORKERS, Integer.toString(memory.workers()));
      extra.put(ResultColumn.MERGE_THREADS, Integer.toString(memory.mergeThreads()));
      if (memory.runs() > 1) {
        extra.put(ResultColumn.MERGE_B, Integer.toString(memory.mergeBufferBytes()));
      }
      extra.put(ResultColumn.MODEL_HEAP_BYTES, Long.toString(memory.requiredHeapBytes()));
    } else {
      // The in-memory sort: one run of all N ints, read by one thread.
      extra.put(ResultColumn.RUN_INTS, Long.toString(stats.ints()));
      extra.put(ResultColumn.RUN_WORKERS, "1");
      extra.put(
          ResultColumn.MODEL_HEAP_BYTES,
          Long.toString(((InMemoryMethod) method).requiredHeapBytes(stats.ints())));
    }
    if (stats.peakHeapBytes() >= 0) {
      extra.put(ResultColumn.PEAK_HEAP_BYTES, Long.toString(stats.peakHeapBytes()));
    }
    extra.put(ResultColumn.RUN_FORMATION_NS, Long.toString(stats.runFormationNanos()));
    extra.put(ResultColumn.MERGE_NS, Long.toString(stats.mergeNanos()));
    if (stats.runFormationCpuNanos() >= 0 && stats.mergeCpuNanos() >= 0) {
      extra.put(ResultColumn.RUN_FORMATION_CPU_NS, Long.toString(stats.runFormationCpuNanos()));
      extra.put(ResultColumn.MERGE_CPU_NS, Long.toString(stats.mergeCpuNanos()));
    }
    extra.put(ResultColumn.STREAM_READ_BYTES, Long.toString(stats.bytesRead()));
    extra.put(ResultColumn.STREAM_WRITE_BYTES, Long.toString(stats.bytesWritten()));
    putWorkTally(extra, stats);
    return new TrialOutcome(
        stats.ints(), stats.ints() * Integer.BYTES, stats.inputChecksum(), Optional.empty(), extra);
  }

  /**
   * A buffer-tree sort's row: the tree's counters and the time by activity of seed 004's Figures
   * 5–6; passes, runs and the merge sort's phase columns stay blank.
   */
  static TrialOutcome tree(BufferTreeSort.Result r, long generateNanos) {
    SortStats stats = r.sort();
    TreeStats t = r.tree();
    Map<ResultColumn, String> extra = new EnumMap<>(ResultColumn.class);
    if (generateNanos >= 0) {
      extra.put(ResultColumn.GENERATE_NS, Long.toString(generateNanos));
    }
    TreeCells.put(t, extra);
    extra.put(ResultColumn.INSERT_NS, Long.toString(t.insertNanos()));
    extra.put(ResultColumn.INSERT_INTERNAL_NS, Long.toString(t.insertInternalNanos()));
    extra.put(ResultColumn.INSERT_LEAF_NS, Long.toString(t.insertLeafNanos()));
    extra.put(ResultColumn.FORCE_EMPTY_NS, Long.toString(t.forceEmptyNanos()));
    extra.put(ResultColumn.OUTPUT_NS, Long.toString(t.outputNanos()));
    extra.put(ResultColumn.MODEL_HEAP_BYTES, Long.toString(r.memory().requiredHeapBytes()));
    if (stats.peakHeapBytes() >= 0) {
      extra.put(ResultColumn.PEAK_HEAP_BYTES, Long.toString(stats.peakHeapBytes()));
    }
    extra.put(ResultColumn.STREAM_READ_BYTES, Long.toString(stats.bytesRead()));
    extra.put(ResultColumn.STREAM_WRITE_BYTES, Long.toString(stats.bytesWritten()));
    putWorkTally(extra, stats);
    return new TrialOutcome(
        stats.ints(), stats.ints() * Integer.BYTES, stats.inputChecksum(), Optional.empty(), extra);
  }

  /** Bytes written to and read from each work folder, in the order the folders were given. */
  private static void putWorkTally(Map<ResultColumn, String> extra, SortStats stats) {
    if (stats.workTally() == null) {
      return;
    }
    extra.put(ResultColumn.WORK_WRITE_BYTES, joined(stats.workTally().written()));
    extra.put(ResultColumn.WORK_READ_BYTES, joined(stats.workTally().read()));
  }

  private static String joined(List<Long> values) {
    return String.join("|", values.stream().map(String::valueOf).toList());
  }
}
