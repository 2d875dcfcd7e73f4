package org.secmem.cli;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.engine.EngineException;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.stream.NotAnIntFileException;
import org.secmem.stream.UnsupportedStreamException;
import picocli.CommandLine;

/**
 * Maps what a command threw to one clear line on the command's error writer and an exit code: 2 for
 * bad input (nothing run), 1 for run-time failures. The stack trace goes to the log only.
 *
 * <p>Only the exceptions that mean bad input are exit 2: {@link BadInputException}, a parameter
 * file's problems, memory a run cannot have, a file that is not an int file, a stream type this
 * platform lacks. Any other {@link IllegalArgumentException} is a bug in secmem, not in the input:
 * exit 1 as an internal error. Every line is passed through {@link UserText}, since messages quote
 * what the user typed.
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
    int code;
    String message;
    if (e instanceof BadInputException || e instanceof InsufficientMemoryException) {
      code = ExitCodes.BAD_INPUT;
      message = e.getMessage();
    } else if (e instanceof NotAnIntFileException || e instanceof UnsupportedStreamException) {
      code = ExitCodes.BAD_INPUT;
      message = e.getMessage();
    } else if (e instanceof NoSuchFileException || e instanceof FileNotFoundException) {
      code = ExitCodes.FAILURE;
      message = "no such file: " + e.getMessage();
    } else if (e instanceof AccessDeniedException) {
      code = ExitCodes.FAILURE;
      message = "permission denied: " + e.getMessage();
    } else if (e instanceof EngineException) {
      // Another engine's own line: it says what failed (a master not reached, a stage failed).
      code = ExitCodes.FAILURE;
      message = e.getMessage();
    } else if (e instanceof FileSystemException || e instanceof IOException) {
      code = ExitCodes.FAILURE;
      message = describeIo((IOException) e);
    } else {
      code = ExitCodes.FAILURE;
      message = "internal error: " + e + " (details in the log)";
    }
    cmd.getErr().println(UserText.lines(cmd.getCommandSpec().qualifiedName() + ": " + message));
    cmd.getErr().flush();
    return code;
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

  private static String describeIo(IOException e) {
    String m = String.valueOf(e.getMessage());
    if (m.contains("No space left on device")) {
      // ENOSPC is also what a file system with no free inodes (or an exhausted quota) says.
      return "disk full (no free space, or no free inodes, left on that file system): " + m;
    }
    return "I/O error: " + m;
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
