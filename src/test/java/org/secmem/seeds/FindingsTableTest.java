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
            "2 findings checked by one method, not settled across methods: 1 agree, 0 within"
                + " noise, 1 differ; 1 not comparable here (the"
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

  /** Runs of buffered and simple reads, simple {@code x} times slower; {@code spread} of noise. */
  private static Measurements method(double x, double spread) {
    List<RawRow> rows = new ArrayList<>();
    for (double d : new double[] {-spread, 0, spread, -spread / 2, spread / 2}) {
      rows.add(run("buffered", 10 * (1 + d)));
      rows.add(run("simple", 10 * x * (1 - d)));
    }
    return Measurements.ofRows(rows);
  }

  private static final List<String> SETTLING =
      List.of(
          HEADER,
          "S-1\t000\tFig. 1\tBuffer beats Simple\tseed\tms\t\tbetter\tstream=buffered"
              + "\tstream=simple",
          "S-2\t000\tFig. 2\tSimple beats Buffer\tseed\tms\t\tbetter\tstream=simple"
              + "\tstream=buffered",
          "S-3\t000\tFig. 3\tBuffer and Simple the same\tseed\tms\t\tflat\tstream=buffered"
              + "\tstream=simple");

  private static Map<String, Verdict> verdicts(FindingsTable table) {
    Map<String, Verdict> v = new LinkedHashMap<>();
    table
        .rows()
        .forEach(r -> v.put(r.finding().id(), r.judgement().map(Judgement::verdict).orElse(null)));
    return v;
  }

  /**
   * Two methods that see simple reads 20 times slower settle every finding: the one that agrees
   * under both agrees, the one that differs under both differs, flat differs under both.
   */
  @Test
  void findingsJudgedAlikeByTwoMethods_areSettled() {
    FindingsTable table =
        FindingsTable.judge(
            FindingsFile.parse("f.tsv", SETTLING),
            orderedMap("shared JVM", method(20, 0.02), "forked", method(18, 0.02)));
    assertEquals(
        Map.of("S-1", Verdict.AGREES, "S-2", Verdict.DIFFERS, "S-3", Verdict.DIFFERS),
        verdicts(table));
    FindingsTable.Row row = table.rows().get(0);
    assertEquals(
        List.of("shared JVM", "forked"),
        row.byMethod().stream().map(FindingsTable.MethodJudgement::method).toList());
    String measured = row.judgement().orElseThrow().measured();
    assertTrue(measured.startsWith("**shared JVM**: "), measured);
    assertTrue(measured.contains("<br>**forked**: "), measured);
    assertTrue(
        table
            .markdown(false)
            .endsWith(
                "3 findings checked across 2 methods (shared JVM; forked): 1 agree, 0 within"
                    + " noise, 2 differ, 0 unsettled.\n"),
        table.markdown(false));
  }

  /**
   * A finding that agrees under one method and differs under the other is unsettled, and so is one
   * that agrees under one and is within noise under the other: a verdict one honest method gives
   * and another does not is not this machine's. The row shows each method's figure and verdict; the
   * count line gives the settled split.
   */
  @Test
  void findingsJudgedApartByTwoMethods_areUnsettled_withEachMethodsFigure() {
    List<Finding> findings = FindingsFile.parse("f.tsv", SETTLING);
    // Simple 1.1 times slower, tight: Buffer beats it (S-1 agrees, S-2 differs, S-3 flat agrees);
    // simple 0.9 times (faster): S-1 differs, S-2 agrees, S-3 flat agrees.
    FindingsTable flipped =
        FindingsTable.judge(
            findings, orderedMap("shared JVM", method(1.1, 0.01), "forked", method(0.9, 0.01)));
    assertEquals(
        Map.of("S-1", Verdict.UNSETTLED, "S-2", Verdict.UNSETTLED, "S-3", Verdict.AGREES),
        verdicts(flipped));
    String measured = flipped.rows().get(0).judgement().orElseThrow().measured();
    assertTrue(measured.startsWith("**shared JVM** (agrees): "), measured);
    assertTrue(measured.contains("<br>**forked** (differs): "), measured);
    // Simple 1.1 times slower but noisy under the second method: within noise there.
    FindingsTable noisy =
        FindingsTable.judge(
            findings, orderedMap("shared JVM", method(1.1, 0.01), "forked", method(1.1, 0.6)));
    assertEquals(Verdict.WITHIN_NOISE, noisy.rows().get(0).byMethod().get(1).judgement().verdict());
    assertEquals(Verdict.UNSETTLED, verdicts(noisy).get("S-1"));
    assertTrue(
        noisy
            .markdown(false)
            .contains("3 findings checked across 2 methods (shared JVM; forked): "),
        noisy.markdown(false));
    String count = flipped.markdown(false).lines().reduce((a, b) -> b).orElseThrow();
    assertEquals(
        "3 findings checked across 2 methods (shared JVM; forked): 1 agree, 0 within noise, 0"
            + " differ, 2 unsettled.",
        count);
  }

  /** A finding only one method measured keeps that method's verdict and names the other. */
  @Test
  void aFindingOneMethodDidNotMeasure_namesIt() {
    List<RawRow> other = List.of(run("mapped", 1), run("mapped", 1.1), run("mapped", 1.2));
    FindingsTable table =
        FindingsTable.judge(
            FindingsFile.parse("f.tsv", SETTLING),
            orderedMap("shared JVM", method(20, 0.02), "forked", Measurements.ofRows(other)));
    assertEquals(Verdict.AGREES, verdicts(table).get("S-1"));
    String measured = table.rows().get(0).judgement().orElseThrow().measured();
    assertTrue(measured.endsWith("<br>**forked**: not measured"), measured);
  }

  /**
   * Every method is judged on the same line of a finding, the first any method measures: a method
   * that measured only a later line's configurations is "not measured", never settled against
   * another comparison.
   */
  @Test
  void everyMethod_isJudgedOnTheSameLine() {
    List<Finding> findings =
        FindingsFile.parse(
            "f.tsv",
            List.of(
                HEADER,
                "L-1\t000\tFig. 1\tBuffer beats Simple\tseed\tms\t\tbetter\tstream=buffered"
                    + "\tstream=simple",
                "L-1\t000\tFig. 1\tBuffer beats Simple\tseed\tms\t\tbetter\tstream=mapped"
                    + "\tstream=simple"));
    List<RawRow> other = new ArrayList<>();
    for (double t : new double[] {10, 10.2, 10.4}) {
      other.add(run("mapped", t * 30));
      other.add(run("simple", t));
    }
    FindingsTable table =
        FindingsTable.judge(
            findings,
            orderedMap("second line only", Measurements.ofRows(other), "both", method(20, 0.02)));
    FindingsTable.Row row = table.rows().get(0);
    assertEquals(2, row.finding().line(), "the first line, which the second method measured");
    assertEquals(Verdict.AGREES, row.judgement().orElseThrow().verdict());
    assertEquals(
        List.of("both"),
        row.byMethod().stream().map(FindingsTable.MethodJudgement::method).toList());
    assertTrue(
        row.judgement().orElseThrow().measured().endsWith("<br>**second line only**: not measured"),
        row.judgement().orElseThrow().measured());
  }

  private static Map<String, Measurements> orderedMap(
      String a, Measurements ma, String b, Measurements mb) {
    Map<String, Measurements> m = new LinkedHashMap<>();
    m.put(a, ma);
    m.put(b, mb);
    return m;
  }
}
