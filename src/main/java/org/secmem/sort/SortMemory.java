package org.secmem.sort;

import java.util.Locale;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The one memory model of the merge sort: how a budget of M ints is shared by the run-formation
 * workers and the merges, and how much heap the whole sort needs. The command line, parameter
 * files, the menu and the sorter itself all ask this class, so they agree.
 *
 * <p>With block I/O (the fast composition), M is the sort's whole memory budget, as in STXXL: every
 * worker's run array and radix scratch, every stream buffer, every merge block and the radix
 * merger's chunks fit in 4·M bytes. A worker's run is what is left for it; merges read blocks of at
 * most B bytes, smaller when d runs on every thread would not otherwise fit (the row's {@code
 * merge_b} says which B the merges used). With one call per int (the classic composition, the seed
 * reports' measurement) M is, as in the reports, the ints of the run arrays, and stream buffers of
 * B bytes come on top.
 *
 * <p>Either way the heap needed is the larger phase plus the run bookkeeping plus {@link
 * #OVERHEAD_BYTES}, which covers everything else the JVM holds while sorting.
 *
 * <p>Runs are bounded too: every run is a file in the work folder and an object on the heap, so a
 * tiny M (one int per run) would fill the folder with millions of files and the heap with their
 * bookkeeping. {@link #requireHeap} refuses more than {@link #MAX_RUNS} runs, or more than the
 * heap's bookkeeping holds, and names the M that works.
 *
 * @param workers run-formation workers, each reading and sorting its own regions of the input
 * @param runInts ints per run (the last run may be shorter)
 * @param runs runs formed: ⌈N / runInts⌉, at least 1
 * @param mergeThreads merges (or parts of one merge split by value) running at once
 * @param mergeBufferBytes B of every stream and block in the merges
 * @param radixCapacity ints per step of the radix merger
 * @param runFormationBytes memory of run formation, all workers
 * @param mergeBytes memory of a merge pass, all threads
 * @param bookkeepingBytes heap of the runs' bookkeeping: the runs of the first pass, and the merges
 *     and merged runs of the second
 * @param requiredHeapBytes the heap the sort needs
 * @param request what was planned
 */
public record SortMemory(
    int workers,
    long runInts,
    long runs,
    int mergeThreads,
    int mergeBufferBytes,
    int radixCapacity,
    long runFormationBytes,
    long mergeBytes,
    long bookkeepingBytes,
    long requiredHeapBytes,
    Request request) {

  /**
   * The arguments of a plan, kept so that a refusal can work out which M would do.
   *
   * @param tuning the sort's composition
   * @param n ints to sort
   * @param memoryInts M, ints of memory
   * @param fanIn d, the merge fan-in
   * @param bufferBytes B, bytes of every stream buffer
   * @param read stream type reading the input
   * @param write stream type of every write
   * @param mergeRead stream type the merges read the runs with
   */
  public record Request(
      SortTuning tuning,
      long n,
      long memoryInts,
      int fanIn,
      int bufferBytes,
      StreamType read,
      StreamType write,
      StreamType mergeRead) {

    /** The runs read as the input is. */
    public Request(
        SortTuning tuning,
        long n,
        long memoryInts,
        int fanIn,
        int bufferBytes,
        StreamType read,
        StreamType write) {
      this(tuning, n, memoryInts, fanIn, bufferBytes, read, write, read);
    }
  }

  /**
   * The most runs a sort may form, whatever the heap: each is a file that the first pass leaves in
   * the work folder (taking at least a disk block and an inode however short it is), and the seed
   * reports' largest sort (N = 10^7, M = 1000) makes 10^4 of them. It also bounds the merge passes:
   * at most 1 + 17 at d = 2.
   */
  public static final long MAX_RUNS = 1L << 17;

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

  /**
   * Heap a merge of a pass takes while the pass is set up, beside its merged run's samples: its
   * group, target path, task and future, and the merged run (measured: an OutOfMemoryError at d = 2
   * when only runs were counted).
   */
  private static final long PER_MERGE_BYTES = 512;

  /** Run lengths are rounded down to whole 4 KiB blocks when runs are at least this long. */
  private static final int ALIGN_INTS = 1024;

  /**
   * Plans a sort of {@code n} ints.
   *
   * @throws InsufficientMemoryException when M cannot hold even one worker's buffers or one merge
   *     of d runs; the message says which M or B would
   */
  public static SortMemory plan(
      SortTuning t, long n, long m, int d, int b, StreamType read, StreamType write) {
    return plan(new Request(t, n, m, d, b, read, write));
  }

  /** Plans a sort whose merges read the runs with {@code mergeRead}; see {@link #plan}. */
  public static SortMemory plan(
      SortTuning t,
      long n,
      long m,
      int d,
      int b,
      StreamType read,
      StreamType write,
      StreamType mergeRead) {
    return plan(new Request(t, n, m, d, b, read, write, mergeRead));
  }

  private static SortMemory plan(Request r) {
    SortTuning t = r.tuning();
    long n = r.n();
    long m = r.memoryInts();
    int d = r.fanIn();
    int b = r.bufferBytes();
    StreamType read = r.read();
    StreamType write = r.write();
    StreamType runsRead = r.mergeRead();
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
        throw new InsufficientMemoryException(
            String.format(
                Locale.ROOT,
                "M = %s (%s) cannot hold a run-formation worker's stream buffers (%s %s +"
                    + " %s %s at B = %s) and a run; use M = %s or more, or a smaller B",
                Units.typedInts(m),
                bytes(budget),
                read,
                bytes(streamBytes(read, b, true)),
                write,
                bytes(streamBytes(write, b, false)),
                Units.bytes(b),
                Units.typed(Math.max(needM * 2, needM + 1024))));
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
        int minB =
            Math.max(Integer.BYTES, Math.max(runsRead.bufferAlignment(), write.bufferAlignment()));
        while (true) {
          long share = budget / mergeThreads;
          capacity =
              t.merger() == Merger.RADIX
                  ? (int) Math.max(k, Math.min(RadixMerge.DEFAULT_CAPACITY, share / 4 / 8))
                  : 0;
          long fixed = t.merger().scratchBytes(k, capacity);
          long perB = mergeBytesPerB(t, k, runsRead, write);
          long fitB = (share - fixed - mergeBytesFixed(k, runsRead, write)) / Math.max(1, perB);
          fitB -= fitB % minB;
          if (fitB >= minB) {
            mergeB = (int) Math.min(b, fitB);
            break;
          }
          if (mergeThreads == 1) {
            long needBytes = fixed + mergeBytesFixed(k, runsRead, write) + perB * minB;
            throw new InsufficientMemoryException(
                String.format(
                    Locale.ROOT,
                    "M = %s (%s) cannot hold a merge of d = %d runs (at least %s with %s"
                        + " and %s streams); use M = %s or more, or a smaller d",
                    Units.typedInts(m),
                    bytes(budget),
                    k,
                    bytes(needBytes),
                    runsRead,
                    write,
                    Units.typed(ceilDiv(needBytes, Integer.BYTES))));
          }
          mergeThreads--;
        }
        mergeBytes =
            mergeThreads
                * (t.merger().scratchBytes(k, capacity)
                    + mergeBytesFixed(k, runsRead, write)
                    + mergeBytesPerB(t, k, runsRead, write) * mergeB);
      } else {
        capacity = t.merger() == Merger.RADIX ? RadixMerge.capacityFor(k) : 0;
        mergeBytes =
            mergeThreads
                * (t.merger().scratchBytes(k, capacity)
                    + k * (streamBytes(runsRead, b, true) + Integer.BYTES)
                    + streamBytes(write, b, false));
      }
    }
    long bookkeeping = bookkeepingBytes(runs, d, t.parallelMerge());
    long required =
        Math.max(formBytes, mergeBytes)
            + Math.max(0, bookkeeping - BOOKKEEPING_IN_OVERHEAD)
            + OVERHEAD_BYTES;
    return new SortMemory(
        workers,
        runInts,
        runs,
        runs > 1 ? mergeThreads : 0,
        mergeB,
        capacity,
        formBytes,
        mergeBytes,
        bookkeeping,
        required,
        r);
  }

  /**
   * Heap of the bookkeeping of {@code runs} runs: each run's objects and samples, and, while the
   * second pass is set up, each of its merges and merged runs (later passes have fewer).
   */
  static long bookkeepingBytes(long runs, int d, boolean sampled) {
    long samples = sampled ? (SAMPLES_PER_RUN + 1L) * Integer.BYTES : 0;
    long merges = runs > 1 ? ceilDiv(runs, d) : 0;
    return runs * (PER_RUN_BYTES + samples) + merges * (PER_MERGE_BYTES + samples);
  }

  /** Segment files a run formed with block I/O is written as, at most. */
  static final int SEGMENTS_PER_RUN = 16;

  /**
   * The fewest ints of a segment file (4 MiB): smaller runs are cut into fewer segments. Every
   * segment is a file created in the work folder, and file creation there is what kept run
   * formation from scaling: on a 16-core machine (1 GiB, M = 2^26, 16 threads, 147 runs) runs
   * formed in 1.50 s with 4 KiB as the least segment (2,352 files) and in 0.88 s with 4 MiB (294
   * files), as fast as with the work folder on tmpfs (0.89 s); 2 threads 3.28 against 3.15 s.
   */
  static final long MIN_SEGMENT_INTS = 1 << 20;

  /**
   * Ints per file of a run of the first pass. With block I/O a run is written as up to {@link
   * #SEGMENTS_PER_RUN} segment files, which merges delete as they read them (see {@link Run}): on
   * this machine a 4 GiB sort otherwise held 8 GiB of dirty pages at once and its merge waited for
   * the disk. With one call per int (the seed reports' sort) a run is one file.
   */
  public long segmentInts() {
    return segmentInts(MIN_SEGMENT_INTS);
  }

  /** {@link #segmentInts()} with segments of at least {@code fewest} ints (tests cut finer). */
  long segmentInts(long fewest) {
    long whole = Math.max(1, runInts);
    if (!request.tuning().blockIo()) {
      return whole;
    }
    return Math.min(whole, Math.max(fewest, ceilDiv(whole, SEGMENTS_PER_RUN)));
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

  /**
   * Bytes of buffers a stream of {@code type} holds at B = {@code b}: its buffers of B (a mapped
   * window counts as one) and its fixed-size ones, as the type declares them.
   */
  public static long streamBytes(StreamType type, long b, boolean reading) {
    return streamFactor(type, reading) * b + type.fixedBufferBytes();
  }

  /** How many buffers of B bytes a stream holds. */
  private static long streamFactor(StreamType type, boolean reading) {
    return type.buffersOfB(reading);
  }

  /**
   * Refuses, before anything runs, a sort that makes too many runs ({@link #MAX_RUNS}, or more than
   * the bookkeeping a heap of {@code maxHeapBytes} holds beside the buffers), or whose buffers the
   * heap cannot hold. The CLI, parameter files (every row before the first runs), the menu and the
   * sorter all call this, so they agree.
   *
   * @throws InsufficientMemoryException naming the runs and the M that works, or the heap needed
   *     and the {@code -Xmx} to use
   */
  public void requireHeap(long maxHeapBytes, long m, int d, int b) {
    requireFewEnoughRuns(maxHeapBytes);
    if (requiredHeapBytes > maxHeapBytes) {
      long suggestMib = ceilDiv(requiredHeapBytes, MIB) + 8;
      throw new InsufficientMemoryException(
          String.format(
              Locale.ROOT,
              "M = %s, d = %d and B = %s need about %d MiB of heap (%s for the sort's"
                  + " buffers, %d MiB for the JVM), but the heap is %d MiB; use a smaller M, or"
                  + " %s",
              Units.typedInts(m),
              d,
              Units.bytes(b),
              ceilDiv(requiredHeapBytes, MIB),
              bytes(Math.max(runFormationBytes, mergeBytes)),
              OVERHEAD_BYTES / MIB,
              maxHeapBytes / MIB,
              Units.largerHeap(suggestMib)));
    }
  }

  /**
   * The most runs this plan's sort may form with a heap of {@code maxHeapBytes}: {@link #MAX_RUNS},
   * or fewer when their bookkeeping, on top of the buffers and the overhead, would not fit; -1 when
   * the buffers alone do not fit (then no number of runs does).
   */
  long runLimit(long maxHeapBytes) {
    long forBookkeeping =
        maxHeapBytes
            - OVERHEAD_BYTES
            - Math.max(runFormationBytes, mergeBytes)
            + BOOKKEEPING_IN_OVERHEAD;
    if (forBookkeeping < 0) {
      return -1;
    }
    boolean sampled = request.tuning().parallelMerge();
    long lo = 0; // bookkeepingBytes(lo) fits
    long hi = MAX_RUNS + 1; // bookkeepingBytes(hi) does not, or hi is over the cap
    while (hi - lo > 1) {
      long mid = (lo + hi) >>> 1;
      if (bookkeepingBytes(mid, request.fanIn(), sampled) <= forBookkeeping) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private void requireFewEnoughRuns(long maxHeapBytes) {
    long limit = runLimit(maxHeapBytes);
    if (limit < 0 || runs <= limit) {
      return; // the buffers alone do not fit, which the heap check says; or the runs fit
    }
    String bound =
        limit >= MAX_RUNS
            ? String.format(
                Locale.ROOT,
                "at most %,d runs are allowed (each a file in the work" + " folder)",
                MAX_RUNS)
            : String.format(
                Locale.ROOT,
                "at most %,d runs fit the bookkeeping budget of a %d MiB"
                    + " heap (these would take %s)",
                limit,
                maxHeapBytes / MIB,
                bytes(bookkeepingBytes));
    SortMemory working = smallestWorkingM(limit, maxHeapBytes);
    String advice;
    if (working == null) {
      advice =
          "no M up to "
              + SortSpec.MAX_MEMORY_INTS
              + " makes few enough runs; sort a"
              + " smaller input";
    } else if (working.requiredHeapBytes() <= maxHeapBytes) {
      advice =
          String.format(
              Locale.ROOT,
              "use M = %s or more (%,d runs)",
              Units.typed(working.request().memoryInts()),
              working.runs());
    } else {
      long mib = ceilDiv(working.requiredHeapBytes(), MIB) + 8;
      advice =
          String.format(
              Locale.ROOT,
              "use M = %s or more (%,d runs) with %s",
              Units.typed(working.request().memoryInts()),
              working.runs(),
              Units.largerHeap(mib));
    }
    throw new InsufficientMemoryException(
        String.format(
            Locale.ROOT,
            "M = %s makes %,d runs of %s (%d passes at d = %d); %s; %s",
            Units.typedInts(request.memoryInts()),
            runs,
            Units.typedInts(runInts),
            passes(runs, request.fanIn()),
            request.fanIn(),
            bound,
            advice));
  }

  /**
   * The plan of the smallest M above this one that makes at most {@code limit} runs (the run count
   * falls as M grows), refined while the larger M's buffers leave room for fewer runs; null when
   * even the largest M makes too many.
   */
  private SortMemory smallestWorkingM(long limit, long maxHeapBytes) {
    SortMemory best = null;
    long from = request.memoryInts();
    for (int round = 0; round < 4; round++) {
      SortMemory found = fewestM(from, limit);
      if (found == null) {
        return best;
      }
      best = found;
      long again = found.runLimit(maxHeapBytes);
      if (again < 0 || found.runs() <= again) {
        return best;
      }
      from = found.request().memoryInts();
      limit = again;
    }
    return best;
  }

  /** The plan of the smallest M above {@code from} with at most {@code limit} runs, or null. */
  private SortMemory fewestM(long from, long limit) {
    long lo = from; // too many runs
    long hi = SortSpec.MAX_MEMORY_INTS;
    SortMemory best = withM(hi);
    if (best == null || best.runs() > limit) {
      return null;
    }
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      SortMemory p = withM(mid);
      if (p != null && p.runs() <= limit) {
        hi = mid;
        best = p;
      } else {
        lo = mid;
      }
    }
    return best;
  }

  /** This plan with M = {@code m}; null when such an M cannot even hold the buffers. */
  private SortMemory withM(long m) {
    Request r = request;
    try {
      return plan(
          new Request(
              r.tuning(),
              r.n(),
              m,
              r.fanIn(),
              r.bufferBytes(),
              r.read(),
              r.write(),
              r.mergeRead()));
    } catch (InsufficientMemoryException e) {
      return null; // M too small for the buffers: a larger one is needed
    }
  }

  /**
   * Files a sort on this plan holds open at once: the run-formation workers' inputs and runs, or
   * every merge thread's d runs and output, whichever is more, and two besides.
   */
  public long openFiles() {
    long k = Math.min(request.fanIn(), runs);
    return Math.max(workers * 2L, Math.max(1, mergeThreads) * (k + 1)) + 2;
  }

  /** Passes of a sort of {@code runs} runs at fan-in {@code d}, run formation included. */
  static int passes(long runs, int d) {
    int passes = 1;
    for (long left = runs; left > 1; left = ceilDiv(left, d)) {
      passes++;
    }
    return passes;
  }

  /** The heap this JVM may grow to. */
  public static long maxHeap() {
    return Runtime.getRuntime().maxMemory();
  }

  /**
   * The largest M the heap holds with block I/O, where M is the whole budget: the fast preset's M
   * when none is given. Bigger runs mean fewer of them, so one merge pass reaches the largest N;
   * measured here, any M from 2^24 up sorted 1 GiB equally fast within noise (see
   * docs/measured.md).
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
