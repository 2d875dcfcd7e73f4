package org.secmem;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.secmem.cli.SecmemCommand;

/** Builds the command line, runs it, and exits with its code; nothing else. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    System.exit(SecmemCommand.runProcess(out, err, args));
  }
}
