package org.secmem.seeds;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.secmem.fs.ReadableFile;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.runner.BadInputException;

/**
 * What {@code secmem findings} reads: the findings and their rules, and the results files to judge
 * them by, each problem one line of bad input naming the file.
 */
public final class FindingsInput {

  private FindingsInput() {}

  /**
   * The findings of {@code findings}, or the built-in file's when null.
   *
   * @throws BadInputException when the file cannot be read, is malformed or holds no rules
   */
  public static List<Finding> rules(Path findings) {
    List<Finding> rules;
    try {
      rules = findings == null ? FindingsFile.builtIn() : FindingsFile.read(readable(findings));
    } catch (IOException e) {
      throw new BadInputException(
          (findings == null ? FindingsFile.BUILT_IN : findings)
              + ": cannot be read: "
              + e.getMessage(),
          e);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    if (rules.isEmpty()) {
      // A table of no findings would say nothing was checked, and exit 0 as if all were.
      throw new BadInputException(
          "no rules in " + (findings == null ? FindingsFile.BUILT_IN : findings));
    }
    return rules;
  }

  /**
   * The results files of {@code results}, each once: a file given twice, or a summary whose raw
   * results file is given too, is skipped and told to {@code skipped} ("FILE: why").
   *
   * @throws BadInputException naming a file that cannot be read or is not a results file
   */
  public static List<RawResults> results(List<Path> results, Consumer<String> skipped) {
    List<RawResults> files = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (Path p : results) {
      // The same file twice would count its runs twice and narrow every interval for nothing.
      Path real = realOrAsGiven(p);
      if (!seen.add(real)) {
        skipped.accept(p + ": the same file is given more than once");
        continue;
      }
      if (SummaryFiles.isSummaryOfOneOf(p, results)) {
        skipped.accept(p + ": its raw results file is given too");
        continue;
      }
      try {
        files.add(RawResults.read(readable(p)));
      } catch (MalformedResultsException e) {
        throw new BadInputException(e.getMessage(), e);
      } catch (IOException e) {
        throw new BadInputException(p + ": cannot be read: " + e.getMessage(), e);
      }
    }
    return files;
  }

  private static Path realOrAsGiven(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize(); // readable() names the problem below
    }
  }

  private static Path readable(Path p) {
    ReadableFile.problem(p)
        .ifPresent(
            problem -> {
              throw new BadInputException(problem);
            });
    return p;
  }
}
