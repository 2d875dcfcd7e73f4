package org.secmem.cli;

import org.secmem.param.Numbers;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Checks of the command line as typed, before any command runs: what picocli's per-value parsing
 * cannot see because it only gets the values after splitting.
 */
final class InputChecks {

  private InputChecks() {}

  /** Runs the checks, then the command as picocli would. */
  static CommandLine.IExecutionStrategy before(CommandLine.IExecutionStrategy next) {
    return parseResult -> {
      check(parseResult);
      return next.execute(parseResult);
    };
  }

  /**
   * Refuses a list option whose value reads as one number with thousands separators: {@code --n
   * 1,000} would otherwise run N = 1 and N = 0.
   */
  static void check(ParseResult parseResult) {
    for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
      for (OptionSpec option : pr.matchedOptions()) {
        if (!",".equals(option.splitRegex())) {
          continue;
        }
        for (String raw : option.originalStringValues()) {
          String problem = Numbers.thousandsSeparatorProblem(raw);
          if (problem != null) {
            throw new CommandLine.ParameterException(
                pr.commandSpec().commandLine(),
                option.longestName()
                    + ": "
                    + problem
                    + " (a list is written 1000,2000; to list"
                    + " values such as 1 and 500, repeat the option: "
                    + option.longestName()
                    + " 1 "
                    + option.longestName()
                    + " 500)");
          }
        }
      }
    }
  }
}
