package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.report.comparison.Comparison;
import org.secmem.report.comparison.ComparisonChart;
import org.secmem.report.comparison.ComparisonFile;
import org.secmem.report.comparison.ComparisonTable;
import org.secmem.report.comparison.IncomparableResultsException;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;
import picocli.CommandLine;

/**
 * The steps {@code compare} and {@code run --baseline} share: read a side, compare, print the
 * table, write the compare CSV and chart beside NEW, and the exit code {@code --fail-if-slower}
 * asks for.
 */
final class Comparisons {

  private Comparisons() {}

  /**
   * Reads one side, its malformed rows named as warnings.
   *
   * @param what "BASE" or "NEW", for messages
   * @throws BadInputException naming the file when it is missing, not a results file, or has no
   *     measured row
   */
  static RawResults read(CommandLine cmd, Path file, String what) {
    RawResults raw = ResultsInput.read(cmd, file, what);
    if (raw.measuredRows().isEmpty()) {
      throw new BadInputException(
          what
              + " "
              + file
              + ": no measured row to compare"
              + (raw.rows().isEmpty()
                  ? raw.problems().isEmpty()
                      ? " (a header and nothing below it)"
                      : " (" + raw.problems().size() + " malformed, named above)"
                  : " (warm-up rows only)"));
    }
    return raw;
  }

  /**
   * Compares NEW with BASE.
   *
   * @throws BadInputException when they cannot be compared as asked (the message names file and
   *     column)
   */
  static Comparison compare(RawResults base, RawResults next, Comparison.By by, double level) {
    try {
      return Comparison.of(base, next, by, level);
    } catch (IncomparableResultsException | MalformedResultsException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /** Prints the table and summary line to the command's output. */
  static void print(CommandLine cmd, Comparison c) {
    for (String line : ComparisonTable.lines(c)) {
      cmd.getOut().println(line);
    }
    cmd.getOut().flush();
  }

  /**
   * Writes the compare CSV and chart beside {@code newCsv}, and prints where.
   *
   * @return the files written: the CSV, then the chart's PNG and SVG (when there is a ratio)
   */
  static List<Path> writeFiles(CommandLine cmd, Comparison c, Path newCsv) throws IOException {
    List<Path> written = new ArrayList<>();
    Path csv = ResultFiles.compareFor(newCsv);
    ComparisonFile.write(c, csv);
    written.add(csv);
    written.addAll(ComparisonChart.write(c, ResultFiles.chartsFolderFor(newCsv)));
    cmd.getOut().println("comparison: " + csv);
    if (written.size() > 1) {
      cmd.getOut().println("comparison chart: " + written.get(1));
    }
    cmd.getOut().flush();
    return written;
  }

  /**
   * {@link ExitCodes#FAILURE} when {@code failIfSlower} (percent, NaN: not asked) is exceeded by a
   * configuration, each named on the error stream; else {@link ExitCodes#OK}.
   */
  static int exitCode(CommandLine cmd, Comparison c, double failIfSlower) {
    if (Double.isNaN(failIfSlower)) {
      return ExitCodes.OK;
    }
    List<Comparison.Row> slower = c.slowerByMoreThan(failIfSlower);
    String pct = ComparisonTable.plain(failIfSlower);
    long untested = c.summary().undecided();
    if (untested > 0) {
      // Not a failure (nothing shows a regression), but a check that tested less than it seems.
      cmd.getErr()
          .println(
              "warning: --fail-if-slower "
                  + pct
                  + ": "
                  + untested
                  + (untested == 1 ? " configuration was" : " configurations were")
                  + " not tested"
                  + " (fewer than 2 runs on a side); use --reps 3 or more");
      cmd.getErr().flush();
    }
    if (slower.isEmpty()) {
      cmd.getOut()
          .println(
              "--fail-if-slower "
                  + pct
                  + ": no configuration is significantly"
                  + " slower by more than "
                  + pct
                  + "%");
      cmd.getOut().flush();
      return ExitCodes.OK;
    }
    cmd.getErr()
        .println(
            "--fail-if-slower "
                + pct
                + ": "
                + slower.size()
                + (slower.size() == 1 ? " configuration is" : " configurations are")
                + " significantly slower by more than "
                + pct
                + "%:");
    for (Comparison.Row r : slower) {
      cmd.getErr()
          .println(
              "  "
                  + r.label()
                  + ": "
                  + r.verdictText("\u00d7")
                  + " (ratio "
                  + ComparisonTable.ratio(r.ratio())
                  + " ["
                  + ComparisonTable.ratio(r.low())
                  + ", "
                  + ComparisonTable.ratio(r.high())
                  + "])");
    }
    cmd.getErr().flush();
    return ExitCodes.FAILURE;
  }
}
