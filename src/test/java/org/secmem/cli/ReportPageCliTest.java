package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.runner.ExitCodes;

/** The report page as the commands make it: written, and its path printed last. */
class ReportPageCliTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private static String lastLine(String out) {
    List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
    return lines.get(lines.size() - 1);
  }

  private CliTest.Result write(Path results) {
    return CliTest.run(
        "write",
        "--stream",
        "user-buffer,mapped",
        "--n",
        "2000",
        "--b",
        "64",
        "--b",
        "256",
        "--reps",
        "1",
        "--warmup",
        "0",
        "--dir",
        dir.resolve("data").toString(),
        "--results",
        results.toString());
  }

  @Test
  void measuringCommand_printsThePagePathLast() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result r = write(results);
    assertEquals(0, r.code(), r.err());
    Path page = dir.resolve("r-report.html");
    assertEquals("report: " + page, lastLine(r.out()));
    String html = Files.readString(page);
    assertTrue(html.contains("secmem write --stream user-buffer,mapped"), "the command");
    assertTrue(html.contains("data-chart=\"write-time-vs-b\""), "the B sweep's chart");
  }

  @Test
  void chart_regeneratesThePage_andPrintsItsPathLast() throws IOException {
    Path results = dir.resolve("r.csv");
    assertEquals(0, write(results).code());
    Path page = dir.resolve("r-report.html");
    Files.delete(page);

    CliTest.Result c = CliTest.run("chart", results.toString());
    assertEquals(0, c.code(), c.err());
    assertEquals("report: " + page, lastLine(c.out()));
    assertTrue(
        Files.readString(page).contains("secmem write --stream user-buffer,mapped"),
        "the command that measured, from the environment record");
  }

  @Test
  void run_keepsTheParameterFileLinesForThePage_evenAfterTheFileChanges() throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "# a <small> & quick sweep\nexperiment,stream,n,b,reps,warmup,dir\n"
            + "read,mapped,2000,64|256,1,0,data\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    Files.writeString(params, "changed since\n");

    assertEquals(0, CliTest.run("chart", results.toString()).code());
    String html = Files.readString(dir.resolve("r-report.html"));
    assertTrue(html.contains("# a &lt;small&gt; &amp; quick sweep"), "line 1, escaped");
    assertTrue(html.contains("read,mapped,2000,64|256,1,0,data"), "line 3");
    assertTrue(html.contains(params.toString().replace("&", "&amp;")), "the file's path");
  }

  @Test
  void paramsOption_keepsTheSeedFileLinesForThePage() throws IOException {
    Path params = dir.resolve("seed.csv");
    Files.writeString(params, "Buffer;1000;1;0,2;1\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "write",
            "--params",
            params.toString(),
            "--warmup",
            "0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("report: " + dir.resolve("r-report.html"), lastLine(r.out()));
    String html = Files.readString(dir.resolve("r-report.html"));
    assertTrue(html.contains("</span>Buffer;1000;1;0,2;1\n"), "the seed line, numbered");
  }

  @Test
  void aPageThatCannotBeWritten_isAWarning_theResultsAndSummaryStay() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result first = write(results);
    assertEquals(0, first.code(), first.err());
    // The page's name taken by a folder that is not secmem's, after the run.
    Files.delete(dir.resolve("r-report.html"));
    Files.createDirectories(dir.resolve("r-report.html").resolve("blocked"));

    // chart, as a run, refuses before it writes anything beside the results.
    CliTest.Result c = CliTest.run("chart", results.toString());
    assertEquals(ExitCodes.BAD_INPUT, c.code(), c.out() + c.err());
    assertTrue(
        c.err().contains("r-report.html exists and is a folder secmem did not make"), c.err());
    assertTrue(Files.exists(dir.resolve("r-summary.csv")));
    assertEquals(1 + 4, Files.readAllLines(results).size());

    // A run that would write its page there is refused before it measures anything.
    CliTest.Result again = write(results);
    assertEquals(ExitCodes.BAD_INPUT, again.code(), again.out() + again.err());
    assertTrue(
        again.err().contains(dir.resolve("r-report.html") + " exists and is a folder"),
        again.err());
    assertEquals(1 + 4, Files.readAllLines(results).size(), "nothing measured, nothing added");
  }
}
