package org.secmem.cli;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.sort.WorkDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code secmem clean}: removes work folders left by sorts that were killed. */
@Command(
    name = "clean",
    mixinStandardHelpOptions = true,
    description = {
      "Remove work folders that killed sorts left behind.",
      "",
      "Removes the work folders (.secmem-sort-<pid>-*) that sorts killed with kill -9 or by a",
      "power cut left behind. A folder is removed only when the process named in its marker",
      "file is gone; folders of running sorts are left alone. (Every sort also does this in",
      "the folder it works in before it starts.)"
    },
    footer = {"%nExamples:", "  secmem clean", "  secmem clean /mnt/scratch data",
        ExitCodes.HELP_SECTION})
final class CleanCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "DIR",
      description = "Folders to look in (default: data, results, the current folder and the"
          + " system temporary folder).")
  List<Path> dirs;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    List<Path> where = dirs != null && !dirs.isEmpty() ? dirs : List.of(Paths.get("data"),
        Paths.get("results"), Paths.get("."), Paths.get(System.getProperty("java.io.tmpdir")));
    List<Path> removed = new ArrayList<>();
    for (Path d : where) {
      removed.addAll(WorkDirectory.removeStale(d));
    }
    for (Path p : removed) {
      cmd.getOut().println("removed " + p);
    }
    cmd.getOut().println(removed.isEmpty()
        ? "nothing to clean in " + where
        : "removed " + removed.size() + " stale work folder(s)");
    cmd.getOut().flush();
    return ExitCodes.OK;
  }
}
