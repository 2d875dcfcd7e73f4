package org.secmem.menu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ShutdownCleanup;

/** Ctrl-C in the menu, with the signal stood in for by calls to the guard. */
class MenuInterruptTest {

  @TempDir Path tmp;

  private final StringWriter err = new StringWriter();
  private final PrintWriter errWriter = new PrintWriter(err, true);
  private final ShutdownCleanup cleanup = new ShutdownCleanup(errWriter, false);
  private final List<Integer> exits = new CopyOnWriteArrayList<>();

  @Test
  void ctrlCDuringARun_stopsIt_removesItsTemporaries_andReturns() throws Exception {
    RunGuard guard = new RunGuard(cleanup, errWriter, 10_000, exits::add);
    Path work = Files.createDirectories(tmp.resolve("work"));
    Files.write(work.resolve("run-1"), new byte[64]);
    CountDownLatch started = new CountDownLatch(1);
    Thread signal =
        new Thread(
            () -> {
              try {
                started.await();
              } catch (InterruptedException e) {
                return;
              }
              guard.interrupt();
            });
    signal.start();
    long t0 = System.nanoTime();
    int code =
        guard.run(
            runErr -> {
              cleanup.register(work);
              started.countDown();
              try {
                Thread.sleep(60_000); // a run that looks at interrupts, as the sort's workers do
              } catch (InterruptedException e) {
                runErr.println("sort: I/O error: null"); // what a closed-by-interrupt channel says
                return ExitCodes.FAILURE;
              }
              return ExitCodes.OK;
            });
    signal.join();
    assertEquals(ExitCodes.INTERRUPTED, code);
    assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(30));
    assertFalse(Files.exists(work), "the work folder is removed");
    assertTrue(exits.isEmpty(), "the menu goes on: " + exits);
    assertFalse(Thread.currentThread().isInterrupted(), "no interrupt left for the next prompt");
    String said = err.toString();
    assertTrue(said.contains("secmem: interrupted; removed 1 temporary folder"), said);
    assertFalse(
        said.contains("I/O error"), "the interrupt's own consequences are not errors: " + said);
  }

  @Test
  void ctrlCAtAPrompt_quits() {
    RunGuard guard = new RunGuard(cleanup, errWriter, 10_000, exits::add);
    guard.interrupt();
    assertEquals(List.of(ExitCodes.INTERRUPTED), exits);
    assertTrue(err.toString().contains("bye"), err.toString());
  }

  @Test
  void aRunThatDoesNotStop_endsTheProcessAsTheCommandWould() throws Exception {
    CountDownLatch exited = new CountDownLatch(1);
    RunGuard guard =
        new RunGuard(
            cleanup,
            errWriter,
            200,
            c -> {
              exits.add(c);
              exited.countDown();
            });
    CountDownLatch started = new CountDownLatch(1);
    Thread signal =
        new Thread(
            () -> {
              try {
                started.await();
              } catch (InterruptedException e) {
                return;
              }
              guard.interrupt();
            });
    signal.start();
    int code =
        guard.run(
            runErr -> {
              started.countDown();
              // A loop that never looks at interrupts: it ends only when the process does.
              boolean done = false;
              while (!done) {
                try {
                  done = exited.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  // ignored, as a tight I/O loop would
                }
              }
              return ExitCodes.OK;
            });
    signal.join();
    assertEquals(List.of(ExitCodes.INTERRUPTED), exits);
    assertTrue(err.toString().contains("did not stop within"), err.toString());
    assertEquals(ExitCodes.INTERRUPTED, code);
  }

  @Test
  void aSecondCtrlCWhileTheRunStops_quitsAtOnce() throws Exception {
    CountDownLatch exited = new CountDownLatch(1);
    RunGuard guard =
        new RunGuard(
            cleanup,
            errWriter,
            60_000,
            c -> {
              exits.add(c);
              exited.countDown();
            });
    CountDownLatch started = new CountDownLatch(1);
    Thread signal =
        new Thread(
            () -> {
              try {
                started.await();
              } catch (InterruptedException e) {
                return;
              }
              guard.interrupt();
              guard.interrupt();
            });
    signal.start();
    guard.run(
        runErr -> {
          started.countDown();
          boolean done = false;
          while (!done) {
            try {
              done = exited.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              // ignored
            }
          }
          return ExitCodes.OK;
        });
    signal.join();
    assertEquals(List.of(ExitCodes.INTERRUPTED), exits);
    assertTrue(err.toString().contains("interrupted again; quitting"), err.toString());
  }
}
