package org.secmem;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.secmem.cli.SecmemProcess;
import org.secmem.runner.LogFile;

/**
 * Starts the log, builds the command line, runs it, and exits with its code; nothing else. The log
 * comes first: Log4j reads how quiet to be when it starts, and anything may start it.
 */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    LogFile.start(err);
    System.exit(SecmemProcess.runProcess(out, err, args));
  }
}
