package org.secmem.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

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

  /**
   * The raw results file {@code given} names: itself, or, for a folder (each command writes its
   * results into one of its own), the one raw results file in it.
   *
   * @param label how messages name it ("BASE", "NEW"), or "" for none
   * @throws IllegalArgumentException saying why, when a folder holds none, or several to choose
   *     from, or cannot be listed
   */
  public static Path rawResultsIn(Path given, String label) {
    if (!Files.isDirectory(given)) {
      return given;
    }
    String name = (label.isEmpty() ? "" : label + " ") + given;
    List<Path> raw;
    try (Stream<Path> files = Files.list(given)) {
      raw = files.filter(ResultFiles::isRawResults).sorted().toList();
    } catch (IOException e) {
      throw new IllegalArgumentException(
          name + ": the folder cannot be listed: " + e.getMessage(), e);
    }
    if (raw.size() == 1) {
      return raw.get(0);
    }
    throw new IllegalArgumentException(
        name
            + (raw.isEmpty()
                ? " is a folder with no raw results file in it (X.csv or X.jsonl)"
                : " is a folder with "
                    + raw.size()
                    + " raw results files: name one ("
                    + String.join(", ", raw.stream().map(p -> p.getFileName().toString()).toList())
                    + ")"));
  }

  /**
   * A raw results file by its name: CSV or JSON Lines, not a summary, comparison or sessions file
   * ({@link ResultFiles#sessionsFor}, JSON Lines as well) beside one.
   */
  public static boolean isRawResults(Path p) {
    String name = p.getFileName().toString();
    return Files.isRegularFile(p)
        && (name.endsWith(".csv") || ResultFormat.ofFile(p) == ResultFormat.JSON_LINES)
        && !name.endsWith("-summary.csv")
        && !name.endsWith("-comparison.csv")
        && !name.endsWith(ResultFiles.SESSIONS_SUFFIX);
  }
}
