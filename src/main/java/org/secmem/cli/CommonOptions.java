package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.DiskSpace;
import org.secmem.admission.MemoryLimits;
import org.secmem.admission.Parameter;
import org.secmem.admission.SweepDuration;
import org.secmem.experiment.BatchOptions;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.ForkChild;
import org.secmem.experiment.Jvm;
import org.secmem.experiment.JvmList;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunOrder;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SteadyWarmup;
import org.secmem.param.Plans;
import org.secmem.param.RunConfig;
import org.secmem.results.ResultFormat;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ForkHeap;
import org.secmem.runner.ResultsPath;
import org.secmem.runner.ShutdownCleanup;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Options every experiment takes: repetitions, warm-up, cache, sync, seed, run order, flushing,
 * results file.
 */
final class CommonOptions {

  /** The command these options belong to: its process's cleanup keeps the cgroups it makes. */
  @Spec(Spec.Target.MIXEE)
  CommandLine.Model.CommandSpec mixee;

  @Option(names = "--reps")
  int reps;

  @Option(names = "--warmup")
  int warmup;

  @Option(
      names = "--steady-warmup",
      paramLabel = "MS",
      converter = Converters.Count.class,
      description =
          "After a configuration's --warmup runs, warm it up further (runs not recorded) until its"
              + " times stop falling (the median of the last 3 no more than 5 percent below that of"
              + " the 3 before) or MS milliseconds have passed, in the JVM that measures it (each"
              + " fork its own); the rows' steady_warmups says how many ran. Short runs in a fresh"
              + " JVM need about ten to reach compiled speed. 0 turns it off (default:"
              + " ${DEFAULT-VALUE}).",
      defaultValue = "0")
  long steadyWarmup;

  @Option(names = "--cache")
  CacheMode cache;

  @Option(names = "--sync")
  boolean sync;

  @Option(names = "--seed")
  long seed;

  @Option(
      names = "--order",
      completionCandidates = Completions.RunOrders.class,
      paramLabel = "ORDER",
      converter = Converters.Order.class,
      description =
          "Order of the runs: interleaved (round by round: every configuration's first run, then"
              + " every second run, ..., shuffled anew each round from --seed), random (all runs"
              + " shuffled, each configuration's in order) or sequential (one configuration's"
              + " runs after another's) (default: ${DEFAULT-VALUE}).",
      defaultValue = "interleaved")
  RunOrder order;

  @Option(
      names = "--no-flush",
      description =
          "Do not write dirty pages back (sync) before each timed run. By default they are, so a"
              + " run does not pay for what the one before it wrote; dirty_bytes records what"
              + " each run started with either way.")
  boolean noFlush;

  @Option(
      names = "--fork",
      paramLabel = "N",
      converter = Converters.IntCount.class,
      description =
          "Measure each configuration in N fresh JVMs, each running its warm-ups and"
              + " repetitions (so N x --reps rows), as JMH's forks: what one configuration leaves"
              + " in the JVM cannot change the next one's times. 0 measures in this JVM"
              + " (default: ${DEFAULT-VALUE}).",
      defaultValue = "0")
  int fork;

  @Option(
      names = "--sentinel",
      paramLabel = "CONFIG|auto",
      description =
          "Re-measure one reference configuration (its number in the batch, 1 = the first;"
              + " auto = the first) at the start, every --sentinel-every runs and at the end, and"
              + " say at the end how far it moved: the machine's drift during the sweep. Its"
              + " extra rows are marked sentinel=true and counted apart. With --fork, each"
              + " sentinel run is a fresh JVM too.")
  String sentinel;

  @Option(
      names = "--sentinel-every",
      paramLabel = "RUNS",
      converter = Converters.IntCount.class,
      description =
          "Runs (with --fork: forks) between two sentinel runs (default: as many as"
              + " the batch has configurations, once per round).",
      defaultValue = "0")
  int sentinelEvery;

  @Option(
      names = "--jvm",
      paramLabel = "JAVA[|JAVA...]",
      description =
          "Measure each configuration on each of these JVMs (a java binary or a JDK's folder,"
              + " Java 17 or newer), in forks of each (--fork 1 when --fork is not given), as"
              + " JMH's -jvm: rows record java_version and java_vendor, which the summary, charts"
              + " and compare --by java_version tell apart. Example: --jvm"
              + " '/usr/lib/jvm/java-17-openjdk-amd64|/usr/lib/jvm/temurin-25-jdk-amd64'.")
  List<String> jvm; // split here, not by picocli, which drops empty paths without a word

  @Option(names = "--memory-limit", split = "\\|")
  List<Long> memoryLimit;

  /** In a forked JVM: what it measures (see {@link ForkChildSession}); not for users. */
  @Option(names = "--fork-child", hidden = true, paramLabel = "SPEC")
  String forkChild;

  @Option(
      names = "--results",
      paramLabel = "FILE",
      description =
          "Raw results file, appended to; its summary, environment record, charts and report"
              + " page go beside it (default: results/<timestamp>-<experiment>/"
              + "<timestamp>-<experiment>.csv in the current folder, a folder per command).")
  Path results;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      converter = Converters.Format.class,
      completionCandidates = Completions.Formats.class,
      description =
          "Format of the results file: csv (a spreadsheet's, the default) or jsonl (JSON Lines:"
              + " one object a run, numbers as numbers, the environment record first). Without"
              + " it the --results file's name decides: .jsonl is JSON Lines, anything else CSV."
              + " chart, compare, advise and findings read both.")
  ResultFormat format;

  @Option(
      names = "--yes",
      description =
          "Run even when the estimated time exceeds a day (without it such a sweep is"
              + " refused, with the estimate).")
  boolean yes;

  @Option(
      names = "--skip-disk-check",
      description =
          "Do not refuse a run for lack of free disk (for file systems whose free space is not"
              + " what they can hold, e.g. compressed or thin-provisioned ones).")
  boolean skipDiskCheck;

  /**
   * The trials of parameter-file configurations ({@link Plans#trials}), admitted with this
   * command's disk check; the memory limits in the process the user started only, and the estimated
   * duration (see {@link #checkDuration}).
   */
  List<PlannedTrial> plan(CommandLine cmd, List<RunConfig> configs) throws IOException {
    ShutdownCleanup cleanup = SecmemCommand.cleanupOf(cmd);
    List<PlannedTrial> plan =
        Plans.trials(
            configs,
            cleanup,
            forkChild == null ? Optional.of(cleanup.cgroups()) : Optional.empty(),
            disk(),
            SecmemCommand.machineOf(cmd));
    checkDuration(cmd, Plans.seconds(configs), Plans.runs(configs));
    return plan;
  }

  /** The disk check of this command: none with --skip-disk-check. */
  DiskSpace disk() {
    return DiskSpace.of(skipDiskCheck);
  }

  /**
   * Refuses a sweep over a day unless --yes ({@link SweepDuration}); prints a long one's estimate.
   */
  void checkDuration(CommandLine cmd, double seconds, long runs) {
    SweepDuration.check(seconds, runs, yes)
        .ifPresent(
            line -> {
              cmd.getOut().println(line);
              cmd.getOut().flush();
            });
  }

  RunSettings settings(CommandLine cmd) {
    Refusals.between(cmd, "--fork", fork, 0, BatchOptions.MAX_FORKS, "");
    Refusals.between(cmd, "--sentinel-every", sentinelEvery, 0, 1_000_000, "");
    try {
      BatchOptions.sentinelIndex(sentinel);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--sentinel: " + e.getMessage());
    }

    Refusals.between(
        cmd, "--steady-warmup", steadyWarmup, 0, SteadyWarmup.MAX_BUDGET.toMillis(), "ms");
    Refusals.within(cmd, Parameter.REPS, reps);
    Refusals.within(cmd, Parameter.WARMUP, warmup);
    return new RunSettings(reps, warmup, cache, sync, seed);
  }

  /**
   * How the batch's runs are ordered and separated: --order, --seed, --no-flush; {@code direct}:
   * the most direct memory one of its configurations' streams hold, which --memory-limit must hold
   * beside the heap.
   */
  BatchOptions batch(DirectNeed direct) {
    return batch(false, () -> direct);
  }

  /**
   * As {@link #batch(DirectNeed)}, for a batch of which some configurations have memory limits of
   * their own ({@code memoryLimited}: a parameter file's {@code memory_limit}): those run in forks
   * only, so the batch forks (--fork 1 when --fork is not given), as with --memory-limit. {@code
   * direct} is asked only where --memory-limit is checked.
   */
  BatchOptions batch(boolean memoryLimited, Supplier<DirectNeed> direct) {
    int sentinelIndex = BatchOptions.sentinelIndex(sentinel);
    List<Jvm> jvms = jvms();
    List<Long> limits = memoryLimits(direct);
    return new BatchOptions(
        order,
        seed,
        !noFlush,
        jvms.isEmpty() && limits.isEmpty() && !memoryLimited ? fork : Math.max(1, fork),
        Optional.ofNullable(forkChild).map(ForkChild::parse),
        sentinelIndex,
        sentinelEvery,
        jvms,
        limits,
        SteadyWarmup.ofMillis(steadyWarmup));
  }

  /**
   * The limits of --memory-limit, each checked against the forks' heap and {@code direct}, where
   * the measuring is done (in the process the user started: a fork takes them as they are); empty
   * without the option.
   *
   * @throws BadInputException saying why no run could be measured under them (exit 2, nothing run)
   */
  private List<Long> memoryLimits(Supplier<DirectNeed> direct) {
    if (memoryLimit == null || memoryLimit.isEmpty()) {
      return List.of();
    }
    List<Long> limits = memoryLimit.stream().distinct().toList();
    if (forkChild == null) {
      MemoryLimits.check(
          limits,
          ForkHeap.bytes(),
          direct.get(),
          SecmemCommand.cleanupOf(mixee.commandLine()).cgroups());
    }
    return limits;
  }

  /**
   * The JVMs of --jvm, each asked what it is ({@link JvmList#of}); empty without the option.
   *
   * @throws BadInputException naming the path and what is wrong with it (exit 2, nothing run)
   */
  private List<Jvm> jvms() {
    if (jvm == null || jvm.isEmpty()) {
      return List.of();
    }
    try {
      return JvmList.of(jvm);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--jvm: " + e.getMessage(), e);
    }
  }

  /** Whether this process is a fork measuring for a parent secmem. */
  boolean isForkChild() {
    return forkChild != null;
  }

  /** The results file of this command ({@link ResultsPath#choose}). */
  Path resultsFile(CommandLine cmd, String experiment) {
    return ResultsPath.choose(results, format, experiment, SecmemCommand.cleanupOf(cmd));
  }
}
