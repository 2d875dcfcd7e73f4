package org.secmem.runner;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.secmem.fs.ReadableFile;
import org.secmem.report.page.Reports;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumns;
import org.secmem.results.ResultFiles;

/**
 * A raw results file given to a command that reads one ({@code chart}, {@code compare}, {@code
 * advise}), or the folder a command wrote it in: read once, its malformed rows named as warnings on
 * the error stream, every way it cannot be read at all one line of bad input that names it.
 */
public final class ResultsInput {

  /** A raw results file has one of these; summaries, comparisons and parameter files none. */
  private static final List<String> MEASURED =
      List.of(ResultColumns.ELAPSED_NS, ResultColumns.ELAPSED_MS, ResultColumns.MIB_PER_S);

  private ResultsInput() {}

  /**
   * The raw results file {@code given} names ({@link ResultFiles#rawResultsIn}).
   *
   * @param label how messages name it ("BASE", "NEW"), or "" for none
   * @throws BadInputException when a folder holds none, or several to choose from
   */
  public static Path resolve(Path given, String label) {
    try {
      return ResultFiles.rawResultsIn(given, label);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /**
   * Reads {@code file}.
   *
   * @param label how messages name the file ("BASE", "NEW"), or "" for none
   * @throws BadInputException when the file is missing, not a file, unreadable or not a secmem
   *     results file
   */
  public static RawResults read(PrintWriter err, Path given, String label) {
    Path file = resolve(given, label);
    String name = (label.isEmpty() ? "" : label + " ") + file;
    ReadableFile.problem(file)
        .ifPresent(
            p -> {
              throw new BadInputException((label.isEmpty() ? "" : label + " ") + p);
            });
    RawResults raw;
    try {
      raw = RawResults.read(file);
    } catch (MalformedResultsException e) {
      throw new BadInputException((label.isEmpty() ? "" : label + " ") + e.getMessage(), e);
    } catch (IOException e) {
      throw new BadInputException(name + ": cannot be read: " + e.getMessage(), e);
    }
    if (raw.header().stream().noneMatch(MEASURED::contains)) {
      throw new BadInputException(
          name
              + " is not a secmem results file: it has none of the"
              + " columns "
              + String.join(", ", MEASURED)
              + " (a summary, comparison or parameter"
              + " file? give the raw results file, X.csv beside X-summary.csv)");
    }
    for (String line : Reports.describeProblems(raw)) {
      err.println("warning: " + line);
    }
    err.flush();
    return raw;
  }

  /**
   * Reads one side of a comparison, its malformed rows named as warnings.
   *
   * @param what "BASE" or "NEW", for messages
   * @throws BadInputException naming the file when it is missing, not a results file, or has no
   *     measured row
   */
  public static RawResults readToCompare(PrintWriter err, Path file, String what) {
    RawResults raw = read(err, file, what);
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
}
