package org.secmem.cli;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Callable;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.DiskSpace;
import org.secmem.admission.InputRule;
import org.secmem.admission.Machine;
import org.secmem.admission.RefusedException;
import org.secmem.admission.SortPlan;
import org.secmem.admission.SortRequest;
import org.secmem.buffertree.FanoutRule;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.EngineMethod;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortMethod;
import org.secmem.experiment.SortTrial;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.SweptTrial;
import org.secmem.experiment.TimeEstimate;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExperimentSession;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortSettings;
import org.secmem.sort.WorkDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem sort}: the external merge sort experiment. */
@Command(
    modelTransformer = RegistryOptions.class,
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
      "Arrays.sort (Arrays.parallelSort with --threads over 1), written; same clock, columns",
      "and check. It runs only when the heap holds the 4N bytes (8N parallel)."
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

  @Option(
      names = "--engine",
      paramLabel = "ENGINE",
      descriptionKey = "engine",
      defaultValue = SortEngines.SECMEM)
  String engine;

  @Option(names = "--master", paramLabel = "URL", descriptionKey = "master")
  String master;

  @Option(names = "--partitions", paramLabel = "P", descriptionKey = "partitions")
  Integer partitions;

  @Option(names = "--conf", paramLabel = "KEY=VALUE", descriptionKey = "conf")
  List<String> engineConf;

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
    String engineName;
    try {
      engineName = SortEngines.parse(engine);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--engine: " + e.getMessage());
    }
    if (!engineName.equals(SortEngines.SECMEM)) {
      return callEngine(cmd, settings, engineName);
    }
    SortAlgorithm algo = sorting.algorithm(cmd);
    SortSettings chosen = sorting.resolve(cmd, algo == SortAlgorithm.BUFFER_TREE);
    Refusals.refuseAny(
        cmd, Admission.applicability(Refusals.given(cmd), true, Optional.empty(), Set.of(algo)));
    FanoutRule fanoutRule = sorting.fanoutRule(cmd);
    // Its range is checked with every registry option's (InputChecks.checkRanges).
    Refusals.refuseAny(
        cmd, InputRule.arrival(input.arrivalNanos(), input.in != null).stream().toList());
    long ints = input.ints(cmd);
    // One view of this machine: the d chosen below is the d admitted against it.
    Machine machine = Machine.current();
    if (algo == SortAlgorithm.MERGE) {
      // The fast preset's own d grows to merge a large input's runs in fewer passes.
      chosen = chosen.forInput(ints, machine.freeDescriptors());
    }
    List<Path> work = input.workFolders();
    List<Optional<FileStore>> stores = work.stream().map(WorkDirectory::fileStore).toList();
    DiskSpace.sharedDisks("--work-dir", work, stores)
        .ifPresent(
            note -> {
              cmd.getErr().println("note: " + note);
              cmd.getErr().flush();
            });
    input.checkDataFolder();
    SortPlan plan;
    try {
      plan =
          Admission.sort(
              new SortRequest(
                  ints,
                  chosen,
                  algo,
                  fanoutRule,
                  sorting.memory.m().isPresent(),
                  input.arrivalNanos()),
              machine);
    } catch (RefusedException e) {
      throw Refusals.of(cmd, e);
    }
    common
        .disk()
        .sort(
            algo == SortAlgorithm.IN_MEMORY, ints, input.generated(), input.outDir(), work, stores);
    SortTrialSpec trialSpec =
        new SortTrialSpec(
            input.sortData(settings, ints, work, input.arrivalNanos()),
            SortMethod.of(chosen, algo, fanoutRule));
    common.checkDuration(
        cmd, settings.totalRuns() * plan.request().seconds(), settings.totalRuns());
    return run(cmd, trialSpec, settings, Admission.direct(plan));
  }

  /**
   * A sort by another engine: its module found, its settings checked (exit 2 before anything runs),
   * the same input, output, disk and duration checks, then the runs.
   */
  private int callEngine(CommandLine cmd, RunSettings settings, String engineName)
      throws Exception {
    Refusals.refuseAny(
        cmd,
        Admission.applicability(Refusals.given(cmd), false, Optional.of(engineName), Set.of()));
    Map<String, String> conf;
    try {
      conf = EngineChecks.conf(engineConf == null ? List.of() : engineConf);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--conf: " + e.getMessage());
    }
    long ints = input.ints(cmd);
    List<Path> work = input.workFolders();
    input.checkDataFolder();
    EngineSettings engineSettings =
        new EngineSettings(
            Optional.ofNullable(master),
            sorting.memory.m(),
            partitions == null ? OptionalInt.empty() : OptionalInt.of(partitions),
            conf,
            work);
    try {
      Admission.engine(engineName, engineSettings);
    } catch (RefusedException e) {
      throw new BadInputException(
          String.join("; ", e.problems().stream().map(p -> Refusals.text(cmd, p)).toList()), e);
    }
    long generated = input.generated() ? ints * Integer.BYTES : 0;
    common
        .disk()
        .check(
            work.isEmpty() ? input.outDir() : work.get(0),
            EngineChecks.peakDiskBytes(ints) + generated,
            "the " + engineName + " sort (its shuffle, the sorted parts and the output)");
    SortTrialSpec trialSpec =
        new SortTrialSpec(
            input.sortData(settings, ints, work, 0), new EngineMethod(engineName, engineSettings));
    common.checkDuration(
        cmd,
        settings.totalRuns() * TimeEstimate.sortSeconds(ints, Math.max(1, ints), 2),
        settings.totalRuns());
    // Another engine's memory beside the heap is its own: none is counted here.
    return run(cmd, trialSpec, settings, DirectNeed.NONE);
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
