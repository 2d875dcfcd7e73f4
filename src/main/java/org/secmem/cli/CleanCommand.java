package org.secmem.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.sort.WorkDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
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
      "Removes the work folders (.secmem-sort-<pid>-*) that sorts killed with kill -9 or by a",
      "power cut left behind. A folder is removed when the process named in its marker file is",
      "gone (or the PID now belongs to a process started at another time); a folder without a",
      "marker (its removal was cut short) when that process is gone or the folder is older",
      "than a minute. Folders of running sorts are left alone. (Every sort also does this in",
      "the folder it works in before it starts.)",
      "Also removes unfinished data files (.NAME.<uuid>.part) that an interrupted generate or",
      "input generation left, once untouched for a minute (a running writer keeps its file's",
      "time fresh)."
    },
    footer = {"%nExamples:", "  secmem clean", "  secmem clean /mnt/scratch data",
        ExitCodes.HELP_SECTION})
final class CleanCommand implements Callable<Integer> {

  /** What {@code DataFiles.generate} (and a move across file systems) writes before renaming. */
  private static final Pattern PART = Pattern.compile(
      "\\..+\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.part");

  private static final Logger LOG = LogManager.getLogger(CleanCommand.class);

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
    List<Path> parts = new ArrayList<>();
    Instant now = Instant.now();
    for (Path d : where) {
      removed.addAll(WorkDirectory.removeStale(d));
      parts.addAll(removeStaleParts(d, now));
    }
    for (Path p : removed) {
      cmd.getOut().println("removed " + p);
    }
    for (Path p : parts) {
      cmd.getOut().println("removed " + p);
    }
    cmd.getOut().println(removed.isEmpty() && parts.isEmpty()
        ? "nothing to clean in " + where
        : "removed " + removed.size() + " stale work folder(s) and " + parts.size()
            + " unfinished file(s)");
    cmd.getOut().flush();
    return ExitCodes.OK;
  }

  /**
   * Removes the unfinished temporaries ({@code .NAME.<uuid>.part}) in {@code dir} that nobody has
   * written to for {@link WorkDirectory#ABANDONED_AFTER}.
   *
   * @return the files removed
   */
  static List<Path> removeStaleParts(Path dir, Instant now) throws IOException {
    List<Path> removed = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return removed;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, ".*.part")) {
      for (Path p : entries) {
        if (!PART.matcher(p.getFileName().toString()).matches()
            || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        try {
          Instant modified = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toInstant();
          if (modified.plus(WorkDirectory.ABANDONED_AFTER).isBefore(now)
              && Files.deleteIfExists(p)) {
            removed.add(p);
            LOG.info("Removed unfinished file {}, untouched since {}", p, modified);
          }
        } catch (NoSuchFileException e) {
          // Renamed into place or removed by its writer meanwhile.
          LOG.debug("{} went away while it was looked at", p, e);
        }
      }
    }
    return removed;
  }
}
