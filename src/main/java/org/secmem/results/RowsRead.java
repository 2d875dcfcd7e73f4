package org.secmem.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What a results file's reader takes from it, line by line, whatever its format: the rows that can
 * be used, the {@code --sentinel} re-runs kept apart, and the lines left out with why.
 */
final class RowsRead {

  private static final Logger LOG = LogManager.getLogger(RowsRead.class);

  private final String source;
  private final List<RawRow> rows = new ArrayList<>();
  private final List<RawRow> sentinels = new ArrayList<>();
  private final List<RowProblem> problems = new ArrayList<>();

  /** Rows of {@code source}, whose lines {@code leftOut} were left out before it was parsed. */
  RowsRead(String source, List<RowProblem> leftOut) {
    this.source = source;
    problems.addAll(leftOut);
  }

  /** Leaves {@code line} out, saying why. */
  void leaveOut(long line, String why) {
    problems.add(new RowProblem(source, line, why));
  }

  /**
   * Takes {@code cells} (by column name) as the row of {@code line}, or leaves it out when they
   * cannot be used ({@link RawResults#checkCells}).
   */
  void take(long line, Map<String, String> cells) {
    var wrong = RawResults.checkCells(cells);
    if (wrong.isPresent()) {
      leaveOut(line, wrong.get());
      return;
    }
    RawRow row = new RawRow(source, line, cells);
    (row.isSentinel() ? sentinels : rows).add(row);
  }

  List<RowProblem> problems() {
    return problems;
  }

  /**
   * The results under {@code header}, every row with a cell for each of its columns (empty where
   * its line had none); what was left out is logged.
   */
  RawResults results(List<String> header) {
    // Lines left out before parsing come first: in file order with the rest.
    problems.sort(Comparator.comparingLong(RowProblem::line));
    problems.forEach(p -> LOG.warn("{}: left out", p));
    return new RawResults(
        source, header, everyColumn(rows, header), problems, everyColumn(sentinels, header));
  }

  private static List<RawRow> everyColumn(List<RawRow> rows, List<String> header) {
    List<RawRow> out = new ArrayList<>(rows.size());
    for (RawRow r : rows) {
      if (r.cells().keySet().equals(new LinkedHashSet<>(header))) {
        out.add(r);
        continue;
      }
      Map<String, String> cells = new LinkedHashMap<>();
      for (String column : header) {
        cells.put(column, r.get(column));
      }
      out.add(new RawRow(r.source(), r.line(), cells));
    }
    return out;
  }
}
