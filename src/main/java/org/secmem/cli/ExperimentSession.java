package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.secmem.experiment.CacheController;
import org.secmem.experiment.ExperimentRunner;
import org.secmem.experiment.LinuxPageCache;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.Trial;
import org.secmem.report.RawResultsWriter;
import picocli.CommandLine;

/**
 * The one results path: every command that measures runs its configurations here, so every row goes
 * to the same kind of results file, flushed as it is measured.
 */
final class ExperimentSession {

  private ExperimentSession() {}

  static int run(CommandLine cmd, List<? extends Trial> trials, RunSettings settings, Path results)
      throws IOException {
    ConsoleListener listener = new ConsoleListener(cmd.getOut(), cmd.getErr());
    long rows;
    try (RawResultsWriter writer = RawResultsWriter.open(results)) {
      ExperimentRunner runner =
          new ExperimentRunner(writer, listener, new CacheController(new LinuxPageCache(), listener));
      try {
        for (int i = 0; i < trials.size(); i++) {
          runner.run(trials.get(i), settings, i + 1, trials.size());
        }
      } finally {
        rows = writer.rowsWritten();
        cmd.getOut().println("results: " + results + " (" + rows + " rows)");
        cmd.getOut().flush();
      }
    }
    return ExitCodes.OK;
  }
}
