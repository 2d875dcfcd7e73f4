package org.secmem.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.secmem.experiment.RunListener;
import org.secmem.experiment.TimeEstimate;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;

/**
 * Shows progress: one line per measured run, starting with where the batch stands ({@code run 17 of
 * 240 (ETA 3 min)}, then the configuration's number), in a terminal or not; in a terminal also a
 * progress bar on the error stream (configuration and repetition of how many, elapsed, estimate).
 */
final class ProgressListener implements RunListener, AutoCloseable {

  private final PrintWriter out;
  private final PrintWriter err;
  private final ProgressBar bar;
  private final AtomicBoolean closed = new AtomicBoolean();

  /** The bars on screen now, so that an interrupt can take them off before it says anything. */
  private static final Set<ProgressListener> SHOWN = ConcurrentHashMap.newKeySet();

  private final LongSupplier nanoClock;
  private final long startNanos;
  private long totalRuns;
  private long shown;

  private String current = "";
  private String position = "";

  /**
   * @param totalRuns warm-ups plus repetitions over the whole batch
   * @param showBar whether to draw a bar (only in a terminal: a pipe gets plain lines)
   */
  ProgressListener(PrintWriter out, PrintWriter err, long totalRuns, boolean showBar) {
    this(out, err, totalRuns, showBar, System::nanoTime);
  }

  /** As above, timing the estimate by {@code nanoClock} (tests). */
  ProgressListener(
      PrintWriter out, PrintWriter err, long totalRuns, boolean showBar, LongSupplier nanoClock) {
    this.out = out;
    this.err = err;
    this.totalRuns = totalRuns;
    this.nanoClock = nanoClock;
    this.startNanos = nanoClock.getAsLong();
    this.bar =
        showBar
            ? new ProgressBarBuilder()
                .setTaskName("runs")
                .setInitialMax(totalRuns)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500)
                .continuousUpdate()
                .clearDisplayOnFinish()
                .setMaxRenderedLength(110)
                .setConsumer(new ConsoleProgressBarConsumer(System.err, 110))
                .build()
            : null;
    if (bar != null) {
      SHOWN.add(this);
    }
  }

  /**
   * Process shutdown: only erases the bar's line (closing the bar there starts logging that the JVM
   * can no longer set up), so that the interrupt message does not follow a half-drawn bar.
   */
  static void eraseBars() {
    if (!SHOWN.isEmpty()) {
      System.err.print("\r\033[2K");
      System.err.flush();
    }
  }

  /** Ctrl-C in the menu: stops every bar and clears its line, so what is said next starts clean. */
  static void clearBars() {
    for (ProgressListener p : SHOWN) {
      p.close();
    }
  }

  @Override
  public void runStarting(String what, int config, int configs, int run, int runs) {
    current = what;
    // configs 0: the sentinel's re-run of its reference configuration (--sentinel)
    position = configs == 0 ? "sentinel" : "config " + config + " of " + configs;
    if (bar != null) {
      bar.setExtraMessage(
          configs == 0
              ? " sentinel"
              : " config " + config + " of " + configs + ", run " + run + " of " + runs);
    }
  }

  @Override
  public void runFinished(ResultRow row) {
    show(row, "");
  }

  @Override
  public void runNotRecorded(ResultRow row) {
    show(row, " (not recorded: the results file has it)");
  }

  private synchronized void show(ResultRow row, String note) {
    boolean warmup = Boolean.parseBoolean(row.get(ResultColumn.WARMUP));
    StringBuilder line =
        new StringBuilder()
            .append(overall())
            .append(' ')
            .append(position)
            .append(": ")
            .append(current)
            .append("  ")
            .append(
                warmup
                    ? "warm-up "
                    : Boolean.parseBoolean(row.get(ResultColumn.SENTINEL)) ? "run " : "rep ")
            .append(row.get(ResultColumn.REP))
            .append(note)
            .append(": ")
            .append(row.get(ResultColumn.ELAPSED_MS))
            .append(" ms, ")
            .append(row.get(ResultColumn.MIB_PER_S))
            .append(" MiB/s");
    String runs = row.get(ResultColumn.RUNS);
    if (!runs.isEmpty()) {
      // A sort's shape: how many runs it formed and how many merge passes it made over them.
      // The passes column counts run formation as a pass: the merge passes are one fewer.
      line.append(", ").append(runs).append(runs.equals("1") ? " run" : " runs");
      String passes = row.get(ResultColumn.PASSES);
      if (!passes.isEmpty()) {
        long merges = Long.parseLong(passes) - 1;
        line.append(", ").append(merges).append(merges == 1 ? " merge pass" : " merge passes");
      }
    }
    String verified = row.get(ResultColumn.VERIFIED);
    if (!verified.isEmpty()) {
      line.append(", verified ").append(verified);
    }
    if (bar != null) {
      // Clear the bar's line, print ours above it; the bar redraws itself below.
      err.print("\r\033[2K");
      err.flush();
      out.println(line);
      out.flush();
      bar.step();
    } else {
      out.println(line);
      out.flush();
    }
  }

  /**
   * {@code run 17 of 240 (ETA 3 min)}: this run's number in the batch, and the time the runs left
   * take at the pace of those done (none after the last).
   */
  private String overall() {
    shown++;
    totalRuns = Math.max(totalRuns, shown);
    String text = "run " + shown + " of " + totalRuns;
    long left = totalRuns - shown;
    if (left == 0) {
      return text;
    }
    double seconds = (nanoClock.getAsLong() - startNanos) / 1e9 / shown * left;
    return text + " (ETA " + TimeEstimate.format(seconds) + ")";
  }

  @Override
  public void warning(String message) {
    if (bar != null) {
      err.print("\r\033[2K");
    }
    err.println("warning: " + message);
    err.flush();
  }

  /** Elapsed time of the bar, for the closing line. */
  Duration elapsed() {
    return bar == null ? Duration.ZERO : bar.getTotalElapsed();
  }

  @Override
  public void close() {
    if (bar != null && closed.compareAndSet(false, true)) {
      SHOWN.remove(this);
      bar.close(); // clears its line (clearDisplayOnFinish)
      err.print("\r\033[2K");
      err.flush();
    }
  }
}
