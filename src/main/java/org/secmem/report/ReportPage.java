package org.secmem.report;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;

/**
 * The report page of a raw results CSV ({@link ReportFiles#pageFor}): one self-contained HTML file
 * that works offline — the command (and the lines of the parameter files it ran), a short "how
 * measured" block, per experiment its summary table (sortable by clicking a column header) and its
 * charts, and the whole environment record. Charts are inlined: an SVG as {@code <svg>} (its ids
 * prefixed so that several charts do not clash), or, when the SVG is too large, the PNG as a
 * {@code data:} image; only when both are too large is the file beside the page linked. The results,
 * summary and environment files are linked by relative path. Every value is HTML-escaped. The page
 * is written to a temporary file and renamed into place, so a reader never sees half a page.
 */
public final class ReportPage {

  /** The largest SVG inlined as markup, in bytes. */
  public static final long INLINE_SVG_MAX = 300 * 1024;

  /** The largest PNG inlined as a {@code data:} image, in bytes. */
  public static final long INLINE_PNG_MAX = 1024 * 1024;

  /** Environment record keys (see the CLI) naming the parameter files a command ran. */
  public static final String PARAM_FILE_KEY = "param_file.";

  private static final Logger LOG = LogManager.getLogger(ReportPage.class);

  private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]*)\"");
  private static final Pattern URL_REF = Pattern.compile("url\\(\\s*#([^)\\s]*)\\s*\\)");
  private static final Pattern HREF_REF = Pattern.compile("(\\bhref=\")#([^\"]*)\"");
  /** The chart's own title: a {@code <title>} that is the first child of the root element. */
  private static final Pattern SVG_TITLE =
      Pattern.compile("<svg\\b[^>]*>\\s*<title>([^<]*)</title>");

  private ReportPage() {}

  /**
   * Writes the page of {@code raw} (read from {@code rawCsv}) beside it, replacing an older one.
   *
   * @param charts the chart files written for it (PNG and SVG, any order within a chart; other
   *     files are ignored), in the order they should appear
   * @return the page written
   */
  public static Path write(RawResults raw, Path rawCsv, List<Path> charts) throws IOException {
    Path page = ReportFiles.pageFor(rawCsv);
    String html = render(raw, rawCsv, charts);
    // not createTempFile: its owner-only permissions would stay on the page
    PartFile.writeWhole(page, html);
    LOG.info("wrote report page {}", page);
    return page;
  }

  /** The page's HTML. */
  static String render(RawResults raw, Path rawCsv, List<Path> charts) throws IOException {
    Path page = ReportFiles.pageFor(rawCsv);
    Map<String, String> env = readEnvironment(ReportFiles.environmentFor(rawCsv));
    List<List<String>> summary = summaryTable(raw);
    List<String> header = summary.isEmpty() ? List.of() : summary.get(0);
    List<List<String>> summaryRows = summary.isEmpty() ? List.of() : summary.subList(1,
        summary.size());

    List<String> experiments = new ArrayList<>();
    for (RawRow r : raw.rows()) {
      String e = r.get(ResultColumns.EXPERIMENT);
      if (!experiments.contains(e)) {
        experiments.add(e);
      }
    }
    Map<String, List<ChartFile>> chartsByExperiment = groupCharts(chartFiles(charts), experiments);

    String name = rawCsv.getFileName().toString();
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>secmem report: ").append(esc(name)).append("</title>\n")
        .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
    h.append("<h1>secmem report: ").append(esc(name)).append("</h1>\n");
    h.append("<p class=\"files\">");
    link(h, page, rawCsv, "results (" + raw.rows().size() + " rows)");
    h.append(" · ");
    link(h, page, ReportFiles.summaryFor(rawCsv), "summary");
    h.append(" · ");
    link(h, page, ReportFiles.environmentFor(rawCsv), "environment record");
    h.append("</p>\n<nav class=\"toc\"><a href=\"#command\">Command</a> · "
        + "<a href=\"#how\">How measured</a>");
    for (String experiment : experiments) {
      h.append(" · <a href=\"#exp-").append(esc(anchor(experiment))).append("\">")
          .append(esc(experiment.isEmpty() ? "(no experiment)" : experiment)).append("</a>");
    }
    Path compare = ReportFiles.compareFor(rawCsv);
    boolean compared = Files.isRegularFile(compare);
    if (compared) {
      h.append(" · <a href=\"#compare\">Compared</a>");
    }
    h.append(" · <a href=\"#environment\">Environment</a></nav>\n");

    commandSection(h, env);
    howMeasured(h, raw, env, summaryRows, header);

    int chartNo = 0;
    Advice advice = null;
    for (String experiment : experiments) {
      h.append("<section class=\"experiment\">\n<h2 id=\"exp-").append(esc(anchor(experiment)))
          .append("\">").append(esc(experiment.isEmpty() ? "(no experiment)" : experiment))
          .append("</h2>\n");
      int col = header.indexOf(ResultColumns.EXPERIMENT);
      List<List<String>> rows = summaryRows.stream()
          .filter(r -> col < 0 || (col < r.size() && r.get(col).equals(experiment))).toList();
      h.append("<h3>Summary</h3>\n");
      table(h, header, rows, col);
      if (experiment.equals("sort")) {
        SortBestTable.html(h, raw);
      }
      try {
        if (advice == null) {
          advice = Advice.of(raw); // once for the page, each experiment's section from it
        }
        advice.html(h, experiment);
      } catch (RuntimeException e) {
        // advice is an extra: a bug in it must not cost the page its summary and charts
        LOG.error("No advice section for {}", experiment, e);
        h.append("<p class=\"note\">No advice: ").append(esc(String.valueOf(e.getMessage())))
            .append("</p>\n");
      }
      List<ChartFile> own = chartsByExperiment.getOrDefault(experiment, List.of());
      h.append("<h3>Charts</h3>\n");
      if (own.isEmpty()) {
        h.append("<p class=\"note\">No charts: nothing is swept in this experiment.</p>\n");
      }
      for (ChartFile c : own) {
        chart(h, page, c, ++chartNo);
      }
      h.append("</section>\n");
    }
    List<ChartFile> other = chartsByExperiment.getOrDefault(null, List.of());
    if (!other.isEmpty()) {
      h.append("<section class=\"experiment\">\n<h2>Other charts</h2>\n");
      for (ChartFile c : other) {
        chart(h, page, c, ++chartNo);
      }
      h.append("</section>\n");
    }

    if (compared) {
      compareSection(h, page, rawCsv, ++chartNo);
    }

    h.append("<h2 id=\"environment\">Environment</h2>\n");
    if (env.isEmpty()) {
      h.append("<p class=\"note\">No environment record beside the results file.</p>\n");
    } else {
      h.append("<table class=\"env\">\n");
      env.forEach((k, v) -> {
        if (!k.startsWith(PARAM_FILE_KEY)) {
          h.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v))
              .append("</td></tr>\n");
        }
      });
      h.append("</table>\n");
    }
    h.append("<script>\n").append(SORT_SCRIPT).append("</script>\n</body>\n</html>\n");
    return h.toString();
  }

  /**
   * "Compared with BASE": the table of the compare CSV beside the results ({@link
   * ComparisonFile}), its summary line and the ratio chart; a compare file that cannot be read is
   * a note, never a page that is not written.
   */
  private static void compareSection(StringBuilder h, Path page, Path rawCsv, int chartNo)
      throws IOException {
    Path file = ReportFiles.compareFor(rawCsv);
    ComparisonFile.Contents c;
    try {
      c = ComparisonFile.read(file);
    } catch (IOException | RuntimeException e) {
      LOG.warn("report page: cannot read the comparison {}", file, e);
      h.append("<h2 id=\"compare\">Compared with a baseline</h2>\n<p class=\"note\">The"
          + " comparison file cannot be read: ").append(esc(String.valueOf(e.getMessage())))
          .append("</p>\n");
      return;
    }
    h.append("<section class=\"compare\">\n<h2 id=\"compare\">Compared with ")
        .append(esc(c.baseFile().isEmpty() ? "a baseline" : c.baseFile())).append("</h2>\n");
    h.append("<p class=\"files\">");
    link(h, page, file, file.getFileName().toString());
    h.append("</p>\n<p>BASE: <code>").append(esc(c.baseFile())).append("</code>")
        .append(" · NEW: <code>").append(esc(c.newFile())).append("</code>");
    if (!c.comparedBy().isEmpty()) {
      h.append(" · compared by <code>").append(esc(c.comparedBy())).append("</code>");
    }
    h.append("</p>\n");
    h.append("<p class=\"summary-line\"><b>")
        .append(esc(Comparison.Summary.of(c.rows()).line("\u00d7"))).append("</b></p>\n");
    String level = Double.isNaN(c.level()) ? "" : ChartPainter.number(c.level() * 100) + "% ";
    h.append("<div class=\"scroll\"><table class=\"summary sortable compare\">\n<thead><tr>");
    for (String col : List.of("configuration", "BASE median ms", "± MAD", "NEW median ms",
        "± MAD", "NEW/BASE", level + "interval", "verdict")) {
      h.append("<th title=\"click to sort\">").append(esc(col)).append("</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    for (Comparison.Row r : c.rows()) {
      h.append("<tr><td class=\"label\">").append(esc(r.label())).append("</td>");
      sampleCells(h, r.base());
      sampleCells(h, r.next());
      h.append("<td>").append(esc(ComparisonTable.ratio(r.ratio()))).append("</td><td>")
          .append(Double.isNaN(r.low()) ? "" : esc("[" + ComparisonTable.ratio(r.low()) + ", "
              + ComparisonTable.ratio(r.high()) + "]"))
          .append("</td><td class=\"").append(r.verdict().csvName()).append("\">")
          .append(esc(r.verdictText("\u00d7"))).append("</td></tr>\n");
    }
    h.append("</tbody></table></div>\n");
    h.append("<p class=\"note\">Medians of the measured runs (warm-ups left out), ± their median"
        + " absolute deviation; the interval is a bootstrap interval of the ratio of medians:"
        + " a difference is significant when it excludes 1.</p>\n");
    Path png = ReportFiles.compareChartPngFor(rawCsv);
    Path svg = ReportFiles.compareChartSvgFor(rawCsv);
    if (Files.isRegularFile(png) || Files.isRegularFile(svg)) {
      chart(h, page, new ChartFile(ReportFiles.COMPARE_CHART_STEM,
          Files.isRegularFile(svg) ? svg : null, Files.isRegularFile(png) ? png : null), chartNo);
    }
    h.append("</section>\n");
  }

  private static void sampleCells(StringBuilder h, Comparison.Sample s) {
    if (s == null || s.n() == 0) {
      h.append("<td></td><td></td>");
      return;
    }
    int d = ComparisonTable.decimals(s.median());
    h.append("<td>").append(Numbers.fixed(s.median(), d)).append("</td><td>")
        .append(Numbers.fixed(s.mad(), d)).append("</td>");
  }

  private static void commandSection(StringBuilder h, Map<String, String> env) {
    h.append("<h2 id=\"command\">Command</h2>\n<pre class=\"command\">")
        .append(esc(env.getOrDefault("command", "(not recorded: no environment record)")))
        .append("</pre>\n");
    for (int i = 1; env.containsKey(PARAM_FILE_KEY + i); i++) {
      String path = env.get(PARAM_FILE_KEY + i);
      String lines = env.get(PARAM_FILE_KEY + i + ".lines");
      h.append("<h3>Parameter file <code>").append(esc(path)).append("</code></h3>\n");
      if (lines == null) {
        h.append("<p class=\"note\">(its lines were not recorded)</p>\n");
      } else {
        h.append("<pre class=\"params\">");
        String[] ls = lines.split("\r?\n", -1);
        int n = ls.length > 0 && ls[ls.length - 1].isEmpty() ? ls.length - 1 : ls.length;
        for (int l = 0; l < n; l++) {
          h.append("<span class=\"ln\">").append(l + 1).append("</span>").append(esc(ls[l]))
              .append('\n');
        }
        h.append("</pre>\n");
      }
    }
  }

  /** Environment keys of the batch's run order, its seed, flushing and forks. */
  public static final String RUN_ORDER_KEY = "run_order";
  public static final String ORDER_SEED_KEY = "order_seed";
  public static final String FLUSH_KEY = "flush_before_runs";
  public static final String FORKS_KEY = "forks";

  private static void howMeasured(StringBuilder h, RawResults raw, Map<String, String> env,
      List<List<String>> summaryRows, List<String> header) {
    h.append("<h2 id=\"how\">How measured</h2>\n<ul class=\"how\">\n");
    long warmups = raw.rows().stream().filter(RawRow::isWarmup).count();
    int measured = raw.rows().size() - (int) warmups;
    item(h, "runs", measured + " measured, " + warmups + " warm-up"
        + (warmups == 1 ? "" : "s") + " (flagged in the results, left out of summary and charts)");
    int count = header.indexOf("count");
    if (count >= 0) {
      TreeSet<Integer> reps = new TreeSet<>();
      for (List<String> r : summaryRows) {
        try {
          reps.add(Integer.parseInt(r.get(count)));
        } catch (RuntimeException e) {
          // an empty or odd cell says nothing about repetitions
        }
      }
      if (!reps.isEmpty()) {
        item(h, "repetitions per configuration", reps.first().equals(reps.last())
            ? reps.first().toString() : reps.first() + " to " + reps.last());
      }
    }
    item(h, "cache before each timed run", distinct(raw, ResultColumns.CACHE));
    item(h, "sync (forced to storage before the clock stops)", distinct(raw, ResultColumns.SYNC));
    String order = env.get(RUN_ORDER_KEY);
    if (order != null) {
      String forks = env.getOrDefault(FORKS_KEY, "0");
      item(h, "order of the runs", order + ("sequential".equals(order) ? ""
          : " (seed " + env.getOrDefault(ORDER_SEED_KEY, "?") + ")")
          + ("true".equals(env.get(FLUSH_KEY)) ? "; dirty pages written back before each run"
              : "; dirty pages not written back (--no-flush)")
          + ("0".equals(forks) ? "; all in one JVM" : "; each configuration in " + forks
              + " fresh JVM" + ("1".equals(forks) ? "" : "s") + " (--fork)")
          + (raw.sentinels().isEmpty() ? "" : "; " + raw.sentinels().size()
              + " sentinel runs, kept apart"));
    }
    item(h, "JVM", env.getOrDefault("jvm.name", "?") + " " + env.getOrDefault("jvm.version", "?")
        + ", max heap " + bytes(env.get("jvm.max_heap_bytes")) + ", arguments: "
        + env.getOrDefault("jvm.input_arguments", "?"));
    item(h, "machine", env.getOrDefault("cpu.model", "?") + ", "
        + env.getOrDefault("cpu.available_processors", "?") + " processors, memory "
        + bytes(env.get("mem.total_bytes")) + ", " + env.getOrDefault("os.name", "?") + " "
        + env.getOrDefault("kernel", "?"));
    item(h, "data", env.getOrDefault("data.dir", "?") + " (" + env.getOrDefault("fs.type", "?")
        + ", block " + env.getOrDefault("fs.block_size_bytes", "?") + " bytes)");
    item(h, "when", env.getOrDefault("time", "?") + ", secmem "
        + env.getOrDefault("secmem.version", "?") + ", commit "
        + env.getOrDefault("git.commit", "?"));
    h.append("</ul>\n");
  }

  private static void item(StringBuilder h, String what, String value) {
    h.append("<li><b>").append(esc(what)).append(":</b> ").append(esc(value)).append("</li>\n");
  }

  /** The distinct values of a column, "not recorded" when the file has none. */
  private static String distinct(RawResults raw, String column) {
    Set<String> values = new LinkedHashSet<>();
    for (RawRow r : raw.rows()) {
      String v = r.get(column).trim();
      if (!v.isEmpty()) {
        values.add(v);
      }
    }
    return values.isEmpty() ? "not recorded" : String.join(", ", values);
  }

  private static String bytes(String value) {
    if (value == null) {
      return "?";
    }
    try {
      double b = Long.parseLong(value);
      return String.format(Locale.ROOT, "%.1f GiB", b / (1L << 30));
    } catch (NumberFormatException e) {
      return value;
    }
  }

  /** A summary table; columns empty in every row are left out, and the experiment column. */
  private static void table(StringBuilder h, List<String> header, List<List<String>> rows,
      int experimentCol) {
    if (rows.isEmpty()) {
      h.append("<p class=\"note\">No summary rows.</p>\n");
      return;
    }
    int firstStat = header.indexOf("count");
    List<Integer> cols = new ArrayList<>();
    List<String> same = new ArrayList<>();
    for (int c = 0; c < header.size(); c++) {
      final int cc = c;
      if (c == experimentCol
          || rows.stream().allMatch(r -> cc >= r.size() || r.get(cc).isEmpty())) {
        continue;
      }
      String v0 = rows.get(0).get(c);
      boolean constant = rows.stream().allMatch(r -> cc < r.size() && r.get(cc).equals(v0));
      if (rows.size() > 1 && constant && firstStat >= 0 && c < firstStat) {
        same.add(header.get(c) + " = " + v0);
      } else {
        cols.add(c);
      }
    }
    if (!same.isEmpty()) {
      h.append("<p class=\"same\">Same in every row: ");
      for (int i = 0; i < same.size(); i++) {
        h.append(i == 0 ? "" : " · ").append("<code>").append(esc(same.get(i))).append("</code>");
      }
      h.append("</p>\n");
    }
    h.append("<div class=\"scroll\"><table class=\"summary sortable\">\n<thead><tr>");
    for (int c : cols) {
      h.append("<th title=\"click to sort\">").append(esc(header.get(c))).append("</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    int verified = header.indexOf(ResultColumns.VERIFIED);
    for (List<String> r : rows) {
      h.append("<tr>");
      for (int c : cols) {
        String v = c < r.size() ? r.get(c) : "";
        h.append(c == verified && v.equals("false") ? "<td class=\"bad\">" : "<td>").append(esc(v))
            .append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</tbody></table></div>\n");
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

  /** One chart: its SVG and PNG files (either may be missing). */
  record ChartFile(String stem, Path svg, Path png) {}

  private static List<ChartFile> chartFiles(List<Path> files) {
    Map<String, Path[]> byStem = new LinkedHashMap<>();
    for (Path f : files) {
      String n = f.getFileName().toString();
      String lower = n.toLowerCase(Locale.ROOT);
      int kind = lower.endsWith(".svg") ? 0 : lower.endsWith(".png") ? 1 : -1;
      if (kind < 0) {
        continue;
      }
      Path key = f.resolveSibling(n.substring(0, n.length() - 4));
      byStem.computeIfAbsent(key.toString(), k -> new Path[2])[kind] = f;
    }
    List<ChartFile> out = new ArrayList<>();
    byStem.forEach((k, v) -> out.add(
        new ChartFile(Path.of(k).getFileName().toString(), v[0], v[1])));
    return out;
  }

  /** Charts by experiment, told by the file name's first word; {@code null}: no experiment. */
  private static Map<String, List<ChartFile>> groupCharts(List<ChartFile> charts,
      List<String> experiments) {
    List<String> longestFirst = new ArrayList<>(experiments);
    longestFirst.sort((a, b) -> b.length() - a.length());
    Map<String, List<ChartFile>> out = new LinkedHashMap<>();
    for (ChartFile c : charts) {
      String owner = null;
      for (String e : longestFirst) {
        if (!e.isEmpty() && (c.stem().equals(e) || c.stem().startsWith(e + "-"))) {
          owner = e;
          break;
        }
      }
      out.computeIfAbsent(owner, k -> new ArrayList<>()).add(c);
    }
    return out;
  }

  private static void chart(StringBuilder h, Path page, ChartFile c, int no) throws IOException {
    String svgText = null;
    if (c.svg() != null && Files.isRegularFile(c.svg()) && Files.size(c.svg()) <= INLINE_SVG_MAX) {
      svgText = Files.readString(c.svg(), StandardCharsets.UTF_8);
    }
    String title = null;
    if (svgText != null) {
      Matcher m = SVG_TITLE.matcher(svgText);
      if (m.find()) {
        title = unescapeXml(m.group(1)).trim();
      }
    }
    if (title == null || title.isEmpty()) {
      title = titleOf(c.stem());
    }
    h.append("<figure class=\"chart\" id=\"chart-").append(esc(anchor(c.stem())))
        .append("\" data-chart=\"").append(esc(c.stem())).append("\">\n");
    h.append("<figcaption>").append(esc(title)).append(" <span class=\"files\">");
    boolean first = true;
    for (Path f : new Path[] {c.svg(), c.png()}) {
      if (f != null) {
        h.append(first ? "" : " · ");
        link(h, page, f, f.getFileName().toString());
        first = false;
      }
    }
    h.append("</span></figcaption>\n");
    int svgStart = svgText == null ? -1 : svgText.indexOf("<svg");
    if (svgStart >= 0) {
      h.append(prefixIds(withViewBox(svgText.substring(svgStart)), "c" + no + "-")).append('\n');
    } else if (c.png() != null && Files.isRegularFile(c.png())
        && Files.size(c.png()) <= INLINE_PNG_MAX) {
      h.append("<img alt=\"").append(esc(title)).append("\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(Files.readAllBytes(c.png())))
          .append("\">\n");
    } else {
      Path f = c.png() != null ? c.png() : c.svg();
      h.append("<img alt=\"").append(esc(title)).append("\" src=\"")
          .append(esc(relativeHref(page, f))).append("\">\n");
    }
    h.append("</figure>\n");
  }

  /** {@code read-time-vs-b-n1000000} → {@code read: time vs b (n1000000)}. */
  static String titleOf(String stem) {
    String s = stem;
    int dash = s.indexOf('-');
    String head = dash > 0 ? s.substring(0, dash) + ": " : "";
    String rest = dash > 0 ? s.substring(dash + 1) : s;
    int vs = rest.indexOf("-vs-");
    if (vs < 0) {
      return head + rest.replace('-', ' ');
    }
    String metric = rest.substring(0, vs).replace('-', ' ');
    String after = rest.substring(vs + 4);
    int more = after.indexOf('-');
    String x = more < 0 ? after : after.substring(0, more);
    if (more >= 0 && after.startsWith("-per-", more)) {
      // a sort chart of one line per M or d: sort-time-vs-d-per-m-n10000
      String line = after.substring(more + 5);
      int end = line.indexOf('-');
      x += ", a line per " + (end < 0 ? line : line.substring(0, end));
      more = end < 0 ? -1 : more + 5 + end;
    }
    String split = more < 0 ? "" : " (" + after.substring(more + 1).replace("-", ", ") + ")";
    return head + metric + " vs " + x + split;
  }

  /**
   * The SVG with a {@code viewBox} made from its {@code width} and {@code height} when it has none,
   * so that it shrinks with the page instead of being cut.
   */
  static String withViewBox(String svg) {
    int end = svg.indexOf('>');
    if (end < 0) {
      return svg;
    }
    String tag = svg.substring(0, end);
    if (tag.contains("viewBox")) {
      return svg;
    }
    Matcher w = Pattern.compile("\\swidth=\"([0-9.]+)(px)?\"").matcher(tag);
    Matcher hm = Pattern.compile("\\sheight=\"([0-9.]+)(px)?\"").matcher(tag);
    if (!w.find() || !hm.find()) {
      return svg;
    }
    return tag + " viewBox=\"0 0 " + w.group(1) + " " + hm.group(1) + "\"" + svg.substring(end);
  }

  /** Every id in an SVG prefixed, and the references to them, so inlined charts cannot clash. */
  static String prefixIds(String svg, String prefix) {
    String s = ID.matcher(svg).replaceAll(m -> Matcher.quoteReplacement(
        "id=\"" + prefix + m.group(1) + "\""));
    s = URL_REF.matcher(s).replaceAll(m -> Matcher.quoteReplacement(
        "url(#" + prefix + m.group(1) + ")"));
    return HREF_REF.matcher(s).replaceAll(m -> Matcher.quoteReplacement(
        m.group(1) + "#" + prefix + m.group(2) + "\""));
  }

  private static String unescapeXml(String s) {
    return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&apos;", "'").replace("&amp;", "&");
  }

  private static void link(StringBuilder h, Path page, Path target, String text) {
    h.append("<a href=\"").append(esc(relativeHref(page, target))).append("\">").append(esc(text))
        .append("</a>");
  }

  /** The path of {@code target} relative to the page's folder, as a percent-encoded URL path. */
  static String relativeHref(Path page, Path target) {
    Path from = page.toAbsolutePath().normalize().getParent();
    Path rel = from.relativize(target.toAbsolutePath().normalize());
    StringBuilder sb = new StringBuilder();
    for (Path part : rel) {
      if (sb.length() > 0) {
        sb.append('/');
      }
      sb.append(encodeSegment(part.toString()));
    }
    return sb.toString();
  }

  private static String encodeSegment(String segment) {
    StringBuilder sb = new StringBuilder();
    for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '-' || c == '_' || c == '.' || c == '~') {
        sb.append(c);
      } else {
        sb.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
      }
    }
    // a first segment holding ':' would read as a scheme; encoded above, so none can
    return sb.toString();
  }

  private static String anchor(String s) {
    return s.replaceAll("[^A-Za-z0-9_-]", "_");
  }

  /** Text escaped for HTML element content and quoted attribute values. */
  public static String esc(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> {
          if (notInXml(c)) {
            // XML (the page's inline SVG, the standalone SVGs) has no control characters:
            // shown as the escape a terminal line would show.
            sb.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }

  /** A character XML 1.0 does not allow (controls other than tab, line feed, return). */
  static boolean notInXml(char c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE || c == 0xFFFF;
  }

  /**
   * The {@code key=value} lines of an environment record, in file order, with {@code \n},
   * {@code \r} and {@code \\} undone; empty when the file is missing or unreadable (logged).
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

  private static final String CSS = """
      body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5em auto;
        max-width:1100px;padding:0 1em;color:#222}
      h1{font-size:1.5em;margin-bottom:.2em}
      h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.8em}
      h3{font-size:1.05em;margin:1.2em 0 .4em}
      pre{background:#f5f5f5;padding:.6em .8em;overflow-x:auto;border-radius:4px}
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
      table.grid{margin:.4em 0 1em}
      table.grid caption{text-align:left;font-weight:bold;padding:.2em 0}
      table.grid td.best{font-weight:bold;background:#e6f4ea}
      table.best td.noise{color:#8a5a00}
      table.compare td.label{text-align:left}
      table.compare td.faster{color:#1a7f37;font-weight:bold;text-align:left}
      table.compare td.slower{color:#cf222e;font-weight:bold;text-align:left}
      table.compare td.unchanged,table.compare td.undecided,table.compare td.only_in_base,
        table.compare td.only_in_new{color:#57606a;text-align:left}
      """;

  /** Click a summary column header to sort by it; numbers as numbers, again to reverse. */
  private static final String SORT_SCRIPT = """
      document.querySelectorAll('table.sortable').forEach(function (t) {
        t.querySelectorAll('th').forEach(function (th, i) {
          th.addEventListener('click', function () {
            var asc = th.getAttribute('aria-sort') !== 'ascending';
            t.querySelectorAll('th').forEach(function (o) { o.removeAttribute('aria-sort'); });
            th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
            var body = t.tBodies[0], rows = Array.prototype.slice.call(body.rows);
            function key(r) { var s = r.cells[i].textContent, n = Number(s);
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
