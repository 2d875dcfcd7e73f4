package org.secmem.sort;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import org.secmem.data.Checksum;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.Streams;

/**
 * The external d-way merge sort, composed of its parts: a {@link SortMemory} plan, {@link
 * RunFormation} (workers on regions of the input), {@link MergePhase} (passes of merges, split by
 * value range or side by side) with a {@link Merger}, and a {@link WorkDirectory} that is removed
 * whatever happens. {@code classic} and {@code fast} are two {@link SortTuning}s of this one class.
 * Every byte is read and written through the {@link StreamFactory}'s streams.
 */
public final class MergeSort implements ExternalSorter {

  private final SortTuning tuning;
  private final StreamFactory streams;
  private final TempRegistry temps;
  private final long fewestSegmentInts;

  public MergeSort(SortTuning tuning) {
    this(tuning, StreamFactory.standard(), TempRegistry.none());
  }

  /**
   * @param temps told of the work folder while it exists, so an interrupt handler can remove it
   */
  public MergeSort(SortTuning tuning, StreamFactory streams, TempRegistry temps) {
    this(tuning, streams, temps, SortMemory.MIN_SEGMENT_INTS);
  }

  /**
   * A sort whose runs are cut into segment files of at least {@code fewestSegmentInts} ints: tests
   * cut small runs too, so that reads across segments are exercised at small N.
   */
  MergeSort(SortTuning tuning, StreamFactory streams, TempRegistry temps, long fewestSegmentInts) {
    this.tuning = tuning;
    this.streams = streams;
    this.temps = temps;
    this.fewestSegmentInts = fewestSegmentInts;
  }

  public SortTuning tuning() {
    return tuning;
  }

  /** The memory plan of sorting {@code n} ints with these choices. */
  public SortMemory plan(SortSpec spec, long n) {
    return SortMemory.plan(
        tuning,
        n,
        spec.memoryInts(),
        spec.fanIn(),
        spec.options().bufferBytes(),
        spec.readType(),
        spec.writeType(),
        spec.mergeReadType());
  }

  @Override
  public SortStats sort(SortSpec spec) throws IOException {
    if (tuning.parallelMerge() && !Streams.writesRegions(spec.writeType())) {
      throw new IllegalArgumentException(
          "the parallel merge writes regions of a file, which "
              + spec.writeType()
              + " streams cannot; choose another write stream or no parallel merge");
    }
    long n = Streams.intCount(spec.input());
    SortMemory memory = plan(spec, n);
    memory.requireHeap(
        SortMemory.maxHeap(), spec.memoryInts(), spec.fanIn(), spec.options().bufferBytes());
    // Leftovers of sorts killed before they could clean up (kill -9, power loss).
    WorkDirectory.removeStale(spec.workParents());
    HeapPeak.reset();
    long start = System.nanoTime();
    // Per-thread CPU clocks (about 1 µs), read at the phase boundaries: ~0.4 ms of CPU each.
    ProcessCpu.Sample cpuStart = ProcessCpu.sample();
    ExecutorService pool = Tasks.pool("secmem-sort", tuning.threads());
    try (WorkDirectory work = WorkDirectory.create(spec, temps)) {
      SortJob job =
          new SortJob(
              spec, tuning, memory, work.counting(streams), work, pool, n, fewestSegmentInts);
      Checksum checksum = new Checksum();
      List<Run> runs = RunFormation.form(job, checksum);
      long formed = System.nanoTime();
      ProcessCpu.Sample cpuFormed = ProcessCpu.sample();
      int passes = MergePhase.mergeAll(job, runs);
      WorkDirectory.moveIntoPlace(work.outputInProgress(), spec.output());
      long end = System.nanoTime();
      WorkDirectory.Tally tally = work.tally();
      long bytes = n * Integer.BYTES * (long) passes;
      return new SortStats(
          n,
          runs.size(),
          passes,
          formed - start,
          end - formed,
          end - start,
          checksum,
          bytes,
          bytes,
          ProcessCpu.between(cpuStart, cpuFormed),
          ProcessCpu.between(cpuFormed, ProcessCpu.sample()),
          memory,
          HeapPeak.bytes(),
          tally);
    } catch (OutOfMemoryError e) {
      // The memory model admitted this sort, so this is a defect of the model: say so plainly.
      throw SortFailures.outOfHeap(
          spec, "", memory.requiredHeapBytes(), "use a smaller M or a larger -Xmx", e);
    } catch (InternalError e) {
      // A mapped stream's SIGBUS (input truncated while read, disk full under a mapping) that
      // surfaced here rather than inside the stream: an I/O failure, not a crash.
      throw Streams.mappingFault(e, spec.inputAndWorkParents());
    } catch (IOException e) {
      throw SortFailures.at(spec, " with runs in", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
