package org.secmem.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread a signal interrupts goes on while the shutdown hook runs. A generator between making
 * its {@code .part} file and opening its stream on it (which creates or truncates) makes the file
 * again just after the hook removed it; the hook removes it again, so no {@code .part} is left
 * (what DataFileFaultsTest's SIGTERM during a sort's input generation found under load).
 */
class ShutdownRemadeTempTest {

  @TempDir Path dir;

  @Test
  void aTemporaryMadeAgainRightAfterTheHookRemovedIt_isRemovedAgain() throws Exception {
    StringWriter said = new StringWriter();
    ShutdownCleanup cleanup = new ShutdownCleanup(new PrintWriter(said, true), false);
    Path part = dir.resolve(".data.bin.0000.part");
    cleanup.register(part);
    Files.writeString(part, "begun");
    CountDownLatch remade = new CountDownLatch(1);
    Thread writer =
        new Thread(
            () -> {
              try {
                while (Files.exists(part)) {
                  Thread.onSpinWait();
                }
                Files.writeString(part, "opened again, as a stream that creates or truncates");
                remade.countDown();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    writer.start();
    cleanup.onShutdown();
    assertTrue(remade.await(5, TimeUnit.SECONDS), "the writer made the file again");
    writer.join();
    assertFalse(Files.exists(part), "the hook removed it again: " + said);
    assertTrue(said.toString().contains("removed 1 unfinished file"), said.toString());
  }
}
