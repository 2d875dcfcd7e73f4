package org.secmem.runner;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * What the runner needs of the command that calls it: where its lines go, the process's cleanup,
 * and what the user typed (kept in the environment record). A way in implements it, so that the
 * runner knows no command-line parser.
 */
public interface Invocation {

  /** Standard output: results, summaries, the paths written. */
  PrintWriter out();

  /** Standard error: warnings and failures. */
  PrintWriter err();

  /** The process's shutdown cleanup, which the runs register their temporaries and files with. */
  ShutdownCleanup cleanup();

  /** The command as typed: "secmem" and the original arguments. */
  List<String> commandLine();

  /** The parameter files the command ran, in order; empty when none. */
  List<Path> paramFiles();
}
