package org.secmem.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.report.chart.ChartMaker;
import org.secmem.report.chart.DrawnChart;
import org.secmem.report.page.Reports;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;
import org.secmem.results.ResultsFileException;
import org.secmem.results.ResultsTarget;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ExperimentSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem chart}: summary, charts and report page of a results file. */
@Command(
    name = "chart",
    mixinStandardHelpOptions = true,
    description = {
      "Draw charts, the summary and the report page of a results file.",
      "",
      "Draws PNG and SVG charts of a raw results file (CSV or JSON Lines) and writes its",
      "summary CSV and its report page (<results>-report.html: command, environment, summary,",
      "every chart) beside it: time and MiB/s against every parameter that varies (N, B, k,",
      "M, d), one series per stream type, points at the median of the repetitions, whiskers",
      "from the fastest run to the slowest."
    },
    footer = {
      "%nExamples:",
      "  secmem chart results/20261122-120000-read.csv",
      "  secmem chart results/sweep.csv --out charts/",
      ExitCodes.HELP
    })
final class ChartCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Mixin ResultsFileArgument input;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Folder for the charts (default: <results>-charts/ beside the file).")
  Path out;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    Path results = input.file();
    try {
      ResultsTarget.checkBeside(results, out == null);
    } catch (ResultsFileException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    RawResults raw = input.read(cmd);
    if (raw.rows().isEmpty()) {
      throw new BadInputException(
          results
              + ": no valid row to chart"
              + (raw.problems().isEmpty()
                  ? " (a header and nothing below it)"
                  : " (" + raw.problems().size() + " malformed, named above)"));
    }
    Path dir = out != null ? out : ResultFiles.chartsFolderFor(results);
    List<DrawnChart> written;
    try {
      written = Reports.write(raw, results, dir, ChartMaker.withDefaults()).charts();
    } catch (MalformedResultsException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    long charts = written.size();
    cmd.getOut().println("summary: " + ResultFiles.summaryFor(results));
    if (charts == 0) {
      // Charts are drawn for a sweep, or as bars for several types or presets of one setting.
      cmd.getOut()
          .println(
              "no charts: nothing to compare in "
                  + results
                  + " (one stream type or"
                  + " preset, one configuration)");
    } else {
      cmd.getOut().println("charts: " + dir + " (" + DrawnChart.describe(written) + ")");
      boolean png = written.stream().anyMatch(c -> c.png().isPresent());
      for (DrawnChart c : written) {
        for (Path p : png ? c.png().stream().toList() : List.of(c.svg())) {
          cmd.getOut().println("  " + p.getFileName());
        }
      }
    }
    cmd.getOut().flush();
    // As at the end of a run (the menu's "Chart results" comes here too).
    ExperimentSession.advise(CommandInvocation.of(cmd), raw, results);
    return ExperimentSession.page(CommandInvocation.of(cmd), raw, results, written)
        ? ExitCodes.OK
        : ExitCodes.FAILURE;
  }
}
