package org.secmem.cli;

import org.secmem.report.comparison.Comparison;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** How two results files are compared: {@code compare}'s options, and {@code run --baseline}'s. */
final class ComparisonOptions {

  @Option(
      names = "--by",
      paramLabel = "COLUMN[=A:B]",
      description =
          "The column compared: left out of the match, so that BASE's rows with one value meet"
              + " NEW's with another (e.g. preset, read_stream, a machine or commit column)."
              + " COLUMN=A:B takes BASE's rows with A and NEW's with B, so BASE and NEW may be one"
              + " file (see the examples). An empty A or B means rows without the"
              + " column.")
  String by;

  @Option(
      names = "--level",
      paramLabel = "LEVEL",
      description =
          "Confidence level of the intervals, 0.5 .. 0.999 or as percent 50 .. 99.9"
              + " (default: ${DEFAULT-VALUE}).",
      defaultValue = "0.95")
  String level;

  @Option(
      names = "--fail-if-slower",
      paramLabel = "PCT",
      description =
          "Exit with 1 when a configuration is significantly slower in NEW (its interval lies"
              + " above 1) by more than PCT percent, for example 5 in CI; they are named.")
  String failIfSlower;

  /** The {@code --by} option as a comparison's column and values, or null. */
  Comparison.By by(CommandLine cmd) {
    if (by == null) {
      return null;
    }
    int eq = by.indexOf('=');
    if (eq < 0) {
      if (by.isBlank()) {
        throw new CommandLine.ParameterException(cmd, "--by: give a column name");
      }
      return new Comparison.By(by.trim(), null, null);
    }
    String column = by.substring(0, eq).trim();
    String values = by.substring(eq + 1);
    int colon = values.indexOf(':');
    if (column.isEmpty() || colon < 0) {
      throw new CommandLine.ParameterException(
          cmd,
          "--by "
              + by
              + ": write COLUMN or"
              + " COLUMN=A:B (A: BASE's value, B: NEW's), e.g. --by stream=buffered:user-buffer");
    }
    return new Comparison.By(
        column, values.substring(0, colon).trim(), values.substring(colon + 1).trim());
  }

  /** The level as a fraction. */
  double level(CommandLine cmd) {
    double v;
    try {
      v = Double.parseDouble(level.trim().replace("%", ""));
    } catch (NumberFormatException e) {
      throw new CommandLine.ParameterException(cmd, "--level: '" + level + "' is not a number");
    }
    double fraction = v > 1 ? v / 100 : v;
    if (!(fraction >= 0.5 && fraction <= 0.999)) {
      throw new CommandLine.ParameterException(
          cmd,
          "--level: "
              + level
              + " is out of range"
              + " (allowed: 0.5 .. 0.999, or 50 .. 99.9 as percent)");
    }
    return fraction;
  }

  /** The {@code --fail-if-slower} percentage, or NaN when not given. */
  double failIfSlower(CommandLine cmd) {
    if (failIfSlower == null) {
      return Double.NaN;
    }
    double v;
    try {
      v = Double.parseDouble(failIfSlower.trim().replace("%", ""));
    } catch (NumberFormatException e) {
      throw new CommandLine.ParameterException(
          cmd, "--fail-if-slower: '" + failIfSlower + "' is not a number of percent");
    }
    if (!(v >= 0 && v <= 10_000)) {
      throw new CommandLine.ParameterException(
          cmd,
          "--fail-if-slower: " + failIfSlower + " is out of range (allowed: 0 .. 10000 percent)");
    }
    return v;
  }
}
