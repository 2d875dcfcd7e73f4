package org.secmem.admission;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.secmem.runner.BadInputException;
import org.secmem.sort.CostModel;
import org.secmem.sort.WorkDirectory;
import org.secmem.units.Units;

/**
 * Whether the disks hold what a run will write, before it starts: the one place that reads a file
 * system's free space to refuse a run ({@code ArchitectureTest} holds every other reader to
 * recording it). {@link #UNCHECKED} is {@code --skip-disk-check}'s, for file systems whose free
 * space is not what they can hold.
 */
public final class DiskSpace {

  /** Refuses a run the disk cannot hold. */
  public static final DiskSpace CHECKED = new DiskSpace(false);

  /** Refuses nothing for lack of disk. */
  public static final DiskSpace UNCHECKED = new DiskSpace(true);

  private final boolean skip;

  private DiskSpace(boolean skip) {
    this.skip = skip;
  }

  /** {@link #UNCHECKED} when {@code skip}, else {@link #CHECKED}. */
  public static DiskSpace of(boolean skip) {
    return skip ? UNCHECKED : CHECKED;
  }

  /**
   * Refuses a run that will write {@code bytes} into {@code dir} (or the nearest folder above it
   * that exists) when its file system has less free.
   *
   * @param what what needs the space, for the message, e.g. "the sorted output"
   * @throws BadInputException naming the folder, what needs the space, the need and the free space
   */
  public void check(Path dir, long bytes, String what) throws IOException {
    if (skip) {
      return;
    }
    Path existing = dir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return;
    }
    FileStore store = Files.getFileStore(existing);
    if (store.getTotalSpace() == 0) {
      return; // a file system that states no size (ramfs): memory is its limit, not blocks
    }
    long usable = store.getUsableSpace();
    if (bytes > usable) {
      throw new BadInputException(
          "not enough free disk in "
              + existing
              + ": "
              + what
              + " needs "
              + Units.bytes(bytes)
              + ", "
              + Units.bytes(usable)
              + " free");
    }
  }

  /**
   * Refuses a sort the disks cannot hold at its peak: the in-memory sort's output (in a work folder
   * first when there are any), else the runs and the output beside them, or each work folder's
   * share of the runs, folders on one file system checked together.
   *
   * @param generatedInput whether the input is generated into the output's folder first
   * @param stores each work folder's file system, where it can be told ({@link
   *     WorkDirectory#fileStore})
   */
  public void sort(
      boolean inMemory,
      long ints,
      boolean generatedInput,
      Path outDir,
      List<Path> work,
      List<Optional<FileStore>> stores)
      throws IOException {
    long data = ints * Integer.BYTES;
    long generated = generatedInput ? data : 0;
    if (inMemory) {
      // No runs: the output is written in a work folder (beside it by default), then moved.
      if (!work.isEmpty()) {
        Path first = work.get(WorkDirectory.outputFolder(work, outDir));
        check(first, data, "the sorted output in progress");
      }
      check(outDir, data + generated, "the sorted output");
    } else if (work.isEmpty()) {
      check(
          outDir,
          CostModel.peakDiskBytes(ints) + generated,
          "the sort (runs and output beside it)");
    } else {
      long[] needs =
          CostModel.peakDiskBytes(ints, work.size(), WorkDirectory.outputFolder(work, outDir));
      // Folders on one file system share its free space: check their needs together.
      Map<Integer, Long> needByFirst = new LinkedHashMap<>();
      for (int i = 0; i < work.size(); i++) {
        int first = stores.get(i).isEmpty() ? i : stores.indexOf(stores.get(i));
        needByFirst.merge(first, needs[i], Long::sum);
      }
      for (Map.Entry<Integer, Long> e : needByFirst.entrySet()) {
        check(
            work.get(e.getKey()),
            e.getValue(),
            work.size() == 1
                ? "the sort's runs"
                : "the sort's runs in the work folders on this file system");
      }
      check(outDir, data + generated, "the sorted output");
    }
  }

  /**
   * What to say when work folders share a file system: their runs then share one disk's bandwidth,
   * and the sort measures spreading over folders, not over disks.
   *
   * @param option the way in's name for the work folders, e.g. {@code --work-dir}
   */
  public static Optional<String> sharedDisks(
      String option, List<Path> work, List<Optional<FileStore>> stores) {
    for (int i = 0; i < work.size(); i++) {
      int first = stores.indexOf(stores.get(i));
      if (stores.get(i).isPresent() && first < i) {
        return Optional.of(
            option
                + ": "
                + work.get(i)
                + " is on the same file system ("
                + stores.get(i).get().name()
                + ") as "
                + work.get(first)
                + ": their runs share one disk's bandwidth");
      }
    }
    return Optional.empty();
  }
}
