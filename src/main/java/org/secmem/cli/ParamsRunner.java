package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.secmem.experiment.Experiment;
import org.secmem.param.ParamDefaults;
import org.secmem.param.Plans;
import org.secmem.param.RunConfig;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExperimentSession;
import picocli.CommandLine;

/** {@code write|read|sort --params FILE}: the seed report's way, experiment first, then a file. */
final class ParamsRunner {

  private ParamsRunner() {}

  static int run(CommandLine cmd, Path file, Experiment experiment, CommonOptions common)
      throws IOException {
    ParamDefaults defaults = ParamDefaults.standard().withSettings(common.settings(cmd));
    List<RunConfig> configs =
        Plans.read(List.of(file), Optional.of(experiment), defaults, SecmemCommand.machineOf(cmd));
    for (RunConfig c : configs) {
      if (c.experiment() != experiment) {
        throw new BadInputException(
            c.origin()
                + ": experiment: this line is a "
                + c.experiment()
                + " row, but the file was given to '"
                + experiment
                + " --params'; use 'secmem run'");
      }
    }
    return ExperimentSession.run(
        CommandInvocation.of(cmd),
        common.plan(cmd, configs),
        common.batch(
            Plans.anyMemoryLimit(configs),
            () -> Plans.direct(configs, SecmemCommand.machineOf(cmd))),
        common.resultsFile(cmd, experiment.cliName()),
        defaults.dataDir());
  }
}
