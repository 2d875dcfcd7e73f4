package org.secmem.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.secmem.admission.Machine;
import org.secmem.menu.Menu;
import org.secmem.menu.RunGuard;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ShutdownCleanup;
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
      "asked one by one and checked as they are typed. Ctrl-C during a",
      "run stops it (temporary files removed, measured rows kept) and",
      "returns to the menu; Ctrl-C at a prompt quits.",
      "Works in a terminal and with input from a pipe."
    },
    footer = {
      "%nExamples:",
      "  secmem menu",
      "  printf '1\\n1\\n0\\n' | secmem menu",
      ExitCodes.HELP
    })
final class MenuCommand implements Callable<Integer> {

  /** How long a run stopped by Ctrl-C may take to wind down before the menu quits instead. */
  static final long GRACE_MILLIS = 10_000;

  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    return open(spec.commandLine());
  }

  static int open(CommandLine cmd) throws IOException {
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    ShutdownCleanup cleanup = SecmemCommand.cleanupOf(cmd);
    RunGuard guard = new RunGuard(cleanup, cmd.getErr(), GRACE_MILLIS, System::exit);
    // The menu's answers and the command lines it runs are judged against one machine.
    Supplier<Machine> machine = () -> SecmemCommand.machineOf(cmd);
    AtomicReference<Menu> menu = new AtomicReference<>();
    menu.set(
        new Menu(
            in,
            cmd.getOut(),
            args ->
                guard.run(
                    err ->
                        SecmemCommand.commandLine(menu.get().out(), err, cleanup, machine)
                            .execute(args.toArray(new String[0]))),
            machine));
    // Only the process's own menu takes over Ctrl-C: tests and embedded uses keep the default.
    Object previous = cleanup.hooked() ? RunGuard.SigInt.install(guard::interrupt) : null;
    try {
      return menu.get().run();
    } finally {
      RunGuard.SigInt.restore(previous);
    }
  }
}
