package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Data files on a full disk and under interrupts, in a real process: a data file (written by {@code
 * write}, {@code generate}, or as an input of {@code read} and {@code sort}) appears only when
 * complete, and a failure or an interrupt leaves neither a partial file nor a {@code
 * .NAME.<uuid>.part} temporary; errors are one line naming the file, never a stack trace.
 */
class DataFileFaultsTest {

  @TempDir Path dir;

  private record Outcome(int code, String out, String err) {}

  private static int run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor();
  }

  private ProcessBuilder secmem(String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command)
        .directory(dir.toFile())
        .redirectOutput(dir.resolve("out.txt").toFile())
        .redirectError(dir.resolve("err.txt").toFile());
  }

  private Outcome finish(Process p) throws Exception {
    try {
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended");
    } finally {
      p.destroyForcibly();
    }
    return new Outcome(
        p.exitValue(),
        Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
  }

  private Outcome secmemRun(String... args) throws Exception {
    return finish(secmem(args).start());
  }

  /** Everything below {@code where} but the logs and the test's own files. */
  private List<Path> leftovers(Path where) throws IOException {
    return LiveTree.find(
        where,
        p ->
            !p.equals(where)
                && !p.startsWith(dir.resolve("logs"))
                && !p.getFileName().toString().matches("out\\.txt|err\\.txt|r\\.csv.*")
                && Files.isRegularFile(p));
  }

  private static List<Path> parts(Path where) throws IOException {
    return LiveTree.find(where, p -> p.getFileName().toString().endsWith(".part"));
  }

  private static void assertOneCleanLine(String err) {
    assertFalse(err.contains("\tat "), err);
    assertFalse(err.contains("Exception"), err);
    assertFalse(err.contains("InternalError"), err);
    assertFalse(err.contains("Self-suppression"), err);
  }

  /** Runs {@code test} with a 1 MiB tmpfs at dir/small, skipped where mount is not allowed. */
  private void withSmallDisk(SmallDiskTest test) throws Exception {
    Path small = dir.resolve("small");
    Files.createDirectories(small);
    int mounted = run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString());
    assumeTrue(
        mounted == 0, "cannot mount a small tmpfs here (needs root): disk-full test skipped");
    try {
      test.run(small);
    } finally {
      run("umount", small.toString());
    }
  }

  interface SmallDiskTest {
    void run(Path small) throws Exception;
  }

  private void writeOnAFullDisk(String stream) throws Exception {
    withSmallDisk(
        small -> {
          Path data = small.resolve("data");
          // 2 MiB into 1 MiB: past the up-front check, as when another process fills the disk.
          Outcome r =
              secmemRun(
                  "write",
                  "--stream",
                  stream,
                  "--n",
                  "2^19",
                  "--dir",
                  data.toString(),
                  "--reps",
                  "1",
                  "--warmup",
                  "0",
                  "--results",
                  dir.resolve("r.csv").toString(),
                  "--skip-disk-check");
          assertEquals(1, r.code(), r.err());
          assertTrue(r.err().contains("disk full"), r.err());
          assertTrue(r.err().contains(data.resolve("ints-n524288-s42-0.bin").toString()), r.err());
          assertOneCleanLine(r.err());
          assertEquals(List.of(), leftovers(small), "no partial data file, no temporary");
        });
  }

  @Test
  void asyncWrite_diskFull_exit1_namesTheFile_leavesNothing() throws Exception {
    writeOnAFullDisk("async");
  }

  @Test
  void mappedWrite_diskFull_exit1_namesTheFile_leavesNothing() throws Exception {
    writeOnAFullDisk("mapped");
  }

  @Test
  void userBufferWrite_diskFull_exit1_leavesNoPartialDataFile() throws Exception {
    writeOnAFullDisk("user-buffer");
  }

  @Test
  void classicSortWithAsyncStreams_diskFull_exit1_saysWhere_leavesNothing() throws Exception {
    withSmallDisk(
        small -> {
          Path in = dir.resolve("in.bin");
          assertEquals(0, secmemRun("generate", "--out", in.toString(), "--n", "500000").code());
          Path out = dir.resolve("out/sorted.bin");
          Outcome r =
              secmemRun(
                  "sort",
                  "--in",
                  in.toString(),
                  "--out",
                  out.toString(),
                  "--m",
                  "100000",
                  "--d",
                  "4",
                  "--read-stream",
                  "async",
                  "--write-stream",
                  "async",
                  "--reps",
                  "1",
                  "--warmup",
                  "0",
                  "--work-dir",
                  small.toString(),
                  "--results",
                  dir.resolve("r.csv").toString(),
                  "--skip-disk-check");
          assertEquals(1, r.code(), r.err());
          assertTrue(r.err().contains("disk full"), r.err());
          assertTrue(r.err().contains(small.toString()), r.err());
          assertOneCleanLine(r.err());
          assertFalse(Files.exists(out), "no output");
          try (Stream<Path> left = Files.list(small)) {
            assertEquals(List.of(), left.toList(), "no runs or work folder left");
          }
        });
  }

  @Test
  void writeRepeated_replacesTheFiles_andReadFindsThem() throws Exception {
    Path data = dir.resolve("data");
    Outcome w =
        secmemRun(
            "write",
            "--stream",
            "mapped",
            "--n",
            "3000",
            "--k",
            "2",
            "--dir",
            data.toString(),
            "--reps",
            "2",
            "--warmup",
            "1",
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(0, w.code(), w.err());
    assertEquals(List.of(), parts(dir));
    assertEquals(3000 * 4, Files.size(data.resolve("ints-n3000-s42-0.bin")));
    assertEquals(3000 * 4, Files.size(data.resolve("ints-n3000-s42-1.bin")));
    long before = Files.getLastModifiedTime(data.resolve("ints-n3000-s42-0.bin")).toMillis();
    Outcome r =
        secmemRun(
            "read",
            "--stream",
            "user-buffer",
            "--n",
            "3000",
            "--k",
            "2",
            "--dir",
            data.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(
        before,
        Files.getLastModifiedTime(data.resolve("ints-n3000-s42-0.bin")).toMillis(),
        "read used the files write left, without generating them again");
  }

  /**
   * Starts {@code args}, waits until a {@code .part} file has appeared (and some more), sends
   * {@code signal}; returns what happened.
   */
  private Outcome interruptWhileAPartFileIsWritten(String signal, String... args) throws Exception {
    Process p = secmem(args).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (parts(dir).isEmpty() && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(20);
      }
      assertFalse(
          parts(dir).isEmpty(),
          "a .part file appeared: " + Files.readString(dir.resolve("err.txt")));
      Thread.sleep(200);
      assertEquals(0, run("kill", "-" + signal, Long.toString(p.pid())));
    } catch (Exception | Error e) {
      p.destroyForcibly();
      throw e;
    }
    return finish(p);
  }

  @Test
  void sigint_duringGenerate_exit130_noPartFile_noOutput() throws Exception {
    Path out = dir.resolve("big.bin");
    Outcome r =
        interruptWhileAPartFileIsWritten("INT", "generate", "--out", out.toString(), "--n", "2^28");
    assertEquals(130, r.code(), r.err());
    assertTrue(r.err().contains("interrupted; removed 1 unfinished file"), r.err());
    assertEquals(List.of(), parts(dir), "no .part file left");
    assertFalse(Files.exists(out), "no output");
  }

  @Test
  void sigterm_duringWrite_exit143_noPartialDataFile() throws Exception {
    Path data = dir.resolve("data");
    Outcome r =
        interruptWhileAPartFileIsWritten(
            "TERM",
            "write",
            "--stream",
            "channel",
            "--n",
            "2^28",
            "--k",
            "2",
            "--dir",
            data.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(143, r.code(), r.err());
    // The run's temporaries are written inside its work folder, which goes with them.
    assertTrue(r.err().contains("interrupted; removed 1 temporary folder"), r.err());
    assertEquals(List.of(), leftovers(data), "no data file, no temporary, no work folder");
    assertTrue(
        r.err().contains("nothing was measured and " + dir.resolve("r.csv") + " is not kept"),
        r.err());
    assertFalse(Files.exists(dir.resolve("r.csv")), "no header-only results file");
    assertFalse(Files.exists(dir.resolve("r-environment.txt")), "no environment record");
    assertFalse(Files.exists(dir.resolve("r-sessions.jsonl")), "no sessions file");
  }

  @Test
  void sigint_duringInputGenerationOfRead_exit130_noPartFile() throws Exception {
    Path data = dir.resolve("data");
    Outcome r =
        interruptWhileAPartFileIsWritten(
            "INT",
            "read",
            "--stream",
            "user-buffer",
            "--n",
            "2^28",
            "--dir",
            data.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(130, r.code(), r.err());
    assertEquals(List.of(), leftovers(data), "no data file, no temporary");
  }

  @Test
  void sigterm_duringInputGenerationOfSort_exit143_noPartFile() throws Exception {
    Path data = dir.resolve("data");
    Outcome r =
        interruptWhileAPartFileIsWritten(
            "TERM",
            "sort",
            "--n",
            "2^28",
            "--m",
            "1000000",
            "--dir",
            data.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(143, r.code(), r.err());
    assertEquals(List.of(), parts(dir), "no .part file left");
    assertEquals(List.of(), leftovers(data), "no input, no output, no runs");
  }
}
