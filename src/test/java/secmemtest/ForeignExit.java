package secmemtest;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.secmem.cli.SecmemProcess;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A process running a secmem command that code outside secmem ends with {@code System.exit}, as
 * Spark does on a setting it cannot live with (a package of its own, so it is not secmem's).
 */
public final class ForeignExit {

  private ForeignExit() {}

  @Command(name = "exit-now")
  static final class ExitNow implements Callable<Integer> {
    @Override
    public Integer call() {
      quit();
      return 0;
    }
  }

  static void quit() {
    System.exit(3);
  }

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    CommandLine cmd = SecmemProcess.processCommandLine(out, err);
    cmd.addSubcommand("exit-now", new CommandLine(new ExitNow()));
    System.exit(SecmemProcess.execute(cmd, "exit-now"));
  }
}
