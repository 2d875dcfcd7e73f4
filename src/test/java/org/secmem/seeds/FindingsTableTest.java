package org.secmem.seeds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.secmem.results.RawRow;

/** The findings file's lines and the table: first line that judges, conditions, the count line. */
class FindingsTableTest {

  private static RawRow run(String stream, double ms) {
    Map<String, String> cells = new LinkedHashMap<>();
    cells.put("experiment", "read");
    cells.put("stream", stream);
    cells.put("n", "1000");
    cells.put("elapsed_ns", Long.toString((long) (ms * 1e6)));
    return new RawRow("t", 2, cells);
  }

  private static final String HEADER =
      "id\treport\twhere\tfinding\tconfig\tmetric\tconditions\trule";

  private static Measurements measured() {
    List<RawRow> rows = new ArrayList<>();
    for (double t : new double[] {10, 10.2, 10.4}) {
      rows.add(run("buffered", t));
      rows.add(run("simple", t * 20));
    }
    return Measurements.ofRows(rows);
  }

  @Test
  void theFirstLineWhoseConfigurationsAreMeasured_judges_andConditionsMakeItNotComparable() {
    List<Finding> findings =
        FindingsFile.parse(
            "f.tsv",
            List.of(
                "# comment",
                HEADER,
                "X-1\t000\tFig. 1\tBuffer beats Simple\tseed-full\tms\t\tbetter\tstream=mapped"
                    + "\tstream=simple",
                "X-1\t000\tFig. 1\tBuffer beats Simple\tseed\tms\t\tbetter\tstream=buffered"
                    + "\tstream=simple\t\t",
                "X-2\t000\tFig. 2\tSimple beats Buffer\tseed\tms\t\tbetter\tstream=simple"
                    + "\tstream=buffered",
                "X-3\t001\tTable 3\tneeds a disk\tseed\tms\tboth cached here\tbetter"
                    + "\tstream=buffered\tstream=simple",
                "X-4\t001\tTable 4\tnot run\tseed-other\tms\t\tbetter\tstream=user-buffer"
                    + "\tstream=simple"));
    FindingsTable table = FindingsTable.judge(findings, measured());
    List<FindingsTable.Row> rows = table.rows();
    assertEquals(4, rows.size());
    assertEquals(Verdict.AGREES, rows.get(0).judgement().orElseThrow().verdict());
    assertEquals(Verdict.DIFFERS, rows.get(1).judgement().orElseThrow().verdict());
    assertEquals(Verdict.NOT_COMPARABLE, rows.get(2).judgement().orElseThrow().verdict());
    assertTrue(rows.get(2).judgement().orElseThrow().measured().endsWith("; both cached here"));
    assertTrue(rows.get(3).judgement().isEmpty());
    String md = table.markdown(false);
    assertTrue(
        md.endsWith(
            "2 findings checked: 1 agree, 0 within noise, 1 differ; 1 not comparable here (the"
                + " configs do not reproduce their conditions); 1 not in these results (--all"
                + " lists them).\n"),
        md);
    assertTrue(table.markdown(true).contains("not measured: run configs/seed-other-*.csv"));
  }

  @Test
  void aBadLine_isNamedByFileLineAndField() {
    IllegalArgumentException rule =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                FindingsFile.parse(
                    "f.tsv", List.of(HEADER, "X\tr\tw\tt\tc\tms\t\tbest\tb\tstream=simple\t1")));
    assertTrue(
        rule.getMessage().startsWith("f.tsv:2: rule: best takes P S LO HI [TOL]"),
        rule.getMessage());
    IllegalArgumentException column =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                FindingsFile.parse(
                    "f.tsv", List.of("X\tr\tw\tt\tc\tms\t\tbetter\tstreem=simple\tstream=simple")));
    assertTrue(
        column.getMessage().startsWith("f.tsv:1: rule: argument 1: 'streem=simple': no column"),
        column.getMessage());
    IllegalArgumentException metric =
        assertThrows(
            IllegalArgumentException.class,
            () -> FindingsFile.parse("f.tsv", List.of("X\tr\tw\tt\tc\tsecs\t\tbetter\ta=1\tb=2")));
    assertTrue(metric.getMessage().startsWith("f.tsv:1: metric: 'secs'"), metric.getMessage());
  }
}
