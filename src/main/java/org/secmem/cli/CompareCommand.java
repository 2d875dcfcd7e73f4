package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.report.chart.ChartMaker;
import org.secmem.report.chart.DrawnChart;
import org.secmem.report.comparison.Comparison;
import org.secmem.report.page.Reports;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;
import org.secmem.runner.BadInputException;
import org.secmem.runner.Comparisons;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ExperimentSession;
import org.secmem.runner.ResultsInput;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code secmem compare}: two results files, configuration by configuration. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compare two results files, configuration by configuration.",
      "",
      "Matches the configurations of BASE and NEW (same experiment and parameters) and prints,",
      "per configuration, both medians of the elapsed time (± median absolute deviation), the",
      "ratio NEW/BASE with a bootstrap interval, and the verdict: faster or slower when the",
      "interval excludes 1, else unchanged; then the geometric mean of the ratios and the counts.",
      "Configurations in one file only are listed. The table (<NEW>-comparison.csv) and a chart",
      "(<NEW>-charts/compare-ratio.png/.svg) go beside NEW, and into its report page."
    },
    footer = {
      "%nExamples:",
      "  secmem compare results/before.csv results/after.csv",
      "  secmem compare results/classic.csv results/fast.csv --by preset",
      "  secmem compare results/r.csv results/r.csv --by stream=buffered:user-buffer",
      "  secmem compare base.csv new.csv --fail-if-slower 5     # exit 1 on a regression (CI)",
      "%nExit codes:%n"
          + "  0  compared (whatever the verdicts)%n"
          + "  1  with --fail-if-slower: a configuration is significantly slower by more than PCT"
          + "%n     percent; or the files beside NEW could not be written%n"
          + "  2  bad usage or bad input: a file missing or not a results file, no configuration"
          + "%n     in common, a --by column or value that is not there%n"
    })
final class CompareCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASE", description = "The baseline results file.")
  Path base;

  @Parameters(index = "1", paramLabel = "NEW", description = "The results file compared with it.")
  Path next;

  @Mixin ComparisonOptions options;

  @Option(
      names = "--no-files",
      description = "Only print: write no comparison CSV, chart or report page beside NEW.")
  boolean noFiles;

  @Override
  public Integer call() throws IOException {
    CommandLine cmd = spec.commandLine();
    Comparison.By by = options.by(cmd);
    double level = options.level(cmd);
    double failIfSlower = options.failIfSlower(cmd);
    base = ResultsInput.resolve(base, "BASE");
    next = ResultsInput.resolve(next, "NEW");
    RawResults baseRaw = ResultsInput.readToCompare(cmd.getErr(), base, "BASE");
    RawResults nextRaw = ResultsInput.readToCompare(cmd.getErr(), next, "NEW");
    if (Files.isSameFile(base, next) && (by == null || !by.hasValues())) {
      throw new BadInputException(
          "BASE and NEW are the same file ("
              + next
              + "): say which"
              + " rows are BASE and which NEW with --by COLUMN=A:B, e.g. --by"
              + " stream=buffered:user-buffer");
    }
    Comparison c = Comparisons.compare(baseRaw, nextRaw, by, level);
    Comparisons.print(CommandInvocation.of(cmd), c);
    int code = Comparisons.exitCode(CommandInvocation.of(cmd), c, failIfSlower);
    if (noFiles) {
      return code;
    }
    boolean written = writeBeside(cmd, c, nextRaw);
    return code != ExitCodes.OK || written ? code : ExitCodes.FAILURE;
  }

  /**
   * The compare CSV and chart beside NEW, then NEW's summary, charts and page again so that the
   * page shows the comparison; a failure is a warning.
   *
   * @return whether everything was written
   */
  private boolean writeBeside(CommandLine cmd, Comparison c, RawResults nextRaw) {
    try {
      Comparisons.writeFiles(CommandInvocation.of(cmd), c, next);
    } catch (IOException | RuntimeException e) {
      cmd.getErr()
          .println(
              "warning: could not write the comparison beside " + next + ": " + e.getMessage());
      cmd.getErr().flush();
      return false;
    }
    List<DrawnChart> charts;
    try {
      charts =
          Reports.write(nextRaw, next, ResultFiles.chartsFolderFor(next), ChartMaker.withDefaults())
              .charts();
    } catch (MalformedResultsException e) {
      charts = List.of();
    } catch (IOException | RuntimeException e) {
      cmd.getErr()
          .println(
              "warning: could not write the summary or charts of " + next + ": " + e.getMessage());
      cmd.getErr().flush();
      charts = List.of();
    }
    return ExperimentSession.page(CommandInvocation.of(cmd), nextRaw, next, charts);
  }
}
