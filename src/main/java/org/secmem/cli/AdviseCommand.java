package org.secmem.cli;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.secmem.report.advice.Advice;
import org.secmem.report.advice.AdviceText;
import org.secmem.results.RawResults;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem advise}: which settings a results file says to use, and what it cannot say. */
@Command(
    name = "advise",
    mixinStandardHelpOptions = true,
    description = {
      "Say which settings a results file recommends for this machine.",
      "",
      "From a stream sweep (write, read): for each experiment and stream type, the buffer size B",
      "of the best median MiB/s, the knee (the smallest B within noise of the best and less than",
      "10%% below it: a larger buffer gains nothing measurable) and the best type with the",
      "runner-up and whether the two are apart.",
      "From a sort sweep: the fastest (d, M) for each N, beside the cost model's optimum among the",
      "(d, M) run (fewest predicted I/Os: passes = 1 + ceil(log_d ceil(N/M)),",
      "I/Os = 2 * passes * ceil(4N/B)), whether they agree, and if not the likely reason",
      "(page cache, CPU-bound merge or run formation); and, for limited memory, the fastest d",
      "at each M.",
      "Where the file cannot answer (one B, one d or M, too few repetitions to separate the best",
      "two, a best at the edge of the range) it says what to add to the sweep.",
      "Within noise: the 95%% bootstrap interval of the ratio of the two medians includes 1",
      "(seeded: the same file always gives the same advice). Warm-up runs are left out."
    },
    footer = {
      "%nExamples:",
      "  secmem run configs/advise-streams.csv --results results/streams.csv",
      "  secmem advise results/streams.csv",
      "  secmem advise results/sort.csv --experiment sort",
      "%nA file with nothing to advise on is not an error (exit 0): the advice names the sweep",
      "to run. Exit 2: the file is missing, unreadable or not a secmem results file.",
      ExitCodes.HELP
    })
final class AdviseCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Mixin ResultsFileArgument input;

  @Option(
      names = "--experiment",
      paramLabel = "write|read|sort",
      completionCandidates = Experiments.class,
      description =
          "Advise on this experiment only: ${COMPLETION-CANDIDATES} (default: every experiment in"
              + " the file).")
  String experiment;

  /** The experiments the advice knows, for --experiment and its completion. */
  static final class Experiments implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("write", "read", "sort").iterator();
    }
  }

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    Optional<String> only = Optional.ofNullable(experiment).map(String::trim);
    if (only.filter(e -> !List.of("write", "read", "sort").contains(e)).isPresent()) {
      throw new BadInputException(
          "--experiment: '" + experiment + "' is not one of write, read, sort");
    }
    RawResults raw = input.read(cmd);
    AdviceText.text(Advice.of(raw, only)).forEach(cmd.getOut()::println);
    cmd.getOut().flush();
    return ExitCodes.OK;
  }
}
