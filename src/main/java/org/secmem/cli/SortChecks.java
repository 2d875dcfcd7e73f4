package org.secmem.cli;

import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.secmem.sort.SortMemory;
import picocli.CommandLine;

/**
 * The checks of {@code secmem sort} that need only their arguments: options that do not apply to
 * the sort asked for, its input, its work folders and the files it holds open.
 */
final class SortChecks {

  private SortChecks() {}

  /** Options of the merge sort that the buffer tree has no use for. */
  static final List<String> MERGE_ONLY_OPTIONS = List.of("--d", "--merger", "--run-sort",
      "--overlap", "--parallel-merge");

  /** Options of secmem's own sort, which another engine does not have. */
  static final List<String> OWN_SORT_OPTIONS = List.of("--preset", "--d",
      "--read-stream", "--write-stream", "--b", "--merger", "--run-sort", "--overlap",
      "--no-overlap", "--parallel-merge", "--no-parallel-merge", "--threads", "--algorithm",
      "--fanout", "--b-over-m", "--arrival-ns");

  /**
   * Refuses any of {@code options} given on {@code cmd}, saying {@code why}; a negatable option
   * is named in both forms ({@code --[no-]overlap}), either having matched.
   */
  static void refuse(CommandLine cmd, List<String> options, String why) {
    for (String option : options) {
      if (cmd.getParseResult().hasMatchedOption(option)) {
        CommandLine.Model.OptionSpec spec = cmd.getCommandSpec().findOption(option);
        String named = spec != null && spec.negatable() ? "--[no-]" + option.substring(2)
            : option;
        throw new CommandLine.ParameterException(cmd, named + " " + why);
      }
    }
  }

  static void requireReadable(Path in) {
    if (!Files.isRegularFile(in)) {
      throw new BadInputException("--in: " + in + " does not exist or is not a file");
    }
    if (!Files.isReadable(in)) {
      throw new BadInputException("--in: " + in + " is not readable");
    }
  }

  /** Files a sort holds open at once: every merge thread's d runs and output, and a few more. */
  static long openFiles(SortMemory memory, int d) {
    long k = Math.min(d, memory.runs());
    return Math.max(memory.workers() * 2L, Math.max(1, memory.mergeThreads()) * (k + 1)) + 2;
  }

  /**
   * What to say when work folders share a file system: their runs then share one disk's
   * bandwidth, and the sort measures spreading over folders, not over disks.
   */
  static Optional<String> sharedDisks(List<Path> work, List<Optional<FileStore>> stores) {
    for (int i = 0; i < work.size(); i++) {
      int first = stores.indexOf(stores.get(i));
      if (stores.get(i).isPresent() && first < i) {
        return Optional.of("--work-dir: " + work.get(i) + " is on the same file system ("
            + stores.get(i).get().name() + ") as " + work.get(first) + ": their runs share one"
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
    List<Path> out = new java.util.ArrayList<>();
    for (String option : options == null ? List.<String>of() : options) {
      for (String name : option.split(",", -1)) {
        if (name.isBlank()) {
          throw new BadInputException("--work-dir: '" + option + "' has an empty folder name"
              + " (write DIR or DIR,DIR,...)");
        }
        try {
          out.add(Path.of(name.trim()));
        } catch (java.nio.file.InvalidPathException e) {
          throw new BadInputException("--work-dir: '" + name + "' is not a folder name: "
              + e.getReason());
        }
      }
    }
    return List.copyOf(out);
  }
}
