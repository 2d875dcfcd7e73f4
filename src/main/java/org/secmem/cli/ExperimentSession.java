package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.experiment.CacheController;
import org.secmem.experiment.ExperimentRunner;
import org.secmem.experiment.LinuxPageCache;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.Trial;
import org.secmem.report.EnvironmentRecord;
import org.secmem.report.RawResultsWriter;
import org.secmem.report.ReportFiles;
import org.secmem.report.Reports;
import picocli.CommandLine;

/**
 * The one results path: every command that measures runs its configurations here. The environment
 * record is written before the first run, every row is flushed as it is measured, and the summary
 * and charts are drawn from the raw file at the end — also after a failure, for what was measured.
 */
final class ExperimentSession {

  private static final Logger LOG = LogManager.getLogger(ExperimentSession.class);

  private ExperimentSession() {}

  static int run(CommandLine cmd, List<? extends Trial> trials, RunSettings settings, Path results,
      Path dataDir) throws IOException {
    return run(cmd, trials.stream().map(t -> new PlannedTrial(t, settings)).toList(), results,
        dataDir);
  }

  static int run(CommandLine cmd, List<PlannedTrial> plan, Path results, Path dataDir)
      throws IOException {
    long totalRuns = plan.stream().mapToLong(p -> p.settings().totalRuns()).sum();
    boolean terminal = System.console() != null;
    long rows = 0;
    ShutdownCleanup cleanup = SecmemCommand.cleanupOf(cmd);
    cleanup.sessionStarted(results);
    try (RawResultsWriter writer = RawResultsWriter.open(results);
        ProgressListener listener =
            new ProgressListener(cmd.getOut(), cmd.getErr(), totalRuns, terminal)) {
      EnvironmentRecord.writeBeside(results, dataDir, commandLine(cmd));
      ExperimentRunner runner =
          new ExperimentRunner(
              writer, listener, new CacheController(new LinuxPageCache(), listener));
      try {
        for (int i = 0; i < plan.size(); i++) {
          runner.run(plan.get(i).trial(), plan.get(i).settings(), i + 1, plan.size());
        }
      } finally {
        rows = writer.rowsWritten();
        listener.close();
        cmd.getOut().println("results: " + results + " (" + rows + (rows == 1 ? " row)" : " rows)"));
        cmd.getOut().flush();
      }
    } finally {
      cleanup.sessionEnded();
      if (rows > 0) {
        report(cmd, results);
      }
    }
    return ExitCodes.OK;
  }

  /** Summary and charts of what is in the results file; a failure here loses no measurement. */
  private static void report(CommandLine cmd, Path results) {
    try {
      List<Path> written = Reports.writeSummaryAndCharts(results);
      long charts = written.stream().filter(p -> p.toString().endsWith(".png")).count();
      cmd.getOut().println("summary: " + ReportFiles.summaryFor(results));
      cmd.getOut().println("environment: " + ReportFiles.environmentFor(results));
      if (charts > 0) {
        cmd.getOut().println("charts: " + ReportFiles.chartsFolderFor(results) + " (" + charts
            + " charts, PNG and SVG)");
      }
      cmd.getOut().flush();
    } catch (IOException | RuntimeException e) {
      LOG.error("Could not write the summary or charts of {}", results, e);
      cmd.getErr().println("warning: could not write the summary or charts of " + results + ": "
          + e.getMessage() + " (the raw results are complete)");
      cmd.getErr().flush();
    }
  }

  /** The command as typed: "secmem" and the original arguments. */
  static List<String> commandLine(CommandLine cmd) {
    CommandLine root = cmd;
    while (root.getParent() != null) {
      root = root.getParent();
    }
    List<String> command = new ArrayList<>();
    command.add("secmem");
    if (root.getParseResult() != null) {
      command.addAll(root.getParseResult().originalArgs());
    }
    return command;
  }
}
