package org.secmem.report.page;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.report.chart.DrawnChart;

/**
 * What {@link Reports#write} wrote beside a results file: its summary, and its charts as drawn.
 *
 * @param summary the summary CSV
 * @param charts the charts, in plan order; empty when nothing was swept
 */
public record SummaryAndCharts(Path summary, List<DrawnChart> charts) {

  public SummaryAndCharts {
    charts = List.copyOf(charts);
  }

  /** Every file written: the summary first, then each chart's PNG (where drawn) and SVG. */
  public List<Path> files() {
    List<Path> out = new ArrayList<>();
    out.add(summary);
    out.addAll(DrawnChart.files(charts));
    return out;
  }
}
