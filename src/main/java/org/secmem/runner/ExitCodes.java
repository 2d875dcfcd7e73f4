package org.secmem.runner;

/** The exit codes every command uses, and the help section that lists them ({@link #HELP}). */
public final class ExitCodes {
  /** The help section that lists these codes, for a command's footer (picocli's %n lines). */
  public static final String HELP =
      "%nExit codes:%n"
          + "  0  success%n"
          + "  1  run-time failure (I/O error, disk full; verify: property does not hold)%n"
          + "  2  bad usage or bad input (nothing was run)%n"
          + "  130  interrupted by Ctrl-C (SIGINT)%n"
          + "  143  stopped by SIGTERM (kill)%n";

  public static final int OK = 0;

  /** A run-time failure: I/O error, disk full; or for verify, the file lacks the property. */
  public static final int FAILURE = 1;

  /** Bad usage or bad input: nothing was run. */
  public static final int BAD_INPUT = 2;

  /** Interrupted by Ctrl-C (SIGINT): 128 + 2, the shell's convention, as the JVM exits. */
  public static final int INTERRUPTED = 130;

  /** Stopped by SIGTERM (kill): 128 + 15, the shell's convention, as the JVM exits. */
  public static final int TERMINATED = 143;

  private ExitCodes() {}
}
