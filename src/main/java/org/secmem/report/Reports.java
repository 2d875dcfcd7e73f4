package org.secmem.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The whole report of a raw results CSV in one call, for the CLI's {@code chart} command. */
public final class Reports {

  private Reports() {}

  /**
   * Reads {@code rawCsv} once and writes its summary ({@code X-summary.csv}) beside it and its
   * charts into {@code chartDir}.
   *
   * @return every file written: the summary first, then a PNG and an SVG per chart
   */
  public static List<Path> writeSummaryAndCharts(Path rawCsv, Path chartDir, ChartMaker charts)
      throws IOException {
    RawResults raw = RawResults.read(rawCsv);
    List<Path> written = new ArrayList<>();
    Path summary = ReportFiles.summaryFor(rawCsv);
    SummaryWriter.write(raw, summary);
    written.add(summary);
    written.addAll(charts.draw(raw, chartDir));
    return written;
  }

  /** As above, with default charts in {@code X-charts/} beside {@code rawCsv}. */
  public static List<Path> writeSummaryAndCharts(Path rawCsv) throws IOException {
    return writeSummaryAndCharts(
        rawCsv, ReportFiles.chartsFolderFor(rawCsv), ChartMaker.withDefaults());
  }
}
