package org.secmem.sort;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import org.secmem.data.Checksum;
import org.secmem.data.SortOrder;
import org.secmem.stream.ReadStream;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;

/**
 * The seed reports' external d-way merge sort, kept as they measure it: run formation reads M ints
 * with one {@code readNext} call each, sorts them with {@link Arrays#sort(int[], int, int)} and
 * writes the run with one {@code write} call per int; merge passes combine up to d runs at a time
 * through a {@link PriorityQueue} of stream heads, pass by pass, until one run is left, which is
 * moved into place as the output. Runs are deleted as soon as they have been merged.
 *
 * <p>Memory: one array of min(M, N) ints in run formation (released before merging), d + 1 stream
 * buffers of B bytes in a merge. Disk: at most two copies of the data beside the input.
 */
public final class ClassicMergeSorter implements ExternalSorter {

  private final StreamFactory streams;
  private final TempRegistry temps;

  public ClassicMergeSorter() {
    this(StreamFactory.standard(), TempRegistry.none());
  }

  public ClassicMergeSorter(StreamFactory streams) {
    this(streams, TempRegistry.none());
  }

  /**
   * @param temps told of the work folder while it exists, so an interrupt handler can remove it
   */
  public ClassicMergeSorter(StreamFactory streams, TempRegistry temps) {
    this.streams = streams;
    this.temps = temps;
  }

  @Override
  public SortStats sort(SortSpec spec, SortProgress progress) throws IOException {
    long n = Streams.intCount(spec.input());
    int b = spec.options().bufferBytes();
    MemoryCheck.requireHeapFor(spec.memoryInts(), n, spec.fanIn(), b);
    Path parent = spec.workDir().orElse(spec.output().toAbsolutePath().getParent());
    // Leftovers of sorts killed before they could clean up (kill -9, power loss).
    WorkDirectory.removeStale(parent);
    long start = System.nanoTime();
    long cpuStart = ProcessCpu.nanos();
    try (WorkDirectory work = WorkDirectory.create(parent, temps)) {
      return sortIn(work, spec, n, start, cpuStart, progress);
    } catch (IOException e) {
      // Say where: a bare "No space left on device" does not tell which disk filled up.
      throw new IOException("sorting " + spec.input() + " with runs in " + parent + ": "
          + e.getMessage(), e);
    }
  }

  private SortStats sortIn(WorkDirectory work, SortSpec spec, long n, long start, long cpuStart,
      SortProgress progress) throws IOException {
    Checksum checksum = new Checksum();
    long expectedRuns = CostModel.runs(n, spec.memoryInts());
    int mergePasses = CostModel.mergePasses(expectedRuns, spec.fanIn());

    List<Path> runs = formRuns(spec, n, work, checksum, mergePasses == 0, progress);
    long formedRuns = runs.size();
    long formed = System.nanoTime();
    long cpuFormed = ProcessCpu.nanos();

    int pass = 1;
    while (runs.size() > 1) {
      pass++;
      boolean last = runs.size() <= spec.fanIn();
      runs = mergePass(spec, runs, pass, mergePasses + 1, work, last, n, progress);
    }
    moveIntoPlace(runs.get(0), spec.output());
    long end = System.nanoTime();
    long bytes = n * Integer.BYTES * (long) pass;
    return new SortStats(n, formedRuns, pass, formed - start, end - formed, end - start,
        checksum, bytes, bytes, ProcessCpu.between(cpuStart, cpuFormed),
        ProcessCpu.between(cpuFormed, ProcessCpu.nanos()));
  }

  /** Pass 1: runs of M ints, sorted in memory. A single run is written as the output itself. */
  private List<Path> formRuns(SortSpec spec, long n, WorkDirectory work, Checksum checksum,
      boolean onlyRun, SortProgress progress) throws IOException {
    List<Path> runs = new ArrayList<>();
    int[] buf = new int[(int) Math.min(spec.memoryInts(), Math.max(n, 1))];
    boolean descending = spec.order() == SortOrder.DESCENDING;
    long sum = 0;
    try (ReadStream in = streams.openReader(spec.readType(), spec.input(), spec.options())) {
      long remaining = n;
      do {
        int len = (int) Math.min(buf.length, remaining);
        for (int i = 0; i < len; i++) {
          int v = in.readNext();
          sum += Checksum.mix(v);
          buf[i] = v;
        }
        remaining -= len;
        Arrays.sort(buf, 0, len);
        Path run = onlyRun ? work.outputInProgress() : work.newRun(1);
        runs.add(run);
        try (WriteStream out = streams.createWriter(spec.writeType(), run, spec.options())) {
          if (descending) {
            for (int i = len - 1; i >= 0; i--) {
              out.write(buf[i]);
            }
          } else {
            for (int i = 0; i < len; i++) {
              out.write(buf[i]);
            }
          }
        }
        progress.update("run formation", n - remaining, n);
      } while (remaining > 0);
    }
    checksum.addMixed(sum, n);
    return runs;
  }

  /** One merge pass: groups of up to d runs, each merged into one run of the next pass. */
  private List<Path> mergePass(SortSpec spec, List<Path> runs, int pass, int passes,
      WorkDirectory work, boolean last, long n, SortProgress progress) throws IOException {
    List<Path> next = new ArrayList<>();
    long done = 0;
    for (int from = 0; from < runs.size(); from += spec.fanIn()) {
      List<Path> group = runs.subList(from, Math.min(runs.size(), from + spec.fanIn()));
      Path out = last ? work.outputInProgress() : work.newRun(pass);
      done += merge(spec, group, out);
      for (Path merged : group) {
        work.delete(merged);
      }
      next.add(out);
      progress.update("merge pass " + (pass - 1) + " of " + (passes - 1), done, n);
    }
    return next;
  }

  /** Merges sorted runs into {@code target} through a priority queue of their heads. */
  private long merge(SortSpec spec, List<Path> group, Path target) throws IOException {
    Comparator<Head> byValue = Comparator.comparingInt(h -> h.value);
    if (spec.order() == SortOrder.DESCENDING) {
      byValue = byValue.reversed();
    }
    PriorityQueue<Head> heads = new PriorityQueue<>(group.size(), byValue);
    Deque<ReadStream> open = new ArrayDeque<>();
    long written = 0;
    try {
      for (Path run : group) {
        ReadStream in = streams.openReader(spec.readType(), run, spec.options());
        open.push(in);
        if (!in.endOfStream()) {
          heads.add(new Head(in.readNext(), in));
        }
      }
      try (WriteStream out = streams.createWriter(spec.writeType(), target, spec.options())) {
        while (!heads.isEmpty()) {
          Head h = heads.poll();
          out.write(h.value);
          written++;
          if (!h.stream.endOfStream()) {
            h.value = h.stream.readNext();
            heads.add(h);
          }
        }
      }
    } finally {
      closeAll(open);
    }
    return written;
  }

  private static void closeAll(Deque<ReadStream> open) throws IOException {
    IOException first = null;
    while (!open.isEmpty()) {
      try {
        open.pop().close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  /** Renames the finished file over the output (atomically where the file system can). */
  static void moveIntoPlace(Path from, Path to) throws IOException {
    Path parent = to.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      // Another file system (--work-dir elsewhere): copy beside the output, then rename there.
      Path beside = parent.resolve("." + to.getFileName() + ".part");
      try {
        Files.move(from, beside, StandardCopyOption.REPLACE_EXISTING);
        Files.move(beside, to, StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(beside);
      }
    }
  }

  /** A run's current first int and its stream. */
  private static final class Head {
    int value;
    final ReadStream stream;

    Head(int value, ReadStream stream) {
      this.value = value;
      this.stream = stream;
    }
  }
}
