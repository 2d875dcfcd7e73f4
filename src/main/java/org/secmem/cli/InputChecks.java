package org.secmem.cli;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.secmem.admission.Parameter;
import org.secmem.experiment.Experiment;
import org.secmem.param.NumberParser;
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
      checkEmptyItems(parseResult);
      checkRanges(parseResult);
      return next.execute(parseResult);
    };
  }

  /**
   * Refuses a value outside its parameter's range, for every numeric option of an experiment's
   * command (write, read, sort) that the registry names ({@link Parameter#range()}): one check for
   * all of them, in the words a parameter file and the menu use ({@code --m: 0 is below the minimum
   * 1 (allowed: ...)}), so that a numeric parameter added to the registry is checked on the command
   * line without a call of its own.
   */
  static void checkRanges(ParseResult parseResult) {
    for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
      Optional<Experiment> experiment = experimentOf(pr.commandSpec().name());
      if (experiment.isEmpty()) {
        continue;
      }
      for (OptionSpec option : pr.matchedOptions()) {
        Optional<Parameter> parameter = numericParameter(experiment.get(), option);
        if (parameter.isEmpty()) {
          continue;
        }
        Object value = option.getValue();
        if (value == null) {
          continue;
        }
        for (Object v : value instanceof Collection<?> c ? c : List.of(value)) {
          if (v instanceof Number number) {
            String problem = parameter.get().problem(number.longValue());
            if (problem != null) {
              throw new CommandLine.ParameterException(
                  pr.commandSpec().commandLine(), parameter.get().option() + ": " + problem);
            }
          }
        }
      }
    }
  }

  private static Optional<Experiment> experimentOf(String command) {
    return Arrays.stream(Experiment.values()).filter(e -> e.cliName().equals(command)).findFirst();
  }

  /** The numeric parameter of {@code experiment} whose option {@code option} is, if any. */
  static Optional<Parameter> numericParameter(Experiment experiment, OptionSpec option) {
    return Arrays.stream(Parameter.values())
        .filter(p -> p.numeric() && p.experiments().contains(experiment))
        .filter(p -> Arrays.stream(option.names()).anyMatch(p.options()::contains))
        .findFirst();
  }

  /**
   * Refuses a list option's value with an empty item ({@code --memory-limit '1g|'}, {@code '|'}):
   * picocli drops empty items without a word, so {@code '|'} meant no limit at all and {@code
   * '1g|'} one limit where two were typed.
   */
  static void checkEmptyItems(ParseResult parseResult) {
    for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
      for (OptionSpec option : pr.matchedOptions()) {
        String split = option.splitRegex();
        if (split == null || split.isEmpty()) {
          continue;
        }
        for (String raw : option.originalStringValues()) {
          if (Arrays.stream(raw.split(split, -1)).anyMatch(String::isBlank)) {
            String sep = split.replace("\\", "");
            throw new CommandLine.ParameterException(
                pr.commandSpec().commandLine(),
                option.longestName()
                    + ": the list '"
                    + raw
                    + "' has an empty item; give values separated by '"
                    + sep
                    + "', each one given");
          }
        }
      }
    }
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
          String problem = NumberParser.thousandsSeparatorProblem(raw);
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
