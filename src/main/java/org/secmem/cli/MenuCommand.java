package org.secmem.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/** {@code secmem menu}: the interactive menu (also what {@code secmem} alone opens). */
@Command(
    name = "menu",
    mixinStandardHelpOptions = true,
    description = {
      "Open the interactive menu.",
      "",
      "Numbered choices for every experiment, defaults shown, values",
      "asked one by one. Works in a terminal and with input from a pipe."
    },
    footer = {"%nExamples:", "  secmem menu", "  printf '1\\n1\\n0\\n' | secmem menu",
        ExitCodes.HELP_SECTION})
final class MenuCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    return open(spec.commandLine());
  }

  static int open(CommandLine cmd) throws java.io.IOException {
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    Menu menu =
        new Menu(
            in,
            cmd.getOut(),
            args ->
                SecmemCommand.commandLine(cmd.getOut(), cmd.getErr(), SecmemCommand.cleanupOf(cmd))
                    .execute(args.toArray(new String[0])));
    return menu.run();
  }
}
