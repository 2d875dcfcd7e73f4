package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code sort --work-dir A,B} and the {@code work_dir} column: rows say which folders the runs went
 * to and what each took, a folder named twice or one that cannot be written is refused before
 * anything runs, and a parameter line sweeps one folder against two.
 */
class WorkFoldersCliTest {

  @TempDir Path dir;

  private CliTest.Result sort(Path results, String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "sort",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString()));
    all.addAll(List.of(args));
    return CliTest.run(all.toArray(String[]::new));
  }

  private static long[] bytes(String cell) {
    return Arrays.stream(cell.split("\\|")).mapToLong(Long::parseLong).toArray();
  }

  @Test
  void aSortOverTwoFolders_recordsThemAndTheBytesOfEach() throws IOException {
    Path results = dir.resolve("r.csv");
    Path a = dir.resolve("disk-a");
    Path b = dir.resolve("disk-b");
    CliTest.Result r =
        sort(results, "--n", "40000", "--m", "5000", "--d", "3", "--work-dir", a + "," + b);
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("same file system"), "says the folders share a disk: " + r.err());
    RawRow row = RawResults.read(results).rows().get(0);
    assertEquals("true", row.get("verified"));
    assertEquals(a + "," + b, row.get("work_dir"));
    long[] written = bytes(row.get("work_write_bytes"));
    long[] read = bytes(row.get("work_read_bytes"));
    assertEquals(2, written.length);
    assertEquals(2, read.length);
    int passes = Integer.parseInt(row.get("passes"));
    assertEquals((passes - 1) * 4L * 40_000, read[0] + read[1], "every run read once");
    assertTrue(read[0] > 0 && read[1] > 0, row.get("work_read_bytes"));
    for (Path p : List.of(a, b)) {
      try (Stream<Path> left = Files.list(p)) {
        assertEquals(List.of(), left.toList(), "nothing left in " + p);
      }
    }

    // One folder, as before: blank work_dir is the default beside the output.
    r = sort(results, "--n", "40000", "--m", "5000", "--d", "3");
    assertEquals(0, r.code(), r.err());
    RawRow plain = RawResults.read(results).rows().get(1);
    assertEquals("", plain.get("work_dir"));
    assertEquals(1, bytes(plain.get("work_read_bytes")).length);
    assertEquals(
        read[0] + read[1],
        bytes(plain.get("work_read_bytes"))[0],
        "one folder or two, the same bytes");
  }

  @Test
  void aFolderNamedTwice_orOneThatIsAFile_isRefusedBeforeAnythingRuns() throws IOException {
    Path results = dir.resolve("r.csv");
    Path a = dir.resolve("disk-a");
    CliTest.Result r = sort(results, "--n", "1000", "--work-dir", a + "," + a);
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--work-dir") && r.err().contains("named twice"), r.err());
    for (String bad : List.of(a + ",", a + ",," + dir.resolve("b"), ",")) {
      r = sort(results, "--n", "1000", "--work-dir", bad);
      assertEquals(2, r.code(), bad + ": " + r.err());
      assertTrue(r.err().contains("has an empty folder name"), r.err());
    }
    Path file = Files.writeString(dir.resolve("afile"), "x");
    r = sort(results, "--n", "1000", "--work-dir", a + "," + file);
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--work-dir") && r.err().contains(file.toString()), r.err());
    // A dangling link: exit 1 "I/O error" at run time before; now refused up front.
    Path dangling = Files.createSymbolicLink(dir.resolve("gone"), dir.resolve("nowhere"));
    for (Path bad : List.of(dangling, dangling.resolve("below"))) {
      r = sort(results, "--n", "1000", "--work-dir", bad.toString());
      assertEquals(2, r.code(), r.err());
      assertTrue(
          r.err().contains("--work-dir")
              && r.err()
                  .contains(
                      "symbolic link to " + dir.resolve("nowhere") + ", which does not exist"),
          r.err());
    }
    assertFalse(Files.exists(results), "nothing ran");
  }

  @Test
  void aParameterLine_sweepsOneFolderAgainstTwo_andRefusesAFolderTwice() throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,n,m,d,work_dir\n" + "sort,20000,4000,2,\"w1|w1,w2\"\n",
        StandardCharsets.UTF_8);
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "run",
            params.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--order",
            "sequential",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(2, rows.size());
    assertEquals(dir.resolve("w1").toString(), rows.get(0).get("work_dir"));
    assertEquals(dir.resolve("w1") + "," + dir.resolve("w2"), rows.get(1).get("work_dir"));
    assertEquals(rows.get(0).get("checksum"), rows.get(1).get("checksum"));
    assertEquals(2, bytes(rows.get(1).get("work_write_bytes")).length);

    Files.writeString(
        params,
        "experiment,n,m,d,work_dir\n" + "sort,20000,4000,2,\"w1,w1\"\n",
        StandardCharsets.UTF_8);
    r = CliTest.run("run", params.toString(), "--results", dir.resolve("r2.csv").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("p.csv:2: work_dir:") && r.err().contains("named twice"), r.err());
  }
}
