package org.secmem.cli;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.secmem.admission.Admission;
import org.secmem.admission.Parameter;
import org.secmem.admission.Problem;
import org.secmem.admission.Range;
import org.secmem.admission.RefusedException;
import org.secmem.runner.BadInputException;
import org.secmem.stream.StreamType;
import picocli.CommandLine;

/**
 * How the command line names what {@link org.secmem.admission.Admission} found: each problem
 * prefixed with the option the user gave for its parameter ({@code --fanout} or {@code --b-over-m},
 * {@code --[no-]overlap}), as a parameter file prefixes {@code file:line: column:}.
 */
final class Refusals {

  private Refusals() {}

  /** The parameters whose options this command line gave. */
  static Set<Parameter> given(CommandLine cmd) {
    Set<Parameter> out = EnumSet.noneOf(Parameter.class);
    for (Parameter p : Parameter.values()) {
      for (String option : p.options()) {
        if (cmd.getCommandSpec().findOption(option) != null
            && cmd.getParseResult().hasMatchedOption(option)) {
          out.add(p);
        }
      }
    }
    return out;
  }

  /** The option a message names for {@code p}: the one given, else its main one. */
  static String optionOf(CommandLine cmd, Parameter p) {
    if (!p.negatable()) {
      for (String option : p.options()) {
        if (cmd.getCommandSpec().findOption(option) != null
            && cmd.getParseResult().hasMatchedOption(option)) {
          return option;
        }
      }
    }
    return p.option();
  }

  /** One problem as this command line says it: {@code --m: message}. */
  static String text(CommandLine cmd, Problem p) {
    return optionOf(cmd, p.parameter()) + ": " + p.message();
  }

  /** The refusal as bad input (exit 2, nothing run), naming the option. */
  static BadInputException of(CommandLine cmd, RefusedException e) {
    return new BadInputException(text(cmd, e.first()), e);
  }

  /**
   * Refuses {@code k} streams open at once that the open-file limit does not allow, naming {@code
   * option}.
   */
  static void openFiles(CommandLine cmd, String option, long k) {
    try {
      Admission.openFiles(k, SecmemCommand.machineOf(cmd));
    } catch (RefusedException e) {
      throw new CommandLine.ParameterException(cmd, option + ": " + e.first().message());
    }
  }

  /**
   * Refuses {@code k} streams of {@code type} with buffer {@code b} that this JVM's heap or direct
   * memory cannot hold, naming {@code --b}, or {@code kOption} for a type without B.
   */
  static void streamMemory(
      CommandLine cmd, String kOption, StreamType type, long k, long b, boolean bulk) {
    try {
      Admission.streamMemory(type, k, b, bulk, SecmemCommand.machineOf(cmd));
    } catch (RefusedException e) {
      Problem p = e.first();
      throw new BadInputException(
          (p.parameter() == Parameter.K ? kOption : "--b") + ": " + p.message(), e);
    }
  }

  /** Refuses, naming the option, the first of {@code problems}, if any. */
  static void refuseAny(CommandLine cmd, List<Problem> problems) {
    if (!problems.isEmpty()) {
      throw new CommandLine.ParameterException(cmd, text(cmd, problems.get(0)));
    }
  }

  // Range checks for option values, in the words of Range#problem (parameter files and the menu
  // use them too); the registry's numeric options of write, read and sort are checked at once
  // (InputChecks.checkRanges), these for other commands' options and ranges of no parameter.

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
