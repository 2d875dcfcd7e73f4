package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.secmem.report.comparison.Comparison;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExperimentSession;
import org.secmem.runner.ResultsInput;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code run --baseline}: the results to compare a sweep with when it ends, and how. */
final class BaselineOptions {

  @Option(
      names = "--baseline",
      paramLabel = "BASE.csv",
      description =
          "When the sweep ends, compare its results with this results file as secmem compare"
              + " does: the table is printed, <results>-comparison.csv and a chart go beside the"
              + " results and into the report page. The exit code stays 0 unless"
              + " --fail-if-slower is exceeded. Checked before anything runs.")
  Path baseline;

  @Mixin ComparisonOptions comparison;

  /**
   * The {@code --baseline} file read and checked before the sweep: a baseline that cannot be read
   * stops the command with exit 2 before anything runs. Null without {@code --baseline}, and in a
   * forked JVM (which only measures).
   */
  ExperimentSession.Baseline read(CommandLine cmd, Path results, boolean forkChild)
      throws IOException {
    boolean options =
        comparison.by != null
            || comparison.failIfSlower != null
            || !"0.95".equals(comparison.level);
    if (baseline == null) {
      if (options) {
        throw new CommandLine.ParameterException(
            cmd, "--by, --level and --fail-if-slower need --baseline BASE.csv");
      }
      return null;
    }
    if (forkChild) {
      return null;
    }
    Comparison.By by = comparison.by(cmd);
    double level = comparison.level(cmd);
    double failIfSlower = comparison.failIfSlower(cmd);
    if (Files.exists(results) && Files.exists(baseline) && Files.isSameFile(baseline, results)) {
      throw new BadInputException(
          "--baseline "
              + baseline
              + " is the --results file itself:"
              + " compare with an earlier sweep's file");
    }
    return new ExperimentSession.Baseline(
        baseline,
        ResultsInput.readToCompare(cmd.getErr(), baseline, "--baseline"),
        by,
        level,
        failIfSlower);
  }
}
