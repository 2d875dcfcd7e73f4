package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.menu.Menu;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;
import org.secmem.seeds.SummaryFiles;

/**
 * JSON Lines results from the command line: chosen by the file's name or {@code --format}, with the
 * summary, charts and page beside them as for a CSV; read by chart, advise, compare and {@code
 * --resume}; a name and a format that disagree are refused before anything runs.
 */
class JsonLinesCliTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private Path params() throws IOException {
    return Files.writeString(
        dir.resolve("sweep.csv"),
        "experiment,stream,n,b,reps,warmup,dir\nwrite,user-buffer,1000,64|128,2,0,data\n");
  }

  @Test
  void aRunToAJsonlFile_writesJsonLines_andEveryReaderReadsThem() throws IOException {
    Path params = params();
    Path jsonl = dir.resolve("r.jsonl");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", jsonl.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
    // One line a run, no environment line (issue 49, item 13): the table loads as it is.
    assertEquals(4, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains("\"experiment\":\"write\""), lines.get(0));
    assertTrue(lines.get(0).contains("\"n\":1000,"), lines.get(0));
    List<String> sessions = Files.readAllLines(ResultFiles.sessionsFor(jsonl));
    assertEquals(1, sessions.size(), String.join("\n", sessions));
    String session = sessionOf(sessions.get(0));
    assertTrue(session.matches("s\\d{8}T\\d{6}Z-[0-9a-f]{4}"), session);
    for (String line : lines) {
      assertEquals(session, sessionOf(line), line);
    }
    assertTrue(
        Files.readString(ResultFiles.environmentFor(jsonl))
            .contains("\nsession=" + session + "\n"));
    assertTrue(Files.exists(ResultFiles.summaryFor(jsonl)), "r-summary.csv beside it");
    assertTrue(Files.isDirectory(ResultFiles.chartsFolderFor(jsonl)), "r-charts beside it");
    assertTrue(Files.exists(ResultFiles.pageFor(jsonl)), "r-report.html beside it");
    assertTrue(r.out().contains("summary: " + dir.resolve("r-summary.csv")), r.out());

    CliTest.Result advise = CliTest.run("advise", jsonl.toString());
    assertEquals(0, advise.code(), advise.err());
    assertTrue(advise.out().contains("Advice from " + jsonl), advise.out());

    Path csv = dir.resolve("r.csv");
    assertEquals(0, CliTest.run("run", params.toString(), "--results", csv.toString()).code());
    CliTest.Result compare = CliTest.run("compare", csv.toString(), jsonl.toString());
    assertEquals(0, compare.code(), compare.err());
    assertTrue(Files.exists(ResultFiles.compareFor(jsonl)), compare.out());
    assertEquals(
        RawResults.read(csv).configurationColumns(), RawResults.read(jsonl).configurationColumns());

    Path charts = dir.resolve("again");
    CliTest.Result chart = CliTest.run("chart", jsonl.toString(), "--out", charts.toString());
    assertEquals(0, chart.code(), chart.err());
    assertTrue(Files.list(charts).findAny().isPresent(), chart.out());
  }

  @Test
  void findings_skipsTheSummaryOfAResultsFileGivenToo_ofEitherFormat() {
    Path csv = Path.of("results/a.csv");
    Path jsonl = Path.of("results/b.jsonl");
    List<Path> given =
        List.of(csv, jsonl, Path.of("results/a-summary.csv"), Path.of("results/b-summary.csv"));
    assertTrue(SummaryFiles.isSummaryOfOneOf(Path.of("results/a-summary.csv"), given));
    assertTrue(SummaryFiles.isSummaryOfOneOf(Path.of("results/./b-summary.csv"), given));
    assertFalse(
        SummaryFiles.isSummaryOfOneOf(Path.of("results/c-summary.csv"), given),
        "a summary whose results file is not given is read");
    assertFalse(SummaryFiles.isSummaryOfOneOf(csv, given));
  }

  @Test
  void theMenusChart_offersTheNewestResults_ofEitherFormat_notASummaryOrAComparison()
      throws IOException {
    Path results = Files.createDirectories(dir.resolve("results"));
    Path older =
        Files.writeString(Files.createDirectories(results.resolve("a")).resolve("a.csv"), "x");
    Path newer =
        Files.writeString(Files.createDirectories(results.resolve("b")).resolve("b.jsonl"), "x");
    Path summary = Files.writeString(results.resolve("b/b-summary.csv"), "x");
    Path comparison = Files.writeString(results.resolve("b/b-comparison.csv"), "x");
    Path sessions = Files.writeString(results.resolve("b/b-sessions.jsonl"), "{}\n");
    long t = System.currentTimeMillis();
    sessions.toFile().setLastModified(t);
    older.toFile().setLastModified(t - 30_000);
    newer.toFile().setLastModified(t - 20_000);
    summary.toFile().setLastModified(t - 10_000);
    comparison.toFile().setLastModified(t);
    assertEquals(Optional.of(newer), Menu.newestResults(results));
    Files.delete(newer);
    assertEquals(Optional.of(older), Menu.newestResults(results));
  }

  @Test
  void resume_readsAJsonlFile_andMeasuresOnlyWhatIsMissing() throws IOException {
    Path params = params();
    Path jsonl = dir.resolve("r.jsonl");
    assertEquals(0, CliTest.run("run", params.toString(), "--results", jsonl.toString()).code());
    String text = Files.readString(jsonl);
    // The last row cut off mid-line, as a crash leaves it.
    Files.writeString(jsonl, text.substring(0, text.length() - 30));

    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", jsonl.toString(), "--resume");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("an unfinished JSON object"), r.err());
    assertTrue(r.out().contains("(4 rows, 1 of them from this run)"), r.out());
    List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
    assertEquals(4, lines.size(), "four rows, no environment line");
    List<String> sessions = Files.readAllLines(ResultFiles.sessionsFor(jsonl));
    assertEquals(2, sessions.size(), "each session's environment record");
    assertEquals(sessionOf(sessions.get(0)), sessionOf(lines.get(2)));
    assertEquals(sessionOf(sessions.get(1)), sessionOf(lines.get(3)), "the resumed row's own");
    assertEquals(List.of(), RawResults.read(jsonl).problems());
  }

  @Test
  void aJsonlFileOfAnEarlierVersion_environmentLineFirst_isReadAndAppendedTo() throws IOException {
    Path params = params();
    Path jsonl = dir.resolve("r.jsonl");
    assertEquals(0, CliTest.run("run", params.toString(), "--results", jsonl.toString()).code());
    List<String> rows = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
    // As versions before issue 49 wrote it: the session's environment line before its rows, and
    // rows with no session; the last row cut off.
    StringBuilder old =
        new StringBuilder("{\"environment\":{\"time\":\"2026-11-01T00:00:00Z\"}}\n");
    for (String row : rows.subList(0, 3)) {
      old.append(row.replaceAll(",\"session\":\"[^\"]*\"", "")).append('\n');
    }
    Files.writeString(jsonl, old.toString());
    assertEquals(3, RawResults.read(jsonl).rows().size());

    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", jsonl.toString(), "--resume");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("(4 rows, 1 of them from this run)"), r.out());
    List<String> lines = Files.readAllLines(jsonl, StandardCharsets.UTF_8);
    assertEquals(5, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(4).contains("\"session\":\"s"), lines.get(4));
    RawResults read = RawResults.read(jsonl);
    assertEquals(List.of(), read.problems());
    assertEquals(4, read.rows().size());
  }

  /** The {@code session} of a JSON object's line. */
  private static String sessionOf(String line) throws IOException {
    return new com.fasterxml.jackson.databind.ObjectMapper().readTree(line).get("session").asText();
  }

  @Test
  void aFormatTheFileNameDisagreesWith_isRefused_beforeAnythingRuns() throws IOException {
    Path params = params();
    Path csv = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", csv.toString(), "--format", "jsonl");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--format jsonl: the results file " + csv), r.err());
    assertTrue(r.err().contains("--results " + dir.resolve("r.jsonl")), r.err());
    assertFalse(Files.exists(csv));
    assertFalse(Files.exists(dir.resolve("data")), "nothing ran");

    CliTest.Result unknown =
        CliTest.run("run", params.toString(), "--results", csv.toString(), "--format", "xml");
    assertEquals(2, unknown.code(), unknown.err());
    assertTrue(unknown.err().contains("unknown results format 'xml'"), unknown.err());

    CliTest.Result agreeing =
        CliTest.run(
            "run",
            params.toString(),
            "--results",
            dir.resolve("r.ndjson").toString(),
            "--format",
            "jsonl");
    assertEquals(0, agreeing.code(), agreeing.err());
  }
}
