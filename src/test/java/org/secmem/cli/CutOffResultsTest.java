package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumn;

/**
 * A results file whose last row was cut off (a crash, a full disk): appending to it removes the
 * fragment after saying so, so that no row is glued to it; a fragment that cannot be removed safely
 * is refused before anything runs.
 */
class CutOffResultsTest {

  @TempDir Path dir;

  private Path params;
  private Path results;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  /** Two configurations, two repetitions each: four rows, the fourth cut off after 10 cells. */
  @BeforeEach
  void measureAndCutTheLastRow() throws IOException {
    params =
        Files.writeString(
            dir.resolve("sweep.csv"),
            "experiment,stream,n,b,reps,warmup,dir\nwrite,user-buffer,1000,64|128,2,0,data\n");
    results = dir.resolve("r.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = Files.readAllLines(results, StandardCharsets.UTF_8);
    assertEquals(1 + 4, lines.size());
    String cut = String.join(",", List.of(lines.get(4).split(",", -1)).subList(0, 10));
    Files.writeString(results, String.join("\r\n", lines.subList(0, 4)) + "\r\n" + cut);
  }

  @Test
  void resume_namesTheCutOffRow_removesIt_andMeasuresItsRunAgain() throws IOException {
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", results.toString(), "--resume");

    assertEquals(0, r.code(), r.err());
    int cells = ResultColumn.headers().length;
    assertTrue(
        r.err()
            .contains(
                "warning: "
                    + results
                    + ":5: left out: 10 cells where the header"
                    + " has "
                    + cells
                    + ", and no line break at the end: cut off"),
        r.err());
    assertTrue(
        r.err()
            .contains(
                "warning: "
                    + results
                    + ":5: the last line was cut off (10 of "
                    + cells
                    + " cells and no line break at its end"),
        r.err());
    assertTrue(r.out().contains("(4 rows, 1 of them from this run)"), r.out());
    RawResults raw = RawResults.read(results);
    assertEquals(List.of(), raw.problems());
    assertEquals(4, raw.rows().size());
  }

  @Test
  void aCutOffRowOverSeveralLines_isRefusedBeforeAnythingRuns() throws IOException {
    Files.writeString(results, "\"a\nb", StandardOpenOption.APPEND);
    byte[] before = Files.readAllBytes(results);

    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());

    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("--results " + results + ":5: the last row was cut off"), r.err());
    assertTrue(r.err().contains("delete line 5 to the end of the file"), r.err());
    assertArrayEquals(before, Files.readAllBytes(results));
  }
}
