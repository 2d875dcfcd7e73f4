package org.secmem.results;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The names of the files written beside a raw results file {@code X.csv} (or {@code X.jsonl}, whose
 * files are named the same way: {@code X-summary.csv} ...): {@code X-summary.csv}, {@code
 * X-environment.txt} (the last session's environment record), {@code X-sessions.jsonl} (every
 * session's), the chart folder {@code X-charts/} and the report page {@code X-report.html}; after
 * {@code secmem compare BASE X.csv} (or {@code run --baseline}) also {@code X-comparison.csv} and
 * the chart {@code X-charts/compare-ratio.png} and {@code .svg}.
 */
public final class ResultFiles {

  /** What {@link #sessionsFor} puts after X. */
  public static final String SESSIONS_SUFFIX = "-sessions.jsonl";

  private ResultFiles() {}

  /** {@code results/X.csv} → {@code results/X-summary.csv}. */
  public static Path summaryFor(Path rawCsv) {
    return beside(rawCsv, "-summary.csv");
  }

  /** {@code results/X.csv} → {@code results/X-environment.txt}. */
  public static Path environmentFor(Path rawCsv) {
    return beside(rawCsv, "-environment.txt");
  }

  /**
   * {@code results/X.csv} → {@code results/X-sessions.jsonl}: the environment record of every
   * session that wrote rows to X, one JSON object a line, each with the {@code session} its rows
   * carry, to join them on.
   */
  public static Path sessionsFor(Path rawCsv) {
    return beside(rawCsv, SESSIONS_SUFFIX);
  }

  /** {@code results/X.csv} → {@code results/X-charts}, the default folder for charts. */
  public static Path chartsFolderFor(Path rawCsv) {
    return beside(rawCsv, "-charts");
  }

  /** {@code results/X.csv} → {@code results/X-report.html}, the one page to open. */
  public static Path pageFor(Path rawCsv) {
    return beside(rawCsv, "-report.html");
  }

  /** {@code results/X.csv} → {@code results/X-comparison.csv}: X compared with a baseline. */
  public static Path compareFor(Path rawCsv) {
    return beside(rawCsv, "-comparison.csv");
  }

  /** The file name, without extension, of the comparison chart in the charts folder. */
  public static final String COMPARE_CHART_STEM = "compare-ratio";

  /** {@code results/X.csv} → {@code results/X-charts/compare-ratio.png}. */
  public static Path compareChartPngFor(Path rawCsv) {
    return chartsFolderFor(rawCsv).resolve(COMPARE_CHART_STEM + ".png");
  }

  /** {@code results/X.csv} → {@code results/X-charts/compare-ratio.svg}. */
  public static Path compareChartSvgFor(Path rawCsv) {
    return chartsFolderFor(rawCsv).resolve(COMPARE_CHART_STEM + ".svg");
  }

  private static Path beside(Path rawCsv, String suffix) {
    String name = rawCsv.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    String stem = name;
    for (String extension : List.of(".csv", ".jsonl", ".ndjson")) {
      if (lower.endsWith(extension)) {
        stem = name.substring(0, name.length() - extension.length());
        break;
      }
    }
    return rawCsv.resolveSibling(stem + suffix);
  }
}
