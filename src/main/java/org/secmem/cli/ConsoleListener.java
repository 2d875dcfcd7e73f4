package org.secmem.cli;

import java.io.PrintWriter;
import org.secmem.experiment.RunListener;
import org.secmem.report.ResultColumn;
import org.secmem.report.ResultRow;

/** Prints one line per measured run, and warnings once, to the command's writers. */
final class ConsoleListener implements RunListener {

  private final PrintWriter out;
  private final PrintWriter err;
  private String current = "";
  private String position = "";

  ConsoleListener(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public void runStarting(String what, int config, int configs, int run, int runs) {
    current = what;
    position = "[" + config + "/" + configs + "]";
  }

  @Override
  public void runFinished(ResultRow row) {
    boolean warmup = Boolean.parseBoolean(row.get(ResultColumn.WARMUP));
    String label = (warmup ? "warm-up " : "rep ") + row.get(ResultColumn.REP);
    StringBuilder line =
        new StringBuilder()
            .append(position)
            .append(' ')
            .append(current)
            .append("  ")
            .append(label)
            .append(": ")
            .append(row.get(ResultColumn.ELAPSED_MS))
            .append(" ms, ")
            .append(row.get(ResultColumn.MIB_PER_S))
            .append(" MiB/s");
    String verified = row.get(ResultColumn.VERIFIED);
    if (!verified.isEmpty()) {
      line.append(", verified ").append(verified);
    }
    out.println(line);
    out.flush();
  }

  @Override
  public void warning(String message) {
    err.println("warning: " + message);
    err.flush();
  }
}
