package org.secmem.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.Failure;
import org.secmem.runner.UserText;
import picocli.CommandLine;

/**
 * Maps what a command threw to one clear line on the command's error writer and an exit code: 2 for
 * bad input (nothing run), 1 for run-time failures. The stack trace goes to the log only.
 *
 * <p>Which exceptions are bad input and what each says is {@link Failure}'s. Every line is passed
 * through {@link UserText}, since messages quote what the user typed.
 */
final class ErrorHandler
    implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

  private static final Logger LOG = LogManager.getLogger(ErrorHandler.class);

  @Override
  public int handleExecutionException(
      Exception ex, CommandLine cmd, CommandLine.ParseResult parseResult) {
    Throwable e = ex instanceof UncheckedIOException ? ex.getCause() : ex;
    if (stopping(cmd)) {
      // Ctrl-C or SIGTERM removed the run's files under it: the shutdown hook says what happened
      // and the process ends with 130 or 143; an "I/O error" line here would be false.
      LOG.info("{} stopped by an interrupt: {}", cmd.getCommandName(), e.toString());
      return ExitCodes.FAILURE;
    }
    LOG.error("{} failed", cmd.getCommandName(), e);
    Failure failure = Failure.of(e);
    cmd.getErr()
        .println(UserText.lines(cmd.getCommandSpec().qualifiedName() + ": " + failure.message()));
    cmd.getErr().flush();
    return failure.code();
  }

  /** Whether the process is being stopped by a signal. */
  private static boolean stopping(CommandLine cmd) {
    CommandLine root = cmd;
    while (root.getParent() != null) {
      root = root.getParent();
    }
    return root.getCommand() instanceof SecmemCommand
        && SecmemCommand.cleanupOf(cmd).shuttingDown();
  }

  @Override
  public int handleParseException(CommandLine.ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    cmd.getErr()
        .println(UserText.lines(cmd.getCommandSpec().qualifiedName() + ": " + ex.getMessage()));
    if (ex instanceof CommandLine.UnmatchedArgumentException) {
      // "wrte" -> "Did you mean: write?"; "--stram" -> "--stream".
      StringWriter suggestions = new StringWriter();
      CommandLine.UnmatchedArgumentException.printSuggestions(
          (CommandLine.UnmatchedArgumentException) ex, new PrintWriter(suggestions));
      if (!suggestions.toString().isBlank()) {
        cmd.getErr().print(UserText.lines(suggestions.toString().strip()) + System.lineSeparator());
      }
    }
    cmd.getErr()
        .println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
    cmd.getErr().flush();
    return ExitCodes.BAD_INPUT;
  }
}
