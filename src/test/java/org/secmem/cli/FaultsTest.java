package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Faults during a run: interrupts of a real process, a full disk, leftovers of kill -9. */
class FaultsTest {

  @TempDir Path dir;

  private static List<Path> workFolders(Path where) throws IOException {
    return LiveTree.find(where, p -> p.getFileName().toString().startsWith(".secmem-sort-"));
  }

  /** The work folders directly in {@code where}, not in its subfolders. */
  private static List<Path> sortFolders(Path where) throws IOException {
    try (java.util.stream.Stream<Path> s = Files.list(where)) {
      return s.filter(p -> p.getFileName().toString().startsWith(".secmem-sort-")).toList();
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor();
  }

  @Test
  void sigint_duringASortSweep_exit130_noTemporaryFiles_noOutput_rowsKept() throws Exception {
    Path params = dir.resolve("sweep.csv");
    Path data = dir.resolve("data");
    // A quick row that finishes, then a sort long enough to interrupt (2^24 ints, 256 runs, d=2).
    Files.writeString(
        params,
        "experiment,stream,n,read_stream,write_stream,m,d,output,reps,"
            + "warmup,dir\n"
            + "write,user-buffer,1000,,,,,,2,0,data\n"
            + "sort,,2^24,simple,simple,2^16,2,sorted.bin,1,0,\n");
    Path results = dir.resolve("r.csv");
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main",
                "run",
                params.toString(),
                "--results",
                results.toString(),
                "--order",
                "sequential")
            .directory(dir.toFile())
            .redirectOutput(dir.resolve("out.txt").toFile())
            .redirectError(dir.resolve("err.txt").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      // The sort's own work folder, beside its output (the write before it makes its own in data/).
      while (sortFolders(dir).isEmpty() && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(50);
      }
      assertFalse(
          sortFolders(dir).isEmpty(),
          "the sort started: " + Files.readString(dir.resolve("err.txt")));
      Thread.sleep(300);
      assertEquals(0, run("kill", "-INT", Long.toString(p.pid())));
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the process ended");
    } finally {
      p.destroyForcibly();
    }
    String err = Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8);
    assertEquals(130, p.exitValue(), err);
    assertTrue(err.contains("interrupted"), err);
    assertFalse(err.contains("error"), "the files removed under the sort are no error: " + err);
    assertTrue(err.contains(results.toString()), err);
    assertEquals(List.of(), workFolders(dir), "no work folder left");
    assertFalse(Files.exists(dir.resolve("sorted.bin")), "no incomplete output");
    List<String> lines = Files.readAllLines(results);
    assertEquals(1 + 2, lines.size(), "the header and the two measured rows are kept");
    assertTrue(lines.get(2).contains(",write,user-buffer,"), lines.get(2));
  }

  @Test
  void sigterm_duringASortOverTwoWorkFolders_exit143_bothCleaned_noErrorLine() throws Exception {
    Path a = dir.resolve("disk-a");
    Path b = dir.resolve("disk-b");
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main",
                "sort",
                "--n",
                "2^24",
                "--m",
                "2^12",
                "--d",
                "2",
                "--read-stream",
                "simple",
                "--write-stream",
                "simple",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--work-dir",
                a + "," + b,
                "--results",
                dir.resolve("r.csv").toString())
            .directory(dir.toFile())
            .redirectOutput(dir.resolve("out.txt").toFile())
            .redirectError(dir.resolve("err.txt").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (workFolders(b).isEmpty() && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(50);
      }
      assertFalse(
          workFolders(b).isEmpty(),
          "the sort started: " + Files.readString(dir.resolve("err.txt")));
      Thread.sleep(300);
      assertEquals(0, run("kill", "-TERM", Long.toString(p.pid())));
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the process ended");
    } finally {
      p.destroyForcibly();
    }
    String err = Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8);
    assertEquals(143, p.exitValue(), err);
    assertTrue(err.contains("interrupted"), err);
    assertFalse(err.contains("error"), "the files removed under the sort are no error: " + err);
    assertEquals(List.of(), workFolders(a), "no work folder left in " + a);
    assertEquals(List.of(), workFolders(b), "no work folder left in " + b);
  }

  @Test
  void leftoversOfKill9_areRemovedByClean_andLiveOnesKept() throws IOException {
    Path stale = dir.resolve(".secmem-sort-2147483646-abc");
    Files.createDirectories(stale);
    Files.writeString(stale.resolve("secmem-owner.pid"), "2147483646\n");
    Files.write(stale.resolve("pass1-run0.bin"), new byte[64]);
    Path live = dir.resolve(".secmem-sort-" + ProcessHandle.current().pid() + "-def");
    Files.createDirectories(live);
    Files.writeString(live.resolve("secmem-owner.pid"), ProcessHandle.current().pid() + "\n");
    Path foreign = dir.resolve(".secmem-sort-notours");
    Files.createDirectories(foreign);
    CliTest.Result r = CliTest.run("clean", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + stale), r.out());
    assertFalse(Files.exists(stale));
    assertTrue(Files.exists(live), "a running process's folder is kept");
    assertTrue(Files.exists(foreign), "a folder without our marker is not touched");
  }

  @Test
  void resume_skipsConfigurationsAlreadyMeasured_andRunsTheMissingReps() throws IOException {
    Path params = dir.resolve("sweep.csv");
    Files.writeString(
        params,
        "experiment,stream,n,b,reps,warmup,dir\n" + "read,user-buffer,3000,64|128|256,2,0,data\n");
    Path results = dir.resolve("r.csv");
    // An interrupted sweep: B=64 complete, B=128 with one of two repetitions.
    assertEquals(
        0,
        CliTest.run(
                "run", params.toString(), "--results", results.toString(), "--order", "sequential")
            .code());
    List<String> all = Files.readAllLines(results);
    Files.write(results, all.subList(0, 1 + 3));
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("resume: 1 of 3 configurations already measured"), r.out());
    List<String> after = Files.readAllLines(results);
    assertEquals(1 + 6, after.size(), String.join("\n", after));
    assertEquals(2, after.stream().filter(l -> l.contains(",128,")).count());
    assertEquals(2, after.stream().filter(l -> l.contains(",256,")).count());
    CliTest.Result again =
        CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");
    assertTrue(again.out().contains("3 of 3 configurations already measured"), again.out());
    assertEquals(7, Files.readAllLines(results).size());
  }

  @Test
  void diskFull_duringSort_exit1_saysWhere_noOutput_noRuns_rowsIntact() throws Exception {
    Path small = dir.resolve("small");
    Files.createDirectories(small);
    int mounted = run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString());
    assumeTrue(
        mounted == 0, "cannot mount a small tmpfs here (needs root): disk-full test skipped");
    try {
      Path in = dir.resolve("in.bin");
      assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "500000").code());
      Path results = dir.resolve("r.csv");
      Path out = dir.resolve("out/sorted.bin");
      CliTest.Result ok =
          CliTest.run(
              "sort",
              "--in",
              in.toString(),
              "--out",
              out.toString(),
              "--m",
              "100000",
              "--d",
              "4",
              "--reps",
              "1",
              "--warmup",
              "0",
              "--results",
              results.toString());
      assertEquals(0, ok.code(), ok.err());
      Files.delete(out);
      List<String> before = Files.readAllLines(results);
      // Refused up front: the runs (2 MB) cannot fit in a 1 MB file system.
      CliTest.Result refused =
          CliTest.run(
              "sort",
              "--in",
              in.toString(),
              "--out",
              out.toString(),
              "--m",
              "100000",
              "--d",
              "4",
              "--work-dir",
              small.toString(),
              "--results",
              results.toString());
      assertEquals(2, refused.code(), refused.err());
      assertTrue(refused.err().contains("not enough free disk in " + small), refused.err());
      // Past the check (as when another process fills the disk mid-run), it fills up for real.
      CliTest.Result full =
          CliTest.run(
              "sort",
              "--in",
              in.toString(),
              "--out",
              out.toString(),
              "--m",
              "100000",
              "--d",
              "4",
              "--reps",
              "1",
              "--warmup",
              "0",
              "--work-dir",
              small.toString(),
              "--results",
              results.toString(),
              "--skip-disk-check");
      assertEquals(1, full.code(), full.err());
      assertTrue(full.err().contains("disk full"), full.err());
      assertTrue(full.err().contains(small.toString()), full.err());
      assertFalse(full.err().contains("\tat "), full.err());
      assertFalse(Files.exists(out), "no output");
      try (Stream<Path> left = Files.list(small)) {
        assertEquals(List.of(), left.toList(), "no runs or work folder left");
      }
      assertEquals(before, Files.readAllLines(results), "earlier rows intact");
    } finally {
      run("umount", small.toString());
    }
  }

  static String classpath() {
    return System.getProperty("java.class.path").replace(File.pathSeparatorChar, ':');
  }
}
