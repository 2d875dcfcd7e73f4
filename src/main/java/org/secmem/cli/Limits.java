package org.secmem.cli;

import org.secmem.admission.Parameter;
import org.secmem.admission.Range;
import picocli.CommandLine;

/**
 * Range checks for option values, failing with the option, the value and the allowed range in the
 * words of {@link Range#problem}, which parameter files and the menu use too. The registry's
 * numeric options of write, read and sort are checked for every command at once ({@link
 * InputChecks#checkRanges}); these are for the options of other commands ({@code pq}, {@code
 * generate}, {@code run}'s repetitions) and for ranges that are no parameter's.
 */
final class Limits {

  private Limits() {}

  static void atLeast(CommandLine cmd, String option, long value, long min, String unit) {
    between(cmd, option, value, min, Long.MAX_VALUE, unit);
  }

  static void between(CommandLine cmd, String option, long value, long min, long max, String unit) {
    String problem = Range.problem(value, min, max, unit);
    if (problem != null) {
      throw new CommandLine.ParameterException(cmd, option + ": " + problem);
    }
  }

  /**
   * Refuses a value of {@code parameter} outside its range, named by its option, in the words a
   * parameter file uses.
   */
  static void within(CommandLine cmd, Parameter parameter, long value) {
    Range r = parameter.range();
    between(cmd, parameter.option(), value, r.min(), r.max(), r.unit());
  }
}
