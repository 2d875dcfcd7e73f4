package org.secmem.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.RootOnly;

/**
 * What reaches the terminal when the log cannot be written or is a planted link, or when an
 * interrupt stops secmem: secmem's own lines only, never Log4j's. Each test runs the real {@code
 * org.secmem.Main} in a fresh JVM started in a folder of its own, so that the log is the default
 * {@code logs/secmem.log} there.
 */
class LogFileTest {

  @TempDir Path dir;

  /** A missing file to verify: exit 2 and one error line, which is also logged. */
  private static final String[] LOGS_AN_ERROR = {"verify", "no-such-file.bin"};

  @Test
  void folderAtTheLogFile_oneSecmemLine_noLog4jOutput() throws Exception {
    Files.createDirectories(dir.resolve("logs/secmem.log"));
    Proc r = secmem(LOGS_AN_ERROR);
    assertQuiet(r);
    assertEquals(2, r.code(), r.all());
    assertTrue(r.logLine().contains("it is a folder"), r.all());
  }

  @Test
  void fileAtTheLogFolder_oneSecmemLine_noLog4jOutput() throws Exception {
    Files.writeString(dir.resolve("logs"), "not a folder\n");
    Proc r = secmem(LOGS_AN_ERROR);
    assertQuiet(r);
    assertEquals(2, r.code(), r.all());
    assertTrue(r.logLine().contains(": logs is not a folder"), r.all());
    assertEquals("not a folder\n", Files.readString(dir.resolve("logs")));
  }

  @Test
  void diskFull_underTheLog_oneSecmemLine_noLog4jOutput() throws Exception {
    Path logs = dir.resolve("logs");
    Files.createDirectories(logs);
    assumeTrue(
        run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", logs.toString()) == 0,
        "cannot mount a small tmpfs here (needs root): disk-full test skipped");
    try {
      Path fill = logs.resolve("fill");
      try (var o = Files.newOutputStream(fill)) {
        byte[] block = new byte[4096];
        while (true) {
          o.write(block);
          o.flush();
        }
      } catch (IOException full) {
        // The file system is full now: what secmem writes next fails.
      }
      Proc r = secmem(LOGS_AN_ERROR);
      assertQuiet(r);
      assertEquals(2, r.code(), r.all());
      assertEquals(
          "secmem: cannot write logs/secmem.log: No space left on device; details are not"
              + " logged",
          r.logLine(),
          r.all());
    } finally {
      run("umount", logs.toString());
    }
  }

  @Test
  void linkAtTheLogFile_isNotFollowed_oneSecmemLine() throws Exception {
    Path victim = dir.resolve("victim.txt");
    Files.writeString(victim, "keep me\n");
    Files.createDirectories(dir.resolve("logs"));
    Files.createSymbolicLink(dir.resolve("logs/secmem.log"), victim);
    Proc r = secmem(LOGS_AN_ERROR);
    assertQuiet(r);
    assertEquals(2, r.code(), r.all());
    assertEquals("keep me\n", Files.readString(victim), "the link's target is left alone");
    assertTrue(r.logLine().contains(": it is a symbolic link"), r.all());
    assertTrue(Files.isSymbolicLink(dir.resolve("logs/secmem.log")), "the link is left as it is");
  }

  @Test
  void danglingLinkAtTheLogFile_createsNothingWhereItPoints() throws Exception {
    Path target = dir.resolve("elsewhere/planted.txt");
    Files.createDirectories(target.getParent());
    Files.createDirectories(dir.resolve("logs"));
    Files.createSymbolicLink(dir.resolve("logs/secmem.log"), target);
    Proc r = secmem(LOGS_AN_ERROR);
    assertQuiet(r);
    assertFalse(Files.exists(target), "nothing created through the link");
    assertTrue(r.logLine().contains(": it is a symbolic link"), r.all());
  }

  @Test
  void logFolderOfAnotherUser_isNotWritten_oneSecmemLine() throws Exception {
    RootOnly.requireRoot();
    Path logs = dir.resolve("logs");
    Files.createDirectories(logs);
    assertEquals(0, run("chown", "65534", logs.toString()));
    Proc r = secmem(LOGS_AN_ERROR);
    assertQuiet(r);
    assertTrue(r.logLine().contains("belongs to another user"), r.all());
    assertFalse(Files.exists(logs.resolve("secmem.log")), "nothing written into it");
  }

  @Test
  void path_isTheFileLog4jWrites() {
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    var appender = (RollingFileAppender) context.getConfiguration().getAppender("file");
    assertEquals(LogFile.path().toString(), appender.getFileName());
  }

  @Test
  void plainRun_logsAsBefore_andSaysNothingOfIt() throws Exception {
    Proc r = secmem(LOGS_AN_ERROR);
    assertQuiet(r);
    assertEquals(1, r.errLines().size(), r.all());
    assertTrue(Files.readString(dir.resolve("logs/secmem.log")).contains("verify failed"));
  }

  @Test
  void sigtermWhileWriting_saysNothingOfLog4j() throws Exception {
    // Stopped while it writes its first file: the shutdown hook removes that file and logs, while
    // Log4j's own hook stopped the log under it (Log4j then started again, could not register its
    // hook in a JVM that is stopping, and said so on the terminal).
    Path results = dir.resolve("r.csv");
    Path data = dir.resolve("data");
    Process p =
        start(
            List.of(
                "write",
                "--stream",
                "simple",
                "--n",
                "2^26",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--skip-disk-check",
                "--dir",
                data.toString(),
                "--results",
                results.toString()));
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

  /**
   * secmem's configuration has a name Log4j does not look for by itself: a JVM with secmem's jar on
   * its class path (a Spark master or worker started with the Spark module's libraries) sent its
   * own log into ./logs/secmem.log.
   */
  @Test
  void secmemsConfiguration_isNoneThatLog4jFindsByItself() {
    ClassLoader loader = LogFile.class.getClassLoader();
    for (String name :
        List.of(
            "log4j2.xml",
            "log4j2.properties",
            "log4j2.json",
            "log4j2.yaml",
            "log4j2.yml",
            "log4j2-test.xml",
            "log4j2-test.properties",
            "log4j2.component.properties",
            "log4j.properties",
            "log4j.xml")) {
      assertNull(loader.getResource(name), name + " is on the class path");
    }
    assertNotNull(loader.getResource(LogFile.CONFIGURATION));
  }

  /**
   * Log4j started with another configuration before secmem's main (spark-submit starts it with
   * Spark's): secmem's log still gets secmem's lines, and the terminal only the launcher's own.
   */
  @Test
  void log4jStartedBeforeMain_withAnotherConfiguration_isSwitchedToSecmems() throws Exception {
    Process p = start(LoggingStartedBefore.class.getName(), List.of(LOGS_AN_ERROR));
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "secmem ended");
    Proc r = finished(p);
    assertEquals(2, r.code(), r.all());
    // The launcher's line went to its console (Log4j's default configuration: standard output);
    // secmem's error line is secmem's own, and what secmem logged went to its log only.
    assertEquals(
        List.of("the launcher's own line"),
        r.out().lines().filter(l -> !l.isBlank()).map(l -> l.replaceAll(".* - ", "")).toList(),
        r.all());
    assertEquals(1, r.errLines().size(), r.all());
    assertTrue(r.errLines().get(0).startsWith("secmem verify: "), r.all());
    String log = Files.readString(dir.resolve("logs/secmem.log"), StandardCharsets.UTF_8);
    assertTrue(log.contains("no-such-file.bin"), log);
  }

  /** No Log4j output and no stack trace on either stream. */
  private static void assertQuiet(Proc r) {
    for (String s : List.of(r.out(), r.err())) {
      assertFalse(s.contains("\tat "), r.all());
      assertFalse(s.toLowerCase(Locale.ROOT).contains("log4j"), r.all());
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

    /**
     * The one line about the log, beside the command's own error line and nothing else; it says
     * what is wrong and that the run goes on unlogged.
     */
    String logLine() {
      List<String> lines = errLines();
      assertEquals(2, lines.size(), all());
      assertEquals(1, lines.stream().filter(l -> l.startsWith("secmem verify: ")).count(), all());
      String line =
          lines.stream().filter(l -> !l.startsWith("secmem verify: ")).findFirst().orElseThrow();
      assertTrue(line.startsWith("secmem: cannot write logs/secmem.log: "), all());
      assertTrue(line.endsWith("; details are not logged"), all());
      return line;
    }

    String all() {
      return "exit " + code + "\n--- out\n" + out + "\n--- err\n" + err;
    }
  }

  private Proc secmem(String... args) throws Exception {
    Process p = start(List.of(args));
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "secmem ended");
    return finished(p);
  }

  /** secmem in a fresh JVM, in {@link #dir}; its output goes to files there. */
  private Process start(List<String> args) throws IOException {
    return start("org.secmem.Main", args);
  }

  private Process start(String main, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(
        List.of(
            "-Xmx256m",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path").replace(File.pathSeparatorChar, ':'),
            main));
    cmd.addAll(args);
    return new ProcessBuilder(cmd)
        .directory(dir.toFile())
        .redirectOutput(dir.resolve("stdout.txt").toFile())
        .redirectError(dir.resolve("stderr.txt").toFile())
        .start();
  }

  private Proc finished(Process p) throws IOException {
    return new Proc(
        p.exitValue(),
        Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8));
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
  }
}
