package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.ResultColumn;

/**
 * A {@code --results} path that cannot take results is refused before anything runs: exit 2, the
 * file and what is wrong named, and nothing left on disk (no results file, no environment record,
 * no data).
 */
class ResultsPathTest {

  @TempDir Path dir;

  private Path params;

  @BeforeEach
  void sweep() throws IOException {
    params = dir.resolve("sweep.csv");
    Files.writeString(
        params, "experiment,stream,n,b,reps,warmup,dir\n" + "write,user-buffer,1000,64,1,0,data\n");
  }

  /** Every path under {@code dir}, the folder itself left out. */
  private List<Path> tree() throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> !p.equals(dir)).sorted().toList();
    }
  }

  private void assertRefused(String results, String... said) throws IOException {
    for (boolean resume : new boolean[] {false, true}) {
      List<Path> before = tree();
      CliTest.Result r =
          resume
              ? CliTest.run("run", params.toString(), "--results", results, "--resume")
              : CliTest.run("run", params.toString(), "--results", results);
      String what = (resume ? "--resume " : "") + results + ": " + r.err();
      assertEquals(2, r.code(), what);
      for (String s : said) {
        assertTrue(r.err().contains(s), "'" + s + "' in " + what);
      }
      assertFalse(r.err().contains("\tat "), what);
      assertEquals("", r.out(), "nothing ran: " + what);
      assertEquals(before, tree(), "nothing written: " + what);
    }
  }

  @Test
  void resultsIsAFolder_refused() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("out"));
    assertRefused(folder.toString(), folder + ": is a folder");
  }

  @Test
  void resultsUnderARegularFile_refused() throws IOException {
    Path file = Files.writeString(dir.resolve("notes.txt"), "hello\n");
    assertRefused(file.resolve("r.csv").toString(), "notes.txt is a file, not a folder");
    assertRefused(file.resolve("deeper/r.csv").toString(), "notes.txt is a file, not a folder");
  }

  @Test
  void existingFileWithAForeignHeader_refused_namingFileAndExpectedHeader() throws IOException {
    Path foreign = Files.writeString(dir.resolve("other.csv"), "a,b,c\n1,2,3\n");
    assertRefused(
        foreign.toString(),
        foreign + ": is not a secmem results file",
        "its first line is 'a,b,c'",
        "expected secmem's header, which starts '"
            + String.join(",", List.of(ResultColumn.headers()).subList(0, 4))
            + ",...' ("
            + ResultColumn.headers().length
            + " columns)");
    assertEquals("a,b,c\n1,2,3\n", Files.readString(foreign), "left as it was");
  }

  @Test
  void existingFileWithAnOlderSecmemHeader_refused_namingTheColumns() throws IOException {
    Path older =
        Files.writeString(
            dir.resolve("old.csv"), "when,experiment,stream,n,rep,warmup,elapsed_ns,future_ns\n");
    assertRefused(
        older.toString(),
        older + ": has another version's header",
        "columns this version does not write: future_ns; columns it lacks: read_stream,"
            + " write_stream, merge_read_stream, k, b, m and ");
  }

  @Test
  void existingBinaryFile_refused() throws IOException {
    Path binary = Files.write(dir.resolve("data.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    assertRefused(binary.toString(), binary + ": is not a secmem results file (not UTF-8 text)");
  }

  @Test
  void existingFileWithOurHeader_isAppendedTo_asBefore() throws IOException {
    Path results = dir.resolve("r.csv");
    assertEquals(0, CliTest.run("run", params.toString(), "--results", results.toString()).code());
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("(2 rows, 1 of them from this run)"), r.out());
    assertEquals(3, Files.readAllLines(results).size());
  }

  @Test
  void resultsUnderProc_refused() throws IOException {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc here");
    assertRefused("/proc/secmem-r.csv", "/proc/secmem-r.csv: cannot be written");
  }

  @Test
  void resultsInAReadOnlyFolder_refused() throws Exception {
    Path ro = Files.createDirectories(dir.resolve("ro"));
    Process mount =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", ro.toString())
            .redirectErrorStream(true)
            .start();
    mount.getInputStream().readAllBytes();
    assumeTrue(mount.waitFor() == 0, "cannot mount a read-only tmpfs here (needs root)");
    try {
      assertRefused(
          ro.resolve("r.csv").toString(),
          ro + "/r.csv: cannot be written",
          "Read-only file system");
      assertRefused(ro.resolve("sub/r.csv").toString(), "sub/r.csv: cannot be written");
    } finally {
      new ProcessBuilder("umount", ro.toString()).start().waitFor();
    }
  }

  @Test
  void aRunThatMeasuresNothing_leavesNoEmptyResultsFile() throws IOException {
    // The data file's name is taken by a folder that is not empty: the first run fails, after the
    // session opened
    // the results file (the paths themselves pass the checks made before anything runs).
    Path data = Files.createDirectories(dir.resolve("data/ints-n1000-s42-0.bin"));
    Files.writeString(data.resolve("keep.txt"), "not secmem's\n");
    Path results = dir.resolve("new/deeper/r.csv");
    List<Path> before = tree();
    CliTest.Result r =
        CliTest.run(
            "write",
            "--stream",
            "simple",
            "--n",
            "1000",
            "--dir",
            data.getParent().toString(),
            "--results",
            results.toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.out().contains("nothing measured; " + results + " is not kept"), r.out());
    assertEquals(before, tree(), "no 0-row results file, environment record or folder left");
  }

  @Test
  void errorMessage_isOneLine_andUtf8Safe() throws IOException {
    Path foreign =
        Files.writeString(dir.resolve("x.csv"), "\u00e9t\u00e9,x\n", StandardCharsets.UTF_8);
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", foreign.toString());
    assertEquals(2, r.code());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }
}
