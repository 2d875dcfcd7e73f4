package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.fs.TempRegistry;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * The per-int loops stop soon after their thread is interrupted (the menu's Ctrl-C), instead of
 * running to the end of N, and leave no data file behind.
 */
class InterruptibleRunTest {

  @TempDir Path dir;

  private static final TempRegistry NONE =
      new TempRegistry() {
        @Override
        public void register(Path path) {}

        @Override
        public void release(Path path) {}
      };

  /** Runs {@code work} on a thread, interrupts it after a moment, returns what it threw. */
  private static Throwable interrupted(ThrowingRunnable work) throws Exception {
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread t =
        new Thread(
            () -> {
              try {
                work.run();
              } catch (Throwable e) {
                thrown.set(e);
              }
            });
    long start = System.nanoTime();
    t.start();
    Thread.sleep(300);
    t.interrupt();
    t.join(10_000);
    assertTrue(!t.isAlive(), "stopped within 10 s of the interrupt");
    assertTrue(System.nanoTime() - start < 8_000_000_000L, "did not run to the end of N");
    return thrown.get();
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void aSimpleWriteOfALargeN_stopsWhenInterrupted() throws Exception {
    // 2^27 ints, one write() call each: about two minutes of work.
    WriteTrial trial =
        new WriteTrial(
            new StreamTrialSpec(
                StreamType.SIMPLE,
                1L << 27,
                1,
                new StreamOptions(65536, false),
                dir,
                List.of(),
                42,
                false),
            NONE);
    trial.prepare();
    Throwable t = interrupted(trial::run);
    assertTrue(t instanceof InterruptedIOException, String.valueOf(t));
    try (var files = Files.list(dir)) {
      assertTrue(
          files.noneMatch(p -> p.getFileName().toString().startsWith("ints-")), "no data file");
    }
  }

  @Test
  void generatingALargeFile_stopsWhenInterrupted() throws Exception {
    Path out = dir.resolve("big.bin");
    Throwable t = interrupted(() -> DataFiles.generate(out, Shape.UNIFORM, 1L << 28, 1, NONE));
    assertTrue(t instanceof InterruptedIOException, String.valueOf(t));
    assertTrue(!Files.exists(out));
    assertThrows(
        InterruptedIOException.class,
        () -> {
          Thread.currentThread().interrupt();
          Interrupts.check();
        });
  }
}
