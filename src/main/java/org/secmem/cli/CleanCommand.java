package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
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
    Sweep folders = Sweep.empty();
    Sweep parts = Sweep.empty();
    Instant now = Instant.now();
    for (Path d : where) {
      folders = folders.and(WorkDirectory.removeStale(d));
      parts = parts.and(removeStaleParts(d, now));
    }
    for (Path p : folders.removed()) {
      cmd.getOut().println(UserText.line("removed " + p));
    }
    for (Path p : parts.removed()) {
      cmd.getOut().println(UserText.line("removed " + p));
    }
    for (Sweep.LeftAlone l : folders.and(parts).leftAlone()) {
      cmd.getOut().println(UserText.line("left alone " + l.path() + ": " + l.reason()));
    }
    int removed = folders.removed().size() + parts.removed().size();
    cmd.getOut().println(UserText.line(removed == 0
        ? "nothing to clean in " + where
        : "removed " + folders.removed().size() + " stale work folder(s) and "
            + parts.removed().size() + " unfinished file(s)"));
    cmd.getOut().flush();
    return ExitCodes.OK;
  }

  /**
   * Removes the unfinished temporaries ({@code .NAME.<uuid>.part}) in {@code dir} that nobody has
   * written to for {@link WorkDirectory#ABANDONED_AFTER}: files of this user's only, each
   * unlinked relative to the folder opened once (a link at such a name goes as the link).
   *
   * @return the files removed, and those left alone (another user's)
   */
  static Sweep removeStaleParts(Path dir, Instant now) throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return Sweep.empty();
    }
    try (SecureFolder folder = SecureFolder.openFollowing(dir)) {
      String me = SecureFolder.currentUser().getName();
      for (SecureFolder.Entry e : folder.list()) {
        if (!PART.matcher(e.name()).matches() || e.kind() != SecureFolder.Kind.FILE) {
          continue;
        }
        Path p = dir.resolve(e.name());
        Instant modified = Instant.ofEpochMilli(e.modifiedMillis());
        if (!modified.plus(WorkDirectory.ABANDONED_AFTER).isBefore(now)) {
          continue;
        }
        Optional<String> owner = folder.ownerOf(e.name());
        if (owner.isEmpty()) {
          continue; // gone meanwhile: renamed into place or removed by its writer
        }
        if (!owner.get().equals(me)) {
          left.add(new Sweep.LeftAlone(p, "owned by " + owner.get() + ", not " + me));
          continue;
        }
        if (folder.deleteFile(e.name())) {
          removed.add(p);
          LOG.info("Removed unfinished file {}, untouched since {}", p, modified);
        }
      }
    }
    return new Sweep(removed, left);
  }
}
