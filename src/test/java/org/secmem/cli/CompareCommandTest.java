package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code secmem compare} and {@code run --baseline}: the real command line, exit codes, text. */
class CompareCommandTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private static final String HEADER = "experiment,stream,n,rep,warmup,elapsed_ms\n";

  private Path file(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  private static String rows(String stream, String n, double... ms) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < ms.length; i++) {
      s.append("write,")
          .append(stream)
          .append(',')
          .append(n)
          .append(',')
          .append(i + 1)
          .append(",false,")
          .append(ms[i])
          .append('\n');
    }
    return s.toString();
  }

  private Path base() throws IOException {
    return file(
        "base.csv",
        HEADER
            + rows("simple", "100", 10, 11, 10.5, 10.2)
            + rows("simple", "200", 20, 20, 20, 20.2)
            + rows("simple", "300", 5, 5, 5));
  }

  private Path next() throws IOException {
    return file(
        "new.csv",
        HEADER
            + rows("simple", "100", 5, 5.5, 5.25, 5.1)
            + rows("simple", "200", 30, 30, 30, 30.3)
            + rows("simple", "400", 1, 1));
  }

  @Test
  void failIfSlower_withOneRunASide_warnsThatNothingWasTested_andTheNoteSaysWhy()
      throws IOException {
    Path a = file("a.csv", HEADER + rows("simple", "100", 10) + rows("simple", "200", 10));
    Path b = file("b.csv", HEADER + rows("simple", "100", 30) + rows("simple", "200", 31));
    CliTest.Result r =
        CliTest.run("compare", a.toString(), b.toString(), "--fail-if-slower", "5", "--no-files");
    assertEquals(0, r.code(), "nothing shows a regression: " + r.err());
    assertTrue(
        r.err().contains("2 configurations were not tested (fewer than 2 runs on a side)"),
        r.err());
    assertTrue(r.out().contains("1 run a side in the median configuration: no interval"), r.out());
    assertFalse(r.out().contains("intervals are wide"), r.out());
  }

  @Test
  void byOneColumnOfOneFile_namesTheRowsWithoutThatColumn_ratherThanDroppingThem()
      throws IOException {
    Path f =
        file(
            "one.csv",
            HEADER
                + rows("buffered", "100", 10, 11, 12)
                + rows("mapped", "100", 5, 6, 5.5)
                + "sort,,100,1,false,40\nsort,,100,2,false,41\n");
    CliTest.Result r =
        CliTest.run(
            "compare", f.toString(), f.toString(), "--by", "stream=buffered:mapped", "--no-files");
    assertEquals(0, r.code(), r.err());
    assertTrue(
        (r.out() + r.err()).contains("2 measured rows without a stream value (sort)"),
        r.out() + r.err());
  }

  @Test
  void byPreset_comparesThePresetsAsTheyComeWithTheirOwnStreamsAndMerger() throws IOException {
    String header =
        "experiment,read_stream,write_stream,n,b,m,d,preset,merger,rep,warmup," + "elapsed_ms\n";
    StringBuilder classic = new StringBuilder(header);
    StringBuilder fast = new StringBuilder(header);
    for (String n : List.of("1000000", "2000000")) {
      for (int rep = 1; rep <= 3; rep++) {
        classic
            .append("sort,user-buffer,user-buffer,")
            .append(n)
            .append(",65536,65536,4,classic,priority-queue,")
            .append(rep)
            .append(",false,")
            .append(100 + rep)
            .append('\n');
        fast.append("sort,channel,channel,")
            .append(n)
            .append(",65536,65536,4,fast,radix,")
            .append(rep)
            .append(",false,")
            .append(20 + rep)
            .append('\n');
      }
    }
    CliTest.Result r =
        CliTest.run(
            "compare",
            file("classic.csv", classic.toString()).toString(),
            file("fast.csv", fast.toString()).toString(),
            "--by",
            "preset",
            "--no-files");
    assertEquals(0, r.code(), r.err());
    String all = r.out() + r.err();
    assertTrue(
        all.contains(
            "compared with the preset, as it sets them: read_stream user-buffer"
                + " \u2192 channel, write_stream user-buffer \u2192 channel, merger priority-queue"
                + " \u2192 radix"),
        all);
    assertEquals(2, r.out().lines().filter(l -> l.endsWith("faster")).count(), r.out());
  }

  @Test
  void summaryLine_whoseIntervalHoldsOne_saysWithinNoise() throws IOException {
    Path a = file("a.csv", HEADER + rows("simple", "100", 10, 20, 15, 12, 18));
    Path b = file("b.csv", HEADER + rows("simple", "100", 11, 19, 16, 13, 17));
    CliTest.Result r = CliTest.run("compare", a.toString(), b.toString(), "--no-files");
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.out()
            .lines()
            .anyMatch(
                l -> l.startsWith("geometric mean of ratios") && l.contains(", within noise)")),
        r.out());
  }

  @Test
  void compare_printsTheTableAndSummary_writesTheFilesBesideNew_exit0() throws IOException {
    CliTest.Result r = CliTest.run("compare", base().toString(), next().toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("BASE: " + dir.resolve("base.csv")), r.out());
    assertTrue(
        r.out().lines().anyMatch(l -> l.startsWith("N=100") && l.endsWith("2.00× faster")),
        r.out());
    assertTrue(
        r.out().lines().anyMatch(l -> l.startsWith("N=200") && l.endsWith("1.50× slower")),
        r.out());
    assertTrue(
        r.out().lines().anyMatch(l -> l.startsWith("N=300") && l.endsWith("only in BASE")),
        r.out());
    assertTrue(
        r.out().lines().anyMatch(l -> l.startsWith("N=400") && l.endsWith("only in NEW")), r.out());
    assertTrue(
        r.out().contains("; 1 faster, 1 slower, 0 unchanged; 1 only in BASE, 1 only in" + " NEW"),
        r.out());
    Path csv = dir.resolve("new-comparison.csv");
    assertTrue(r.out().contains("comparison: " + csv), r.out());
    assertEquals(5, Files.readAllLines(csv).size());
    assertTrue(Files.size(dir.resolve("new-charts/compare-ratio.png")) > 0);
    assertTrue(Files.exists(dir.resolve("new-charts/compare-ratio.svg")));
    String page = Files.readString(dir.resolve("new-report.html"));
    assertTrue(page.contains("<h2 id=\"compare\">Compared with "), "the page has the section");
    assertFalse(Files.exists(dir.resolve("base-comparison.csv")), "nothing beside BASE");
  }

  @Test
  void noFiles_onlyPrints() throws IOException {
    CliTest.Result r = CliTest.run("compare", base().toString(), next().toString(), "--no-files");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("geometric mean of ratios"), r.out());
    assertFalse(Files.exists(dir.resolve("new-comparison.csv")));
    assertFalse(Files.exists(dir.resolve("new-report.html")));
  }

  @Test
  void failIfSlower_exits1_namingTheConfiguration_onlyWhenExceeded() throws IOException {
    Path b = base();
    Path n = next();
    CliTest.Result slow =
        CliTest.run("compare", b.toString(), n.toString(), "--no-files", "--fail-if-slower", "10");
    assertEquals(1, slow.code(), slow.err());
    assertTrue(
        slow.err()
            .contains(
                "--fail-if-slower 10: 1 configuration is significantly slower"
                    + " by more than 10%:"),
        slow.err());
    assertTrue(slow.err().contains("  N=200 ints: 1.50× slower"), slow.err());
    CliTest.Result fine =
        CliTest.run("compare", b.toString(), n.toString(), "--no-files", "--fail-if-slower", "60");
    assertEquals(0, fine.code(), fine.err());
    assertTrue(
        fine.out().contains("no configuration is significantly slower by more than 60%"),
        fine.out());
  }

  @Test
  void oneFile_by_comparesItsTwoParts() throws IOException {
    Path r =
        file(
            "r.csv",
            HEADER
                + rows("buffered", "100", 10, 10.5, 10.2)
                + rows("user-buffer", "100", 5, 5.2, 5.1));
    CliTest.Result c =
        CliTest.run("compare", r.toString(), r.toString(), "--by", "stream=buffered:user-buffer");
    assertEquals(0, c.code(), c.err());
    assertTrue(c.out().contains("BASE: " + r + " (stream=buffered)"), c.out());
    assertTrue(c.out().contains("NEW:  " + r + " (stream=user-buffer)"), c.out());
    assertTrue(c.out().contains("2.00× faster"), c.out());
    assertTrue(Files.exists(dir.resolve("r-comparison.csv")));
  }

  @Test
  void badInput_exits2_withOneLineNamingTheFile() throws IOException {
    Path b = base();
    Path n = next();
    Path missing = dir.resolve("missing.csv");
    assertBad(
        List.of("compare", missing.toString(), n.toString()),
        "secmem compare: BASE " + missing + " does not exist or is not a file");
    Path notResults = file("notes.txt", "hello,world\n1,2\n");
    assertBad(
        List.of("compare", b.toString(), notResults.toString()),
        "secmem compare: NEW " + notResults + ":1: no 'experiment' column");
    Path empty = file("empty.csv", HEADER);
    assertBad(
        List.of("compare", b.toString(), empty.toString()),
        "secmem compare: NEW "
            + empty
            + ": no measured row to compare (a header and nothing"
            + " below it)");
    Path mapped = file("mapped.csv", HEADER + rows("mapped", "100", 1, 2));
    assertBad(
        List.of("compare", b.toString(), mapped.toString()),
        "secmem compare: " + mapped + ": no configuration in common with " + b);
    assertBad(
        List.of("compare", b.toString(), b.toString()),
        "secmem compare: BASE and NEW are the same file");
    assertBad(
        List.of("compare", b.toString(), n.toString(), "--by", "strem"),
        "secmem compare: --by strem: no configuration column 'strem'");
    assertBad(
        List.of("compare", b.toString(), n.toString(), "--by", "stream=simple:mapped"),
        "secmem compare: "
            + n
            + ": no measured row with stream=mapped; stream there is always"
            + " simple");
    assertBad(
        List.of("compare", b.toString(), n.toString(), "--by", "stream=simple"),
        "secmem compare: --by stream=simple: write COLUMN or COLUMN=A:B");
    assertBad(
        List.of("compare", b.toString(), n.toString(), "--level", "2"),
        "secmem compare: --level: 2 is out of range");
    assertBad(
        List.of("compare", b.toString(), n.toString(), "--fail-if-slower", "x"),
        "secmem compare: --fail-if-slower: 'x' is not a number");
    assertFalse(Files.exists(dir.resolve("new-comparison.csv")), "nothing written");
  }

  private static void assertBad(List<String> args, String start) {
    CliTest.Result r = CliTest.run(args.toArray(String[]::new));
    assertEquals(2, r.code(), args + ": " + r.out() + r.err());
    assertTrue(r.err().startsWith(start), args + ": " + r.err());
    assertFalse(r.err().contains("\tat "), r.err());
  }

  @Test
  void malformedRows_areWarnings_theRestIsCompared() throws IOException {
    Path n = file("new.csv", HEADER + rows("simple", "100", 5, 5.5, 5.25) + "write,simple,100\n");
    CliTest.Result r = CliTest.run("compare", base().toString(), n.toString(), "--no-files");
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.err().contains("warning: " + n + ":5: left out: 3 cells where the header has 6"),
        r.err());
  }

  @Test
  void help_hasExamples_andTheCommandIsListed() {
    CliTest.Result h = CliTest.run("compare", "--help");
    assertEquals(0, h.code());
    assertTrue(h.out().contains("--by stream=buffered:user-buffer"), h.out());
    assertTrue(h.out().contains("--fail-if-slower"), h.out());
    assertTrue(CliTest.run("--help").out().contains("compare"));
    assertTrue(CliTest.run("generate-completion").out().contains("compare"));
  }

  // ---- run --baseline ----

  private Path params() throws IOException {
    return file("sweep.csv", "experiment,stream,n,k,dir\nwrite,simple|buffered,2000,1,data\n");
  }

  private CliTest.Result run(Path results, String... more) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                params().toString(),
                "--reps",
                "3",
                "--warmup",
                "0",
                "--order",
                "sequential",
                "--results",
                results.toString()));
    args.addAll(List.of(more));
    return CliTest.run(args.toArray(String[]::new));
  }

  @Test
  void runBaseline_printsTheComparisonAfterTheSweep_andThePageHasIt_exit0() throws IOException {
    Path a = dir.resolve("a.csv");
    assertEquals(0, run(a).code());
    Path b = dir.resolve("b.csv");
    CliTest.Result r = run(b, "--baseline", a.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("compared with the baseline " + a + ":"), r.out());
    assertTrue(r.out().contains("geometric mean of ratios"), r.out());
    assertTrue(r.out().contains("0 only in BASE, 0 only in NEW"), r.out());
    assertTrue(Files.exists(dir.resolve("b-comparison.csv")));
    List<String> lines = r.out().lines().toList();
    assertTrue(lines.get(lines.size() - 1).startsWith("report: "), "the page still comes last");
    assertTrue(Files.readString(dir.resolve("b-report.html")).contains("id=\"compare\""));
  }

  @Test
  void runBaseline_failIfSlower_exits1_whenTheBaselineWasFaster() throws IOException {
    Path a = dir.resolve("a.csv");
    assertEquals(0, run(a).code());
    Path fast = dir.resolve("fast.csv");
    Files.writeString(fast, scaled(Files.readString(a), 0.001));
    Path b = dir.resolve("b.csv");
    CliTest.Result r = run(b, "--baseline", fast.toString(), "--fail-if-slower", "10");
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("significantly slower by more than 10%:"), r.err());
    assertEquals(1 + 6, Files.readAllLines(b).size(), "every row kept");
  }

  /** A results file with every elapsed time times {@code factor}. */
  private static String scaled(String csv, double factor) throws IOException {
    StringWriter out = new StringWriter();
    try (CSVParser p =
            CSVParser.parse(
                new StringReader(csv),
                CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build());
        CSVPrinter w =
            new CSVPrinter(
                out,
                CSVFormat.RFC4180
                    .builder()
                    .setHeader(p.getHeaderNames().toArray(String[]::new))
                    .build())) {
      for (CSVRecord rec : p) {
        List<String> cells = new ArrayList<>();
        for (String h : p.getHeaderNames()) {
          String v = rec.get(h);
          cells.add(
              h.equals("elapsed_ms") || h.equals("elapsed_ns")
                  ? Double.toString(Double.parseDouble(v) * factor)
                  : v);
        }
        w.printRecord(cells);
      }
    }
    return out.toString();
  }

  @Test
  void runBaseline_thatCannotBeRead_exits2_beforeAnythingRuns() throws IOException {
    Path b = dir.resolve("b.csv");
    Path missing = dir.resolve("missing.csv");
    CliTest.Result r = run(b, "--baseline", missing.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().startsWith("secmem run: --baseline " + missing + " does not exist"), r.err());
    assertFalse(Files.exists(b), "nothing ran");
    CliTest.Result noBase = run(b, "--fail-if-slower", "5");
    assertEquals(2, noBase.code());
    assertTrue(noBase.err().contains("need --baseline BASE.csv"), noBase.err());
  }
}
