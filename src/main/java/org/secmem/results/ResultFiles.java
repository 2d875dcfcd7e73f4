package org.secmem.results;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The names of the files written beside a raw results CSV {@code X.csv}: {@code X-summary.csv},
 * {@code X-environment.txt}, the chart folder {@code X-charts/} and the report page {@code
 * X-report.html}; after {@code secmem compare BASE X.csv} (or {@code run --baseline}) also {@code
 * X-comparison.csv} and the chart {@code X-charts/compare-ratio.png} and {@code .svg}.
 */
public final class ResultFiles {

  private ResultFiles() {}

  /** {@code results/X.csv} → {@code results/X-summary.csv}. */
  public static Path summaryFor(Path rawCsv) {
    return beside(rawCsv, "-summary.csv");
  }

  /** {@code results/X.csv} → {@code results/X-environment.txt}. */
  public static Path environmentFor(Path rawCsv) {
    return beside(rawCsv, "-environment.txt");
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
    String stem =
        name.toLowerCase(Locale.ROOT).endsWith(".csv")
            ? name.substring(0, name.length() - 4)
            : name;
    return rawCsv.resolveSibling(stem + suffix);
  }
}
