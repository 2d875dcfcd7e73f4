package org.secmem.cli;

import java.io.PrintWriter;
import org.apache.logging.log4j.LogManager;
import org.secmem.admission.Machine;
import org.secmem.runner.CreatedFolders;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.Failure;
import org.secmem.runner.ShutdownCleanup;
import org.secmem.runner.TerminalWriter;
import org.secmem.runner.UserText;
import picocli.CommandLine;

/** secmem as a process runs it: its one command line, the command, and what it exits with. */
public final class SecmemProcess {

  private SecmemProcess() {}

  /**
   * The command line of the process: it removes temporary files when interrupted. Call once per
   * process.
   */
  public static CommandLine processCommandLine(PrintWriter out, PrintWriter err) {
    // What a command prints may quote a typed path or a planted file name: no escape sequence of
    // it reaches the terminal (error lines are escaped by UserText already).
    PrintWriter safeOut = new PrintWriter(new TerminalWriter(out), true);
    return SecmemCommand.commandLine(
        safeOut, err, new ShutdownCleanup(err, true), Machine::current);
  }

  /** When the command returns on its own, the shutdown hook has nothing to report. */
  public static int execute(CommandLine cmd, String... args) {
    return execute(cmd, CreatedFolders.snapshot(), args);
  }

  /**
   * The process's run: the default folders are looked at before anything else (logging creates its
   * folder as soon as it starts), then the command line is built and run.
   */
  public static int runProcess(PrintWriter out, PrintWriter err, String... args) {
    CreatedFolders folders = CreatedFolders.snapshot();
    return execute(processCommandLine(out, err), folders, args);
  }

  private static int execute(CommandLine cmd, CreatedFolders folders, String... args) {
    int code;
    ShutdownCleanup cleanup = SecmemCommand.cleanupOf(cmd);
    cleanup.commandStarted();
    try {
      code = cmd.execute(args);
      String created = code == ExitCodes.OK ? folders.report() : null;
      if (created != null) {
        // A first run says where relative paths went: the folder secmem was started in.
        cmd.getOut().println(created);
        cmd.getOut().flush();
      }
    } catch (Error e) {
      // picocli hands only Exceptions to the handler; an Error (out of memory, stack overflow, an
      // unsafe-access fault) still gets one line, not a stack trace, and the log gets the trace.
      LogManager.getLogger(SecmemProcess.class).error("secmem failed", e);
      String log = " (details in the log" + cleanup.measuredSoFar() + ")";
      cmd.getErr().println(UserText.lines("secmem: " + Failure.describe(e) + log));
      cmd.getErr().flush();
      code = ExitCodes.FAILURE;
    }
    cleanup.finished();
    return code;
  }
}
