package org.secmem.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.secmem.results.RawResults;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.seeds.Finding;
import org.secmem.seeds.FindingsInput;
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
      ExitCodes.HELP
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
    List<Finding> rules = FindingsInput.rules(findings);
    List<RawResults> files =
        FindingsInput.results(results, skipped -> cmd.getErr().println("skipping " + skipped));
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
}
