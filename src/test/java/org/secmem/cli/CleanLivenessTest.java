package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;
import org.secmem.fs.RootOnly;

/**
 * A live sort's work folder is kept by a {@code secmem clean} that cannot see its process: one run
 * in another PID namespace ({@code unshare -p}, as a container sharing the volume would), where the
 * PID in the marker names no process or another one. Before liveness was a lock held on the marker,
 * that clean removed the folder and the sort failed.
 */
class CleanLivenessTest {

  @TempDir Path dir;

  @Test
  void cleanInAnotherPidNamespace_keepsALiveSortsFolder_andRemovesItOnceTheSortIsGone()
      throws Exception {
    RootOnly.requireRoot();
    RootOnly.require(
        RootOnly.available("unshare", "-p", "-f", "--mount-proc", "true"), "unshare -p works here");
    Path work;
    try (MarkerHolder sort = MarkerHolder.startWorkDirectory(dir)) {
      work = Path.of(sort.said());
      assertTrue(Files.isDirectory(work), work.toString());
      String out = cleanInNewPidNamespace();
      assertTrue(Files.isDirectory(work), "a live sort's folder is kept: " + out);
      assertEquals(2, count(work), "its run and marker are there: " + out);
      assertTrue(sort.alive());
      sort.kill(); // kill -9: the folder is left behind, its lock released by the kernel
    }
    assertTrue(Files.isDirectory(work), "kill -9 leaves the folder");
    String out = cleanInNewPidNamespace();
    assertFalse(Files.exists(work), "the owner is gone, so clean removes it: " + out);
    assertTrue(out.contains("removed " + work), out);
  }

  /**
   * A generator stopped (SIGSTOP) for longer than a minute still owns its unfinished file: before
   * owner markers, clean removed it after a minute without writes and the generator then failed.
   */
  @Test
  void stoppedWritersUnfinishedFile_isKept_andRemovedWithItsMarkerOnceTheWriterIsGone()
      throws Exception {
    Path target = dir.resolve("in.bin");
    Path part;
    try (MarkerHolder writer = MarkerHolder.startPartFile(target)) {
      part = Path.of(writer.said());
      Files.setLastModifiedTime(part, FileTime.from(Instant.now().minusSeconds(600)));
      signal("STOP", writer.pid());
      try {
        CliTest.Result r = CliTest.run("clean", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(part), "a stopped writer's file is kept: " + r.out());
        // It says so, rather than "nothing to clean" (as it did 1 s after a kill -9, while the
        // JVM was still exiting).
        assertTrue(r.out().contains("in use, kept " + part + ": process"), r.out());
        assertTrue(r.out().contains("kept 1 in use by a process that still runs"), r.out());
      } finally {
        signal("CONT", writer.pid());
      }
      writer.kill();
    }
    assertEquals(2, count(dir), "the unfinished file and its owner marker are left");
    CliTest.Result r = CliTest.run("clean", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("removed " + part), r.out());
    assertEquals(0, count(dir), "nothing of the writer's is left");
  }

  /**
   * A {@code write} run killed (kill -9) while its files are written: their temporaries are not
   * marked as secmem's (a mark on the clock costs 7-10 % of a short run), so until they were
   * written inside a work folder holding a locked owner marker, clean left them behind for good.
   */
  @Test
  void writeRunKilledWhileWriting_leavesNothing_onceCleanHasRun() throws Exception {
    try (MarkerHolder write = MarkerHolder.startWriteRun(dir)) {
      assertTrue(count(dir) > 0, "the run's temporaries are there");
      CliTest.Result r = CliTest.run("clean", dir.toString());
      assertEquals(0, r.code(), r.err());
      assertTrue(count(dir) > 0, "a live run's temporaries are kept: " + r.out());
      write.kill();
    }
    CliTest.Result r = CliTest.run("clean", dir.toString());
    assertEquals(0, r.code(), r.err());
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(), s.toList(), "nothing of the killed run is left: " + r.out());
    }
  }

  private static void signal(String sig, long pid) throws Exception {
    Process k = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start();
    assertTrue(k.waitFor(10, TimeUnit.SECONDS));
    assertEquals(0, k.exitValue());
  }

  private String cleanInNewPidNamespace() throws Exception {
    List<String> cmd = new ArrayList<>(List.of("unshare", "-p", "-f", "--mount-proc"));
    cmd.addAll(MarkerHolder.javaCommand("org.secmem.Main"));
    cmd.addAll(List.of("clean", dir.toString()));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  private static long count(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.count();
    }
  }
}
