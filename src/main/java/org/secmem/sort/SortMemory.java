package org.secmem.sort;

import java.util.Locale;
import org.secmem.stream.StreamType;

/**
 * The one memory model of the merge sort: how a budget of M ints is shared by the run-formation
 * workers and the merges, and how much heap the whole sort needs. The command line, parameter
 * files, the menu and the sorter itself all ask this class, so they agree.
 *
 * <p>With block I/O (the fast composition), M is the sort's whole memory budget, as in STXXL:
 * every worker's run array and radix scratch, every stream buffer, every merge block and the
 * radix merger's chunks fit in 4·M bytes. A worker's run is what is left for it; merges read
 * blocks of at most B bytes, smaller when d runs on every thread would not otherwise fit (the
 * row's {@code merge_b} says which B the merges used). With one call per int (the classic
 * composition, the seed reports' measurement) M is, as in the reports, the ints of the run
 * arrays, and stream buffers of B bytes come on top.
 *
 * <p>Either way the heap needed is the larger phase plus the run bookkeeping plus {@link
 * #OVERHEAD_BYTES}, which covers everything else the JVM holds while sorting.
 *
 * @param workers run-formation workers, each reading and sorting its own regions of the input
 * @param runInts ints per run (the last run may be shorter)
 * @param runs runs formed: ⌈N / runInts⌉, at least 1
 * @param mergeThreads merges (or parts of one merge split by value) running at once
 * @param mergeBufferBytes B of every stream and block in the merges
 * @param radixCapacity ints per step of the radix merger
 * @param runFormationBytes memory of run formation, all workers
 * @param mergeBytes memory of a merge pass, all threads
 * @param requiredHeapBytes the heap the sort needs
 */
public record SortMemory(int workers, long runInts, long runs, int mergeThreads,
    int mergeBufferBytes, int radixCapacity, long runFormationBytes, long mergeBytes,
    long requiredHeapBytes) {

  private static final long MIB = 1 << 20;

  /**
   * What the heap holds besides the sort's buffers: the JVM's and secmem's own objects, result
   * rows, and up to {@link #BOOKKEEPING_IN_OVERHEAD} of run bookkeeping (samples and names of a few
   * thousand runs). Beyond that, bookkeeping is counted on top.
   */
  public static final long OVERHEAD_BYTES = 32 * MIB;

  /** Run bookkeeping the overhead covers. */
  static final long BOOKKEEPING_IN_OVERHEAD = 8 * MIB;

  /** Values sampled per run when merges are split by value range. */
  static final int SAMPLES_PER_RUN = 256;

  /** Heap a run's bookkeeping takes beside its samples (objects, path). */
  private static final long PER_RUN_BYTES = 256;

  /** Run lengths are rounded down to whole 4 KiB blocks when runs are at least this long. */
  private static final int ALIGN_INTS = 1024;

  /**
   * Plans a sort of {@code n} ints.
   *
   * @throws InsufficientMemoryException when M cannot hold even one worker's buffers or one merge
   *     of d runs; the message says which M or B would
   */
  public static SortMemory plan(SortTuning t, long n, long m, int d, int b, StreamType read,
      StreamType write) {
    long budget = m * Integer.BYTES;
    int threads = t.threads();
    int workers;
    long runInts;
    long formBytes;
    long streams = streamBytes(read, b, true) + streamBytes(write, b, false);
    if (t.blockIo()) {
      int arrays = t.runArrays();
      workers = threads;
      // At least two shares, even for one worker: a run array over half the budget is a
      // humongous object the collector cannot always place whole in a heap of 4·M + overhead.
      long fit = fitRun(budget, Math.max(2, workers), streams, arrays);
      while (fit < 1 && workers > 1) {
        workers--;
        fit = fitRun(budget, Math.max(2, workers), streams, arrays);
      }
      if (fit < 1) {
        fit = fitRun(budget, 1, streams, arrays);
      }
      if (fit < 1) {
        long needM = (streams + Integer.BYTES * (long) arrays + 3) / Integer.BYTES;
        throw new InsufficientMemoryException(String.format(Locale.ROOT,
            "M = %d ints (%s) cannot hold a run-formation worker's stream buffers (%s %s +"
                + " %s %s at B = %d bytes) and a run; use --m %d or more, or a smaller --b",
            m, bytes(budget), read, bytes(streamBytes(read, b, true)), write,
            bytes(streamBytes(write, b, false)), b, Math.max(needM * 2, needM + 1024)));
      }
      if (fit >= ALIGN_INTS) {
        fit -= fit % ALIGN_INTS;
      }
      long share = ceilDiv(Math.max(n, 1), workers);
      if (share >= ALIGN_INTS) {
        share = ceilDiv(share, ALIGN_INTS) * ALIGN_INTS;
      }
      runInts = Math.min(fit, share);
      formBytes = workers * (arrays * Integer.BYTES * runInts + streams);
    } else {
      // The seed reports' M: the ints of the run arrays; stream buffers come on top.
      workers = threads;
      runInts = Math.max(1, Math.min(m / workers, ceilDiv(Math.max(n, 1), workers)));
      formBytes = workers * ((long) t.runArrays() * Integer.BYTES * runInts + streams);
    }
    runInts = Math.min(runInts, SortSpec.MAX_MEMORY_INTS);
    long runs = Math.max(1, ceilDiv(n, runInts));
    workers = (int) Math.min(workers, runs);

    int k = (int) Math.min(d, runs);
    int mergeThreads = t.parallelMerge() ? threads : (int) Math.min(threads, ceilDiv(runs, d));
    int mergeB = b;
    int capacity = 0;
    long mergeBytes = 0;
    if (runs > 1) {
      if (t.blockIo()) {
        int minB = read == StreamType.DIRECT || write == StreamType.DIRECT
            ? StreamType.DIRECT_ALIGNMENT : Integer.BYTES;
        while (true) {
          long share = budget / mergeThreads;
          capacity = t.merger() == Merger.RADIX
              ? (int) Math.max(k, Math.min(RadixMerge.DEFAULT_CAPACITY, share / 4 / 8)) : 0;
          long fixed = t.merger().scratchBytes(k, capacity);
          long perB = mergeBytesPerB(t, k, read, write);
          long fitB = (share - fixed - mergeBytesFixed(k, read, write)) / Math.max(1, perB);
          fitB -= fitB % minB;
          if (fitB >= minB) {
            mergeB = (int) Math.min(b, fitB);
            break;
          }
          if (mergeThreads == 1) {
            long needBytes = fixed + mergeBytesFixed(k, read, write) + perB * minB;
            throw new InsufficientMemoryException(String.format(Locale.ROOT,
                "M = %d ints (%s) cannot hold a merge of d = %d runs (at least %s with %s"
                    + " and %s streams); use --m %d or more, or a smaller --d",
                m, bytes(budget), k, bytes(needBytes), read, write,
                ceilDiv(needBytes, Integer.BYTES)));
          }
          mergeThreads--;
        }
        mergeBytes = mergeThreads * (t.merger().scratchBytes(k, capacity)
            + mergeBytesFixed(k, read, write) + mergeBytesPerB(t, k, read, write) * mergeB);
      } else {
        capacity = t.merger() == Merger.RADIX ? RadixMerge.capacityFor(k) : 0;
        mergeBytes = mergeThreads * (t.merger().scratchBytes(k, capacity)
            + k * (streamBytes(read, b, true) + Integer.BYTES) + streamBytes(write, b, false));
      }
    }
    long bookkeeping = runs * (PER_RUN_BYTES
        + (t.parallelMerge() ? (SAMPLES_PER_RUN + 1L) * Integer.BYTES : 0));
    long required = Math.max(formBytes, mergeBytes)
        + Math.max(0, bookkeeping - BOOKKEEPING_IN_OVERHEAD) + OVERHEAD_BYTES;
    return new SortMemory(workers, runInts, runs, runs > 1 ? mergeThreads : 0, mergeB, capacity,
        formBytes, mergeBytes, required);
  }

  /** Ints per run when {@code workers} workers share {@code budget} bytes. */
  private static long fitRun(long budget, int workers, long streams, int arrays) {
    return (budget / workers - streams) / ((long) arrays * Integer.BYTES);
  }

  /** Merge memory that grows with the merges' B: k sources and one output. */
  private static long mergeBytesPerB(SortTuning t, int k, StreamType read, StreamType write) {
    int copies = t.overlap() ? 2 : 1;
    long source = streamFactor(read, true) + copies; // the stream's buffer and the cursor's block
    long sink = streamFactor(write, false) + (t.overlap() ? 2 : 0);
    return k * source + sink;
  }

  /** Merge memory that does not grow with B (fixed-size buffers, O_DIRECT alignment slack). */
  private static long mergeBytesFixed(int k, StreamType read, StreamType write) {
    return k * streamBytes(read, 0, true) + streamBytes(write, 0, false);
  }

  /** Bytes of buffers a stream of {@code type} holds at B = {@code b}. */
  static long streamBytes(StreamType type, long b, boolean reading) {
    return streamFactor(type, reading) * b + streamConstant(type);
  }

  /** How many buffers of B bytes a stream holds. */
  private static long streamFactor(StreamType type, boolean reading) {
    switch (type) {
      case SIMPLE:
      case BUFFERED:
        return 0;
      case DIRECT:
        return reading ? 2 : 1;
      case ASYNC:
        return 2;
      default:
        return 1; // user-buffer and channel buffers, a mapped window
    }
  }

  /** Buffers of a fixed size: the JDK's 8 KiB, O_DIRECT's alignment slack. */
  private static long streamConstant(StreamType type) {
    switch (type) {
      case BUFFERED:
        return 8192;
      case DIRECT:
        return 2L * StreamType.DIRECT_ALIGNMENT;
      default:
        return 0;
    }
  }

  /**
   * Refuses a sort the heap cannot hold, before anything runs.
   *
   * @throws InsufficientMemoryException naming the heap needed and the {@code -Xmx} to use
   */
  public void requireHeap(long maxHeapBytes, long m, int d, int b) {
    if (requiredHeapBytes > maxHeapBytes) {
      long suggestMib = ceilDiv(requiredHeapBytes, MIB) + 8;
      throw new InsufficientMemoryException(String.format(Locale.ROOT,
          "M = %d ints, d = %d and B = %d bytes need about %d MiB of heap (%s for the sort's"
              + " buffers, %d MiB for the JVM), but the heap is %d MiB; use a smaller --m, or a"
              + " larger heap: java -Xmx%dm (scripts/secmem: SECMEM_HEAP=%dm)",
          m, d, b, ceilDiv(requiredHeapBytes, MIB), bytes(Math.max(runFormationBytes, mergeBytes)),
          OVERHEAD_BYTES / MIB, maxHeapBytes / MIB, suggestMib, suggestMib));
    }
  }

  /** The heap this JVM may grow to. */
  public static long maxHeap() {
    return Runtime.getRuntime().maxMemory();
  }

  /**
   * The largest M the heap holds with block I/O, where M is the whole budget: the fast preset's
   * M when none is given. Bigger runs mean fewer of them, so one merge pass reaches the largest
   * N; measured here, any M from 2^24 up sorted 1 GiB equally fast within noise (see the README).
   */
  public static long largestBudgetInts(long maxHeapBytes) {
    long ints = (maxHeapBytes - OVERHEAD_BYTES - 8 * MIB) / Integer.BYTES;
    long step = 1 << 20;
    ints = ints >= 2 * step ? ints - ints % step : ints;
    return Math.max(1, Math.min(ints, SortSpec.MAX_MEMORY_INTS));
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  private static String bytes(long b) {
    if (b >= MIB) {
      return String.format(Locale.ROOT, "%.1f MiB", b / (double) MIB);
    }
    if (b >= 1024) {
      return String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
    }
    return b + " bytes";
  }
}
