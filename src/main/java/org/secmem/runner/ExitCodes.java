package org.secmem.runner;

/** The exit codes every command uses ({@code HelpSections} lists them in help). */
public final class ExitCodes {
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
