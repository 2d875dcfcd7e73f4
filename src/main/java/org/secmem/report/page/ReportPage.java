package org.secmem.report.page;

import static org.secmem.report.chart.HtmlText.anchor;
import static org.secmem.report.chart.HtmlText.link;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;
import org.secmem.report.advice.Advice;
import org.secmem.report.advice.AdviceText;
import org.secmem.report.advice.SortBestTable;
import org.secmem.report.chart.DrawnChart;
import org.secmem.report.chart.HtmlText;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;
import org.secmem.results.ResultFiles;
import org.secmem.results.SpreadsheetText;

/**
 * The report page of a raw results CSV ({@link ResultFiles#pageFor}): one self-contained HTML file
 * that works offline. What the run found comes first (each experiment's advice, the best (d, M) of
 * a sort sweep, drift warnings), then the charts of each experiment, then the tables (each
 * experiment's summary, sortable by clicking a column header, and the sort grids), then the
 * comparison with a baseline when there is one, the command (and the lines of the parameter files
 * it ran), a short "how measured" block and the whole environment record. Charts are inlined: an
 * SVG as {@code <svg>} (its ids prefixed so that several charts do not clash), or, when the SVG is
 * too large, the PNG as a {@code data:} image; only when both are too large is the file beside the
 * page linked. The results, summary and environment files are linked by relative path. Every value
 * is HTML-escaped. The page is written to a temporary file and renamed into place, so a reader
 * never sees half a page.
 *
 * <p>This class assembles the page (its frame, table of contents and the order of its sections) and
 * writes it; the sections are {@link PageSections}, the charts {@link PageCharts}, escaping and
 * links {@link HtmlText}.
 */
public final class ReportPage {

  /** The largest SVG inlined as markup, in bytes. */
  public static final long INLINE_SVG_MAX = 300 * 1024;

  /** The largest PNG inlined as a {@code data:} image, in bytes. */
  public static final long INLINE_PNG_MAX = 1024 * 1024;

  /** Environment record keys (see the CLI) naming the parameter files a command ran. */
  public static final String PARAM_FILE_KEY = "param_file.";

  /** Environment keys of the batch's run order, its seed, flushing and forks. */
  public static final String RUN_ORDER_KEY = "run_order";

  public static final String ORDER_SEED_KEY = "order_seed";
  public static final String FLUSH_KEY = "flush_before_runs";
  public static final String FORKS_KEY = "forks";
  public static final String STEADY_WARMUP_KEY = "steady_warmup_ms";

  private static final Logger LOG = LogManager.getLogger(ReportPage.class);

  private ReportPage() {}

  /**
   * Writes the page of {@code raw} (read from {@code rawCsv}) beside it, replacing an older one.
   *
   * @param charts the charts drawn for it, in the order they should appear
   * @return the page written
   */
  public static Path write(RawResults raw, Path rawCsv, List<DrawnChart> charts)
      throws IOException {
    Path page = ResultFiles.pageFor(rawCsv);
    String html = render(raw, rawCsv, charts);
    // not createTempFile: its owner-only permissions would stay on the page
    PartFile.writeWhole(page, html);
    LOG.info("wrote report page {}", page);
    return page;
  }

  /** The page's HTML. */
  static String render(RawResults raw, Path rawCsv, List<DrawnChart> charts) throws IOException {
    Path page = ResultFiles.pageFor(rawCsv);
    Map<String, String> env = readEnvironment(ResultFiles.environmentFor(rawCsv));
    List<List<String>> summary = summaryTable(raw);
    List<String> header = summary.isEmpty() ? List.of() : summary.get(0);
    List<List<String>> summaryRows =
        summary.isEmpty() ? List.of() : summary.subList(1, summary.size());

    List<String> experiments = new ArrayList<>();
    for (RawRow r : raw.rows()) {
      String e = r.get(ResultColumns.EXPERIMENT);
      if (!experiments.contains(e)) {
        experiments.add(e);
      }
    }
    // Each chart under the experiment its plan names; one of no experiment here, under "Other".
    Map<String, List<DrawnChart>> chartsByExperiment = new LinkedHashMap<>();
    for (DrawnChart c : charts) {
      chartsByExperiment
          .computeIfAbsent(
              experiments.contains(c.experiment()) ? c.experiment() : null, k -> new ArrayList<>())
          .add(c);
    }

    String name = rawCsv.getFileName().toString();
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>secmem report: ")
        .append(esc(name))
        .append("</title>\n")
        .append("<style>\n")
        .append(CSS)
        .append("</style>\n</head>\n<body>\n");
    h.append("<h1>secmem report: ").append(esc(name)).append("</h1>\n");
    h.append("<p class=\"files\">");
    link(h, page, rawCsv, "results (" + raw.rows().size() + " rows)");
    h.append(" · ");
    link(h, page, ResultFiles.summaryFor(rawCsv), "summary");
    h.append(" · ");
    link(h, page, ResultFiles.environmentFor(rawCsv), "environment record");
    Path compare = ResultFiles.compareFor(rawCsv);
    boolean compared = Files.isRegularFile(compare);
    h.append("</p>\n<nav class=\"toc\"><a href=\"#findings\">Findings</a> · Charts:");
    for (String experiment : experiments) {
      h.append(" <a href=\"#exp-")
          .append(esc(anchor(experiment)))
          .append("\">")
          .append(esc(experiment.isEmpty() ? "(no experiment)" : experiment))
          .append("</a>");
    }
    h.append(" · <a href=\"#tables\">Tables</a>");
    if (compared) {
      h.append(" · <a href=\"#compare\">Compared</a>");
    }
    h.append(
        " · <a href=\"#command\">Command</a> · <a href=\"#how\">How measured</a>"
            + " · <a href=\"#environment\">Environment</a></nav>\n");

    // What the run found first, then the charts, then the tables; how it was run last.
    findings(h, raw, experiments);

    h.append("<section class=\"charts\">\n<h2 id=\"charts\">Charts</h2>\n");
    int chartNo = 0;
    for (String experiment : experiments) {
      h.append("<h3 id=\"exp-")
          .append(esc(anchor(experiment)))
          .append("\">")
          .append(esc(experiment.isEmpty() ? "(no experiment)" : experiment))
          .append("</h3>\n");
      List<DrawnChart> own = chartsByExperiment.getOrDefault(experiment, List.of());
      if (own.isEmpty()) {
        h.append("<p class=\"note\">No charts: nothing is swept in this experiment.</p>\n");
      }
      for (DrawnChart c : own) {
        PageCharts.chart(h, page, c, ++chartNo);
      }
    }
    List<DrawnChart> other = chartsByExperiment.getOrDefault(null, List.of());
    if (!other.isEmpty()) {
      h.append("<h3>Other charts</h3>\n");
      for (DrawnChart c : other) {
        PageCharts.chart(h, page, c, ++chartNo);
      }
    }
    h.append("</section>\n");

    h.append("<section class=\"tables\">\n<h2 id=\"tables\">Tables</h2>\n");
    int col = header.indexOf(ResultColumns.EXPERIMENT);
    for (String experiment : experiments) {
      h.append("<h3 id=\"summary-")
          .append(esc(anchor(experiment)))
          .append("\">Summary: ")
          .append(esc(experiment.isEmpty() ? "(no experiment)" : experiment))
          .append("</h3>\n");
      List<List<String>> rows =
          summaryRows.stream()
              .filter(r -> col < 0 || (col < r.size() && r.get(col).equals(experiment)))
              .toList();
      SummaryTable.html(h, header, rows, col);
      if (experiment.equals("sort")) {
        SortBestTable.grids(h, raw);
      }
    }
    h.append("</section>\n");

    if (compared) {
      PageSections.compareSection(h, page, rawCsv, ++chartNo);
    }

    PageSections.commandSection(h, env);
    PageSections.howMeasured(h, raw, env, summaryRows, header);
    PageSections.environmentSection(h, env);
    h.append("<script>\n").append(SORT_SCRIPT).append("</script>\n</body>\n</html>\n");
    return h.toString();
  }

  /**
   * What the run found: each experiment's advice, the best (d, M) of a sort sweep, and the warnings
   * of runs that drifted; a part that fails is a note, never a page that is not written.
   */
  private static void findings(StringBuilder h, RawResults raw, List<String> experiments) {
    h.append("<section class=\"findings\">\n<h2 id=\"findings\">Findings</h2>\n");
    Advice advice = null;
    boolean noted = false;
    for (String experiment : experiments) {
      try {
        if (advice == null) {
          advice = Advice.of(raw); // once for the page, each experiment's part from it
        }
        noted |= AdviceText.html(advice, h, experiment, !noted);
      } catch (RuntimeException e) {
        // advice is an extra: a bug in it must not cost the page its charts and tables
        LOG.error("No advice for {}", experiment, e);
        h.append("<p class=\"note\">No advice for ")
            .append(esc(experiment))
            .append(": ")
            .append(esc(String.valueOf(e.getMessage())))
            .append("</p>\n");
      }
    }
    if (experiments.contains("sort")) {
      SortBestTable.best(h, raw);
    }
    PageSections.driftSection(h, raw);
    h.append("</section>\n");
  }

  /** The summary CSV of {@code raw} as rows of cells, header first. */
  static List<List<String>> summaryTable(RawResults raw) throws IOException {
    StringBuilder csv = new StringBuilder();
    SummaryWriter.write(raw, csv);
    List<List<String>> table = new ArrayList<>();
    try (CSVParser p = CSVParser.parse(new StringReader(csv.toString()), CSVFormat.RFC4180)) {
      for (CSVRecord rec : p) {
        List<String> cells = new ArrayList<>();
        rec.forEach(c -> cells.add(SpreadsheetText.unprotect(c)));
        table.add(cells);
      }
    }
    return table;
  }

  /** Text escaped for HTML element content and quoted attribute values ({@link HtmlText}). */
  public static String esc(String s) {
    return HtmlText.esc(s);
  }

  /**
   * The {@code key=value} lines of an environment record, in file order, with {@code \n}, {@code
   * \r} and {@code \\} undone; empty when the file is missing or unreadable (logged).
   */
  static Map<String, String> readEnvironment(Path file) {
    Map<String, String> env = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      return env;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int eq = line.indexOf('=');
        if (line.startsWith("#") || eq <= 0) {
          continue;
        }
        env.put(line.substring(0, eq), unescapeRecord(line.substring(eq + 1)));
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("report page: cannot read the environment record {}", file, e);
    }
    return env;
  }

  private static String unescapeRecord(String v) {
    StringBuilder sb = new StringBuilder(v.length());
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c == '\\' && i + 1 < v.length()) {
        char n = v.charAt(++i);
        sb.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static final String CSS =
      """
      body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5em auto;
        max-width:1100px;padding:0 1em;color:#222}
      h1{font-size:1.5em;margin-bottom:.2em}
      h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.8em}
      h3{font-size:1.05em;margin:1.2em 0 .4em}
      pre{background:#f5f5f5;padding:.6em .8em;overflow-x:auto;border-radius:4px}
      pre.command,pre.advice{white-space:pre-wrap;overflow-wrap:anywhere;overflow-x:visible}
      pre.advice{font-size:13px}
      ul.drift{padding-left:1.2em}
      ul.drift li{margin:.2em 0;overflow-wrap:anywhere;color:#8a5a00}
      pre.params .ln{display:inline-block;width:2.5em;color:#999;user-select:none}
      .files{color:#555}
      nav.toc{margin:.6em 0;font-size:.95em}
      .note{color:#666;font-style:italic}
      .scroll{overflow:auto;max-height:34em;border:1px solid #ddd}
      table{border-collapse:collapse;font-size:13px}
      th,td{border:1px solid #ddd;padding:3px 7px;text-align:left;white-space:nowrap}
      table.summary td{text-align:right;font-variant-numeric:tabular-nums}
      table.summary th{background:#eef2f7;cursor:pointer;user-select:none;position:sticky;top:0}
      table.summary th[aria-sort=ascending]::after{content:" \\25B2"}
      table.summary th[aria-sort=descending]::after{content:" \\25BC"}
      table.summary tbody tr:nth-child(even){background:#fafafa}
      td.bad{color:#b00;font-weight:bold}
      table.env th{background:#f5f5f5;font-weight:normal;color:#444}
      table.env td{white-space:normal;word-break:break-all}
      figure.chart{margin:1em 0 2em}
      figure.chart svg,figure.chart img{max-width:100%;height:auto;display:block}
      figcaption{font-weight:bold;margin-bottom:.3em}
      figcaption .files{font-weight:normal;font-size:.85em;margin-left:.6em}
      ul.how li{margin:.15em 0}
      p.same{font-size:13px;color:#444;margin:.2em 0 .5em}
      p.same code{background:#f3f3f3;padding:0 .3em;border-radius:3px}
      .wide{overflow-x:auto}
      table.compact th{white-space:normal;vertical-align:bottom}
      table.compact td.label{white-space:normal;text-align:left;min-width:22em}
      details.full{margin:.4em 0 1em}
      details.full summary{cursor:pointer;color:#0550ae}
      table.grid{margin:.4em 0 1em}
      table.grid caption{text-align:left;font-weight:bold;padding:.2em 0}
      table.grid td.best{font-weight:bold;background:#e6f4ea}
      table.best td.noise{color:#8a5a00}
      table.best th,table.best td{white-space:normal;min-width:7em}
      table.compare td.label{text-align:left}
      table.compare td.faster{color:#1a7f37;font-weight:bold;text-align:left}
      table.compare td.slower{color:#cf222e;font-weight:bold;text-align:left}
      table.compare td.unchanged,table.compare td.undecided,table.compare td.only_in_base,
        table.compare td.only_in_new{color:#57606a;text-align:left}
      """;

  /** Click a summary column header to sort by it; numbers as numbers, again to reverse. */
  private static final String SORT_SCRIPT =
      """
      document.querySelectorAll('table.sortable').forEach(function (t) {
        t.querySelectorAll('th').forEach(function (th, i) {
          th.addEventListener('click', function () {
            var asc = th.getAttribute('aria-sort') !== 'ascending';
            t.querySelectorAll('th').forEach(function (o) { o.removeAttribute('aria-sort'); });
            th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
            var body = t.tBodies[0], rows = Array.prototype.slice.call(body.rows);
            function key(r) { var c = r.cells[i], s = c.dataset.v !== undefined ? c.dataset.v
                : c.textContent, n = Number(s);
              return s !== '' && !isNaN(n) ? n : s; }
            rows.sort(function (a, b) {
              var x = key(a), y = key(b), c;
              if (typeof x === typeof y) { c = x < y ? -1 : x > y ? 1 : 0; }
              else { c = typeof x === 'number' ? -1 : 1; }
              return asc ? c : -c;
            });
            rows.forEach(function (r) { body.appendChild(r); });
          });
        });
      });
      """;
}
