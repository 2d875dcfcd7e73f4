package org.secmem.param;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.DiskSpace;
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
import org.secmem.runner.BadInputException;
import org.secmem.runner.ForkHeap;
import org.secmem.stream.StreamOptions;

/**
 * Parameter files to a plan: every file read and checked before anything runs, its configurations
 * turned into trials, and what they need of the machine (memory limits, disk) admitted first.
 */
public final class Plans {

  /** The most problems listed: a row that sweeps many values may have one per value. */
  private static final int MAX_SHOWN = 30;

  private Plans() {}

  /**
   * Reads and checks parameter files, each configuration admitted on {@code machine}; nothing runs
   * when any has a problem.
   *
   * @throws BadInputException listing every problem of every file, one per line
   */
  public static List<RunConfig> read(
      List<Path> files, Optional<Experiment> experiment, ParamDefaults defaults, Machine machine)
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
        all.addAll(ParamFiles.read(f, experiment, defaults.admittingOn(machine)));
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

  /**
   * The trials of {@code configs}, each line its own sweep named FILE:LINE, a row with a memory
   * limit of its own in forks inside a cgroup of that size; memory limits (unless {@code made} is
   * empty: a fork, whose parent checked them) and disk admitted first.
   *
   * @param temps where the trials register their temporary files
   * @param made the cgroups this process makes, to try one; empty in a fork
   * @param disk the disk check, {@link DiskSpace#UNCHECKED} with --skip-disk-check
   * @param machine what the rows' streams are judged against
   */
  public static List<PlannedTrial> trials(
      List<RunConfig> configs,
      TempRegistry temps,
      Optional<MadeCgroups> made,
      DiskSpace disk,
      Machine machine)
      throws IOException {
    if (made.isPresent()) {
      checkMemoryLimits(configs, made.get(), machine);
    }
    List<PlannedTrial> plan = new ArrayList<>();
    for (RunConfig c : configs) {
      Trial t = SweptTrial.of(trial(c, temps), c.origin());
      if (c.memoryLimit().isPresent()) {
        t = new ForkedTrial(t, Optional.empty(), c.memoryLimit());
      }
      plan.add(new PlannedTrial(t, c.settings()));
    }
    checkDisk(configs, disk);
    return plan;
  }

  /** A lower bound on the seconds all runs of {@code configs} take, from the cost model. */
  public static double seconds(List<RunConfig> configs) throws IOException {
    double seconds = 0;
    for (RunConfig c : configs) {
      seconds +=
          c.settings().totalRuns()
              * (c.configuration() instanceof SortTrialSpec sort
                  ? SortTrials.seconds(c, sort)
                  : streamSeconds((StreamsConfig) c.configuration()));
    }
    return seconds;
  }

  /** The runs of {@code configs}, warm-ups not counted. */
  public static long runs(List<RunConfig> configs) {
    return configs.stream().mapToLong(c -> c.settings().totalRuns()).sum();
  }

  /**
   * The rows' memory limits, checked as {@code --memory-limit} is, before anything runs: a memory
   * controller this process may use, and room in each row's limit for the forks' heap, the direct
   * buffers of the row's streams and the JVM beside them. One trial cgroup, of the smallest limit,
   * not one per line.
   *
   * @throws BadInputException naming the file, line and column of a limit too small (exit 2)
   */
  private static void checkMemoryLimits(
      List<RunConfig> configs, MadeCgroups made, Machine machine) {
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
  public static DirectNeed direct(List<RunConfig> configs, Machine machine) {
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
  public static boolean anyMemoryLimit(List<RunConfig> configs) {
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
  private static void checkDisk(List<RunConfig> configs, DiskSpace disk) throws IOException {
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
      disk.check(dir, maxBytes, "the largest configuration");
    }
  }
}
