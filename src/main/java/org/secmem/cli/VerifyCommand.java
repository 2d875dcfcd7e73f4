package org.secmem.cli;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.secmem.admission.FileChecks;
import org.secmem.data.SortOrder;
import org.secmem.experiment.FileVerdict;
import org.secmem.runner.ExitCodes;
import org.secmem.stream.Streams;
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
      ExitCodes.HELP
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
    FileChecks.readableInput("FILE", file);
    if (sameAs != null) {
      FileChecks.readableInput("--same-as", sameAs);
    }
    Streams.intCount(file);
    if (sameAs != null) {
      Streams.intCount(sameAs);
    }
    Optional<SortOrder> asked =
        order == null
            ? Optional.empty()
            : Optional.of(order.descending ? SortOrder.DESCENDING : SortOrder.ASCENDING);
    FileVerdict verdict = FileVerdict.of(file, asked, Optional.ofNullable(sameAs));
    cmd.getOut().println(verdict.text());
    cmd.getOut().flush();
    return verdict.ok() ? ExitCodes.OK : ExitCodes.FAILURE;
  }
}
