package org.secmem.sort;

import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.secmem.stream.ReadStream;

/**
 * Where a merge split by value range cuts its runs: splitter keys that share the group's ints
 * evenly, chosen from the runs' samples (each sample stands for the ints up to the next one), and
 * each run's cut, found between two samples with one short read of that run.
 */
final class Splitters {

  private Splitters() {}

  /** {@code parts - 1} ascending keys (in the merge's order) cutting the group into even shares. */
  static long[] choose(List<Run> group, int parts, boolean descending) {
    int count = 0;
    for (Run r : group) {
      count += r.samples().count();
    }
    long[] keys = new long[count];
    long[] weights = new long[count];
    int at = 0;
    long total = 0;
    for (Run r : group) {
      RunSamples s = r.samples();
      for (int j = 0; j < s.count(); j++) {
        keys[at] = Merges.key(s.value(j), descending);
        weights[at] = Math.min(s.stride(), s.ints() - j * s.stride());
        total += weights[at];
        at++;
      }
    }
    Integer[] order = new Integer[count];
    for (int i = 0; i < count; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingLong(i -> keys[i]));
    long[] out = new long[parts - 1];
    long seen = 0;
    int i = 0;
    for (int p = 1; p < parts; p++) {
      long target = total * p / parts;
      while (i < count - 1 && seen + weights[order[i]] < target) {
        seen += weights[order[i]];
        i++;
      }
      out[p - 1] = count == 0 ? Long.MIN_VALUE : keys[order[i]];
    }
    return out;
  }

  /** The first index of {@code run} whose key is above {@code splitter}. */
  static long cut(SortJob job, Run run, long splitter, boolean descending) throws IOException {
    RunSamples s = run.samples();
    int lo = 0;
    int hi = s.count();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Merges.key(s.value(mid), descending) <= splitter) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    // Sample lo is the first above the splitter: the cut lies after sample lo - 1, at the latest
    // at sample lo (or the run's end).
    if (lo == 0) {
      return 0;
    }
    long from = (lo - 1) * s.stride() + 1;
    long to = lo == s.count() ? run.ints() : lo * s.stride();
    if (from >= to) {
      return to;
    }
    try (ReadStream in = RunReader.open(job, run, job.mergeOptions(), from, to, false)) {
      int[] block = new int[(int) Math.min(to - from, job.mergeBlockInts())];
      long index = from;
      while (index < to) {
        int n;
        if (job.tuning.blockIo()) {
          n = in.read(block, 0, block.length);
        } else {
          n = 0;
          while (n < block.length && !in.endOfStream()) {
            block[n++] = in.readNext();
          }
        }
        if (n <= 0) {
          throw new EOFException(run.path() + " ended early");
        }
        for (int j = 0; j < n; j++) {
          if (Merges.key(block[j], descending) > splitter) {
            return index + j;
          }
        }
        index += n;
      }
    }
    return to;
  }
}
