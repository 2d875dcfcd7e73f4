package org.secmem.cli;

import java.nio.file.Path;
import org.secmem.results.RawResults;
import org.secmem.runner.ResultsInput;
import picocli.CommandLine;
import picocli.CommandLine.Parameters;

/** The one results file a command reads ({@code chart}, {@code advise}): its argument, read. */
final class ResultsFileArgument {

  @Parameters(
      index = "0",
      paramLabel = "RESULTS",
      description = "A raw results file (CSV or JSON Lines), or the folder a command wrote it in.")
  Path given;

  /** The raw results file given, or the one in the folder given. */
  Path file() {
    return ResultsInput.resolve(given, "");
  }

  /** The file's rows and problems; exit 2 when it cannot be read or is no results file. */
  RawResults read(CommandLine cmd) {
    return ResultsInput.read(cmd.getErr(), file(), "");
  }
}
