package org.secmem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.secmem.admission.Machine;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ShutdownCleanup;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top-level {@code secmem} command: its subcommands, version and exit codes. */
@Command(
    name = "secmem",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Measure file I/O strategies, external sorts and priority queues on this machine.",
      "Every run is timed, checksummed and appended to a results CSV."
    },
    subcommands = {
      GenerateCommand.class,
      VerifyCommand.class,
      WriteCommand.class,
      ReadCommand.class,
      SortCommand.class,
      PqCommand.class,
      RunCommand.class,
      ChartCommand.class,
      CompareCommand.class,
      AdviseCommand.class,
      FindingsCommand.class,
      CleanCommand.class,
      ProbeCommand.class,
      CompletionCommand.class,
      MenuCommand.class,
      CommandLine.HelpCommand.class
    },
    footer = {
      "%nExamples:",
      "  secmem write --stream user-buffer --n 2^20 --k 4",
      "  secmem read --stream mapped --n 2^20 --k 4 --b 64K",
      "  secmem generate --out data/in.bin --n 2^24 && secmem verify data/in.bin",
      "  secmem compare results/before.csv results/after.csv",
      "  secmem run configs/advise-streams.csv    # then: secmem advise results/<run>/<run>.csv",
      "  source <(secmem generate-completion)     # tab completion in bash",
      ExitCodes.HELP
    })
public final class SecmemCommand implements Callable<Integer> {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final ShutdownCleanup cleanup;

  private final Supplier<Machine> machine;

  private SecmemCommand(ShutdownCleanup cleanup, Supplier<Machine> machine) {
    this.cleanup = cleanup;
    this.machine = machine;
  }

  /** The cleanup of the command line {@code cmd} belongs to. */
  static ShutdownCleanup cleanupOf(CommandLine cmd) {
    return root(cmd).cleanup;
  }

  /**
   * What the machine can give a run, as the command line's checks see it: this JVM and process
   * ({@link Machine#current}), or the one a test judges against.
   */
  static Machine machineOf(CommandLine cmd) {
    return root(cmd).machine.get();
  }

  private static SecmemCommand root(CommandLine cmd) {
    CommandLine root = cmd;
    while (root.getParent() != null) {
      root = root.getParent();
    }
    return (SecmemCommand) root.getCommand();
  }

  /** With no subcommand: the interactive menu. */
  @Override
  public Integer call() throws Exception {
    return MenuCommand.open(spec.commandLine());
  }

  /** The configured command line, printing to the given writers; no shutdown hook. */
  public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    return commandLine(out, err, new ShutdownCleanup(err, false), Machine::current);
  }

  /** The command line judging every configuration against {@code machine}. */
  static CommandLine commandLine(
      PrintWriter out, PrintWriter err, ShutdownCleanup cleanup, Supplier<Machine> machine) {
    ErrorHandler errors = new ErrorHandler();
    CommandLine cmd = new CommandLine(new SecmemCommand(cleanup, machine));
    cmd.setOut(out);
    cmd.setErr(err);
    cmd.setExecutionExceptionHandler(errors);
    cmd.setParameterExceptionHandler(errors);
    cmd.setExecutionStrategy(InputChecks.before(new CommandLine.RunLast()));
    cmd.registerConverter(Path.class, new Converters.PathName());
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    cmd.setUsageHelpWidth(100);
    cmd.setUsageHelpLongOptionsMaxWidth(28);
    HelpSections.install(cmd);
    return cmd;
  }
}
