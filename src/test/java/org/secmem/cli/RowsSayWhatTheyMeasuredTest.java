package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/** Issue 13, "rows that say what they measured": input, sweep and checksum cells of real runs. */
class RowsSayWhatTheyMeasuredTest {

  @TempDir Path dir;

  private static List<RawRow> rows(Path results) throws IOException {
    return RawResults.read(results).rows();
  }

  private static List<String> summaryLines(Path results) throws IOException {
    String name = results.getFileName().toString().replace(".csv", "-summary.csv");
    return Files.readAllLines(results.resolveSibling(name));
  }

  @Test
  void sortsOfTwoInputs_areToldApartByTheirInput_andTheSummaryKeepsThemApart() throws IOException {
    Path a = dir.resolve("a.bin");
    Path b = dir.resolve("b.bin");
    assertEquals(0, CliTest.run("generate", "--out", a.toString(), "--n", "5000").code());
    assertEquals(
        0,
        CliTest.run("generate", "--out", b.toString(), "--n", "5000", "--shape", "sorted").code());
    Path results = dir.resolve("s.csv");
    for (Path in : List.of(a, b)) {
      CliTest.Result r =
          CliTest.run(
              "sort",
              "--in",
              in.toString(),
              "--out",
              dir.resolve("o.bin").toString(),
              "--m",
              "1000",
              "--d",
              "4",
              "--reps",
              "1",
              "--warmup",
              "0",
              "--work-dir",
              dir.toString(),
              "--results",
              results.toString());
      assertEquals(0, r.code(), r.err());
    }
    List<RawRow> rows = rows(results);
    assertEquals(2, rows.size());
    assertEquals(a.toString(), rows.get(0).get("input"));
    assertEquals(b.toString(), rows.get(1).get("input"));
    for (RawRow row : rows) {
      assertEquals("20000", row.get("input_bytes"));
      assertEquals("sort", row.get("sweep"));
      assertEquals("", row.get("shape"), "a given input has no generated shape");
    }
    // One summary row per input (header + 2).
    assertEquals(3, summaryLines(results).size(), String.join("\n", summaryLines(results)));
  }

  @Test
  void readOfNamedFiles_recordsTheirPathsAndSize_andAGeneratedDataSetItsShapeAndSeed()
      throws IOException {
    Path f = dir.resolve("f.bin");
    Path g = dir.resolve("g.bin");
    assertEquals(0, CliTest.run("generate", "--out", f.toString(), "--n", "1000").code());
    assertEquals(0, CliTest.run("generate", "--out", g.toString(), "--n", "500").code());
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "read",
            "--stream",
            "buffered",
            "--files",
            f.toString(),
            g.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    r =
        CliTest.run(
            "read",
            "--stream",
            "buffered",
            "--n",
            "1000",
            "--k",
            "2",
            "--dir",
            dir.resolve("data").toString(),
            "--seed",
            "7",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = rows(results);
    RawRow named = rows.get(0);
    assertEquals(f + "|" + g, named.get("input"));
    assertEquals("6000", named.get("input_bytes"));
    assertEquals("", named.get("seed"));
    RawRow generated = rows.get(1);
    assertEquals("", generated.get("input"));
    assertEquals("8000", generated.get("input_bytes"));
    assertEquals("uniform", generated.get("shape"));
    assertEquals("7", generated.get("seed"));
    assertEquals("read", generated.get("sweep"));
  }

  @Test
  void checksums_stayTextInASpreadsheet() throws IOException {
    Path results = dir.resolve("w.csv");
    CliTest.Result r =
        CliTest.run(
            "write",
            "--stream",
            "simple",
            "--n",
            "100",
            "--dir",
            dir.toString(),
            "--reps",
            "2",
            "--warmup",
            "0",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    for (RawRow row : rows(results)) {
      assertTrue(row.get("checksum").matches("x[0-9a-f]{16}"), row.get("checksum"));
      assertEquals("write", row.get("sweep"));
      assertEquals("", row.get("input"), "a write reads nothing");
    }
  }

  @Test
  void parameterFileRows_nameTheirLine_whichSplitsNeitherTheSummaryNorResume() throws IOException {
    Path params = dir.resolve("p.csv");
    String data = dir.resolve("data").toString();
    Files.writeString(
        params,
        "experiment,stream,n,k,dir,reps,warmup\n"
            + "write,simple,1000,1,"
            + data
            + ",2,0\n"
            + "write,simple,1000,1,"
            + data
            + ",2,0\n"
            + "write,buffered,1000,1|2,"
            + data
            + ",1,0\n");
    Path results = dir.resolve("p-results.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = rows(results);
    assertEquals(
        List.of(
            params + ":2",
            params + ":2",
            params + ":3",
            params + ":3",
            params + ":4",
            params + ":4"),
        rows.stream().map(x -> x.get("sweep")).sorted().toList());
    // Lines 2 and 3 give one configuration: one summary row with 4 runs; line 4 two (k = 1, 2).
    List<String> summary = summaryLines(results);
    assertEquals(1 + 3, summary.size(), String.join("\n", summary));
    assertTrue(!summary.get(0).contains("sweep"), summary.get(0));
    int count = List.of(summary.get(0).split(",")).indexOf("count");
    assertEquals("4", summary.get(1).split(",")[count], summary.get(1));
    // The same file resumed: every configuration is there, nothing runs again.
    r = CliTest.run("run", params.toString(), "--resume", "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(6, rows(results).size());
    assertNotEquals("", rows.get(0).get("when"));
  }
}
