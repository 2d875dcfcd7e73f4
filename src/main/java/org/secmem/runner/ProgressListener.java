package org.secmem.runner;

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
public final class ProgressListener implements RunListener, AutoCloseable {

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

  /** Per configuration (by its number): runs it has, runs done, wall time of those, in ns. */
  private final java.util.Map<Integer, long[]> paces = new java.util.HashMap<>();

  private int config;
  private long runStartNanos;

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
  public static void clearBars() {
    for (ProgressListener p : SHOWN) {
      p.close();
    }
  }

  @Override
  public void runStarting(String what, int config, int configs, int run, int runs) {
    current = what;
    this.config = configs == 0 ? 0 : config;
    paces.computeIfAbsent(this.config, c -> new long[3])[0] = runs;
    runStartNanos = nanoClock.getAsLong();
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
    long[] pace = paces.computeIfAbsent(config, c -> new long[3]);
    pace[1]++;
    pace[2] += Math.max(0, nanoClock.getAsLong() - runStartNanos);
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
      line.append(runsNote(row, runs));
    }
    line.append(floorNote(row));
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
   * Why a sort formed more runs than the cost model's ⌈N/M⌉ (the fast preset keeps part of M for
   * its buffers and workers), so that "5 runs" where N is twice M is explained where it is shown.
   */
  static String runsNote(ResultRow row, String runs) {
    try {
      long n = Long.parseLong(row.get(ResultColumn.N).trim());
      long m = Long.parseLong(row.get(ResultColumn.M).trim());
      long formed = Long.parseLong(runs.trim());
      long model = m > 0 ? (n + m - 1) / m : formed;
      if (formed <= model || model < 1) {
        return "";
      }
      return " (\u2308N/M\u2309 = "
          + model
          + ": the sort keeps part of M for its buffers and workers, so its runs are shorter)";
    } catch (NumberFormatException e) {
      return ""; // a sort without M (an engine's): nothing to compare with
    }
  }

  /**
   * {@code , ×1.8 its floor}: how far the run is from what this machine's probed rates allow
   * ({@code floor_ns}); nothing when the file system was not probed.
   */
  static String floorNote(ResultRow row) {
    try {
      double floorNs = Double.parseDouble(row.get(ResultColumn.FLOOR_NS).trim());
      double elapsedMs = Double.parseDouble(row.get(ResultColumn.ELAPSED_MS).trim());
      if (!(floorNs > 0) || !(elapsedMs > 0)) {
        return "";
      }
      double ratio = elapsedMs * 1e6 / floorNs;
      if (ratio < 1) {
        // A floor is what the probed rates allow at best: beaten, it came from a probe that
        // measured low (other work, a host's cache that was cold), and says nothing.
        return String.format(
            java.util.Locale.ROOT,
            ", \u00d7%.2f its floor: faster than its probe (%s) allows, so that probe measured"
                + " low: probe again on a quiet machine (secmem probe)",
            ratio,
            row.get(ResultColumn.FLOOR_PROBE).isBlank() ? "?" : row.get(ResultColumn.FLOOR_PROBE));
      }
      return String.format(java.util.Locale.ROOT, ", \u00d7%.1f its floor", ratio)
          + (row.get(ResultColumn.FLOOR_SETTLED).equals("false") ? " (not settled)" : "");
    } catch (NumberFormatException e) {
      return "";
    }
  }

  /**
   * {@code run 17 of 240 (ETA 3 min)}: this run's number in the batch, and the time the runs left
   * take, each configuration's at the pace of its own runs so far (runs are interleaved, so the
   * configurations of one round differ), one not yet started at the pace of all (none after the
   * last).
   */
  private String overall() {
    shown++;
    totalRuns = Math.max(totalRuns, shown);
    String text = "run " + shown + " of " + totalRuns;
    long left = totalRuns - shown;
    if (left == 0) {
      return text;
    }
    double all = (nanoClock.getAsLong() - startNanos) / (double) shown;
    double nanos = 0;
    long known = 0;
    for (long[] p : paces.values()) {
      long remaining = Math.max(0, p[0] - p[1]);
      known += remaining;
      nanos += remaining * (p[1] > 0 ? p[2] / (double) p[1] : all);
    }
    nanos += Math.max(0, left - known) * all;
    return text + " (ETA " + TimeEstimate.format(nanos / 1e9) + ")";
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
