package org.secmem.sort;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import org.secmem.units.Units;

/**
 * The in-memory baseline of the sort experiment: all N ints of the input read into one {@code
 * int[]} through the read stream, sorted by the tuning's run sort ({@link Arrays#sort(int[])} on
 * one thread or {@link Arrays#parallelSort(int[])} on {@code threads}; or the run sort's radix sort
 * on {@code threads}, {@link ParallelRadix}), and written through the write stream, one call per
 * int or a block per call as the tuning says, into a work folder and moved into place when complete
 * — the merge sort's single-run case with M = N. Its memory is the array, 4N bytes (8N with the
 * parallel or radix sort's scratch), so it only runs when {@link #requireHeap} admits it.
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
   * through a scratch array as large, and for the radix sort, which scatters into one), the two
   * streams' buffers, and the JVM's overhead as in {@link SortMemory}.
   */
  public static long requiredHeapBytes(
      long n, RunSort runSort, int threads, int b, StreamType read, StreamType write) {
    return arrayBytes(n, runSort, threads)
        + SortMemory.streamBytes(read, b, true)
        + SortMemory.streamBytes(write, b, false)
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
      int[] a = new int[(int) n];
      Checksum checksum = new Checksum();
      checksum.addMixed(RunFormation.read(streams, spec, tuning.blockIo(), 0, n, a, a.length), n);
      sort(a, tuning.runSort(), tuning.threads());
      boolean descending = spec.order() == SortOrder.DESCENDING;
      if (descending && tuning.blockIo()) {
        RunFormation.reverse(a, a.length);
      }
      long sorted = System.nanoTime();
      ProcessCpu.Sample cpuSorted = ProcessCpu.sample();
      RunFormation.write(
          counted,
          spec,
          tuning.blockIo(),
          work.outputInProgress(),
          a,
          0,
          a.length,
          descending && !tuning.blockIo());
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
   * Sorts ascending: the radix sort on {@code threads}, or {@code Arrays.sort}, or {@code
   * Arrays.parallelSort} on {@code threads} ({@link SliceSort} where it would run on one thread).
   */
  static void sort(int[] a, RunSort runSort, int threads) throws IOException {
    if (runSort == RunSort.RADIX) {
      ParallelRadix.sort(a, new int[a.length], threads);
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
