package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.seeds.Finding;
import org.secmem.seeds.FindingsFile;
import org.secmem.seeds.FindingsTable;
import org.secmem.seeds.Measurements;
import org.secmem.seeds.SummaryFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code secmem findings}: the seed reports' findings judged against results of the seed configs.
 */
@Command(
    name = "findings",
    mixinStandardHelpOptions = true,
    description = {
      "Judge the seed reports' findings against results of the seed configs.",
      "",
      "Prints a Markdown table, one row per finding of configs/seed-findings.tsv whose",
      "configurations are in the results: the report's numbers, the medians measured here",
      "with the 95 %% bootstrap interval of their ratio, and a verdict: agrees, within noise",
      "(the interval includes no change), differs, or not comparable here (the configs do",
      "not reproduce the finding's conditions).",
      "",
      "Settled across methods: results of the same configs measured by different methods are",
      "judged apart, and a finding keeps a verdict only where every method gives the same one;",
      "where they differ (agrees under one, within noise or differs under another) it is",
      "unsettled, and its row gives each method's figure and verdict. A method is what the",
      "rows record: a shared JVM (secmem run) or fresh JVMs (--fork), and the JVM's",
      "java_version (a summary's: the forks= of the environment record beside it); files of",
      "one method pool, and one file of two JVMs (--jvm) splits.",
      "--method-per-file makes each file one method, named by its file name, instead. With",
      "one method the count line says its verdicts are of one method, not settled."
    },
    footer = {
      "%nExamples:",
      "  secmem run configs/seed*-laptop.csv --results results/seeds/laptop.csv",
      "  secmem findings results/seeds/laptop.csv",
      "  secmem run configs/seed*-laptop.csv --fork 1 --results results/seeds/forked.csv",
      "  secmem findings results/seeds/laptop.csv results/seeds/forked.csv",
      HelpSections.EXIT_CODES
    })
final class FindingsCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "RESULTS",
      description =
          "Raw results files of the seed configs (or their *-summary.csv: medians only, so"
              + " judged with a x1.05 margin instead of the runs' noise).")
  List<Path> results;

  @Option(
      names = "--findings",
      paramLabel = "FILE.tsv",
      description =
          "The findings and their rules (default: configs/seed-findings.tsv as shipped, built"
              + " into secmem, so it is found from any folder).")
  Path findings;

  @Option(
      names = "--all",
      description = "Also list the findings whose configurations are not in the results.")
  boolean all;

  @Option(
      names = "--method-per-file",
      description =
          "Each results file is one method, named by its file name (two runs of one method on"
              + " different days, say), instead of grouping rows by the method they record.")
  boolean methodPerFile;

  @Override
  public Integer call() {
    CommandLine cmd = spec.commandLine();
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
    List<RawResults> files = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (Path p : results) {
      // The same file twice would count its runs twice and narrow every interval for nothing.
      Path real = realOrAsGiven(p);
      if (!seen.add(real)) {
        cmd.getErr().println("skipping " + p + ": the same file is given more than once");
        continue;
      }
      if (SummaryFiles.isSummaryOfOneOf(p, results)) {
        cmd.getErr().println("skipping " + p + ": its raw results file is given too");
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
    Measurements m;
    Map<String, Measurements> byMethod;
    try {
      m = Measurements.of(files);
      byMethod = Measurements.byMethod(files, methodPerFile, SummaryFiles::methodOf);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    m.problems().forEach(p -> cmd.getErr().println("left out: " + p));
    if (byMethod.isEmpty()) {
      byMethod = Map.of("", m); // no usable rows: the table says nothing was measured
    }
    cmd.getOut().print(FindingsTable.judge(rules, byMethod).markdown(all));
    cmd.getOut().flush();
    return ExitCodes.OK;
  }

  private static Path realOrAsGiven(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize(); // readable() names the problem below
    }
  }

  private static Path readable(Path p) {
    if (!Files.isRegularFile(p)) {
      throw new BadInputException(p + " does not exist or is not a file");
    }
    if (!Files.isReadable(p)) {
      throw new BadInputException(p + " cannot be read (permission denied)");
    }
    return p;
  }
}
