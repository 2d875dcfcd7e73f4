package org.secmem.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.Ownership;
import org.secmem.report.chart.ChartMaker;
import org.secmem.report.chart.DrawnChart;
import org.secmem.report.comparison.Comparison;
import org.secmem.report.comparison.ComparisonChart;
import org.secmem.report.comparison.ComparisonFile;
import org.secmem.report.drift.DriftWarnings;
import org.secmem.results.EnvironmentRecord;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;

class ReportPageTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private static final String RAW =
      "experiment,stream,n,k,b,rep,warmup,cache,sync,elapsed_ms,mib_per_s,sweep\n"
          + "write,mapped,1000,1,4096,0,true,as-is,false,9.0,1.0,x.csv:2\n"
          + "write,mapped,1000,1,4096,1,false,as-is,false,2.5,1.5,x.csv:2\n"
          + "write,mapped,1000,1,65536,1,false,as-is,false,1.5,2.5,x.csv:2\n"
          + "write,user-buffer,1000,1,4096,1,false,as-is,false,3.5,1.1,x.csv:2\n"
          + "write,user-buffer,1000,1,65536,1,false,as-is,false,2.0,2.0,x.csv:2\n"
          + "read,mapped,1000,1,4096,1,false,cold,false,1.0,4.0,x.csv:3\n"
          + "read,mapped,1000,2,4096,1,false,cold,false,2.0,4.0,x.csv:3\n";

  /** A results file with its environment record, summary, charts and page, as a run leaves. */
  private Path report(Path raw, String command) throws IOException {
    Files.writeString(raw, RAW);
    Map<String, String> env =
        new LinkedHashMap<>(EnvironmentRecord.capture(dir, List.of("secmem")).entries());
    env.put("command", command);
    env.put(ReportPage.PARAM_FILE_KEY + "1", "configs/x.csv");
    env.put(ReportPage.PARAM_FILE_KEY + "1.lines", "experiment,stream\nwrite,<all>\n");
    env.put(ReportPage.RUN_ORDER_KEY, "interleaved");
    env.put(ReportPage.ORDER_SEED_KEY, "42");
    env.put(ReportPage.FLUSH_KEY, "true");
    env.put(ReportPage.FORKS_KEY, "2");
    new EnvironmentRecord(env).write(ResultFiles.environmentFor(raw));
    RawResults results = RawResults.read(raw);
    List<DrawnChart> written =
        Reports.write(results, raw, ResultFiles.chartsFolderFor(raw), ChartMaker.withDefaults())
            .charts();
    return Reports.writePage(results, raw, written);
  }

  @Test
  void page_ofASortSweepOverDAndM_holdsTheBestDAndMPerN() throws IOException {
    Path raw = dir.resolve("s.csv");
    Files.writeString(
        raw,
        "experiment,read_stream,write_stream,n,m,d,warmup,elapsed_ms,runs,"
            + "passes\n"
            + "sort,mapped,mapped,1000,100,2,true,1.0,10,5\n"
            + "sort,mapped,mapped,1000,100,2,false,9.0,10,5\n"
            + "sort,mapped,mapped,1000,100,8,false,7.0,10,3\n"
            + "sort,mapped,mapped,1000,1000,2,false,3.0,1,1\n"
            + "sort,mapped,mapped,1000,1000,8,false,4.0,1,1\n");

    String html = ReportPage.render(RawResults.read(raw), raw, List.of());

    int best = html.indexOf("Best (d, M) per N");
    int charts = html.indexOf("<h2 id=\"charts\">Charts</h2>");
    int summary = html.indexOf("<h3 id=\"summary-sort\">Summary: sort</h3>");
    int grids = html.indexOf("Median time and passes per (d, M)");
    assertTrue(
        best >= 0 && best < charts && charts < summary && summary < grids,
        "the best (d, M) among the findings, the grids among the tables");
    assertTrue(html.contains("<th>N = 1000 ints</th>"), html);
    assertTrue(html.contains("<tr><th>best (d, M)</th><td>d = 2, M = 1000 ints</td></tr>"), html);
    assertTrue(html.contains("9.000 ms \u00b7 5 passes"), "the warm-up is left out: " + html);
  }

  @Test
  void page_ofASweep_holdsTheAdvice_thenTheBestTable_beforeTheCharts() throws IOException {
    Path raw = dir.resolve("a.csv");
    Files.writeString(
        raw,
        "experiment,read_stream,write_stream,n,m,d,warmup,elapsed_ms,runs,"
            + "passes\n"
            + "sort,mapped,mapped,1000,100,2,false,9.0,10,5\n"
            + "sort,mapped,mapped,1000,100,2,false,9.5,10,5\n"
            + "sort,mapped,mapped,1000,100,8,false,7.0,10,3\n"
            + "sort,mapped,mapped,1000,100,8,false,7.5,10,3\n");

    String html = ReportPage.render(RawResults.read(raw), raw, List.of());

    int advice = html.indexOf("<h3 id=\"advice-sort\">Advice: sort</h3>");
    int best = html.indexOf("Best (d, M) per N");
    int charts = html.indexOf("<h2 id=\"charts\">Charts</h2>");
    assertTrue(advice >= 0 && advice < best && best < charts, html);
    assertTrue(html.contains("verdict: measurement and model agree"), html);
  }

  @Test
  void page_holdsTheCommandTheParamLinesEverySummaryRowAndEveryChart() throws IOException {
    Path raw = dir.resolve("r.csv");
    Path page = report(raw, "secmem run configs/x.csv --results r.csv");
    assertEquals(dir.resolve("r-report.html"), page);
    String html = Files.readString(page);

    assertTrue(html.contains("secmem run configs/x.csv --results r.csv"), "command line");
    assertTrue(html.contains("write,&lt;all&gt;"), "the parameter file's lines, escaped");
    assertTrue(html.contains("<h3 id=\"exp-write\">write</h3>"), "a heading per experiment");
    assertTrue(html.contains("<h3 id=\"exp-read\">read</h3>"), "a heading per experiment");
    assertTrue(html.contains("<a href=\"#exp-read\">read</a>"), "in the contents line");
    assertTrue(html.indexOf("exp-write") < html.indexOf("exp-read"), "in file order");
    assertTrue(html.contains("1 warm-up"), "warm-ups flagged in the how-measured block");
    assertTrue(html.contains("cold, as-is") || html.contains("as-is, cold"), "cache states");
    assertTrue(
        html.contains(
            "interleaved (seed 42); dirty pages written back before each run;"
                + " each configuration in 2 fresh JVMs (--fork)"),
        "the order of the runs");
    assertTrue(html.contains("href=\"r.csv\""), "results linked by relative path");
    assertTrue(html.contains("href=\"r-summary.csv\""), "summary linked by relative path");
    assertTrue(html.contains("<script>") && html.contains("aria-sort"), "sortable table");

    List<List<String>> summary = ReportPage.summaryTable(RawResults.read(raw));
    assertEquals(1 + 6, summary.size(), "header and six configurations");
    // a row's configuration cells that are the same in every row of its experiment are said once
    // above the table; its measurements are all in its table row
    assertTrue(html.contains("Same in every row: <code>n = 1000</code>"), "constant columns");
    List<List<String>> tableRows = tableRows(fullTables(html));
    int count = summary.get(0).indexOf("count");
    for (List<String> row : summary.subList(1, summary.size())) {
      List<String> measured =
          row.subList(count, row.size()).stream().filter(c -> !c.isEmpty()).toList();
      // settings as the page's text writes them (B = 4096 as 4 KiB)
      List<String> cells = new ArrayList<>();
      for (int i = 0; i < row.size(); i++) {
        if (!row.get(i).isEmpty()) {
          cells.add(SummaryTable.shown(summary.get(0).get(i), row.get(i)));
        }
      }
      assertTrue(
          tableRows.stream()
              .anyMatch(
                  tr ->
                      tr.size() >= measured.size()
                          && tr.subList(tr.size() - measured.size(), tr.size()).equals(measured)
                          && cells.containsAll(tr)),
          "summary row " + row + " in " + tableRows);
    }
    assertEquals(summary.size() - 1, tableRows.size(), "one table row per summary row");

    List<Path> charts;
    try (Stream<Path> s = Files.list(ResultFiles.chartsFolderFor(raw))) {
      charts = s.sorted().toList();
    }
    assertFalse(charts.isEmpty());
    for (Path chart : charts) {
      String file = chart.getFileName().toString();
      String stem = file.substring(0, file.length() - 4);
      assertTrue(html.contains("data-chart=\"" + stem + "\""), "chart " + stem);
      assertTrue(html.contains("href=\"r-charts/" + file + "\""), "link to " + file);
    }
    long figures = Pattern.compile("<figure ").matcher(html).results().count();
    assertEquals(charts.size() / 2, figures, "one figure per chart (a PNG and an SVG each)");
    long inlined =
        Pattern.compile("<svg|src=\"data:image/png;base64,").matcher(html).results().count();
    assertEquals(figures, inlined, "every chart inlined: the page is one file to send");
  }

  @Test
  void page_putsWhatTheRunFoundFirst_thenCharts_thenTables_thenHowItRan() throws IOException {
    // issue 33: advice, best configuration and drift at the top, then charts, then tables
    Path raw = dir.resolve("o.csv");
    String html = Files.readString(report(raw, "secmem run x.csv"));
    List<String> order =
        List.of(
            "<h2 id=\"findings\">",
            "<h3 id=\"advice-write\">",
            "<h3 id=\"drift\">",
            "<h2 id=\"charts\">",
            "<h3 id=\"exp-write\">",
            "<figure ",
            "<h3 id=\"exp-read\">",
            "<h2 id=\"tables\">",
            "<h3 id=\"summary-write\">",
            "<table class=\"summary sortable compact\">",
            "<h3 id=\"summary-read\">",
            "<h2 id=\"command\">",
            "<h2 id=\"how\">",
            "<h2 id=\"environment\">");
    int at = -1;
    for (String mark : order) {
      int next = html.indexOf(mark, at + 1);
      assertTrue(next > at, mark + " after the one before it; order " + order);
      at = next;
    }
    int charts = html.indexOf("<h2 id=\"charts\">");
    int tables = html.indexOf("<h2 id=\"tables\">");
    assertTrue(html.lastIndexOf("<figure ") < tables, "every chart before the tables");
    assertTrue(
        html.indexOf("<table class=\"summary sortable compact\">") > tables, "no table first");
    assertTrue(html.indexOf("<pre class=\"advice\">") < charts, "advice at the top");
    assertTrue(
        html.contains("pre.command,pre.advice{white-space:pre-wrap;"),
        "advice and command lines wrap, they are not cut off in a box that scrolls sideways");
    assertTrue(html.indexOf("<a href=\"#findings\">") < html.indexOf("<a href=\"#tables\">"), html);
  }

  @Test
  void page_showsDriftWarningsAmongTheFindings() throws IOException {
    Path raw = dir.resolve("d.csv");
    StringBuilder csv = new StringBuilder("experiment,stream,n,rep,warmup,elapsed_ms\n");
    for (int rep = 1; rep <= 9; rep++) {
      // each configuration 20% slower at the end of the sweep than at its start
      double slower = rep <= 3 ? 1.0 : rep <= 6 ? 1.1 : 1.2;
      csv.append("read,mapped,1000,").append(rep).append(",false,");
      csv.append(10 * slower + rep * 0.001).append('\n');
      csv.append("read,channel,1000,").append(rep).append(",false,");
      csv.append(20 * slower + rep * 0.001).append('\n');
    }
    Files.writeString(raw, csv);
    RawResults results = RawResults.read(raw);
    List<String> warnings = DriftWarnings.of(results);
    assertFalse(warnings.isEmpty(), "the fixture drifts");
    String html = ReportPage.render(results, raw, List.of());
    int drift = html.indexOf("<ul class=\"drift\">");
    assertTrue(drift > html.indexOf("<h2 id=\"findings\">"), html);
    assertTrue(drift < html.indexOf("<h2 id=\"charts\">"), html);
    assertTrue(html.contains("<li>" + ReportPage.esc(warnings.get(0)) + "</li>"), html);
  }

  @Test
  void howMeasured_countsAnEnginesModuleOptions_insteadOfAWallOfAddOpens() {
    StringBuilder args = new StringBuilder("-Xmx2g -Dx=1");
    for (int i = 0; i < 20; i++) {
      args.append(" --add-opens=java.base/java.p").append(i).append("=ALL-UNNAMED");
    }
    args.append(" --add-exports java.base/sun.nio.ch=ALL-UNNAMED");
    String line = PageSections.jvmArguments(args.toString());
    assertEquals(
        "-Xmx2g -Dx=1 and 21 module options (--add-opens, --add-exports; all in the environment"
            + " record below)",
        line);
    assertEquals("-Xmx2g", PageSections.jvmArguments("-Xmx2g"));
  }

  @Test
  void page_worksOffline_noRemoteUrlInAnySrcOrHref() throws IOException {
    String html = Files.readString(report(dir.resolve("r.csv"), "secmem write"));
    Matcher m = Pattern.compile("(?i)\\b(src|href)\\s*=\\s*[\"']?\\s*(https?:)?//").matcher(html);
    assertFalse(
        m.find(),
        () ->
            "remote reference: "
                + html.substring(m.start(), Math.min(html.length(), m.start() + 80)));
    assertFalse(html.contains("<link"), "no style sheet fetched");
    assertFalse(Pattern.compile("<script[^>]*\\bsrc").matcher(html).find(), "no script fetched");
    assertFalse(html.contains("@import"), "no style imported");
  }

  @Test
  void page_escapesPathsAndCommandLines() throws IOException {
    Path odd = Files.createDirectories(dir.resolve("a<&\"b"));
    Path raw = odd.resolve("r<&\"'x.csv");
    Path page = report(raw, "secmem write --results 'a<&\"b/r<script>.csv'");
    assertEquals(odd.resolve("r<&\"'x-report.html"), page);
    String html = Files.readString(page);

    assertFalse(html.contains("<&"), "no raw < or & from a path");
    assertFalse(html.contains("<script>.csv"), "no raw markup from the command line");
    assertTrue(html.contains("r&lt;&amp;&quot;&#39;x.csv"), "the file name, escaped");
    assertTrue(html.contains("a&lt;&amp;&quot;b/r&lt;script&gt;.csv"), "the command, escaped");
    assertTrue(html.contains("href=\"r%3C%26%22%27x.csv\""), "link percent-encoded");
  }

  @Test
  void page_escapesValuesFromTheResultsFile() throws IOException {
    Path raw = dir.resolve("r.csv");
    Files.writeString(
        raw,
        "experiment,stream,n,elapsed_ms,warmup\n"
            + "read,\"<img src=x onerror=alert(1)>\",10,1.0,false\n"
            + "read,mapped,10,2.0,false\n");
    String html = Files.readString(Reports.writePage(RawResults.read(raw), raw, List.of()));
    assertFalse(html.contains("<img src=x"), html);
    assertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"), html);
  }

  @Test
  void write_isAtomic_leavesNoTemporaryFile_andReplacesAnOlderPage() throws IOException {
    Path raw = dir.resolve("r.csv");
    Files.writeString(ResultFiles.pageFor(raw), "old");
    Ownership.mark(ResultFiles.pageFor(raw), Ownership.Made.WHOLE_FILE); // an earlier run's page
    report(raw, "secmem write");
    assertTrue(Files.readString(ResultFiles.pageFor(raw)).startsWith("<!DOCTYPE html>"));
    try (Stream<Path> s = Files.list(dir)) {
      assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")));
    }
  }

  @Test
  void write_whenThePageCannotBeWritten_throws_andLeavesTheResultsAlone() throws IOException {
    Path raw = dir.resolve("r.csv");
    Files.writeString(raw, RAW);
    Files.createDirectories(ResultFiles.pageFor(raw).resolve("x"));
    RawResults results = RawResults.read(raw);
    assertThrows(IOException.class, () -> Reports.writePage(results, raw, List.of()));
    assertEquals(RAW, Files.readString(raw));
    try (Stream<Path> s = Files.list(dir)) {
      assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")));
    }
  }

  @Test
  void page_showsTheComparisonBesideIt_tableSummaryAndChart_andNoneWithout() throws IOException {
    Path raw = dir.resolve("x.csv");
    String without = Files.readString(report(raw, "secmem run x.csv"));
    assertFalse(without.contains("id=\"compare\""), "no comparison file, no section");

    RawResults results = RawResults.read(raw);
    Comparison c =
        Comparison.of(results, results, new Comparison.By("stream", "mapped", "user-buffer"), 0.95);
    ComparisonFile.write(c, ResultFiles.compareFor(raw));
    ComparisonChart.write(c, ResultFiles.chartsFolderFor(raw));
    String html = ReportPage.render(results, raw, List.of());
    assertTrue(html.contains("<a href=\"#compare\">Compared</a>"), "in the table of contents");
    assertTrue(
        html.contains(
            "<h2 id=\"compare\">Compared with " + ReportPage.esc(raw.toString()) + "</h2>"),
        html);
    assertTrue(html.contains("compared by <code>stream=mapped:user-buffer</code>"), html);
    assertTrue(
        html.contains(ReportPage.esc(c.summary().line("\u00d7").replaceAll(" \\[[^]]*\\]", ""))),
        "the summary line, without the interval the CSV lacks");
    assertTrue(html.contains("<td class=\"label\">write B=4 KiB</td>"), html);
    assertTrue(html.contains("data-chart=\"compare-ratio\""), "the chart, inlined");
    assertTrue(html.contains("NEW / BASE median time per configuration"), "its title");
    assertTrue(html.indexOf("id=\"compare\"") < html.indexOf("id=\"environment\""));
  }

  @Test
  void page_withoutChartsOrEnvironment_saysSo() throws IOException {
    Path raw = dir.resolve("one.csv");
    Files.writeString(raw, "experiment,stream,n,elapsed_ms,warmup\nread,mapped,10,1.0,false\n");
    String html = Files.readString(Reports.writePage(RawResults.read(raw), raw, List.of()));
    assertTrue(html.contains("No charts"), html);
    assertTrue(html.contains("No environment record"), html);
  }

  @Test
  void aSmallSvg_isInlinedAsMarkup_withItsTitle_idsPrefixed_andAViewBox() throws IOException {
    Path raw = dir.resolve("r.csv");
    Files.writeString(raw, RAW);
    Path charts = Files.createDirectories(dir.resolve("r-charts"));
    Path svg = charts.resolve("read-time-vs-k.svg");
    Files.writeString(
        svg,
        "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\""
            + " \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"400\">"
            + "<title>read: time vs k &amp; more</title><clipPath id=\"a\"/>"
            + "<text clip-path=\"url(#a)\">k</text></svg>\n");
    Path png = charts.resolve("read-time-vs-k.png");
    Files.write(png, new byte[] {1, 2, 3});

    DrawnChart chart =
        new DrawnChart("read: time vs k & more", "read", "read-time-vs-k", svg, Optional.of(png));
    String html = Files.readString(Reports.writePage(RawResults.read(raw), raw, List.of(chart)));
    assertFalse(html.contains("<?xml"), "no XML prolog inside HTML");
    assertFalse(html.contains("DOCTYPE svg"), "no SVG doctype inside HTML");
    assertTrue(html.contains("<figcaption>read: time vs k &amp; more "), "the chart's title");
    assertTrue(html.contains("width=\"640\" height=\"400\" viewBox=\"0 0 640 400\">"), html);
    assertTrue(html.contains("<clipPath id=\"c1-a\"/><text clip-path=\"url(#c1-a)\">"), html);
    assertFalse(html.contains("base64"), "the SVG, not the PNG");
    int read = html.indexOf("id=\"exp-read\"");
    assertTrue(
        read >= 0 && html.indexOf("data-chart=\"read-time-vs-k\"") > read,
        "under its experiment's heading");
  }

  @Test
  void aChartsCaptionAndPlace_areItsPlans_notWhatItsFileSays() throws IOException {
    Path raw = dir.resolve("r.csv");
    Files.writeString(raw, RAW);
    Path svg = Files.createDirectories(dir.resolve("r-charts")).resolve("write-odd-name.svg");
    Files.writeString(
        svg, "<svg width=\"10\" height=\"10\"><title>a title in the file</title></svg>");
    DrawnChart chart =
        new DrawnChart("read: time vs k", "read", "write-odd-name", svg, Optional.empty());
    String html = Files.readString(Reports.writePage(RawResults.read(raw), raw, List.of(chart)));
    assertTrue(html.contains("<figcaption>read: time vs k "), html);
    assertFalse(html.contains("<figcaption>a title in the file"), "no title read back");
    int read = html.indexOf("id=\"exp-read\"");
    assertTrue(
        read >= 0 && html.indexOf("data-chart=\"write-odd-name\"") > read,
        "under the experiment its plan names, whatever its file is called");
  }

  @Test
  void prefixIds_keepsInlinedChartsApart() {
    String svg =
        "<svg><clipPath id=\"clip1\"/><g clip-path=\"url(#clip1)\"/>"
            + "<use xlink:href=\"#clip1\"/></svg>";
    assertEquals(
        "<svg><clipPath id=\"c2-clip1\"/><g clip-path=\"url(#c2-clip1)\"/>"
            + "<use xlink:href=\"#c2-clip1\"/></svg>",
        PageCharts.prefixIds(svg, "c2-"));
  }

  /** The cell texts of every summary table row. */
  /** The full summary tables of a page (each experiment's every column), one after another. */
  private static String fullTables(String html) {
    StringBuilder full = new StringBuilder();
    Matcher t =
        Pattern.compile("<table class=\"summary sortable full\">.*?</table>", Pattern.DOTALL)
            .matcher(html);
    while (t.find()) {
      full.append(t.group());
    }
    return full.toString();
  }

  private static List<List<String>> tableRows(String html) {
    List<List<String>> rows = new ArrayList<>();
    Matcher tr = Pattern.compile("<tr>((?:<td[^>]*>[^<]*</td>)+)</tr>").matcher(html);
    while (tr.find()) {
      List<String> cells = new ArrayList<>();
      Matcher td = Pattern.compile("<td[^>]*>([^<]*)</td>").matcher(tr.group(1));
      while (td.find()) {
        if (!td.group(1).isEmpty()) {
          cells.add(td.group(1));
        }
      }
      rows.add(cells);
    }
    return rows;
  }
}
