package org.secmem.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The names of the files written beside a raw results CSV {@code X.csv}: {@code X-summary.csv},
 * {@code X-environment.txt}, the chart folder {@code X-charts/} and the report page {@code
 * X-report.html}; after {@code secmem compare BASE X.csv} (or {@code run --baseline}) also {@code
 * X-comparison.csv} and the chart {@code X-charts/compare-ratio.png} and {@code .svg}.
 */
public final class ReportFiles {

  private ReportFiles() {}

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

  /**
   * How {@code charts} are described to the user: {@code "3 charts, PNG and SVG"}, or {@code "3
   * charts, SVG only (…)"} where this JVM could draw no PNG.
   */
  public static String describeCharts(List<DrawnChart> charts) {
    long svg = charts.size();
    long png = charts.stream().filter(c -> c.png().isPresent()).count();
    String text = svg + (svg == 1 ? " chart" : " charts");
    if (png >= svg) {
      return text + ", PNG and SVG";
    }
    return text
        + (png == 0 ? ", SVG only" : ", " + png + " of them also PNG")
        + ": this JVM could not draw PNG, its font or graphics libraries are missing (e.g."
        + " libfreetype6, libfontconfig1 or libharfbuzz0b; the log says which)";
  }
}
