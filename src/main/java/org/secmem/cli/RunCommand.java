package org.secmem.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.secmem.experiment.BatchStep;
import org.secmem.experiment.Experiment;
import org.secmem.param.ParamDefaults;
import org.secmem.param.RunConfig;
import org.secmem.report.RawResults;
import org.secmem.report.Reports;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code secmem run}: runs parameter files. */
@Command(
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
      ExitCodes.HELP_SECTION
    })
final class RunCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "PARAM_FILE", description = "Parameter files.")
  List<Path> files;

  @Option(
      names = "--experiment",
      paramLabel = "write|read|sort",
      description = "The experiment of seed-format files (their lines do not say).")
  Experiment experiment;

  @Option(
      names = "--resume",
      description =
          "Continue an interrupted sweep: skip configurations whose repetitions are already in"
              + " the --results file, and run only the missing ones.")
  boolean resume;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    ParamDefaults defaults = ParamDefaults.standard().withSettings(common.settings(cmd));
    List<RunConfig> configs = Plans.read(files, Optional.ofNullable(experiment), defaults);
    String name = files.size() == 1 ? baseName(files.get(0)) : "run";
    if (resume && common.results == null) {
      throw new CommandLine.ParameterException(
          cmd, "--resume needs --results FILE: the results file of the interrupted sweep");
    }
    Path results = common.resultsFile(name);
    List<org.secmem.experiment.PlannedTrial> plan = Plans.trials(cmd, configs, common);
    if (!resume || common.isForkChild()) {
      return ExperimentSession.run(cmd, plan, common.batch(), results, defaults.dataDir());
    }
    // With forks, each configuration is measured forks x reps times: what resume looks for.
    plan = ExperimentSession.perConfiguration(plan, common.batch());
    List<BatchStep> steps = Resume.all(plan);
    if (Files.exists(results) && Files.size(results) > 0) {
      RawResults raw = RawResults.read(results);
      List<String> problems = Reports.describeProblems(raw);
      for (String line : problems) {
        cmd.getErr().println("warning: " + line);
      }
      if (!problems.isEmpty()) {
        cmd.getErr().println("warning: malformed rows count as not measured: their runs are done"
            + " again");
      }
      cmd.getErr().flush();
      steps = Resume.remaining(plan, raw);
    }
    long halfDone = steps.stream().filter(BatchStep::halfDone).count();
    cmd.getOut().println("resume: " + (plan.size() - steps.size()) + " of " + plan.size()
        + " configurations already measured in " + results + "; " + steps.size() + " to run"
        + (halfDone == 0 ? "" : " (" + halfDone + " half-done: only their missing repetitions run,"
            + " after warm-ups that are not recorded twice)"));
    if (steps.isEmpty()) {
      return ExitCodes.OK;
    }
    return ExperimentSession.runSteps(cmd, plan, steps, common.batch(), results,
        defaults.dataDir());
  }

  private static String baseName(Path f) {
    String n = f.getFileName().toString();
    int dot = n.lastIndexOf('.');
    return dot > 0 ? n.substring(0, dot) : n;
  }
}
