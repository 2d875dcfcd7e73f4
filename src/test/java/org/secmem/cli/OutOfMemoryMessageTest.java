package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.secmem.admission.Machine;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ShutdownCleanup;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Out of heap in a command that measures nothing (chart, compare) said "the rows measured so far
 * are in the results file": the line now speaks of rows only when the command measured some.
 */
class OutOfMemoryMessageTest {

  @Command(name = "boom")
  static final class Boom implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  @Test
  void outOfMemory_inACommandThatMeasuredNothing_claimsNoRows() {
    StringWriter err = new StringWriter();
    PrintWriter e = new PrintWriter(err, true);
    CommandLine cmd =
        SecmemCommand.commandLine(
            new PrintWriter(new StringWriter(), true),
            e,
            new ShutdownCleanup(e, false),
            Machine::current);
    cmd.addSubcommand("boom", new CommandLine(new Boom()));
    int code = SecmemProcess.execute(cmd, "boom");
    assertEquals(ExitCodes.FAILURE, code);
    assertTrue(err.toString().contains("out of memory (Java heap space)"), err.toString());
    assertFalse(err.toString().contains("measured"), err.toString());
    assertFalse(err.toString().contains("\tat "), err.toString());
  }
}
