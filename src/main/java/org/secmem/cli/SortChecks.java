package org.secmem.cli;

import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The checks of {@code secmem sort} that need only their arguments: its input and its work folders
 * (what can run here is {@link org.secmem.admission.Admission}'s).
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
}
