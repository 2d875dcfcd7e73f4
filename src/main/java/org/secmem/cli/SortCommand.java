package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.admission.DirectNeed;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortTrial;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.SweptTrial;
import org.secmem.runner.ExperimentSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem sort}: the external merge sort experiment. */
@Command(
    modelTransformer = RegistryOptions.WithSortSettings.class,
    abbreviateSynopsis = true,
    name = "sort",
    mixinStandardHelpOptions = true,
    description = {
      "Sort a file of ints (external merge sort, buffer-tree sort or in memory) and time it.",
      "",
      "Run formation cuts the input into runs that fit in M, sorts each in memory and writes it;",
      "merge passes combine up to d runs until one is left. classic does it as the seed reports",
      "do (an int per call, one thread, a PriorityQueue merge); fast with block I/O, a worker",
      "per core and merges split by value range. The output is moved into place only when",
      "complete, then re-read and checked (order and same values as the input).",
      "",
      "--algorithm in-memory times the baseline instead: all N ints read into one array,",
      "sorted by --run-sort and written, each step on --threads; same clock, columns and",
      "check. It runs only when the heap holds the 4N bytes (8N parallel or radix)."
    },
    // the examples and the engine options' help: SortEngineHelp, from the engine registry
    resourceBundle = "org.secmem.cli.SortEngineHelp")
final class SortCommand implements Callable<Integer> {

  /** The examples of the help's footer, before one per other engine (see SortEngineHelp). */
  static final String[] EXAMPLES = {
    "  secmem sort --in data/in.bin --out data/out.bin --m 2^20 --d 16",
    "  secmem sort --n 2^24 --m 2^20 --d 8 --read-stream mapped --write-stream user-buffer",
    "  secmem sort --n 2^26 --preset fast --threads 2",
    "  secmem sort --n 2^24 --algorithm in-memory --read-stream channel --write-stream channel",
    "  secmem sort --params configs/sort-seed.csv"
  };

  @Spec CommandLine.Model.CommandSpec spec;

  @Mixin SortInputOptions input;

  @Mixin SortSettingsOptions sorting;

  @Mixin EngineOptions engineOptions;

  @Option(
      names = "--params",
      paramLabel = "FILE",
      description =
          "Parameter file (seed format"
              + " ReadType;WriteType;d;M;a,b;loops;input;output;ascending, or a header-based CSV).")
  Path params;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    RunSettings settings = common.settings(cmd);
    if (params != null) {
      return ParamsRunner.run(cmd, params, Experiment.SORT, common);
    }
    String engineName = engineOptions.name(cmd);
    if (!engineName.equals(SortEngines.SECMEM)) {
      // Another engine's memory beside the heap is its own: none is counted here.
      return run(
          cmd,
          engineOptions.admit(cmd, settings, engineName, input, sorting.memory.m(), common),
          settings,
          DirectNeed.NONE);
    }
    SortSettingsOptions.Admitted own = sorting.admit(cmd, settings, input, common);
    return run(cmd, own.spec(), settings, own.direct());
  }

  /** Runs the admitted sort's trials and records them; {@code direct}: its streams' buffers. */
  private int run(CommandLine cmd, SortTrialSpec spec, RunSettings settings, DirectNeed direct)
      throws IOException {
    SortTrial trial = new SortTrial(spec, SecmemCommand.cleanupOf(cmd));
    return ExperimentSession.run(
        CommandInvocation.of(cmd),
        List.of(SweptTrial.of(trial, "sort")),
        settings,
        common.batch(direct),
        common.resultsFile(cmd, "sort"),
        input.data.dir);
  }
}
