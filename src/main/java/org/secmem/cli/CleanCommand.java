package org.secmem.cli;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.secmem.data.DataFiles;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.Leftovers;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code secmem clean}: removes work folders left by sorts that were killed, and unfinished data
 * files left by interrupted runs.
 */
@Command(
    name = "clean",
    mixinStandardHelpOptions = true,
    description = {
      "Remove work folders and unfinished files that killed runs left behind.",
      "",
      "Removes the work folders (.secmem-sort-<pid>-*: a sort's runs, a write run's unfinished",
      "files) that runs killed with kill -9 or by a power cut left behind. A running sort or",
      "write holds a lock on its folder's marker file; a folder is removed when that lock is",
      "free (from any container or PID namespace on this machine), or, for an older version's",
      "marker, when the process it names is gone. A folder without a marker (its removal was",
      "cut short) goes when it is over a minute old. Folders in use, of other users, of",
      "another machine, or holding anything but files (secmem makes no subfolders or links",
      "there) are left alone, and the last three are listed. Nothing is ever removed through a",
      "link. (Every sort also does this where it works before it starts.)",
      "The scratch folders another engine's sort makes (.secmem-<engine>-<kind>-<pid>-*, its",
      "parts beside the output, its local folder in the system temporary folder) are judged the",
      "same way: removed when secmem marked them (user.secmem) and their lock is free.",
      "Also removes unfinished data files (.NAME.<uuid>.part) that secmem made and marked",
      "(the user.secmem attribute) whose writer is gone: the lock on their owner marker is",
      "free or, without one, untouched for a minute; a file merely named so stays; and the memory",
      "cgroups of --memory-limit (secmem-<pid>-<made>-<random>, under the cgroup clean runs in)",
      "that a killed secmem left: empty, made over a minute ago by the time in their name",
      "(whether a process with that PID runs here is not asked: it may be another one)."
    },
    footer = {
      "%nExamples:",
      "  secmem clean",
      "  secmem clean /mnt/scratch data",
      "  secmem clean --data",
      ExitCodes.HELP
    })
final class CleanCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "DIR",
      description =
          "Folders to look in (default: data, results, the current folder and the"
              + " system temporary folder).")
  List<Path> dirs;

  @Option(
      names = "--data",
      description =
          "Also remove the inputs secmem generated and keeps for later runs (ints-n<N>-s<seed>-<j>"
              + ".bin of write and read, sort-input-n<N>-<shape>-s<seed>.bin of sort; a later run"
              + " makes them again) from the folders given, or from data/. Only files secmem"
              + " wrote and marked (user.secmem), of the length their name says, of yours; all"
              + " are kept while a secmem run uses the folder, and one a process holds open or"
              + " written in the last minute is kept. A folder given as a link is left alone.")
  boolean data;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    List<Path> where =
        dirs != null && !dirs.isEmpty()
            ? dirs
            : List.of(
                Paths.get(DataFiles.DEFAULT_FOLDER),
                Paths.get("results"),
                Paths.get("."),
                Paths.get(System.getProperty("java.io.tmpdir")));
    if (dirs != null) {
      // A folder named that is not there, or is a file, is a typo: say so rather than "nothing to
      // clean" (a link is looked at, and left alone, by each sweep).
      for (Path d : dirs) {
        if (!Files.exists(d, LinkOption.NOFOLLOW_LINKS)) {
          throw new BadInputException("DIR: " + d + ": no such folder");
        }
        if (!Files.isDirectory(d)) {
          throw new BadInputException("DIR: " + d + " is not a folder; give the folder it is in");
        }
      }
    }
    Leftovers swept =
        Leftovers.sweep(
            where,
            data
                ? Optional.of(
                    dirs != null && !dirs.isEmpty()
                        ? dirs
                        : List.of(Paths.get(DataFiles.DEFAULT_FOLDER)))
                : Optional.empty(),
            SecmemCommand.cleanupOf(cmd).cgroups(),
            Instant.now());
    swept.lines(where).forEach(cmd.getOut()::println);
    cmd.getOut().flush();
    return ExitCodes.OK;
  }
}
