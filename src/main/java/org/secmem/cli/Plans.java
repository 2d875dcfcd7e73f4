package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.Machine;
import org.secmem.admission.MemoryLimits;
import org.secmem.cgroup.MadeCgroups;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.ForkedTrial;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.ReadTrial;
import org.secmem.experiment.SortTrial;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.StreamTrialSpec;
import org.secmem.experiment.StreamsConfig;
import org.secmem.experiment.SweptTrial;
import org.secmem.experiment.TimeEstimate;
import org.secmem.experiment.Trial;
import org.secmem.experiment.WriteTrial;
import org.secmem.fs.TempRegistry;
import org.secmem.param.ParamDefaults;
import org.secmem.param.ParamFileException;
import org.secmem.param.ParamFiles;
import org.secmem.param.RunConfig;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ForkHeap;
import org.secmem.stream.StreamOptions;
import picocli.CommandLine;

/** Turns checked parameter-file configurations into trials to run, and checks resources first. */
final class Plans {

  /** The most problems listed: a row that sweeps many values may have one per value. */
  private static final int MAX_SHOWN = 30;

  private Plans() {}

  /**
   * Reads and checks parameter files; nothing runs when any has a problem.
   *
   * @throws BadInputException listing every problem of every file, one per line
   */
  static List<RunConfig> read(
      List<Path> files, Optional<Experiment> experiment, ParamDefaults defaults)
      throws IOException {
    List<RunConfig> all = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        problems.add(f + ": parameter file does not exist or is not a file");
        continue;
      }
      if (!Files.isReadable(f)) {
        problems.add(f + ": parameter file is not readable");
        continue;
      }
      try {
        // Every configuration of every line is admitted on this machine as it is read.
        all.addAll(ParamFiles.read(f, experiment, defaults.admittingOn(Machine.current())));
      } catch (ParamFileException e) {
        problems.add(e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      List<String> distinct = problems.stream().distinct().toList();
      String shown =
          distinct.size() <= MAX_SHOWN
              ? String.join("\n", distinct)
              : String.join("\n", distinct.subList(0, MAX_SHOWN))
                  + "\n... and "
                  + (distinct.size() - MAX_SHOWN)
                  + " more problems of the same lines";
      throw new BadInputException(
          shown + "\nnothing was run: fix the lines above (the whole file is checked first)");
    }
    return all;
  }

  static List<PlannedTrial> trials(CommandLine cmd, List<RunConfig> configs, CommonOptions common)
      throws IOException {
    if (common.forkChild == null) {
      checkMemoryLimits(configs, SecmemCommand.cleanupOf(cmd).cgroups());
    }
    List<PlannedTrial> plan = new ArrayList<>();
    for (RunConfig c : configs) {
      // Each line of a parameter file is its own sweep, named FILE:LINE.
      Trial t = SweptTrial.of(trial(c, SecmemCommand.cleanupOf(cmd)), c.origin());
      if (c.memoryLimit().isPresent()) {
        // A row's own memory_limit: measured in forks inside a cgroup of that size.
        t = new ForkedTrial(t, Optional.empty(), c.memoryLimit());
      }
      plan.add(new PlannedTrial(t, c.settings()));
    }
    checkDisk(configs, common);
    double seconds = 0;
    long runs = 0;
    for (RunConfig c : configs) {
      long r = c.settings().totalRuns();
      runs += r;
      seconds +=
          r
              * (c.configuration() instanceof SortTrialSpec sort
                  ? SortTrials.seconds(c, sort)
                  : streamSeconds((StreamsConfig) c.configuration()));
    }
    common.checkDuration(cmd, seconds, runs);
    return plan;
  }

  /**
   * The rows' memory limits, checked as {@code --memory-limit} is, before anything runs: a memory
   * controller this process may use, and room in each row's limit for the forks' heap, the direct
   * buffers of the row's streams and the JVM beside them. One trial cgroup, of the smallest limit,
   * not one per line.
   *
   * @throws BadInputException naming the file, line and column of a limit too small (exit 2)
   */
  private static void checkMemoryLimits(List<RunConfig> configs, MadeCgroups made) {
    Machine machine = Machine.current();
    long heap = ForkHeap.bytes();
    for (RunConfig c : configs) {
      if (c.memoryLimit().isPresent()) {
        MemoryLimits.checkFits(
            c.memoryLimit().getAsLong(), heap, direct(c, machine), c.origin() + ": memory_limit");
      }
    }
    configs.stream()
        .filter(c -> c.memoryLimit().isPresent())
        .min(Comparator.comparingLong(c -> c.memoryLimit().getAsLong()))
        .ifPresent(
            c ->
                MemoryLimits.checkCgroup(
                    c.memoryLimit().getAsLong(), c.origin() + ": memory_limit", made));
  }

  /**
   * The most direct memory the streams of one of the rows without a memory limit of their own hold
   * (those --memory-limit applies to), naming the row.
   */
  static DirectNeed direct(List<RunConfig> configs) {
    Machine machine = Machine.current();
    DirectNeed most = DirectNeed.NONE;
    for (RunConfig c : configs) {
      if (c.memoryLimit().isEmpty()) {
        most = most.max(direct(c, machine));
      }
    }
    return most;
  }

  /** The direct memory of a row's streams, its origin named; none for another engine. */
  private static DirectNeed direct(RunConfig c, Machine machine) {
    if (c.request() == null) {
      return DirectNeed.NONE;
    }
    DirectNeed d = Admission.direct(c.request(), machine);
    return d.bytes() == 0 ? d : new DirectNeed(d.bytes(), c.origin() + ": " + d.what());
  }

  /** Whether any configuration has a memory limit of its own, and so must run in forks. */
  static boolean anyMemoryLimit(List<RunConfig> configs) {
    return configs.stream().anyMatch(c -> c.memoryLimit().isPresent());
  }

  private static double streamSeconds(StreamsConfig s) {
    return TimeEstimate.streamSeconds(
        s.stream(), s.experiment() == Experiment.WRITE, s.n(), s.k(), s.bufferBytes());
  }

  private static Trial trial(RunConfig c, TempRegistry temps) {
    if (c.configuration() instanceof SortTrialSpec sort) {
      return new SortTrial(sort, temps);
    }
    StreamsConfig s = (StreamsConfig) c.configuration();
    StreamTrialSpec spec =
        new StreamTrialSpec(
            s.stream(),
            s.n(),
            s.k(),
            new StreamOptions(s.bufferBytes(), c.settings().sync()),
            s.dir(),
            List.of(),
            c.settings().seed(),
            false);
    return s.experiment() == Experiment.WRITE
        ? new WriteTrial(spec, temps)
        : new ReadTrial(spec, temps);
  }

  /**
   * Disk space for the largest configuration, before anything runs; each configuration's memory,
   * open files and buffer sizes were admitted as its file was read.
   */
  private static void checkDisk(List<RunConfig> configs, CommonOptions common) throws IOException {
    long maxBytes = 0;
    Path dir = null;
    for (RunConfig c : configs) {
      long bytes;
      Path folder;
      if (c.configuration() instanceof SortTrialSpec sort) {
        bytes = SortTrials.diskBytes(c, sort);
        folder = sort.data().dataDir();
      } else {
        StreamsConfig s = (StreamsConfig) c.configuration();
        bytes = s.n() * s.k() * Integer.BYTES;
        folder = s.dir();
      }
      if (bytes > maxBytes) {
        maxBytes = bytes;
        dir = folder;
      }
    }
    if (dir != null) {
      common.disk().check(dir, maxBytes, "the largest configuration");
    }
  }
}
