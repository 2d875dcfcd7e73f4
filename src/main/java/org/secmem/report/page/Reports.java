package org.secmem.report.page;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.report.chart.ChartMaker;
import org.secmem.report.chart.DrawnChart;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;
import org.secmem.results.RowProblem;

/** The whole report of a raw results CSV in one call, for the CLI's {@code chart} command. */
public final class Reports {

  /** Malformed lines named one by one on the terminal; the rest are counted (all are logged). */
  public static final int PROBLEMS_SHOWN = 5;

  private Reports() {}

  /**
   * Reads {@code rawCsv} once and writes its summary ({@code X-summary.csv}) beside it and its
   * charts into {@code chartDir}. Malformed rows are left out (see {@link RawResults}).
   *
   * @return the summary and the charts drawn
   */
  public static SummaryAndCharts writeSummaryAndCharts(
      Path rawCsv, Path chartDir, ChartMaker charts) throws IOException {
    return write(RawResults.read(rawCsv), rawCsv, chartDir, charts);
  }

  /** As above, with default charts in {@code X-charts/} beside {@code rawCsv}. */
  public static SummaryAndCharts writeSummaryAndCharts(Path rawCsv) throws IOException {
    return writeSummaryAndCharts(
        rawCsv, ResultFiles.chartsFolderFor(rawCsv), ChartMaker.withDefaults());
  }

  /**
   * Writes the summary of {@code raw}, read from {@code rawCsv}, beside that file and its charts
   * into {@code chartDir}.
   *
   * @return the summary and the charts drawn
   */
  public static SummaryAndCharts write(
      RawResults raw, Path rawCsv, Path chartDir, ChartMaker charts) throws IOException {
    Path summary = ResultFiles.summaryFor(rawCsv);
    SummaryWriter.write(raw, summary);
    return new SummaryAndCharts(summary, charts.draw(raw, chartDir));
  }

  /**
   * Writes the report page ({@code X-report.html}, see {@link ReportPage}) beside {@code rawCsv},
   * after its summary and charts: {@code charts} are those {@link #write} drew (none when it
   * failed). Kept apart from {@link #write} so that a page that cannot be written never hides the
   * summary and charts that were.
   *
   * @return the page written
   */
  public static Path writePage(RawResults raw, Path rawCsv, List<DrawnChart> charts)
      throws IOException {
    return ReportPage.write(raw, rawCsv, charts);
  }

  /**
   * The lines to show for the rows {@code raw} left out: the first {@link #PROBLEMS_SHOWN} as
   * {@code file:line: what}, then how many more; nothing when every row is fine.
   */
  public static List<String> describeProblems(RawResults raw) {
    List<RowProblem> problems = raw.problems();
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < Math.min(PROBLEMS_SHOWN, problems.size()); i++) {
      RowProblem p = problems.get(i);
      lines.add(p.source() + ":" + p.line() + ": left out: " + p.what());
    }
    if (problems.size() > PROBLEMS_SHOWN) {
      long more = (long) problems.size() - PROBLEMS_SHOWN;
      lines.add(
          raw.source()
              + ": "
              + more
              + " more malformed "
              + (more == 1 ? "line" : "lines")
              + " left out (each is named in the log)");
    }
    if (!problems.isEmpty()) {
      lines.add(
          raw.source()
              + ": "
              + raw.rows().size()
              + " of "
              + (raw.rows().size() + problems.size())
              + " rows used; "
              + problems.size()
              + " malformed");
    }
    return lines;
  }
}
