package org.secmem.sort;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.secmem.data.Checksum;
import org.secmem.stream.ReadStream;
import org.secmem.stream.WriteStream;

/**
 * The first pass: the input is cut into runs of the memory plan's length; workers take the next
 * uncut run, read exactly that region of the input through their own stream, sort it in memory and
 * write it through their own stream. No stage waits for another, so the pass scales with the
 * workers (a reader → sorter → writer pipeline is bounded by its slowest stage). With one worker
 * and one call per int this is the seed reports' run formation, int for int.
 */
final class RunFormation {

  /** Ints read and summed at a time: 256 KiB, which stays in a core's L2 cache. */
  private static final int SUM_PIECE_INTS = 1 << 16;

  private RunFormation() {}

  /**
   * Forms the runs, in input order; a single run is written as the output in progress.
   *
   * @param checksum receives every int read from the input
   */
  static List<Run> form(SortJob job, Checksum checksum) throws IOException {
    long runInts = job.memory.runInts();
    long count = job.memory.runs();
    // SortMemory.requireHeap bounds the runs (MAX_RUNS) before a sort starts.
    Run[] runs = new Run[Math.toIntExact(count)];
    AtomicLong next = new AtomicLong();
    int size = (int) Math.min(runInts, Math.max(job.n, 1));
    int perWorker = job.tuning.runSort().needsScratch() ? 2 : 1;
    int[][] arrays = LargeArrays.allocate(job.memory.workers() * perWorker, size);
    List<Callable<Long>> workers = new ArrayList<>();
    for (int w = 0; w < job.memory.workers(); w++) {
      int[] run = arrays[w * perWorker];
      int[] scratch = perWorker == 2 ? arrays[w * perWorker + 1] : null;
      workers.add(() -> work(job, next, count, runInts, runs, run, scratch));
    }
    long sum = 0;
    for (long s : Tasks.all(job.pool, workers)) {
      sum += s;
    }
    checksum.addMixed(sum, job.n);
    return Arrays.asList(runs);
  }

  /**
   * One worker: takes runs until none is left, each read into {@code run} and sorted there (with
   * {@code scratch} for the radix sort); returns the mix sum of the ints it read.
   */
  private static long work(
      SortJob job, AtomicLong next, long count, long runInts, Run[] runs, int[] run, int[] scratch)
      throws IOException {
    RunSort sort = job.tuning.runSort();
    long sum = 0;
    for (long c = next.getAndIncrement(); c < count; c = next.getAndIncrement()) {
      if (Thread.interrupted()) {
        throw new InterruptedIOException("interrupted while forming runs");
      }
      long from = c * runInts;
      long to = Math.min(job.n, from + runInts);
      int len = (int) (to - from);
      sum += read(job.streams, job.spec, job.tuning.blockIo(), from, to, run, 0);
      sort.sort(run, scratch, len);
      // With block I/O the array is put in the output's order, then written in one call.
      boolean reversed = job.tuning.blockIo() && job.descending();
      if (reversed) {
        reverse(run, len);
      }
      Path path = count == 1 ? job.work.outputInProgress() : job.work.newRun(1);
      // The output is one file; runs formed a block at a time go out as segments (see Run).
      long segmentInts = count == 1 ? Math.max(1, len) : job.segmentInts;
      Run formed = new Run(path, len, segmentInts, null);
      for (int seg = 0; seg < formed.segments(); seg++) {
        int off = (int) formed.segmentStart(seg);
        write(
            job.streams,
            job.spec,
            job.tuning.blockIo(),
            formed.file(seg),
            run,
            off,
            (int) formed.segmentEnd(seg) - off,
            job.descending() && !reversed);
      }
      RunSamples samples = null;
      if (job.sampled()) {
        samples = new RunSamples(len, SortMemory.SAMPLES_PER_RUN);
        if (job.descending() && !reversed) {
          for (int j = 0; j < samples.count(); j++) {
            samples.record(j * samples.stride(), run[len - 1 - (int) (j * samples.stride())]);
          }
        } else {
          samples.record(0, run, 0, len);
        }
      }
      runs[(int) c] = new Run(path, len, segmentInts, samples);
    }
    return sum;
  }

  /**
   * Reads ints {@code [from, to)} of the input into {@code run[at..at + to - from)} through the
   * spec's read stream, a block per call with {@code blockIo}, else one {@code readNext} per int;
   * returns their mix sum. Also the in-memory sort's read, so both algorithms read alike.
   */
  static long read(
      StreamFactory streams, SortSpec s, boolean blockIo, long from, long to, int[] run, int at)
      throws IOException {
    int end = at + (int) (to - from);
    long sum = 0;
    try (ReadStream in = streams.openReader(s.readType(), s.input(), s.options(), from, to)) {
      if (blockIo) {
        // A piece at a time, each summed while it is still in cache: summing the whole run
        // after reading it would be one more pass over main memory.
        int got = at;
        while (got < end) {
          int r = in.read(run, got, Math.min(end - got, SUM_PIECE_INTS));
          if (r <= 0) {
            throw new EOFException(
                s.input() + " ended early (shorter than when the sort" + " began?)");
          }
          for (int i = got, e = got + r; i < e; i++) {
            sum += Checksum.mix(run[i]);
          }
          got += r;
        }
      } else {
        for (int i = at; i < end; i++) {
          int v = in.readNext();
          sum += Checksum.mix(v);
          run[i] = v;
        }
      }
    }
    return sum;
  }

  /**
   * Writes {@code run[off..off+len)} to {@code path} through the spec's write stream, from the end
   * when {@code backwards} (one call per int; with {@code blockIo} the run is already in order).
   */
  static void write(
      StreamFactory streams,
      SortSpec s,
      boolean blockIo,
      Path path,
      int[] run,
      int off,
      int len,
      boolean backwards)
      throws IOException {
    try (WriteStream out = streams.createWriter(s.writeType(), path, s.options())) {
      write(out, blockIo, run, off, len, backwards);
    }
  }

  /** Writes {@code run[off..off+len)} to {@code out}, from the end when {@code backwards}. */
  static void write(
      WriteStream out, boolean blockIo, int[] run, int off, int len, boolean backwards)
      throws IOException {
    if (blockIo) {
      out.write(run, off, len);
    } else if (backwards) {
      for (int i = off + len - 1; i >= off; i--) {
        out.write(run[i]);
      }
    } else {
      for (int i = off; i < off + len; i++) {
        out.write(run[i]);
      }
    }
  }

  static void reverse(int[] a, int len) {
    for (int i = 0, j = len - 1; i < j; i++, j--) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
