package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.cgroup.MemoryCgroup;
import org.secmem.cgroup.MemoryHierarchy;
import org.secmem.data.PartFile;
import org.secmem.engine.KnownEngine;
import org.secmem.engine.KnownEngines;
import org.secmem.experiment.GeneratedInputs;
import org.secmem.fs.OpenFiles;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.SecureFolder;
import org.secmem.fs.Sweep;
import org.secmem.fs.ThisMachine;
import org.secmem.probe.ProbeLeftovers;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.UserText;
import org.secmem.sort.ScratchFolders;
import org.secmem.sort.WorkDirectory;
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
      HelpSections.EXIT_CODES
    })
final class CleanCommand implements Callable<Integer> {

  /** What {@code DataFiles.generate} (and a move across file systems) writes before renaming. */
  private static final Pattern PART =
      Pattern.compile(
          "\\..+\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.part");

  /** The owner marker beside such a file ({@code PartFile.owned}): stem and PID. */
  private static final Pattern OWNER =
      Pattern.compile(
          "(\\..+\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(\\d{1,18})"
              + Pattern.quote(PartFile.OWNER_SUFFIX));

  private static final Logger LOG = LogManager.getLogger(CleanCommand.class);

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
                Paths.get("data"),
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
    Sweep folders = Sweep.empty();
    Sweep parts = Sweep.empty();
    Instant now = Instant.now();
    for (Path d : where) {
      folders = folders.and(WorkDirectory.removeStale(d));
      for (KnownEngine engine : KnownEngines.ALL) {
        folders = folders.and(ScratchFolders.removeStale(d, engine.scratchPrefixes()));
      }
      parts = parts.and(removeStaleParts(d, now));
      parts = parts.and(ProbeLeftovers.removeStale(d, now));
    }
    Sweep cgroups = Sweep.empty();
    Optional<MemoryHierarchy> hierarchy = MemoryHierarchy.locate();
    if (hierarchy.isPresent()) {
      try {
        cgroups =
            MemoryCgroup.removeAbandoned(
                hierarchy.get(), now, SecmemCommand.cleanupOf(cmd).cgroups());
      } catch (IOException e) {
        LOG.warn("could not look for leftover memory cgroups in {}", hierarchy.get().self(), e);
        cgroups =
            new Sweep(
                List.of(),
                List.of(
                    new Sweep.LeftAlone(
                        hierarchy.get().self(),
                        "cannot list its memory cgroups: " + UserText.line(String.valueOf(e)))));
      }
    }
    Sweep inputs = Sweep.empty();
    if (data) {
      Set<Path> open = OpenFiles.now();
      for (Path d : dirs != null && !dirs.isEmpty() ? dirs : List.of(Paths.get("data"))) {
        inputs = inputs.and(GeneratedInputs.remove(d, now, open));
      }
    }
    for (Path p : inputs.removed()) {
      cmd.getOut().println(UserText.line("removed " + p));
    }
    for (Path p : folders.removed()) {
      cmd.getOut().println(UserText.line("removed " + p));
    }
    for (Path p : parts.removed()) {
      cmd.getOut().println(UserText.line("removed " + p));
    }
    for (Path p : cgroups.removed()) {
      cmd.getOut().println(UserText.line("removed memory cgroup " + p));
    }
    Sweep all = folders.and(parts).and(inputs).and(cgroups);
    for (Sweep.LeftAlone l : all.leftAlone()) {
      cmd.getOut().println(UserText.line("left alone " + l.path() + ": " + l.reason()));
    }
    for (Sweep.LeftAlone l : all.inUse()) {
      cmd.getOut().println(UserText.line("in use, kept " + l.path() + ": " + l.reason()));
    }
    int removed = all.removed().size();
    String summary =
        removed == 0
            ? "nothing to clean in " + where
            : "removed "
                + folders.removed().size()
                + " stale work folder(s) and "
                + parts.removed().size()
                + " unfinished file(s)"
                + (cgroups.removed().isEmpty()
                    ? ""
                    : " and " + cgroups.removed().size() + " memory cgroup(s)")
                + (data ? " and " + inputs.removed().size() + " generated input(s)" : "");
    if (!all.inUse().isEmpty()) {
      // A sort killed a moment ago may still be exiting: its lock is held until it has.
      summary +=
          "; kept "
              + all.inUse().size()
              + " in use by a process that still runs (a sort at work, or one still exiting"
              + " after a kill): run 'secmem clean' again once it has ended";
    }
    cmd.getOut().println(UserText.line(summary));
    cmd.getOut().flush();
    return ExitCodes.OK;
  }

  /**
   * Removes the unfinished temporaries ({@code .NAME.<uuid>.part}) in {@code dir} whose writer is
   * gone: files of this user's only, each unlinked relative to the folder opened once (a link at
   * such a name goes as the link). A temporary with an owner marker beside it ({@code
   * .NAME.<uuid>.<pid>.owner}, locked by its writer) is removed when that lock is free, and kept
   * while it is held, however long the writer has been stopped; one without (an older version's, or
   * a move's) when nobody has written to it for {@link WorkDirectory#ABANDONED_AFTER}. Owner
   * markers whose lock is free and whose temporary is gone are removed too.
   *
   * @return the temporaries removed, and those left alone (another user's, another machine's)
   */
  static Sweep removeStaleParts(Path dir, Instant now) throws IOException {
    List<Path> removed = new ArrayList<>();
    List<Sweep.LeftAlone> left = new ArrayList<>();
    List<Sweep.LeftAlone> inUse = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return Sweep.empty();
    }
    ThisMachine here = ThisMachine.current();
    long myPid = ProcessHandle.current().pid();
    try (SecureFolder folder = SecureFolder.openFollowing(dir)) {
      String me = SecureFolder.currentUser().getName();
      List<SecureFolder.Entry> entries = folder.list(name -> name.startsWith("."));
      // ".NAME.<uuid>" -> its owner marker's name
      Map<String, String> owners = new HashMap<>();
      for (SecureFolder.Entry e : entries) {
        Matcher m = OWNER.matcher(e.name());
        if (m.matches() && e.kind() == SecureFolder.Kind.FILE) {
          owners.put(m.group(1), e.name());
        }
      }
      Set<String> parts = new HashSet<>();
      for (SecureFolder.Entry e : entries) {
        if (!PART.matcher(e.name()).matches() || e.kind() != SecureFolder.Kind.FILE) {
          continue;
        }
        String stem = e.name().substring(0, e.name().length() - ".part".length());
        parts.add(stem);
        Path p = dir.resolve(e.name());
        Optional<Ownership.Made> made = Ownership.madeAs(p);
        if (made.isEmpty()
            || made.get() != Ownership.Made.PART && made.get() != Ownership.Made.INT_FILE) {
          // Named like one of secmem's temporaries, but secmem did not make it: not ours to judge.
          LOG.debug("{}: named like an unfinished file of secmem's, but carries no mark", p);
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
        String marker = owners.get(stem);
        String why;
        if (marker != null) {
          if (pidOf(marker) == myPid) {
            continue; // this process's own: judging it would drop its lock
          }
          Optional<OwnerMarker.Verdict> v = OwnerMarker.judge(folder, marker, here);
          if (v.isPresent() && v.get().state() == OwnerMarker.State.LIVE) {
            inUse.add(new Sweep.LeftAlone(p, v.get().reason()));
            continue;
          }
          if (v.isPresent() && v.get().state() == OwnerMarker.State.UNKNOWN) {
            left.add(new Sweep.LeftAlone(p, v.get().reason()));
            continue;
          }
          why = v.map(OwnerMarker.Verdict::reason).orElse(null);
        } else {
          why = null;
        }
        Instant modified = Instant.ofEpochMilli(e.modifiedMillis());
        if (why == null) {
          if (!modified.plus(WorkDirectory.ABANDONED_AFTER).isBefore(now)) {
            continue;
          }
          why = "untouched since " + modified;
        }
        if (Ownership.deleteMade(folder, e.name(), made.get())) {
          removed.add(p);
          LOG.info("Removed unfinished file {}: {}", p, why);
        }
        if (marker != null) {
          Ownership.deleteMade(folder, marker, Ownership.Made.PART);
        }
      }
      // Markers left without their temporary (a writer killed between removing the two).
      for (Map.Entry<String, String> o : owners.entrySet()) {
        if (parts.contains(o.getKey())
            || pidOf(o.getValue()) == myPid
            || !folder.ownerOf(o.getValue()).map(me::equals).orElse(false)) {
          continue;
        }
        Optional<OwnerMarker.Verdict> v = OwnerMarker.judge(folder, o.getValue(), here);
        if (v.isPresent()
            && v.get().state() == OwnerMarker.State.GONE
            && Ownership.deleteMade(folder, o.getValue(), Ownership.Made.PART)) {
          LOG.info("Removed the owner marker {} of a writer that is gone", o.getValue());
        }
      }
    }
    return new Sweep(removed, left, inUse);
  }

  private static long pidOf(String ownerName) {
    Matcher m = OWNER.matcher(ownerName);
    return m.matches() ? Long.parseLong(m.group(2)) : -1;
  }
}
