package org.secmem.sort;

import java.util.concurrent.ExecutorService;
import org.secmem.data.SortOrder;
import org.secmem.stream.StreamOptions;

/**
 * One sort in progress: what its parts share — what to sort and how, the memory plan, where the
 * streams come from, the work folder and the threads.
 */
final class SortJob {

  final SortSpec spec;
  final SortTuning tuning;
  final SortMemory memory;
  final StreamFactory streams;
  final WorkDirectory work;
  final ExecutorService pool;
  final long n;

  /** Ints per segment file of a run of the first pass (see {@link SortMemory#segmentInts()}). */
  final long segmentInts;

  /** A job whose runs are cut into segments of at least {@code fewestSegmentInts} ints. */
  SortJob(
      SortSpec spec,
      SortTuning tuning,
      SortMemory memory,
      StreamFactory streams,
      WorkDirectory work,
      ExecutorService pool,
      long n,
      long fewestSegmentInts) {
    this.spec = spec;
    this.tuning = tuning;
    this.memory = memory;
    this.streams = streams;
    this.work = work;
    this.pool = pool;
    this.n = n;
    this.segmentInts = memory.segmentInts(fewestSegmentInts);
  }

  boolean descending() {
    return spec.order() == SortOrder.DESCENDING;
  }

  /** Whether runs keep samples for merges split by value range. */
  boolean sampled() {
    return tuning.parallelMerge();
  }

  /** Stream options of the merges: the B the memory plan gave them. */
  StreamOptions mergeOptions() {
    return new StreamOptions(memory.mergeBufferBytes(), spec.options().sync());
  }

  /** Ints per block the merges move. */
  int mergeBlockInts() {
    return Math.max(1, memory.mergeBufferBytes() / Integer.BYTES);
  }
}
