package org.secmem.sort;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A sorted run on disk: one file, or (runs formed with block I/O) consecutive segment files of
 * {@code segmentInts} ints each, named after {@code path}, so that a merge can delete each segment
 * as soon as it has read it. A cached run that is deleted before the kernel has written it back is
 * never written to the disk at all: with segments, the runs a merge has read stop counting against
 * the kernel's limit on dirty pages while the merge still writes its output.
 *
 * @param path its file, or the name its segments are named after
 * @param ints how many ints it holds
 * @param segmentInts ints per segment file (the last may hold fewer); at least {@code ints} for a
 *     run in one file
 * @param samples every {@code stride}-th int of it, to split merges by value range; null when the
 *     merges are not split
 */
record Run(Path path, long ints, long segmentInts, RunSamples samples) {

  Run {
    if (ints < 0 || segmentInts < 1) {
      throw new IllegalArgumentException(
          "a run of " + ints + " ints cannot have segments of " + segmentInts);
    }
  }

  /** A run in one file. */
  Run(Path path, long ints, RunSamples samples) {
    this(path, ints, Math.max(1, ints), samples);
  }

  /** How many files hold the run. */
  int segments() {
    return ints <= segmentInts ? 1 : Math.toIntExact((ints + segmentInts - 1) / segmentInts);
  }

  /** The file of segment {@code s}: {@link #path} itself for a run in one file. */
  Path file(int s) {
    return segments() == 1 ? path : path.resolveSibling(path.getFileName() + "." + s);
  }

  /** The segment holding int {@code i} of the run. */
  int segmentOf(long i) {
    return (int) (i / segmentInts);
  }

  /** The index in the run of segment {@code s}'s first int. */
  long segmentStart(int s) {
    return s * segmentInts;
  }

  /** The index in the run just past segment {@code s}'s last int. */
  long segmentEnd(int s) {
    return Math.min(ints, segmentStart(s) + segmentInts);
  }

  /** Every file of the run, in order. */
  List<Path> files() {
    List<Path> all = new ArrayList<>(segments());
    for (int s = 0; s < segments(); s++) {
      all.add(file(s));
    }
    return all;
  }
}
