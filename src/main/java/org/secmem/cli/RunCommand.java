package org.secmem.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.secmem.experiment.BatchOptions;
import org.secmem.experiment.BatchStep;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.PlannedTrial;
import org.secmem.param.ParamDefaults;
import org.secmem.param.Plans;
import org.secmem.param.RunConfig;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ExperimentSession;
import org.secmem.runner.Resume;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code secmem run}: runs parameter files. */
@Command(
    modelTransformer = RegistryOptions.class,
    abbreviateSynopsis = true,
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run parameter files: every row, every combination of its lists and ranges.",
      "",
      "Each file is checked whole before anything runs; every problem is reported as",
      "path:line: field: problem. Header-based CSV files name their columns (experiment,",
      "stream, read_stream, write_stream, n, k, b, m, d, shape, seed, input, output, order,",
      "reps, warmup, cache, sync, dir); cells take lists (1000|10000) and ranges (2^10..2^20",
      "doubling, 1000..1000000 x10, 1..4). Files in the seed report's semicolon format need",
      "--experiment. Common options give the defaults for empty cells."
    },
    footer = {
      "%nExamples:",
      "  secmem run configs/quick.csv",
      "  secmem run --experiment write configs/write-seed.csv",
      "  secmem run configs/quick.csv --baseline results/yesterday.csv --fail-if-slower 10",
      ExitCodes.HELP
    })
final class RunCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "PARAM_FILE", description = "Parameter files.")
  List<Path> files;

  @Option(
      names = "--experiment",
      paramLabel = "write|read|sort",
      description =
          "The experiment of seed-format files (their lines do not say): ${COMPLETION-CANDIDATES}.")
  Experiment experiment;

  @Option(
      names = "--resume",
      description =
          "Continue an interrupted sweep: skip configurations whose repetitions are already in"
              + " the --results file, and run only the missing ones.")
  boolean resume;

  @Mixin CommonOptions common;

  @Mixin BaselineOptions baseline;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    ParamDefaults defaults = ParamDefaults.standard().withSettings(common.settings(cmd));
    List<RunConfig> configs =
        Plans.read(files, Optional.ofNullable(experiment), defaults, SecmemCommand.machineOf(cmd));
    String name = files.size() == 1 ? baseName(files.get(0)) : "run";
    if (resume && common.results == null) {
      throw new CommandLine.ParameterException(
          cmd, "--resume needs --results FILE: the results file of the interrupted sweep");
    }
    Path results = common.resultsFile(cmd, name);
    ExperimentSession.Baseline base = baseline.read(cmd, results, common.isForkChild());
    List<PlannedTrial> plan = common.plan(cmd, configs);
    // Once: it asks each --jvm its version and makes a trial cgroup for --memory-limit.
    BatchOptions batch =
        common.batch(
            Plans.anyMemoryLimit(configs),
            () -> Plans.direct(configs, SecmemCommand.machineOf(cmd)));
    if (!resume || common.isForkChild()) {
      return ExperimentSession.run(
          CommandInvocation.of(cmd), plan, batch, results, defaults.dataDir(), base);
    }
    // With forks, each configuration is measured forks x reps times: what resume looks for; with
    // --jvm and --memory-limit, once per JVM and limit, as the forks plan it (they find theirs by
    // index, and a fork planned without its limit ran outside its cgroup).
    plan = ExperimentSession.measured(plan, batch);
    Resume.Left left = Resume.left(plan, results, cmd.getErr());
    cmd.getOut().println(left.line());
    List<BatchStep> steps = left.steps();
    if (steps.isEmpty()) {
      return ExitCodes.OK;
    }
    return ExperimentSession.runSteps(
        CommandInvocation.of(cmd), plan, steps, batch, results, defaults.dataDir(), base);
  }

  private static String baseName(Path f) {
    String n = f.getFileName().toString();
    int dot = n.lastIndexOf('.');
    return dot > 0 ? n.substring(0, dot) : n;
  }
}
