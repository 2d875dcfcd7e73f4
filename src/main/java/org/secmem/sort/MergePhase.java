package org.secmem.sort;

import com.google.common.io.Closer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.secmem.fs.HeldFiles;
import org.secmem.stream.ReadStream;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.WriteStream;

/**
 * The merge passes: groups of up to d runs are merged, pass after pass, until one run is left. Each
 * merge runs on the sort's threads in one of two ways: split by value range (splitters from the
 * runs' samples cut every run, and each range of all runs is merged by its own thread into its own
 * region of the output, through region streams), or whole, with the groups of a pass merged side by
 * side. Every int is read and written through the sort's stream types, at the B the memory plan
 * gave the merges. Runs are deleted as soon as they are merged.
 */
final class MergePhase {

  private MergePhase() {}

  /**
   * Merges {@code runs} into one, written as the output in progress.
   *
   * @return the number of passes, run formation included
   */
  static int mergeAll(SortJob job, List<Run> runs) throws IOException {
    int d = job.spec.fanIn();
    int pass = 1;
    while (runs.size() > 1) {
      pass++;
      boolean last = runs.size() <= d;
      int p = pass;
      List<List<Run>> groups = new ArrayList<>();
      List<Path> targets = new ArrayList<>();
      for (int from = 0; from < runs.size(); from += d) {
        groups.add(runs.subList(from, Math.min(runs.size(), from + d)));
        targets.add(last ? job.work.outputInProgress() : job.work.newRun(p));
      }
      List<Run> next = new ArrayList<>(groups.size());
      if (job.tuning.parallelMerge()) {
        for (int g = 0; g < groups.size(); g++) {
          next.add(mergeSplit(job, groups.get(g), targets.get(g)));
          deleteAll(job, groups.get(g));
        }
      } else {
        // The plan's merge threads take the groups in turn, on the sort's own pool: a pool of
        // their own would end inside the clock, and threads that end take their CPU time with
        // them (see ProcessCpu).
        Run[] merged = new Run[groups.size()];
        AtomicInteger nextGroup = new AtomicInteger();
        List<Callable<Void>> workers = new ArrayList<>();
        for (int w = 0; w < Math.min(Math.max(1, job.memory.mergeThreads()), groups.size()); w++) {
          workers.add(
              () -> {
                for (int g = nextGroup.getAndIncrement();
                    g < merged.length;
                    g = nextGroup.getAndIncrement()) {
                  merged[g] = mergeWhole(job, groups.get(g), targets.get(g));
                  deleteAll(job, groups.get(g));
                }
                return null;
              });
        }
        Tasks.all(job.pool, workers);
        next.addAll(Arrays.asList(merged));
      }
      runs = next;
    }
    // Runs and segments are deleted on a thread of their own; the sort is done when they are gone.
    job.work.awaitDeletes();
    return pass;
  }

  private static void deleteAll(SortJob job, List<Run> group) throws IOException {
    for (Run r : group) {
      for (Path file : r.files()) {
        job.work.deleteInBackground(file);
      }
    }
  }

  /** Total ints of a group. */
  private static long total(List<Run> group) {
    long t = 0;
    for (Run r : group) {
      t += r.ints();
    }
    return t;
  }

  /** Merges a whole group in this thread into a new file. */
  static Run mergeWhole(SortJob job, List<Run> group, Path target) throws IOException {
    long total = total(group);
    long[] from = new long[group.size()];
    long[] to = new long[group.size()];
    for (int i = 0; i < to.length; i++) {
      to[i] = group.get(i).ints();
    }
    RunSamples samples = job.sampled() ? new RunSamples(total, SortMemory.SAMPLES_PER_RUN) : null;
    mergeRange(job, group, from, to, target, 0, total, true, samples);
    return new Run(target, total, samples);
  }

  /** Merges a group split by value range, one part per merge thread, into a new file. */
  static Run mergeSplit(SortJob job, List<Run> group, Path target) throws IOException {
    long total = total(group);
    int parts = (int) Math.max(1, Math.min(job.memory.mergeThreads(), total / 1024));
    if (parts == 1) {
      return mergeWhole(job, group, target);
    }
    boolean descending = job.descending();
    long[] splitters = Splitters.choose(group, parts, descending);
    int k = group.size();
    long[][] cuts = new long[parts + 1][];
    cuts[0] = new long[k];
    cuts[parts] = new long[k];
    for (int i = 0; i < k; i++) {
      cuts[parts][i] = group.get(i).ints();
    }
    for (int p = 1; p < parts; p++) {
      cuts[p] = new long[k];
      for (int i = 0; i < k; i++) {
        cuts[p][i] = Splitters.cut(job, group.get(i), splitters[p - 1], descending);
        // Splitters grow with p, so cuts do too; a cut never falls behind the one before.
        cuts[p][i] = Math.max(cuts[p][i], cuts[p - 1][i]);
      }
    }
    HeldFiles.sizeWorkFile(target, total * Integer.BYTES);
    RunSamples samples = new RunSamples(total, SortMemory.SAMPLES_PER_RUN);
    List<Callable<Long>> tasks = new ArrayList<>();
    long at = 0;
    for (int p = 0; p < parts; p++) {
      long[] from = cuts[p];
      long[] to = cuts[p + 1];
      long len = 0;
      for (int i = 0; i < k; i++) {
        len += to[i] - from[i];
      }
      long start = at;
      long length = len;
      at += len;
      if (len > 0) {
        tasks.add(() -> mergeRange(job, group, from, to, target, start, length, false, samples));
      }
    }
    Tasks.all(job.pool, tasks);
    return new Run(target, total, samples);
  }

  /**
   * Merges ints {@code [from[i], to[i])} of every run into ints {@code [at, at+len)} of the target:
   * the whole file (created) or a region of it (already sized).
   */
  private static long mergeRange(
      SortJob job,
      List<Run> group,
      long[] from,
      long[] to,
      Path target,
      long at,
      long len,
      boolean wholeFile,
      RunSamples samples)
      throws IOException {
    SortSpec s = job.spec;
    StreamOptions options = job.mergeOptions();
    boolean perInt = !job.tuning.blockIo();
    Closer closer = Closer.create();
    ExecutorService prefetch = null;
    ExecutorService writer = null;
    try {
      if (job.tuning.overlap() && !perInt) {
        prefetch = Tasks.single("secmem-prefetch");
        writer = Tasks.single("secmem-write-behind");
      }
      List<RunCursor> cursors = new ArrayList<>();
      for (int i = 0; i < group.size(); i++) {
        if (to[i] > from[i]) {
          // Each segment of a run read to its end here is deleted: no other merge reads it.
          ReadStream in =
              closer.register(RunReader.open(job, group.get(i), options, from[i], to[i], true));
          cursors.add(new StreamCursor(in, job.mergeBlockInts(), perInt, prefetch));
        }
      }
      WriteStream out =
          closer.register(
              wholeFile
                  ? job.streams.createWriter(s.writeType(), target, options)
                  : job.streams.createRegionWriter(s.writeType(), target, options, at, len));
      StreamSink sink = new StreamSink(out, job.mergeBlockInts(), perInt, writer, samples, at);
      long written =
          job.tuning
              .merger()
              .merge(
                  cursors.toArray(new RunCursor[0]),
                  sink,
                  job.descending(),
                  job.memory.radixCapacity());
      sink.finish();
      if (written != len) {
        throw new IOException(
            "a merge into "
                + target
                + " wrote "
                + written
                + " ints where "
                + len
                + " were expected (a run changed while it was merged?)");
      }
      return written;
    } catch (Throwable e) {
      throw closer.rethrow(e, IOException.class);
    } finally {
      // The read-ahead and write-behind threads use the streams: they stop before any closes.
      try {
        Tasks.stop(prefetch, writer);
      } finally {
        closer.close();
      }
    }
  }
}
