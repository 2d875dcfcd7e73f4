package org.secmem.cli;

import org.secmem.param.NumericField;
import picocli.CommandLine;

/**
 * Range checks for option values, failing with the option, the value and the allowed range in the
 * words of {@link NumericField#rangeProblem}, which parameter files and the menu use too.
 */
final class Limits {

  private Limits() {}

  static void atLeast(CommandLine cmd, String option, long value, long min, String unit) {
    between(cmd, option, value, min, Long.MAX_VALUE, unit);
  }

  static void between(CommandLine cmd, String option, long value, long min, long max, String unit) {
    String problem = NumericField.rangeProblem(value, min, max, unit);
    if (problem != null) {
      throw new CommandLine.ParameterException(cmd, option + ": " + problem);
    }
  }

  /** Refuses a value outside {@code field}'s range, in the words a parameter file uses. */
  static void within(CommandLine cmd, String option, long value, NumericField field) {
    between(cmd, option, value, field.min(), field.max(), field.unit());
  }
}
