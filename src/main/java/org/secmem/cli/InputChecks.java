package org.secmem.cli;

import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Checks of the command line as typed, before any command runs: what picocli's per-value parsing
 * cannot see because it only gets the values after splitting.
 */
final class InputChecks {

  /** {@code 1,000} or {@code 12,500,000}: digits grouped in threes by commas. */
  private static final Pattern THOUSANDS = Pattern.compile("\\s*\\d{1,3}(,\\d{3})+\\s*");

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
          if (THOUSANDS.matcher(raw).matches()) {
            String plain = raw.trim().replace(",", "");
            throw new CommandLine.ParameterException(pr.commandSpec().commandLine(),
                option.longestName() + ": '" + raw.trim() + "' reads as one number with a"
                    + " thousands separator, not a list; write " + plain + " or "
                    + raw.trim().replace(",", "_") + " (a list is written 1000,2000; to list"
                    + " values such as 1 and 500, repeat the option: " + option.longestName()
                    + " 1 " + option.longestName() + " 500)");
          }
        }
      }
    }
  }
}
