package org.secmem.menu;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ProgressListener;
import org.secmem.runner.ShutdownCleanup;

/**
 * Ctrl-C in the menu. During a run: the results file is frozen, progress bars are cleared, the
 * run's thread is interrupted and, once the run has returned (its streams closed, its temporaries
 * removed by the trial or here), the menu goes on; a run that does not stop within the grace
 * period, or a second Ctrl-C while it stops, ends the process as the command would (the shutdown
 * hook removes the temporaries, the rows are kept, exit 130). At a prompt: quits.
 */
public final class RunGuard {

  private static final Logger LOG = LogManager.getLogger(RunGuard.class);

  private final ShutdownCleanup cleanup;
  private final PrintWriter err;
  private final long graceMillis;
  private final IntConsumer exit;
  private Thread running;
  private boolean interrupted;
  private Gate gate;

  public RunGuard(ShutdownCleanup cleanup, PrintWriter err, long graceMillis, IntConsumer exit) {
    this.cleanup = cleanup;
    this.err = err;
    this.graceMillis = graceMillis;
    this.exit = exit;
  }

  /**
   * Runs one command on this thread, its errors to the writer it is given.
   *
   * @return its exit code, or {@link ExitCodes#INTERRUPTED} when Ctrl-C stopped it
   */
  public int run(Function<PrintWriter, Integer> command) {
    Gate g = new Gate(err);
    synchronized (this) {
      running = Thread.currentThread();
      interrupted = false;
      gate = g;
    }
    int code;
    boolean stopped;
    try {
      code = command.apply(new PrintWriter(g, true));
    } finally {
      synchronized (this) {
        running = null;
        stopped = interrupted;
        interrupted = false;
        gate = null;
        notifyAll();
      }
      // An interrupt that came late must not reach the next prompt or run.
      Thread.interrupted();
    }
    if (stopped) {
      err.println("secmem: interrupted; " + cleanup.afterInterruptedRun());
      err.flush();
      return ExitCodes.INTERRUPTED;
    }
    return code;
  }

  /** What SIGINT does while the menu is open. */
  public void interrupt() {
    Thread target;
    synchronized (this) {
      target = running;
      if (target != null && !interrupted) {
        interrupted = true;
        // What the run says from now on is the interrupt's doing (a closed channel, a row not
        // written): the one line after it says what happened instead.
        gate.close();
        cleanup.freezeResults();
        ProgressListener.clearBars();
        err.println();
        err.println("secmem: interrupted; stopping the run ...");
        err.flush();
        target.interrupt();
        Thread watchdog = new Thread(() -> quitUnlessStopped(target), "secmem-menu-interrupt");
        watchdog.setDaemon(true);
        watchdog.start();
        return;
      }
    }
    if (target == null) {
      err.println();
      err.println("secmem: interrupted at the menu; bye");
    } else {
      err.println("secmem: interrupted again; quitting");
    }
    err.flush();
    exit.accept(ExitCodes.INTERRUPTED); // the shutdown hook removes what is left
  }

  private void quitUnlessStopped(Thread target) {
    long deadline = System.currentTimeMillis() + graceMillis;
    synchronized (this) {
      while (running == target && interrupted) {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
          break;
        }
        try {
          wait(left);
        } catch (InterruptedException e) {
          return;
        }
      }
      if (running != target || !interrupted) {
        return;
      }
    }
    err.println(
        "secmem: the run did not stop within "
            + graceMillis / 1000
            + " s (a loop"
            + " that does not look at interrupts); quitting as the command does");
    err.flush();
    exit.accept(ExitCodes.INTERRUPTED);
  }

  /** A writer that passes text on until it is closed, then drops it. */
  static final class Gate extends Writer {
    private final Writer to;
    private volatile boolean open = true;

    Gate(Writer to) {
      this.to = to;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
      if (open) {
        to.write(buf, off, len);
      }
    }

    @Override
    public void flush() throws IOException {
      if (open) {
        to.flush();
      }
    }

    @Override
    public void close() {
      open = false;
    }
  }

  /** SIGINT through {@code sun.misc.Signal} (module jdk.unsupported), where the JVM allows it. */
  public static final class SigInt {
    private SigInt() {}

    /** Returns the handler it replaced, or null when SIGINT cannot be handled (e.g. ignored). */
    public static Object install(Runnable onInterrupt) {
      try {
        return sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> onInterrupt.run());
      } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
        LOG.info("Ctrl-C keeps its default in the menu: {}", e.toString());
        return null;
      }
    }

    public static void restore(Object previous) {
      if (previous instanceof sun.misc.SignalHandler) {
        try {
          sun.misc.Signal.handle(new sun.misc.Signal("INT"), (sun.misc.SignalHandler) previous);
        } catch (IllegalArgumentException e) {
          LOG.info("Could not restore the SIGINT handler: {}", e.toString());
        }
      }
    }
  }
}
