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
import org.secmem.admission.FileChecks;
import org.secmem.admission.InputRule;
import org.secmem.admission.Machine;
import org.secmem.admission.RefusedException;
import org.secmem.admission.SortPlan;
import org.secmem.admission.SortRequest;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.EngineMethod;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortData;
import org.secmem.experiment.SortMethod;
import org.secmem.experiment.SortTrial;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.SweptTrial;
import org.secmem.experiment.TimeEstimate;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExperimentSession;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortChoices;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.sort.WorkDirectory;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
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

  @Option(names = "--in")
  Path in;

  @Option(names = "--n")
  Long n;

  @Option(names = "--shape", defaultValue = "uniform")
  Shape shape;

  @Option(names = "--out")
  Path out;

  @Option(names = "--overwrite")
  boolean overwrite;

  @Mixin BlockMemoryOptions memory;

  @Option(names = "--merge-read-stream")
  StreamType mergeReadStream;

  @Option(names = "--d")
  Integer d;

  @Option(names = "--preset", defaultValue = "classic")
  String preset;

  @Option(names = "--merger")
  String merger;

  @Option(names = "--run-sort")
  String runSort;

  @Option(names = "--overlap", negatable = true)
  Boolean overlap;

  @Option(names = "--parallel-merge", negatable = true)
  Boolean parallelMerge;

  @Option(names = "--threads")
  Integer threads;

  @Option(names = "--algorithm", defaultValue = "merge")
  String algorithm;

  @Mixin FanoutOptions fanout;

  @Option(names = "--arrival-ns")
  Integer arrivalNs;

  @Option(names = "--descending")
  boolean descending;

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

  @Option(names = "--work-dir")
  List<String> workDirs;

  @Option(
      names = "--params",
      paramLabel = "FILE",
      description =
          "Parameter file (seed format"
              + " ReadType;WriteType;d;M;a,b;loops;input;output;ascending, or a header-based CSV).")
  Path params;

  @Mixin DataFolderOption data;

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
    SortAlgorithm algo;
    try {
      algo = SortAlgorithm.parse(algorithm);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--algorithm: " + e.getMessage());
    }
    boolean inMemory = algo == SortAlgorithm.IN_MEMORY;
    boolean tree = algo == SortAlgorithm.BUFFER_TREE;
    SortSettings chosen = resolve(cmd, tree);
    Refusals.refuseAny(
        cmd, Admission.applicability(Refusals.given(cmd), true, Optional.empty(), Set.of(algo)));
    FanoutRule fanoutRule = fanout.rule(cmd);
    // 0 is the default (the input exists before the clock starts), as in a parameter file; its
    // range is checked with every registry option's (InputChecks.checkRanges).
    Refusals.refuseAny(
        cmd, InputRule.arrival(arrivalNs == null ? 0 : arrivalNs, in != null).stream().toList());
    long ints = inputInts(cmd);
    // One view of this machine: the d chosen below is the d admitted against it.
    Machine machine = Machine.current();
    if (algo == SortAlgorithm.MERGE) {
      // The fast preset's own d grows to merge a large input's runs in fewer passes.
      chosen = chosen.forInput(ints, machine.freeDescriptors());
    }
    int d = chosen.fanIn();
    List<Path> work = Converters.workFolders(workDirs);
    FileChecks.workFolders("--work-dir", work);
    List<Optional<FileStore>> stores = work.stream().map(WorkDirectory::fileStore).toList();
    DiskSpace.sharedDisks("--work-dir", work, stores)
        .ifPresent(
            note -> {
              cmd.getErr().println("note: " + note);
              cmd.getErr().flush();
            });
    if (in == null || out == null) {
      // Generated inputs and scratch outputs go under --dir.
      FileChecks.writableFolder("--dir", data.dir);
    }
    SortPlan plan;
    try {
      plan =
          Admission.sort(
              new SortRequest(
                  ints,
                  chosen,
                  algo,
                  fanoutRule,
                  memory.m().isPresent(),
                  arrivalNs == null ? 0 : arrivalNs),
              machine);
    } catch (RefusedException e) {
      throw Refusals.of(cmd, e);
    }
    Path outDir = (out != null ? out : data.dir.resolve("scratch")).toAbsolutePath().getParent();
    common.disk().sort(inMemory, ints, in == null, outDir, work, stores);
    SortTrialSpec trialSpec =
        new SortTrialSpec(
            sortData(settings, ints, work, arrivalNs == null ? 0 : arrivalNs),
            SortMethod.of(chosen, algo, fanoutRule));
    common.checkDuration(
        cmd, settings.totalRuns() * plan.request().seconds(), settings.totalRuns());
    SortTrial trial = new SortTrial(trialSpec, SecmemCommand.cleanupOf(cmd));
    return ExperimentSession.run(
        CommandInvocation.of(cmd),
        List.of(SweptTrial.of(trial, "sort")),
        settings,
        common.batch(Admission.direct(plan)),
        common.resultsFile(cmd, "sort"),
        data.dir);
  }

  /** What this command sorts and where: --in or --n ints of --shape, --out, --dir, --work-dir. */
  private SortData sortData(RunSettings settings, long ints, List<Path> work, long arrivalNanos) {
    return SortData.of(
        Optional.ofNullable(in),
        Optional.ofNullable(out),
        in == null ? ints : 0,
        shape,
        descending ? SortOrder.DESCENDING : SortOrder.ASCENDING,
        settings,
        data.dir,
        work,
        arrivalNanos);
  }

  /**
   * The ints to sort, from --in (a readable file) or --n; the output checked against the input.
   * Every engine's checks.
   */
  private long inputInts(CommandLine cmd) throws IOException {
    long ints;
    if (in != null) {
      Refusals.refuseAny(
          cmd,
          InputRule.inputOrN(in.toString(), n == null ? null : Long.toString(n)).stream().toList());
      FileChecks.readableInput("--in", in);
      ints = Streams.intCount(in);
      if (ints == 0) {
        // A run that measures nothing leaves no results file.
        throw new BadInputException("--in: " + in + " holds no ints: there is nothing to sort");
      }
    } else if (n != null) {
      ints = n; // in range: InputChecks.checkRanges
    } else {
      ints = SortPreset.DEFAULT_N;
    }
    if (out != null) {
      FileChecks.intOutput("--out", out, in, overwrite, "give --overwrite");
    }
    return ints;
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
    long ints = inputInts(cmd);
    List<Path> work = Converters.workFolders(workDirs);
    FileChecks.workFolders("--work-dir", work);
    if (in == null || out == null) {
      FileChecks.writableFolder("--dir", data.dir);
    }
    EngineSettings engineSettings =
        new EngineSettings(
            Optional.ofNullable(master),
            memory.m(),
            partitions == null ? OptionalInt.empty() : OptionalInt.of(partitions),
            conf,
            work);
    try {
      Admission.engine(engineName, engineSettings);
    } catch (RefusedException e) {
      throw new BadInputException(
          String.join("; ", e.problems().stream().map(p -> Refusals.text(cmd, p)).toList()), e);
    }
    long dataBytes = ints * Integer.BYTES;
    long generated = in == null ? dataBytes : 0;
    Path outDir = (out != null ? out : data.dir.resolve("scratch")).toAbsolutePath().getParent();
    common
        .disk()
        .check(
            work.isEmpty() ? outDir : work.get(0),
            EngineChecks.peakDiskBytes(ints) + generated,
            "the " + engineName + " sort (its shuffle, the sorted parts and the output)");
    SortTrialSpec trialSpec =
        new SortTrialSpec(
            sortData(settings, ints, work, 0), new EngineMethod(engineName, engineSettings));
    common.checkDuration(
        cmd,
        settings.totalRuns() * TimeEstimate.sortSeconds(ints, Math.max(1, ints), 2),
        settings.totalRuns());
    SortTrial trial = new SortTrial(trialSpec, SecmemCommand.cleanupOf(cmd));
    return ExperimentSession.run(
        CommandInvocation.of(cmd),
        List.of(SweptTrial.of(trial, "sort")),
        settings,
        // Another engine's memory beside the heap is its own: none is counted here.
        common.batch(DirectNeed.NONE),
        common.resultsFile(cmd, "sort"),
        data.dir);
  }

  /**
   * The settings this command line asks for: the preset's, with every option given applied — the
   * same resolution parameter files and the menu go through.
   */
  SortSettings resolve(CommandLine cmd, boolean tree) {
    try {
      SortChoices choices =
          new SortChoices(
              memory.readStream(),
              memory.writeStream(),
              memory.b(),
              Optional.ofNullable(d),
              memory.m(),
              Optional.ofNullable(merger).map(Merger::parse),
              Optional.ofNullable(runSort).map(RunSort::parse),
              Optional.ofNullable(overlap),
              Optional.ofNullable(parallelMerge),
              Optional.ofNullable(threads),
              Optional.ofNullable(mergeReadStream));
      // The buffer tree's own M and B (seed 004's) where none is given.
      return SortPreset.parse(preset).resolve(tree ? TreeDefaults.apply(choices) : choices);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, e.getMessage());
    }
  }
}
