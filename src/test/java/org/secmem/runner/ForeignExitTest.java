package org.secmem.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;

/**
 * A setting that makes Spark end the JVM ({@code System.exit} from Spark's code) was reported as
 * "interrupted", as if the user had pressed Ctrl-C: the shutdown line now names who ended it.
 */
class ForeignExitTest {

  @TempDir Path dir;

  @Test
  void exitByCodeOutsideSecmem_isNamed_notCalledAnInterrupt() throws Exception {
    Process p =
        new ProcessBuilder(MarkerHolder.javaCommand("secmemtest.ForeignExit"))
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
    assertEquals(3, p.exitValue(), out);
    assertTrue(
        out.contains("secmem: secmemtest.ForeignExit.quit ended the JVM (System.exit)"), out);
    assertFalse(out.contains("interrupted"), out);
  }

  @Test
  void exitCaller_tellsCodeFromSignalsAndFromSecmemItself() {
    StackTraceElement shutdown = frame("java.lang.Shutdown", "exit");
    StackTraceElement runtime = frame("java.lang.Runtime", "exit");
    StackTraceElement system = frame("java.lang.System", "exit");
    StackTraceElement spark =
        frame("org.apache.spark.util.SparkUncaughtExceptionHandler", "uncaughtException");
    assertEquals(
        Optional.of("org.apache.spark.util.SparkUncaughtExceptionHandler" + ".uncaughtException"),
        ShutdownCleanup.exitCaller(
            List.<StackTraceElement[]>of(
                new StackTraceElement[] {shutdown, runtime, system, spark})));
    // SIGTERM: the JDK's signal handler ends the JVM without Runtime.exit.
    assertEquals(
        Optional.empty(),
        ShutdownCleanup.exitCaller(
            List.<StackTraceElement[]>of(
                new StackTraceElement[] {shutdown, frame("java.lang.Terminator$1", "handle")})));
    assertEquals(
        Optional.empty(),
        ShutdownCleanup.exitCaller(
            List.<StackTraceElement[]>of(
                new StackTraceElement[] {
                  shutdown,
                  runtime,
                  system,
                  frame("org.secmem.cli.ForkChildSession", "lambda$endWithParent$0")
                })));
  }

  private static StackTraceElement frame(String cls, String method) {
    return new StackTraceElement(cls, method, null, -1);
  }
}
