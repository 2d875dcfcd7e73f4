package org.secmem.sort;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.fs.HeldFiles;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;
import org.secmem.units.Units;

/**
 * The in-memory baseline of the sort experiment: all N ints of the input read into one {@code
 * int[]} through the read stream, sorted by the tuning's run sort ({@link Arrays#sort(int[])} on
 * one thread or {@link Arrays#parallelSort(int[])} on {@code threads}; or the run sort's radix sort
 * on {@code threads}, {@link ParallelRadix}), and written through the write stream, one call per
 * int or a block per call as the tuning says, into a work folder and moved into place when complete
 * — the merge sort's single-run case with M = N. It reads and writes on its threads too, each its
 * own slice of the file through its own stream, so that it is the best this machine does with the
 * data in memory: the yardstick the external sorts are measured against. Its memory is the array,
 * 4N bytes (8N with the parallel or radix sort's scratch), so it only runs when {@link
 * #requireHeap} admits it.
 *
 * @param tuning only its access (block or per int), run sort and threads apply; merger, overlap and
 *     parallel merge belong to the merge sort
 * @param streams makes its streams
 * @param temps told of the work folder while it exists, so an interrupt handler can remove it
 */
public record InMemorySort(SortTuning tuning, StreamFactory streams, TempRegistry temps)
    implements ExternalSorter {

  /** The most ints one Java array holds. */
  public static final long MAX_INTS = SortSpec.MAX_MEMORY_INTS;

  private static final long MIB = 1 << 20;

  /** The fewest ints one of several threads reads or writes: below it, fewer threads. */
  static final int MIN_IO_SLICE_INTS = 1 << 16;

  /** Whether the sort runs on more than one thread ({@link Arrays#parallelSort}). */
  public static boolean parallel(int threads) {
    return threads > 1;
  }

  /** What the row's {@code run_sort} cell calls the sort: arrays, parallel, or radix. */
  public static String sortName(RunSort runSort, int threads) {
    if (runSort == RunSort.RADIX) {
      return RunSort.RADIX.cliName();
    }
    return parallel(threads) ? "parallel" : RunSort.ARRAYS.cliName();
  }

  /**
   * Heap the sort needs: the array of N ints (twice that for the parallel sort, which merges
   * through a scratch array as large, and for the radix sort, which scatters into one), the buffers
   * of its streams (one per thread that reads or writes, {@link #ioThreads}), and the JVM's
   * overhead as in {@link SortMemory}.
   */
  public static long requiredHeapBytes(
      long n, RunSort runSort, int threads, int b, StreamType read, StreamType write) {
    return arrayBytes(n, runSort, threads)
        + ioThreads(n, threads) * SortMemory.streamBytes(read, b, true)
        + writers(n, threads, write) * SortMemory.streamBytes(write, b, false)
        + SortMemory.OVERHEAD_BYTES;
  }

  private static long arrayBytes(long n, RunSort runSort, int threads) {
    return (scratch(runSort, threads) ? 2L : 1L) * Integer.BYTES * n;
  }

  private static boolean scratch(RunSort runSort, int threads) {
    return runSort.needsScratch() || parallel(threads);
  }

  /**
   * Refuses, before anything runs, an in-memory sort whose N ints one array cannot hold or the heap
   * cannot: the command line, parameter files (every row before the first runs) and the sorter
   * itself call this, so they agree.
   *
   * @throws InsufficientMemoryException naming N, the heap needed and the heap there is, and the
   *     {@code SECMEM_HEAP} that would do
   */
  public static void requireHeap(
      long maxHeapBytes,
      long n,
      RunSort runSort,
      int threads,
      int b,
      StreamType read,
      StreamType write) {
    if (n > MAX_INTS) {
      throw new InsufficientMemoryException(
          String.format(
              Locale.ROOT,
              "the in-memory sort holds all N ints in one Java array, at most %d ints; N = %s is"
                  + " more: use the merge algorithm",
              MAX_INTS,
              Units.typedInts(n)));
    }
    long required = requiredHeapBytes(n, runSort, threads, b, read, write);
    if (required > maxHeapBytes) {
      long suggestMib = (required + MIB - 1) / MIB + 8;
      throw new InsufficientMemoryException(
          String.format(
              Locale.ROOT,
              "the in-memory sort of N = %s needs about %d MiB of heap (%d MiB for the"
                  + " array%s, %d MiB for the JVM and buffers), but the heap is %d MiB; use"
                  + " the merge algorithm, or %s",
              Units.typedInts(n),
              (required + MIB - 1) / MIB,
              (arrayBytes(n, runSort, threads) + MIB - 1) / MIB,
              scratch(runSort, threads) ? " and the sort's scratch" : "",
              (required - arrayBytes(n, runSort, threads)) / MIB,
              maxHeapBytes / MIB,
              Units.largerHeap(suggestMib)));
    }
  }

  /**
   * Sorts {@code spec.input()} into {@code spec.output()}; M and d of the spec do not apply. The
   * stats say 1 run and 1 pass; run formation is the read and the sort, the merge the write and the
   * move into place; their memory plan is null (see {@link SortStats}).
   */
  @Override
  public SortStats sort(SortSpec spec) throws IOException {
    long n = Streams.intCount(spec.input());
    int b = spec.options().bufferBytes();
    requireHeap(
        SortMemory.maxHeap(),
        n,
        tuning.runSort(),
        tuning.threads(),
        b,
        spec.readType(),
        spec.writeType());
    WorkDirectory.removeStale(spec.workParents());
    HeapPeak.reset();
    long start = System.nanoTime();
    ProcessCpu.Sample cpuStart = ProcessCpu.sample();
    try (WorkDirectory work = WorkDirectory.create(spec, temps)) {
      StreamFactory counted = work.counting(streams);
      // The array and the radix sort's scratch are allocated side by side, as run formation's are:
      // two humongous arrays allocated apart did not always find room (1 of 4 JVMs sorting 2^28
      // ints in a 2,300 MiB heap, the model 2,082 MiB, ran out of heap).
      int[][] arrays = LargeArrays.allocate(tuning.runSort().needsScratch() ? 2 : 1, (int) n);
      int[] a = arrays[0];
      Checksum checksum = new Checksum();
      checksum.addMixed(read(spec, a), n);
      sort(a, arrays.length > 1 ? arrays[1] : null, tuning.runSort(), tuning.threads());
      boolean descending = spec.order() == SortOrder.DESCENDING;
      if (descending && tuning.blockIo()) {
        RunFormation.reverse(a, a.length);
      }
      long sorted = System.nanoTime();
      ProcessCpu.Sample cpuSorted = ProcessCpu.sample();
      write(counted, spec, work.outputInProgress(), a, descending && !tuning.blockIo());
      WorkDirectory.moveIntoPlace(work.outputInProgress(), spec.output());
      long end = System.nanoTime();
      long bytes = n * Integer.BYTES;
      return new SortStats(
          n,
          1,
          1,
          sorted - start,
          end - sorted,
          end - start,
          checksum,
          bytes,
          bytes,
          ProcessCpu.between(cpuStart, cpuSorted),
          ProcessCpu.between(cpuSorted, ProcessCpu.sample()),
          null,
          HeapPeak.bytes(),
          work.tally());
    } catch (OutOfMemoryError e) {
      long model =
          requiredHeapBytes(
              n, tuning.runSort(), tuning.threads(), b, spec.readType(), spec.writeType());
      throw SortFailures.outOfHeap(
          spec, " in memory", model, "use the merge algorithm or a larger -Xmx", e);
    } catch (InternalError e) {
      throw Streams.mappingFault(e, spec.inputAndWorkParents());
    } catch (IOException e) {
      throw SortFailures.at(spec, " in memory, output in", e);
    }
  }

  /**
   * Reads the input into {@code a} on {@link #ioThreads} threads, each its own slice through its
   * own stream; returns the mix sum of the ints read.
   */
  private long read(SortSpec spec, int[] a) throws IOException {
    int parts = ioThreads(a.length, tuning.threads());
    List<Callable<Long>> slices = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      int from = slice(p, parts, a.length);
      int to = slice(p + 1, parts, a.length);
      slices.add(() -> RunFormation.read(streams, spec, tuning.blockIo(), from, to, a, from));
    }
    long sum = 0;
    for (long part : inParallel("in-memory-read", slices)) {
      sum += part;
    }
    return sum;
  }

  /**
   * Writes {@code a} (from its end when {@code backwards}) to {@code target}: on {@link #ioThreads}
   * threads, each a region of the file through its own stream, where the write stream writes
   * regions; else on this one.
   */
  private void write(StreamFactory counted, SortSpec spec, Path target, int[] a, boolean backwards)
      throws IOException {
    int n = a.length;
    int parts = writers(n, tuning.threads(), spec.writeType());
    if (parts == 1) {
      RunFormation.write(counted, spec, tuning.blockIo(), target, a, 0, n, backwards);
      return;
    }
    HeldFiles.sizeWorkFile(target, (long) n * Integer.BYTES);
    List<Callable<Long>> regions = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      int at = slice(p, parts, n);
      int len = slice(p + 1, parts, n) - at;
      // Written backwards, the output's ints [at, at+len) are a[n-at-len .. n-at) from the end.
      int off = backwards ? n - at - len : at;
      regions.add(
          () -> {
            try (WriteStream out =
                counted.createRegionWriter(spec.writeType(), target, spec.options(), at, len)) {
              RunFormation.write(out, tuning.blockIo(), a, off, len, backwards);
            }
            return (long) len;
          });
    }
    inParallel("in-memory-write", regions);
  }

  /** Runs {@code tasks}, each on a thread of its own. */
  private static List<Long> inParallel(String name, List<Callable<Long>> tasks) throws IOException {
    ExecutorService pool = Tasks.pool(name, tasks.size());
    try {
      return Tasks.all(pool, tasks);
    } finally {
      Tasks.stop(pool);
    }
  }

  /**
   * Threads that read the input, and write the output, each its own slice: one per sort thread,
   * each with at least {@link #MIN_IO_SLICE_INTS} ints.
   */
  static int ioThreads(long n, int threads) {
    return (int) Math.max(1, Math.min(threads, n / MIN_IO_SLICE_INTS));
  }

  /**
   * Threads that write the output: {@link #ioThreads}, or one where the type cannot write regions.
   */
  static int writers(long n, int threads, StreamType write) {
    return write.writesRegions() ? ioThreads(n, threads) : 1;
  }

  /** Where slice {@code p} of {@code parts} slices of {@code n} ints begins. */
  private static int slice(int p, int parts, int n) {
    return (int) ((long) n * p / parts);
  }

  /**
   * Sorts ascending: the radix sort on {@code threads} through {@code scratch} (as long as {@code
   * a}; null for the others), or {@code Arrays.sort}, or {@code Arrays.parallelSort} on {@code
   * threads} ({@link SliceSort} where it would run on one thread).
   */
  static void sort(int[] a, int[] scratch, RunSort runSort, int threads) throws IOException {
    if (runSort == RunSort.RADIX) {
      ParallelRadix.sort(a, scratch, threads);
      return;
    }
    if (!parallel(threads)) {
      Arrays.sort(a);
      return;
    }
    if (SliceSort.parallelSortIsSequential()) {
      SliceSort.sort(a, threads);
      return;
    }
    // parallelSort forks its tasks into the pool it is called from: this one, of threads workers.
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      pool.submit(() -> Arrays.parallelSort(a)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while sorting in memory");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    } finally {
      pool.shutdownNow();
    }
  }
}
