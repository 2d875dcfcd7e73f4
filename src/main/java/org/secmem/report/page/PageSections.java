package org.secmem.report.page;

import static org.secmem.report.chart.HtmlText.esc;
import static org.secmem.report.chart.HtmlText.link;
import static org.secmem.report.page.ReportPage.FLUSH_KEY;
import static org.secmem.report.page.ReportPage.FORKS_KEY;
import static org.secmem.report.page.ReportPage.ORDER_SEED_KEY;
import static org.secmem.report.page.ReportPage.PARAM_FILE_KEY;
import static org.secmem.report.page.ReportPage.RUN_ORDER_KEY;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.report.chart.ChartPainter;
import org.secmem.report.chart.DrawnChart;
import org.secmem.report.comparison.Comparison;
import org.secmem.report.comparison.ComparisonChart;
import org.secmem.report.comparison.ComparisonFile;
import org.secmem.report.comparison.ComparisonTable;
import org.secmem.report.drift.DriftWarnings;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumns;
import org.secmem.results.ResultFiles;

/**
 * The sections of the report page as HTML: the command and its parameter files, "how measured", an
 * experiment's summary table, drift warnings, the comparison with a baseline and the environment
 * record. The page's frame, order and charts are {@link ReportPage}'s and {@link PageCharts}'.
 */
final class PageSections {

  /** The page's logger: what a section logs reads as the page's. */
  private static final Logger LOG = LogManager.getLogger(ReportPage.class);

  private PageSections() {}

  /**
   * "Compared with BASE": the table of the compare CSV beside the results ({@link ComparisonFile}),
   * its summary line and the ratio chart; a compare file that cannot be read is a note, never a
   * page that is not written.
   */
  static void compareSection(StringBuilder h, Path page, Path rawCsv, int chartNo)
      throws IOException {
    Path file = ResultFiles.compareFor(rawCsv);
    ComparisonFile.Contents c;
    try {
      c = ComparisonFile.read(file);
    } catch (IOException | RuntimeException e) {
      LOG.warn("report page: cannot read the comparison {}", file, e);
      h.append(
              "<h2 id=\"compare\">Compared with a baseline</h2>\n<p class=\"note\">The"
                  + " comparison file cannot be read: ")
          .append(esc(String.valueOf(e.getMessage())))
          .append("</p>\n");
      return;
    }
    h.append("<section class=\"compare\">\n<h2 id=\"compare\">Compared with ")
        .append(esc(c.baseFile().isEmpty() ? "a baseline" : c.baseFile()))
        .append("</h2>\n");
    h.append("<p class=\"files\">");
    link(h, page, file, file.getFileName().toString());
    h.append("</p>\n<p>BASE: <code>")
        .append(esc(c.baseFile()))
        .append("</code>")
        .append(" · NEW: <code>")
        .append(esc(c.newFile()))
        .append("</code>");
    if (!c.comparedBy().isEmpty()) {
      h.append(" · compared by <code>").append(esc(c.comparedBy())).append("</code>");
    }
    h.append("</p>\n");
    h.append("<p class=\"summary-line\"><b>")
        .append(esc(Comparison.Summary.of(c.rows()).line("\u00d7")))
        .append("</b></p>\n");
    String level = Double.isNaN(c.level()) ? "" : ChartPainter.number(c.level() * 100) + "% ";
    h.append("<div class=\"scroll\"><table class=\"summary sortable compare\">\n<thead><tr>");
    for (String col :
        List.of(
            "configuration",
            "BASE median ms",
            "± MAD",
            "NEW median ms",
            "± MAD",
            "NEW/BASE",
            level + "interval",
            "verdict")) {
      h.append("<th title=\"click to sort\">").append(esc(col)).append("</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    for (Comparison.Row r : c.rows()) {
      h.append("<tr><td class=\"label\">").append(esc(r.label())).append("</td>");
      sampleCells(h, r.base());
      sampleCells(h, r.next());
      h.append("<td>")
          .append(esc(ComparisonTable.ratio(r.ratio())))
          .append("</td><td>")
          .append(
              Double.isNaN(r.low())
                  ? ""
                  : esc(
                      "["
                          + ComparisonTable.ratio(r.low())
                          + ", "
                          + ComparisonTable.ratio(r.high())
                          + "]"))
          .append("</td><td class=\"")
          .append(r.verdict().csvName())
          .append("\">")
          .append(esc(r.verdictText("\u00d7")))
          .append("</td></tr>\n");
    }
    h.append("</tbody></table></div>\n");
    h.append(
        "<p class=\"note\">Medians of the measured runs (warm-ups left out), ± their median"
            + " absolute deviation; the interval is a bootstrap interval of the ratio of medians:"
            + " a difference is significant when it excludes 1.</p>\n");
    Path png = ResultFiles.compareChartPngFor(rawCsv);
    Path svg = ResultFiles.compareChartSvgFor(rawCsv);
    if (Files.isRegularFile(png) || Files.isRegularFile(svg)) {
      PageCharts.chart(
          h,
          page,
          new DrawnChart(
              ComparisonChart.title(c.level()),
              "",
              ResultFiles.COMPARE_CHART_STEM,
              svg,
              Files.isRegularFile(png) ? Optional.of(png) : Optional.empty()),
          chartNo);
    }
    h.append("</section>\n");
  }

  private static void sampleCells(StringBuilder h, Comparison.Sample s) {
    if (s == null || s.n() == 0) {
      h.append("<td></td><td></td>");
      return;
    }
    int d = ComparisonTable.decimals(s.median());
    h.append("<td>")
        .append(Numbers.fixed(s.median(), d))
        .append("</td><td>")
        .append(Numbers.fixed(s.mad(), d))
        .append("</td>");
  }

  /** The command and the lines of each parameter file it ran, numbered. */
  static void commandSection(StringBuilder h, Map<String, String> env) {
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
          h.append("<span class=\"ln\">")
              .append(l + 1)
              .append("</span>")
              .append(esc(ls[l]))
              .append('\n');
        }
        h.append("</pre>\n");
      }
    }
  }

  /**
   * "How measured": runs and warm-ups, repetitions, cache and sync, the order of the runs, the JVM,
   * the machine, the data folder and when.
   */
  static void howMeasured(
      StringBuilder h,
      RawResults raw,
      Map<String, String> env,
      List<List<String>> summaryRows,
      List<String> header) {
    h.append("<h2 id=\"how\">How measured</h2>\n<ul class=\"how\">\n");
    long warmups = raw.rows().stream().filter(RawRow::isWarmup).count();
    int measured = raw.rows().size() - (int) warmups;
    item(
        h,
        "runs",
        measured
            + " measured, "
            + warmups
            + " warm-up"
            + (warmups == 1 ? "" : "s")
            + " (flagged in the results, left out of summary and charts)");
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
        item(
            h,
            "repetitions per configuration",
            reps.first().equals(reps.last())
                ? reps.first().toString()
                : reps.first() + " to " + reps.last());
      }
    }
    item(h, "cache before each timed run", distinct(raw, ResultColumns.CACHE));
    item(h, "sync (forced to storage before the clock stops)", distinct(raw, ResultColumns.SYNC));
    String order = env.get(RUN_ORDER_KEY);
    if (order != null) {
      String forks = env.getOrDefault(FORKS_KEY, "0");
      item(
          h,
          "order of the runs",
          order
              + ("sequential".equals(order)
                  ? ""
                  : " (seed " + env.getOrDefault(ORDER_SEED_KEY, "?") + ")")
              + ("true".equals(env.get(FLUSH_KEY))
                  ? "; dirty pages written back before each run"
                  : "; dirty pages not written back (--no-flush)")
              + ("0".equals(forks)
                  ? "; all in one JVM"
                  : "; each configuration in "
                      + forks
                      + " fresh JVM"
                      + ("1".equals(forks) ? "" : "s")
                      + " (--fork)")
              + (raw.sentinels().isEmpty()
                  ? ""
                  : "; " + raw.sentinels().size() + " sentinel runs, kept apart"));
    }
    item(
        h,
        "JVM",
        env.getOrDefault("jvm.name", "?")
            + " "
            + env.getOrDefault("jvm.version", "?")
            + ", max heap "
            + bytes(env.get("jvm.max_heap_bytes"))
            + ", arguments: "
            + jvmArguments(env.getOrDefault("jvm.input_arguments", "?")));
    item(
        h,
        "machine",
        env.getOrDefault("cpu.model", "?")
            + ", "
            + env.getOrDefault("cpu.available_processors", "?")
            + " processors, memory "
            + bytes(env.get("mem.total_bytes"))
            + ", "
            + env.getOrDefault("os.name", "?")
            + " "
            + env.getOrDefault("kernel", "?"));
    item(
        h,
        "data",
        env.getOrDefault("data.dir", "?")
            + " ("
            + env.getOrDefault("fs.type", "?")
            + ", block "
            + env.getOrDefault("fs.block_size_bytes", "?")
            + " bytes)");
    item(
        h,
        "when",
        env.getOrDefault("time", "?")
            + ", secmem "
            + env.getOrDefault("secmem.version", "?")
            + ", commit "
            + env.getOrDefault("git.commit", "?"));
    h.append("</ul>\n");
  }

  /** The options that open the JDK's modules to another engine (an engine may need dozens). */
  private static final List<String> MODULE_OPTIONS =
      List.of("--add-opens", "--add-exports", "--add-reads", "--add-modules");

  /**
   * A JVM's arguments for the "how measured" line: the module options another engine needs (a wall
   * of {@code --add-opens} for an engine) counted, not listed; the environment record has them all.
   */
  static String jvmArguments(String arguments) {
    List<String> kept = new ArrayList<>();
    Set<String> kinds = new LinkedHashSet<>();
    int modules = 0;
    String[] words = arguments.trim().split("\\s+");
    for (int i = 0; i < words.length; i++) {
      String w = words[i];
      String option = MODULE_OPTIONS.stream().filter(o -> w.startsWith(o)).findFirst().orElse("");
      if (option.isEmpty()) {
        if (!w.isEmpty()) {
          kept.add(w);
        }
        continue;
      }
      modules++;
      kinds.add(option);
      if (w.equals(option) && i + 1 < words.length) {
        i++; // its value, the next word
      }
    }
    if (modules == 0) {
      return arguments;
    }
    String rest = kept.isEmpty() ? "" : String.join(" ", kept) + " and ";
    return rest
        + modules
        + " module option"
        + (modules == 1 ? "" : "s")
        + " ("
        + String.join(", ", kinds)
        + "; all in the environment record below)";
  }

  /**
   * The drift warnings of the runs ({@link DriftWarnings}): what moved while the sweep ran, or that
   * nothing did.
   */
  static void driftSection(StringBuilder h, RawResults raw) {
    h.append("<h3 id=\"drift\">Drift</h3>\n");
    List<String> lines;
    try {
      lines = DriftWarnings.of(raw);
    } catch (RuntimeException e) {
      LOG.error("No drift warnings", e);
      h.append("<p class=\"note\">No drift check: ")
          .append(esc(String.valueOf(e.getMessage())))
          .append("</p>\n");
      return;
    }
    if (lines.isEmpty()) {
      h.append(
          "<p class=\"note\">No drift: no configuration's runs moved beyond their noise while"
              + " the sweep ran (or too few runs to tell).</p>\n");
      return;
    }
    h.append("<ul class=\"drift\">\n");
    lines.forEach(l -> h.append("<li>").append(esc(l)).append("</li>\n"));
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

  /** The whole environment record but the parameter files' lines, or a note that there is none. */
  static void environmentSection(StringBuilder h, Map<String, String> env) {
    h.append("<h2 id=\"environment\">Environment</h2>\n");
    if (env.isEmpty()) {
      h.append("<p class=\"note\">No environment record beside the results file.</p>\n");
    } else {
      h.append("<table class=\"env\">\n");
      env.forEach(
          (k, v) -> {
            if (!k.startsWith(PARAM_FILE_KEY)) {
              h.append("<tr><th>")
                  .append(esc(k))
                  .append("</th><td>")
                  .append(esc(v))
                  .append("</td></tr>\n");
            }
          });
      h.append("</table>\n");
    }
  }
}
