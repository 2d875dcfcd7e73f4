package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reaches the terminal when an interrupt stops secmem: secmem's own lines only, never
 * Log4j's. Each test runs the real {@code org.secmem.Main} in a fresh JVM started in a folder of
 * its own, so that the log is the default {@code logs/secmem.log} there.
 */
class LogFileTest {

  @TempDir Path dir;

  @Test
  void sigtermWhileWriting_saysNothingOfLog4j() throws Exception {
    // Stopped while it writes its first file: the shutdown hook removes that file and logs, while
    // Log4j's own hook stopped the log under it (Log4j then started again, could not register its
    // hook in a JVM that is stopping, and said so on the terminal).
    Path results = dir.resolve("r.csv");
    Path data = dir.resolve("data");
    Process p = start(List.of("write", "--stream", "simple", "--n", "2^26", "--reps", "1",
        "--warmup", "0", "--skip-disk-check", "--dir", data.toString(),
        "--results", results.toString()));
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!writing(data) && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(10);
      }
      Thread.sleep(100);
      assertEquals(0, run("kill", "-TERM", Long.toString(p.pid())));
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    } finally {
      p.destroyForcibly();
    }
    Proc r = finished(p);
    assertEquals(ExitCodes.TERMINATED, r.code(), r.all());
    assertQuiet(r);
    assertTrue(r.err().contains("secmem: interrupted"), r.all());
  }

  private static boolean writing(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return false;
    }
    try (var files = Files.list(folder)) {
      return files.findAny().isPresent();
    }
  }

  /** No Log4j output and no stack trace on either stream. */
  private static void assertQuiet(Proc r) {
    for (String s : List.of(r.out(), r.err())) {
      assertFalse(s.contains("\tat "), r.all());
      assertFalse(s.toLowerCase(java.util.Locale.ROOT).contains("log4j"), r.all());
      assertFalse(s.contains("StatusLogger"), r.all());
      assertFalse(s.contains(" ERROR "), r.all());
      assertFalse(s.contains(" WARN "), r.all());
    }
  }

  // ---- subprocesses ----------------------------------------------------------------------

  record Proc(int code, String out, String err) {
    List<String> errLines() {
      return err.lines().filter(l -> !l.isBlank()).toList();
    }

    String all() {
      return "exit " + code + "\n--- out\n" + out + "\n--- err\n" + err;
    }
  }

  /** secmem in a fresh JVM, in {@link #dir}; its output goes to files there. */
  private Process start(List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", FaultsTest.classpath(),
        "org.secmem.Main"));
    cmd.addAll(args);
    return new ProcessBuilder(cmd).directory(dir.toFile())
        .redirectOutput(dir.resolve("stdout.txt").toFile())
        .redirectError(dir.resolve("stderr.txt").toFile()).start();
  }

  private Proc finished(Process p) throws IOException {
    return new Proc(p.exitValue(),
        Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8));
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
  }
}
