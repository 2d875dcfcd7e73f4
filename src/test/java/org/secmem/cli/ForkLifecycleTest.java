package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;
import org.secmem.runner.ExitCodes;
import org.secmem.sort.WorkDirectory;

/**
 * {@code --fork}: a fork never outlives its parent, and a fork killed from outside (the OOM killer)
 * costs only its own configuration. Before, a fork kept sorting for nobody after its parent was
 * killed with kill -9, and a fork killed with SIGKILL ended the whole batch, leaving its work
 * folder behind.
 */
class ForkLifecycleTest {

  @TempDir Path dir;

  /** The fork the test killed. */
  private long killed;

  @Test
  void parentKilled_forkStopsByItself_andRemovesItsWorkFolder() throws Exception {
    Process parent =
        secmem(
            "sort",
            "--n",
            "2000000",
            "--m",
            "100000",
            "--reps",
            "1000",
            "--fork",
            "1",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            dir.resolve("r.csv").toString());
    try {
      ProcessHandle fork = awaitFork(parent);
      awaitWorkFolder(fork);
      parent.destroyForcibly().waitFor(); // kill -9: no chance to stop the fork itself
      Optional<ProcessHandle> gone =
          Optional.ofNullable(fork.onExit().completeOnTimeout(null, 20, TimeUnit.SECONDS).get());
      assertTrue(gone.isPresent() && !fork.isAlive(), "the fork ended with its parent");
      assertEquals(List.of(), workFolders(), "the fork removed its work folder as it stopped");
    } finally {
      parent.descendants().forEach(ProcessHandle::destroyForcibly);
      parent.destroyForcibly();
    }
  }

  @Test
  void forkKilledFromOutside_isReported_itsFolderRemoved_andTheBatchGoesOn() throws Exception {
    Path results = dir.resolve("r.csv");
    Process parent =
        secmem(
            "sort",
            "--n",
            "1000000",
            "--m",
            "100000",
            "--reps",
            "20",
            "--warmup",
            "0",
            "--fork",
            "2",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            results.toString());
    String out;
    try {
      ProcessHandle first = awaitFork(parent);
      awaitWorkFolder(first);
      killed = first.pid();
      first.destroyForcibly(); // as the OOM killer does: SIGKILL, exit 137
      out = new String(parent.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(parent.waitFor(120, TimeUnit.SECONDS), out);
    } finally {
      parent.descendants().forEach(ProcessHandle::destroyForcibly);
      parent.destroyForcibly();
    }
    assertEquals(
        ExitCodes.FAILURE, parent.exitValue(), "the run says a configuration failed: " + out);
    assertTrue(out.contains("was killed (exit code 137"), out);
    List<String> forks = new ArrayList<>();
    try (CSVParser p =
        CSVParser.parse(
            results,
            StandardCharsets.UTF_8,
            CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build())) {
      p.forEach(r -> forks.add(r.get("fork")));
    }
    assertEquals(
        20,
        forks.stream().filter("2"::equals).count(),
        "the second fork ran whole after the first was killed: " + forks);
    assertEquals(
        List.of(),
        workFolders(),
        () -> "the killed fork (" + killed + ")'s work folder is removed; " + diagnosis());
  }

  /** What the folders left hold and what the log says, for a failure's message. */
  private String diagnosis() {
    StringBuilder sb = new StringBuilder();
    try {
      for (Path f : workFolders()) {
        try (Stream<Path> s = Files.list(f)) {
          sb.append(f.getFileName())
              .append(" holds ")
              .append(s.map(p -> p.getFileName().toString()).toList())
              .append("; ");
        }
      }
      Path log = dir.resolve("logs/secmem.log");
      if (Files.exists(log)) {
        List<String> lines = Files.readAllLines(log);
        sb.append("log: ")
            .append(
                String.join(
                    " | ",
                    lines.stream()
                        .filter(
                            l ->
                                l.contains("WorkDirectory")
                                    || l.contains("Swept")
                                    || l.contains("killed")
                                    || l.contains("WARN"))
                        .toList()));
      }
    } catch (IOException e) {
      sb.append(e);
    }
    return sb.toString();
  }

  private Process secmem(String... args) throws IOException {
    List<String> cmd = new ArrayList<>(MarkerHolder.javaCommand("org.secmem.Main"));
    cmd.addAll(1, List.of("-Xmx256m"));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
  }

  /** The parent's first fork, once it runs. */
  private static ProcessHandle awaitFork(Process parent) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < end) {
      // The fork is the JVM started with --fork-child; the parent also runs short helpers (git
      // for the environment record, sync), which look like java while they are being launched.
      Optional<ProcessHandle> child =
          parent.children().filter(ForkLifecycleTest::isFork).findFirst();
      if (child.isPresent()) {
        return child.get();
      }
      assertTrue(parent.isAlive(), "the parent ended before it forked");
      Thread.sleep(20);
    }
    throw new AssertionError("no fork started");
  }

  /**
   * Whether {@code p} is a fork: its whole command line (ProcessHandle.Info cuts a long one, and
   * the test's class path is long) has --fork-child.
   */
  private static boolean isFork(ProcessHandle p) {
    try {
      byte[] cmdline = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
      return List.of(new String(cmdline, StandardCharsets.UTF_8).split("\0"))
          .contains("--fork-child");
    } catch (IOException e) {
      return false; // gone meanwhile
    }
  }

  /** Waits until {@code fork}'s work folder is there: the fork is mid-sort. */
  private void awaitWorkFolder(ProcessHandle fork) throws Exception {
    String prefix = WorkDirectory.PREFIX + fork.pid() + "-";
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < end) {
      if (workFolders().stream().anyMatch(p -> p.getFileName().toString().startsWith(prefix))) {
        return;
      }
      assertTrue(fork.isAlive(), "the fork ended before it sorted");
      Thread.sleep(10);
    }
    throw new AssertionError("no work folder appeared");
  }

  private List<Path> workFolders() throws IOException {
    Path data = dir.resolve("data");
    if (!Files.isDirectory(data)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(data)) {
      return s.filter(p -> p.getFileName().toString().startsWith(WorkDirectory.PREFIX)).toList();
    }
  }
}
