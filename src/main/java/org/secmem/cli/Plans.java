package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.sort.InMemorySort;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.sort.SortAlgorithm;
import org.secmem.buffertree.TreeMemory;
import org.secmem.sort.SortMemory;
import java.util.Optional;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.ReadTrial;
import org.secmem.experiment.StreamTrialSpec;
import org.secmem.experiment.SweptTrial;
import org.secmem.experiment.TimeEstimate;
import org.secmem.experiment.WriteTrial;
import org.secmem.param.ParamDefaults;
import org.secmem.param.ParamFileException;
import org.secmem.param.ParamFiles;
import org.secmem.param.RunConfig;
import org.secmem.stream.StreamOptions;
import picocli.CommandLine;

/** Turns checked parameter-file configurations into trials to run, and checks resources first. */
final class Plans {

  private Plans() {}

  /**
   * Reads and checks parameter files; nothing runs when any has a problem.
   *
   * @throws BadInputException listing every problem of every file, one per line
   */
  static List<RunConfig> read(List<Path> files, Optional<Experiment> experiment,
      ParamDefaults defaults) throws IOException {
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
        all.addAll(ParamFiles.read(f, experiment, defaults));
      } catch (ParamFileException e) {
        problems.add(e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      throw new BadInputException(
          String.join("\n", problems)
              + "\nnothing was run: fix the lines above (the whole file is checked first)");
    }
    return all;
  }

  static List<PlannedTrial> trials(CommandLine cmd, List<RunConfig> configs, CommonOptions common)
      throws IOException {
    List<PlannedTrial> plan = new ArrayList<>();
    for (RunConfig c : configs) {
      // Each line of a parameter file is its own sweep, named FILE:LINE.
      plan.add(new PlannedTrial(
          SweptTrial.of(trial(c, SecmemCommand.cleanupOf(cmd)), c.origin()), c.settings()));
    }
    checkResources(cmd, configs, common);
    double seconds = 0;
    long runs = 0;
    for (RunConfig c : configs) {
      long r = c.settings().totalRuns();
      runs += r;
      seconds += r * (c.experiment() == Experiment.SORT
          ? SortTrials.seconds(c)
          : TimeEstimate.streamSeconds(c.stream(), c.experiment() == Experiment.WRITE, c.n(),
              c.k(), c.b()));
    }
    common.checkDuration(cmd, seconds, runs);
    return plan;
  }

  private static org.secmem.experiment.Trial trial(
      RunConfig c, org.secmem.sort.TempRegistry temps) {
    switch (c.experiment()) {
      case WRITE:
        return new WriteTrial(streamSpec(c), temps);
      case READ:
        return new ReadTrial(streamSpec(c), temps);
      case SORT:
        return SortTrials.fromConfig(c, temps);
      default:
        throw new AssertionError(c.experiment());
    }
  }

  private static StreamTrialSpec streamSpec(RunConfig c) {
    return new StreamTrialSpec(c.stream(), c.n(), c.k(),
        new StreamOptions(c.b(), c.settings().sync()), c.dir(), List.of(), c.settings().seed());
  }

  /** Open files and disk space for the largest configuration, before anything runs. */
  private static void checkResources(CommandLine cmd, List<RunConfig> configs,
      CommonOptions common) throws IOException {
    long maxStreams = 0;
    String widest = "k or d";
    long maxBytes = 0;
    Path dir = null;
    for (RunConfig c : configs) {
      long streams = c.k();
      if (c.experiment() == Experiment.SORT && c.algorithm() == SortAlgorithm.IN_MEMORY) {
        // All N ints in one array: refused here, before the first row runs, as the merge sort is.
        try {
          InMemorySort.requireHeap(SortMemory.maxHeap(), SortTrials.ints(c),
              c.tuning().threads(), c.b(), c.readStream(), c.writeStream());
        } catch (InsufficientMemoryException e) {
          throw new BadInputException(c.origin() + ": algorithm: " + e.getMessage());
        }
        streams = 2;
      } else if (c.experiment() == Experiment.SORT
          && c.algorithm() == SortAlgorithm.BUFFER_TREE) {
        // The tree's heap for this N, before the first row runs; its files are opened one or
        // two at a time (input, a buffer or leaf, a leaf, a writer).
        try {
          TreeMemory.plan(SortTrials.ints(c), c.m(), c.b(), c.fanout(), c.readStream(),
              c.writeStream()).requireHeap(SortMemory.maxHeap());
        } catch (IllegalArgumentException e) {
          throw new BadInputException(c.origin() + ": m: " + e.getMessage());
        }
        streams = 4;
      } else if (c.experiment() == Experiment.SORT) {
        // Every row's memory, before the first one runs: a later row must not fail half-way.
        SortMemory memory;
        try {
          memory = SortMemory.plan(c.tuning(), SortTrials.ints(c), c.m(), c.d(), c.b(),
              c.readStream(), c.writeStream());
          memory.requireHeap(SortMemory.maxHeap(), c.m(), c.d(), c.b());
        } catch (InsufficientMemoryException e) {
          throw new BadInputException(c.origin() + ": m: " + e.getMessage());
        }
        streams = SortChecks.openFiles(memory, c.d());
      } else {
        Resources.checkStreamMemory(c.origin() + ": k, b", c.stream(), c.k(), c.b(), false);
      }
      if (streams > maxStreams) {
        maxStreams = streams;
        // The line that opens the most files, and the column that makes it open them.
        widest = c.origin() + ": " + (c.experiment() == Experiment.SORT ? "d" : "k");
      }
      long bytes = c.experiment() == Experiment.SORT
          ? SortTrials.diskBytes(c)
          : c.n() * c.k() * Integer.BYTES;
      if (bytes > maxBytes) {
        maxBytes = bytes;
        dir = c.dir();
      }
    }
    Resources.checkOpenFiles(cmd, widest, maxStreams);
    if (dir != null) {
      common.checkDisk(dir, maxBytes, "the largest configuration");
    }
  }
}
