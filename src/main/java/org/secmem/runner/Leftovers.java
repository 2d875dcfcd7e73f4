package org.secmem.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.cgroup.MadeCgroups;
import org.secmem.cgroup.MemoryCgroup;
import org.secmem.cgroup.MemoryHierarchy;
import org.secmem.data.StaleParts;
import org.secmem.engine.KnownEngine;
import org.secmem.engine.KnownEngines;
import org.secmem.experiment.GeneratedInputs;
import org.secmem.fs.OpenFiles;
import org.secmem.fs.Sweep;
import org.secmem.probe.ProbeLeftovers;
import org.secmem.sort.ScratchFolders;
import org.secmem.sort.WorkDirectory;

/**
 * What killed runs left behind, swept ({@code secmem clean}): stale work folders and other engines'
 * scratch folders, unfinished data files and probe files, abandoned memory cgroups and, when asked,
 * the inputs secmem generated and keeps. Each kind is judged by its own owner markers and locks.
 *
 * @param folders the work and scratch folders
 * @param parts unfinished data files and probe leftovers
 * @param inputs generated inputs (only when asked)
 * @param cgroups memory cgroups
 * @param inputsAsked whether generated inputs were swept
 */
public record Leftovers(
    Sweep folders, Sweep parts, Sweep inputs, Sweep cgroups, boolean inputsAsked) {

  private static final Logger LOG = LogManager.getLogger(Leftovers.class);

  /**
   * Sweeps {@code where}, the cgroups below the one this process runs in, and, when {@code
   * inputsIn} is present, the generated inputs in those folders.
   *
   * @param made the cgroups this process made, which are not judged
   */
  public static Leftovers sweep(
      List<Path> where, Optional<List<Path>> inputsIn, MadeCgroups made, Instant now)
      throws IOException {
    Sweep folders = Sweep.empty();
    Sweep parts = Sweep.empty();
    for (Path d : where) {
      folders = folders.and(WorkDirectory.removeStale(d));
      for (KnownEngine engine : KnownEngines.ALL) {
        folders = folders.and(ScratchFolders.removeStale(d, engine.scratchPrefixes()));
      }
      parts = parts.and(StaleParts.remove(d, now));
      parts = parts.and(ProbeLeftovers.removeStale(d, now));
    }
    Sweep cgroups = Sweep.empty();
    Optional<MemoryHierarchy> hierarchy = MemoryHierarchy.locate();
    if (hierarchy.isPresent()) {
      try {
        cgroups = MemoryCgroup.removeAbandoned(hierarchy.get(), now, made);
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
    if (inputsIn.isPresent()) {
      Set<Path> open = OpenFiles.now();
      for (Path d : inputsIn.get()) {
        inputs = inputs.and(GeneratedInputs.remove(d, now, open));
      }
    }
    return new Leftovers(folders, parts, inputs, cgroups, inputsIn.isPresent());
  }

  /** Everything swept together. */
  public Sweep all() {
    return folders.and(parts).and(inputs).and(cgroups);
  }

  /**
   * What was done, one line each: each path removed, left alone and kept in use, then a summary
   * naming {@code where}.
   */
  public List<String> lines(List<Path> where) {
    List<String> out = new ArrayList<>();
    for (Path p : inputs.removed()) {
      out.add("removed " + p);
    }
    for (Path p : folders.removed()) {
      out.add("removed " + p);
    }
    for (Path p : parts.removed()) {
      out.add("removed " + p);
    }
    for (Path p : cgroups.removed()) {
      out.add("removed memory cgroup " + p);
    }
    Sweep all = all();
    for (Sweep.LeftAlone l : all.leftAlone()) {
      out.add("left alone " + l.path() + ": " + l.reason());
    }
    for (Sweep.LeftAlone l : all.inUse()) {
      out.add("in use, kept " + l.path() + ": " + l.reason());
    }
    String summary =
        all.removed().isEmpty()
            ? "nothing to clean in " + where
            : "removed "
                + folders.removed().size()
                + " stale work folder(s) and "
                + parts.removed().size()
                + " unfinished file(s)"
                + (cgroups.removed().isEmpty()
                    ? ""
                    : " and " + cgroups.removed().size() + " memory cgroup(s)")
                + (inputsAsked ? " and " + inputs.removed().size() + " generated input(s)" : "");
    if (!all.inUse().isEmpty()) {
      // A sort killed a moment ago may still be exiting: its lock is held until it has.
      summary +=
          "; kept "
              + all.inUse().size()
              + " in use by a process that still runs (a sort at work, or one still exiting"
              + " after a kill): run 'secmem clean' again once it has ended";
    }
    out.add(summary);
    return out.stream().map(UserText::line).toList();
  }
}
