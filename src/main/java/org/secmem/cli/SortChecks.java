package org.secmem.cli;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.secmem.runner.BadInputException;
import org.secmem.sort.CostModel;
import org.secmem.sort.WorkDirectory;

/**
 * The checks of {@code secmem sort} that are about its files rather than its parameters: its input,
 * its work folders and the disk the sort needs in them (whether its configuration can run here is
 * {@link org.secmem.admission.Admission}'s).
 */
final class SortChecks {

  private SortChecks() {}

  static void requireReadable(Path in) {
    if (!Files.isRegularFile(in)) {
      throw new BadInputException("--in: " + in + " does not exist or is not a file");
    }
    if (!Files.isReadable(in)) {
      throw new BadInputException("--in: " + in + " is not readable");
    }
  }

  /**
   * What to say when work folders share a file system: their runs then share one disk's bandwidth,
   * and the sort measures spreading over folders, not over disks.
   */
  static Optional<String> sharedDisks(List<Path> work, List<Optional<FileStore>> stores) {
    for (int i = 0; i < work.size(); i++) {
      int first = stores.indexOf(stores.get(i));
      if (stores.get(i).isPresent() && first < i) {
        return Optional.of(
            "--work-dir: "
                + work.get(i)
                + " is on the same file system ("
                + stores.get(i).get().name()
                + ") as "
                + work.get(first)
                + ": their runs share one"
                + " disk's bandwidth");
      }
    }
    return Optional.empty();
  }

  /**
   * The folders of every {@code --work-dir}, each a comma-separated list; an empty name ("a,",
   * "a,,b") is refused rather than read as the current folder or dropped.
   */
  static List<Path> workFolders(List<String> options) {
    List<Path> out = new ArrayList<>();
    for (String option : options == null ? List.<String>of() : options) {
      for (String name : option.split(",", -1)) {
        if (name.isBlank()) {
          throw new BadInputException(
              "--work-dir: '"
                  + option
                  + "' has an empty folder name"
                  + " (write DIR or DIR,DIR,...)");
        }
        try {
          out.add(Path.of(name.trim()));
        } catch (InvalidPathException e) {
          throw new BadInputException(
              "--work-dir: '" + name + "' is not a folder name: " + e.getReason());
        }
      }
    }
    return List.copyOf(out);
  }

  /**
   * Refuses a sort the disks cannot hold at its peak: the in-memory sort's output (in a work folder
   * first when there are any), else the runs and the output beside them, or each work folder's
   * share of the runs, folders on one file system checked together.
   *
   * @param generatedInput whether the input is generated into the output's folder first
   */
  static void checkDisk(
      CommonOptions common,
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
        common.checkDisk(first, data, "the sorted output in progress");
      }
      common.checkDisk(outDir, data + generated, "the sorted output");
    } else if (work.isEmpty()) {
      common.checkDisk(
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
        common.checkDisk(
            work.get(e.getKey()),
            e.getValue(),
            work.size() == 1
                ? "the sort's runs"
                : "the sort's runs in the work folders on this file system");
      }
      common.checkDisk(outDir, data + generated, "the sorted output");
    }
  }
}
