package org.secmem.cli;

import picocli.CommandLine;

/** Range checks for option values, failing with the option, the value and the allowed range. */
final class Limits {

  private Limits() {}

  static void atLeast(CommandLine cmd, String option, long value, long min, String unit) {
    if (value < min) {
      throw new CommandLine.ParameterException(
          cmd, option + ": " + value + " is below the minimum " + min + unitText(unit));
    }
  }

  static void between(CommandLine cmd, String option, long value, long min, long max, String unit) {
    if (value < min || value > max) {
      throw new CommandLine.ParameterException(
          cmd,
          option
              + ": "
              + value
              + " is out of range (allowed: "
              + min
              + " .. "
              + max
              + unitText(unit)
              + ")");
    }
  }

  private static String unitText(String unit) {
    return unit.isEmpty() ? "" : " " + unit;
  }
}
