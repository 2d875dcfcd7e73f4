package org.secmem.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.secmem.data.DataFiles;
import org.secmem.data.FileScan;
import org.secmem.data.SortOrder;
import org.secmem.results.ResultColumns;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.stream.Streams;
import org.secmem.units.Units;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code secmem verify}: checks order and content of a data file. */
@Command(
    mixinStandardHelpOptions = true,
    name = "verify",
    description = {
      "Check a data file's length, order and content.",
      "",
      "Checks that its length is a whole number of ints, it is sorted (--sorted) or",
      "sorted descending (--descending), and it holds the same multiset of values as another",
      "file (--same-as). Exits 0 when every check holds, 1 when one does not, and 2 when the",
      "file is not an int file at all (its length is not a multiple of 4) or cannot be found."
    },
    footer = {
      "%nExamples:",
      "  secmem verify data/out.bin --sorted --same-as data/in.bin",
      "  secmem verify data/out.bin --descending",
      HelpSections.EXIT_CODES
    })
final class VerifyCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The file to check.")
  Path file;

  @ArgGroup(exclusive = true)
  OrderChoice order;

  static final class OrderChoice {
    @Option(names = "--sorted", description = "Check ascending order.")
    boolean ascending;

    @Option(names = "--descending", description = "Check descending order.")
    boolean descending;
  }

  @Option(
      names = "--same-as",
      paramLabel = "OTHER_FILE",
      description = "Check the file holds the same values as this one, in any order.")
  Path sameAs;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    requireReadable(file, "FILE");
    if (sameAs != null) {
      requireReadable(sameAs, "--same-as");
    }
    Streams.intCount(file);
    if (sameAs != null) {
      Streams.intCount(sameAs);
    }
    Optional<SortOrder> asked =
        order == null
            ? Optional.empty()
            : Optional.of(order.descending ? SortOrder.DESCENDING : SortOrder.ASCENDING);
    FileScan scan = DataFiles.scan(file, asked);
    boolean ok = true;
    StringBuilder report = new StringBuilder();
    report.append(file).append(": ").append(Units.ints(scan.ints()));
    if (asked.isPresent()) {
      if (scan.inOrder()) {
        report.append(", ").append(asked.get().cliName()).append(" order holds");
      } else {
        ok = false;
        report
            .append(", NOT in ")
            .append(asked.get().cliName())
            .append(" order (first break at int ")
            .append(scan.firstOutOfOrder())
            .append(')');
      }
    }
    if (sameAs != null) {
      FileScan other = DataFiles.scan(sameAs, Optional.empty());
      if (other.checksum().sameAs(scan.checksum())) {
        report.append(", same values as ").append(sameAs);
      } else {
        ok = false;
        report
            .append(", NOT the same values as ")
            .append(sameAs)
            .append(" (")
            .append(Units.ints(other.ints()))
            .append(", checksum ")
            .append(ResultColumns.CHECKSUM_PREFIX + other.checksum().hex())
            .append(" vs ")
            .append(ResultColumns.CHECKSUM_PREFIX + scan.checksum().hex())
            .append(')');
      }
    }
    report.append(ok ? " — OK" : " — FAILED");
    cmd.getOut().println(report);
    cmd.getOut().flush();
    return ok ? ExitCodes.OK : ExitCodes.FAILURE;
  }

  private static void requireReadable(Path p, String what) {
    if (!Files.isRegularFile(p)) {
      throw new BadInputException(what + ": " + p + " does not exist or is not a file");
    }
    if (!Files.isReadable(p)) {
      throw new BadInputException(what + ": " + p + " is not readable");
    }
  }
}
