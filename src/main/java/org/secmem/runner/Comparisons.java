package org.secmem.runner;

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

/**
 * The steps {@code compare} and {@code run --baseline} share: read a side, compare, print the
 * table, write the compare CSV and chart beside NEW, and the exit code {@code --fail-if-slower}
 * asks for.
 */
public final class Comparisons {

  private Comparisons() {}

  /**
   * Compares NEW with BASE.
   *
   * @throws BadInputException when they cannot be compared as asked (the message names file and
   *     column)
   */
  public static Comparison compare(
      RawResults base, RawResults next, Comparison.By by, double level) {
    try {
      return Comparison.of(base, next, by, level);
    } catch (IncomparableResultsException | MalformedResultsException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /** Prints the table and summary line to the command's output. */
  public static void print(Invocation call, Comparison c) {
    for (String line : ComparisonTable.lines(c)) {
      call.out().println(line);
    }
    call.out().flush();
  }

  /**
   * Writes the compare CSV and chart beside {@code newCsv}, and prints where.
   *
   * @return the files written: the CSV, then the chart's PNG and SVG (when there is a ratio)
   */
  public static List<Path> writeFiles(Invocation call, Comparison c, Path newCsv)
      throws IOException {
    List<Path> written = new ArrayList<>();
    Path csv = ResultFiles.compareFor(newCsv);
    ComparisonFile.write(c, csv);
    written.add(csv);
    written.addAll(ComparisonChart.write(c, ResultFiles.chartsFolderFor(newCsv)));
    call.out().println("comparison: " + csv);
    if (written.size() > 1) {
      call.out().println("comparison chart: " + written.get(1));
    }
    call.out().flush();
    return written;
  }

  /**
   * {@link ExitCodes#FAILURE} when {@code failIfSlower} (percent, NaN: not asked) is exceeded by a
   * configuration, each named on the error stream; else {@link ExitCodes#OK}.
   */
  public static int exitCode(Invocation call, Comparison c, double failIfSlower) {
    if (Double.isNaN(failIfSlower)) {
      return ExitCodes.OK;
    }
    List<Comparison.Row> slower = c.slowerByMoreThan(failIfSlower);
    String pct = ComparisonTable.plain(failIfSlower);
    long untested = c.summary().undecided();
    if (untested > 0) {
      // Not a failure (nothing shows a regression), but a check that tested less than it seems.
      call.err()
          .println(
              "warning: --fail-if-slower "
                  + pct
                  + ": "
                  + untested
                  + (untested == 1 ? " configuration was" : " configurations were")
                  + " not tested"
                  + " (fewer than 2 runs on a side); use --reps 3 or more");
      call.err().flush();
    }
    if (slower.isEmpty()) {
      call.out()
          .println(
              "--fail-if-slower "
                  + pct
                  + ": no configuration is significantly"
                  + " slower by more than "
                  + pct
                  + "%");
      call.out().flush();
      return ExitCodes.OK;
    }
    call.err()
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
      call.err()
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
    call.err().flush();
    return ExitCodes.FAILURE;
  }
}
