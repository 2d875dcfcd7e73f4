package org.secmem.sort;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.data.SortOrder;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * What to sort and how.
 *
 * @param input the file of ints to sort (left unchanged)
 * @param output where the sorted file goes; it appears only when complete
 * @param memoryInts M: ints sorted in memory per run, 1 .. 2^31 - 9 (one Java array)
 * @param fanIn d: runs merged at once, at least 2
 * @param readType stream type reading the input
 * @param writeType stream type writing the runs and the output
 * @param mergeReadType stream type the merges read the runs with
 * @param options B and sync for every stream
 * @param order ascending or descending
 * @param workDirs where the work folders of runs are made, runs spread over them in turn (one per
 *     disk); empty: one beside the output
 */
public record SortSpec(
    Path input,
    Path output,
    long memoryInts,
    int fanIn,
    StreamType readType,
    StreamType writeType,
    StreamType mergeReadType,
    StreamOptions options,
    SortOrder order,
    List<Path> workDirs) {

  /** A sort whose merges read the runs as the input is read. */
  public SortSpec(
      Path input,
      Path output,
      long memoryInts,
      int fanIn,
      StreamType readType,
      StreamType writeType,
      StreamOptions options,
      SortOrder order,
      List<Path> workDirs) {
    this(input, output, memoryInts, fanIn, readType, writeType, readType, options, order, workDirs);
  }

  public static final long MAX_MEMORY_INTS = Integer.MAX_VALUE - 8;

  /** The same path, or (when both exist) the same file through a link or another name. */
  private static boolean sameFile(Path a, Path b) {
    if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
      return true;
    }
    try {
      return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  public SortSpec {
    if (input == null || output == null) {
      throw new IllegalArgumentException("input and output must be given");
    }
    if (memoryInts < 1 || memoryInts > MAX_MEMORY_INTS) {
      throw new IllegalArgumentException(
          "memoryInts (" + memoryInts + ") must be between 1 and " + MAX_MEMORY_INTS);
    }
    if (fanIn < 2) {
      throw new IllegalArgumentException("fanIn (" + fanIn + ") must be >= 2");
    }
    if (readType == null
        || writeType == null
        || mergeReadType == null
        || options == null
        || order == null
        || workDirs == null) {
      throw new IllegalArgumentException("stream types, options, order and workDirs must be given");
    }
    workDirs = List.copyOf(workDirs);
    if (sameFile(input, output)) {
      throw new IllegalArgumentException(
          "output " + output + " is the input file; write the output elsewhere");
    }
  }

  /** The folders the work folders go in: those given, or the output's folder. */
  public List<Path> workParents() {
    return workDirs.isEmpty() ? List.of(output.toAbsolutePath().getParent()) : workDirs;
  }

  /** The input and the work folders' parents: the paths a failure message names. */
  public List<Path> inputAndWorkParents() {
    List<Path> all = new ArrayList<>(List.of(input));
    all.addAll(workParents());
    return List.copyOf(all);
  }

  /** The work folders' parents as a message says them: {@code /a, /b}. */
  public String workParentsText() {
    return String.join(", ", workParents().stream().map(Path::toString).toList());
  }
}
