package org.secmem.seeds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.secmem.results.RawRow;

/**
 * The rules on synthetic results whose verdict is known: a clear gap, a gap inside the runs' noise,
 * a best value on a plateau, a "best" outside the report's range, a shape over the claimed range.
 */
class FindingRulesTest {

  private final List<RawRow> rows = new ArrayList<>();

  /** Runs of one write configuration: stream, n, b (0: none) and its times in ms. */
  private void runs(String stream, long n, long b, double... ms) {
    runsOf("", stream, n, b, ms);
  }

  /** Runs as {@link #runs}, measured by a config line: sweep "configs/x-laptop.csv:12". */
  private void runsOf(String sweep, String stream, long n, long b, double... ms) {
    for (double t : ms) {
      Map<String, String> cells = new LinkedHashMap<>();
      cells.put("experiment", "write");
      cells.put("stream", stream);
      cells.put("n", Long.toString(n));
      cells.put("k", "1");
      cells.put("b", b == 0 ? "" : Long.toString(b));
      cells.put("warmup", "false");
      cells.put("sweep", sweep);
      cells.put("elapsed_ns", Long.toString((long) (t * 1e6)));
      // A zero time (a clock that did not tick) has no rate: the results file leaves it blank.
      cells.put("mib_per_s", t == 0 ? "" : Double.toString(n * 4.0 / (1 << 20) / (t / 1000)));
      rows.add(new RawRow("test", rows.size() + 2, cells));
    }
  }

  /** Runs of one sort configuration at N = n whose floor is {@code floorMs}; 0: none recorded. */
  private void sorts(long n, double floorMs, double... ms) {
    for (double t : ms) {
      Map<String, String> cells = new LinkedHashMap<>();
      cells.put("experiment", "sort");
      cells.put("read_stream", "direct");
      cells.put("n", Long.toString(n));
      cells.put("warmup", "false");
      cells.put("elapsed_ns", Long.toString((long) (t * 1e6)));
      cells.put("floor_ns", floorMs == 0 ? "" : Long.toString((long) (floorMs * 1e6)));
      rows.add(new RawRow("test", rows.size() + 2, cells));
    }
  }

  private Optional<Judgement> floor(String... args) {
    return Rule.parse("about", List.of(args)).judge(Measurements.ofRows(rows), Metric.FLOOR, 42);
  }

  private Judgement judge(String rule, String... args) {
    Optional<Judgement> j =
        Rule.parse(rule, List.of(args)).judge(Measurements.ofRows(rows), Metric.MS, 42);
    assertTrue(j.isPresent(), "no judgement: the configurations are missing");
    return j.get();
  }

  private static String w(String stream, long n) {
    return "experiment=write;stream=" + stream + ";n=" + n;
  }

  private static String w(String stream, long n, long b) {
    return w(stream, n) + ";b=" + b;
  }

  @Test
  void better_agreesOnAClearGap_isWithinNoiseOnOverlappingRuns_andDiffersWhenReversed() {
    runs("buffered", 1000, 0, 10, 10.5, 11);
    runs("simple", 1000, 0, 20, 21, 22);
    runs("mapped", 1000, 0, 9.8, 10.9, 10.2);
    assertEquals(Verdict.AGREES, judge("better", w("buffered", 1000), w("simple", 1000)).verdict());
    assertEquals(
        Verdict.DIFFERS, judge("better", w("simple", 1000), w("buffered", 1000)).verdict());
    Judgement noise = judge("better", w("mapped", 1000), w("buffered", 1000));
    assertEquals(Verdict.WITHIN_NOISE, noise.verdict(), noise.measured());
    assertTrue(noise.measured().contains("95 % interval"), noise.measured());
  }

  /** Issue 45: 0/0 printed "xNaN", as if it were a measured ratio within the noise. */
  @Test
  void better_ofZeroTimes_saysTheRatioIsUndefined_neverNaN() {
    runs("buffered", 1000, 0, 0, 0, 0);
    runs("simple", 1000, 0, 0, 0, 0);
    Judgement j = judge("better", w("buffered", 1000), w("simple", 1000));
    assertFalse(j.measured().contains("NaN"), j.measured());
    assertTrue(j.measured().contains("undefined (the times are zero"), j.measured());
  }

  /** Issue 45: an exponent rule over an empty range (LO > HI) was accepted and judged nothing. */
  @Test
  void exponent_withLoAboveHi_isRefused_namingTheFileAndLine() {
    String line =
        String.join(
            "\t",
            "x1",
            "r",
            "w",
            "f",
            "c",
            "ms",
            "",
            "exponent",
            "n",
            "experiment=write;stream=buffered",
            "0.9",
            "1.1",
            "1000000",
            "1000");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> FindingsFile.parse("f.tsv", List.of("# findings", line)));
    assertTrue(
        e.getMessage().startsWith("f.tsv:2: rule: LO (1000000) is above HI (1000)"),
        e.getMessage());
  }

  @Test
  void better_withOneRunEach_aTwoPercentGapIsWithinNoise_notAnAgreement() {
    runs("buffered", 1000, 0, 10.0);
    runs("simple", 1000, 0, 10.2);
    assertEquals(
        Verdict.WITHIN_NOISE, judge("better", w("buffered", 1000), w("simple", 1000)).verdict());
  }

  @Test
  void better_withASize_differsWhenTheGapIsFarSmallerThanTheReportSays() {
    runs("buffered", 1000, 0, 10, 10.1, 10.2);
    runs("simple", 1000, 0, 20, 20.2, 20.4);
    // x2 measured: "two orders of magnitude" (x100) wants x10 .. x10,000
    Judgement j = judge("better", w("buffered", 1000), w("simple", 1000), "100");
    assertEquals(Verdict.DIFFERS, j.verdict(), j.measured());
    assertEquals(
        Verdict.AGREES, judge("better", w("buffered", 1000), w("simple", 1000), "2.5").verdict());
  }

  /**
   * 003-S4a: the report's x1.23 wants x1.11 .. x1.51; runs that tie (an interval around 1 that
   * excludes the band) differ, runs that straddle the band's edge are within noise.
   */
  @Test
  void better_withASize_judgesTheIntervalAgainstTheSizesBand_evenWhenItHoldsOne() {
    runs("buffered", 1000, 0, 10, 10.1, 10.2);
    runs("simple", 1000, 0, 9.9, 10.1, 10.3);
    Judgement tie = judge("better", w("buffered", 1000), w("simple", 1000), "1.23");
    assertEquals(Verdict.DIFFERS, tie.verdict(), tie.measured());
    assertTrue(tie.measured().contains("excludes the report's x1.23 (x1.11 .. x1.51)"));
    rows.clear();
    runs("buffered", 1000, 0, 10, 10.1, 10.2);
    runs("simple", 1000, 0, 9.5, 11.5, 14);
    Judgement edge = judge("better", w("buffered", 1000), w("simple", 1000), "1.23");
    assertEquals(Verdict.WITHIN_NOISE, edge.verdict(), edge.measured());
    rows.clear();
    runs("buffered", 1000, 0, 10, 10.1, 10.2);
    runs("simple", 1000, 0, 12.2, 12.4, 12.6);
    assertEquals(
        Verdict.AGREES, judge("better", w("buffered", 1000), w("simple", 1000), "1.23").verdict());
  }

  /** Issue 46: a best inside the noise of another value is within noise, not an agreement. */
  @Test
  void best_onAPlateau_whoseRunsOverlapTheBestsRuns_isWithinNoise() {
    // 1 MiB is the argmin, but 32 KiB's runs overlap it: neither is the best beyond the noise.
    runs("user-buffer", 100000, 1024, 30, 31, 32);
    runs("user-buffer", 100000, 32768, 10.1, 10.6, 10.3);
    runs("user-buffer", 100000, 1048576, 9.9, 10.2, 10.5);
    Judgement j = judge("best", "b", w("user-buffer", 100000), "32768", "32768");
    assertEquals(Verdict.WITHIN_NOISE, j.verdict(), j.measured());
    assertTrue(j.measured().contains("within the noise"), j.measured());
  }

  @Test
  void best_agreesWhenTheReportsValueIsAheadOfEveryOtherBeyondTheNoise() {
    runs("user-buffer", 100000, 1024, 30, 31, 32);
    runs("user-buffer", 100000, 32768, 10.0, 10.1, 10.2);
    runs("user-buffer", 100000, 1048576, 12.0, 12.1, 12.2);
    Judgement j = judge("best", "b", w("user-buffer", 100000), "32768", "32768");
    assertEquals(Verdict.AGREES, j.verdict(), j.measured());
    assertTrue(j.measured().contains("ahead beyond the noise"), j.measured());
  }

  /**
   * Issue 46 (000-T6a): the report's tie. Its value 3 % behind the best here, beyond the noise, is
   * within its 5 % tie: agrees, and says so; without the tie it differs; 8 % behind differs.
   */
  @Test
  void best_sittingOnTheReportsTie_agreesCitingIt_andBeyondTheTieDiffers() {
    runs("user-buffer", 100000, 1024, 30, 31, 32);
    runs("user-buffer", 100000, 4096, 10.3, 10.31, 10.32);
    runs("user-buffer", 100000, 262144, 10.0, 10.01, 10.02);
    runs("user-buffer", 100000, 1048576, 10.8, 10.81, 10.82);
    String sel = w("user-buffer", 100000);
    Judgement tied = judge("best", "b", sel, "4096", "-", "tie=5%");
    assertEquals(Verdict.AGREES, tied.verdict(), tied.measured());
    assertTrue(tied.measured().contains("within the report's tie of 5.00 %"), tied.measured());
    assertEquals(Verdict.DIFFERS, judge("best", "b", sel, "4096", "4096").verdict());
    Judgement far = judge("best", "b", sel, "1048576", "-", "tie=5%");
    assertEquals(Verdict.DIFFERS, far.verdict(), far.measured());
    // the report's tied values, listed: the best here is among them, ahead of the rest
    Judgement set = judge("best", "b", sel, "4096|262144|1048576", "-", "tie=5%");
    assertEquals(Verdict.AGREES, set.verdict(), set.measured());
  }

  /** Issue 46 (000-F30d): an interval from x0.46 to x2.07 straddles the tie: within noise. */
  @Test
  void best_whoseIntervalStraddlesTheTie_isWithinNoise() {
    runs("user-buffer", 100000, 1024, 30, 31, 32);
    runs("user-buffer", 100000, 4096, 6, 10, 14);
    runs("user-buffer", 100000, 262144, 7, 9, 13);
    Judgement j = judge("best", "b", w("user-buffer", 100000), "4096", "-", "tie=5%");
    assertEquals(Verdict.WITHIN_NOISE, j.verdict(), j.measured());
  }

  /**
   * Issue 46 (003-S3b): the same configuration measured by two config lines is two configurations,
   * bimodal runs are not pooled, and a rule names its own grid's line; runs of another config file
   * (another report's sweep of the same parameters) are not its own.
   */
  @Test
  void best_judgesItsOwnConfigLine_neverPoolsTwoLines_norAnotherConfigsRuns() {
    String grid = "configs/seed-x-laptop.csv:";
    runsOf(grid + "17", "user-buffer", 100000, 4096, 10.0, 10.1, 10.2);
    runsOf(grid + "18", "user-buffer", 100000, 65536, 12.0, 12.1, 12.2);
    // the size sweep (line 15) measured 64 KiB fast, in another state of the JVM
    runsOf(grid + "15", "user-buffer", 100000, 65536, 5.0, 5.1, 5.2);
    runsOf("configs/seed-y-laptop.csv:3", "user-buffer", 100000, 4096, 4.0, 4.1, 4.2);
    Measurements m = Measurements.ofRows(rows);
    Rule pooled = Rule.parse("best", List.of("b", w("user-buffer", 100000), "4096", "4096"));
    Rule own =
        Rule.parse("best", List.of("b", w("user-buffer", 100000) + ";line>=17", "4096", "4096"));
    Judgement all = pooled.judge(m.measuredBy("seed-x"), Metric.MS, 1).orElseThrow();
    assertEquals(Verdict.DIFFERS, all.verdict(), all.measured());
    assertTrue(all.measured().contains("best b = 64 KiB (5.10 ms"), all.measured());
    Judgement j = own.judge(m.measuredBy("seed-x"), Metric.MS, 1).orElseThrow();
    assertEquals(Verdict.AGREES, j.verdict(), j.measured());
    assertTrue(j.measured().contains("best b = 4 KiB (10.1 ms"), j.measured());
    assertEquals(
        2,
        m.measuredBy("seed-x-full").configurations().stream()
            .filter(c -> c.get("b").equals("65536"))
            .count());
    assertEquals(1, m.measuredBy("seed-y").configurations().size());
  }

  @Test
  void best_differsWhenTheReportsValueIsClearlySlowerThanTheBest() {
    runs("user-buffer", 100000, 1024, 30, 31, 32);
    runs("user-buffer", 100000, 32768, 15, 15.2, 15.4);
    runs("user-buffer", 100000, 1048576, 10.0, 10.1, 10.2);
    Judgement j = judge("best", "b", w("user-buffer", 100000), "32768", "32768");
    assertEquals(Verdict.DIFFERS, j.verdict(), j.measured());
  }

  @Test
  void best_takesTheReportsOwnTolerance() {
    runs("user-buffer", 100000, 32768, 10.4, 10.4, 10.4);
    runs("user-buffer", 100000, 1048576, 10.0, 10.0, 10.0);
    String sel = w("user-buffer", 100000);
    assertEquals(Verdict.DIFFERS, judge("best", "b", sel, "32768", "32768").verdict());
    assertEquals(Verdict.AGREES, judge("best", "b", sel, "32768", "32768", "0.05").verdict());
  }

  @Test
  void best_boundedToTheReportsRange_ignoresABestOutsideIt() {
    runs("user-buffer", 10000000, 1024, 30, 31, 32);
    runs("user-buffer", 10000000, 16384, 10, 10.1, 10.2);
    runs("user-buffer", 10000000, 65536, 12, 12.1, 12.2);
    runs("user-buffer", 10000000, 20000000, 5, 5.1, 5.2);
    String sel = w("user-buffer", 10000000);
    assertEquals(Verdict.DIFFERS, judge("best", "b", sel, "16384", "16384").verdict());
    Judgement j = judge("best", "b", sel + ";b>=1024;b<=1048576", "16384", "16384");
    assertEquals(Verdict.AGREES, j.verdict(), j.measured());
    assertTrue(j.measured().contains("best b = 16 KiB"), j.measured());
  }

  @Test
  void best_whoseReportedValueWasNotMeasured_isNotComparable() {
    runs("user-buffer", 100000, 1024, 30, 31, 32);
    runs("user-buffer", 100000, 65536, 10, 10.1, 10.2);
    assertEquals(
        Verdict.NOT_COMPARABLE,
        judge("best", "b", w("user-buffer", 100000), "512", "512").verdict());
  }

  @Test
  void exponent_judgesTheShape_notTheEnds() {
    // x100 in N, x100 in time: linear; the "2nd-order" claim (exponent above 1.05) differs
    runs("simple", 1000, 0, 1.0, 1.02, 0.98);
    runs("simple", 10000, 0, 10.0, 10.2, 9.8);
    runs("simple", 100000, 0, 100, 102, 98);
    String sel = "experiment=write;stream=simple";
    Judgement lin = judge("exponent", "n", sel, "0.85", "1.15");
    assertEquals(Verdict.AGREES, lin.verdict(), lin.measured());
    assertEquals(Verdict.DIFFERS, judge("exponent", "n", sel, "1.05", "2.5").verdict());
  }

  @Test
  void exponent_overTheClaimedRange_leavesOutTheFixedCostBelowIt() {
    // a fixed cost at small N: over all three the exponent is 0.5, past 10^4 it is 1
    runs("simple", 100, 0, 10, 10.1, 9.9);
    runs("simple", 10000, 0, 10, 10.1, 9.9);
    runs("simple", 1000000, 0, 1000, 1010, 990);
    String sel = "experiment=write;stream=simple";
    assertEquals(Verdict.DIFFERS, judge("exponent", "n", sel, "0.85", "1.15").verdict());
    assertEquals(
        Verdict.AGREES, judge("exponent", "n", sel, "0.85", "1.15", "10000", "*").verdict());
    Judgement none = judge("exponent", "n", sel, "0.85", "1.15", "10000000", "*");
    assertEquals(Verdict.NOT_COMPARABLE, none.verdict(), none.measured());
  }

  @Test
  void falls_steadily_differsOnAStepThatGoesBackBeyondTheNoise() {
    runs("user-buffer", 1000, 1024, 40, 40.2, 40.4);
    runs("user-buffer", 1000, 4096, 20, 20.1, 20.2);
    runs("user-buffer", 1000, 16384, 30, 30.1, 30.2);
    runs("user-buffer", 1000, 65536, 10, 10.1, 10.2);
    String sel = w("user-buffer", 1000);
    assertEquals(Verdict.AGREES, judge("falls", "b", sel).verdict());
    Judgement j = judge("falls", "b", sel, "steadily");
    assertEquals(Verdict.DIFFERS, j.verdict(), j.measured());
    assertTrue(j.measured().contains("not steadily"), j.measured());
  }

  @Test
  void flat_agreesWithinItsTolerance_andDiffersBeyond() {
    runs("user-buffer", 1000, 1024, 10, 10.1, 10.2);
    runs("user-buffer", 1000, 65536, 11, 11.1, 11.2);
    runs("user-buffer", 1000, 1048576, 20, 20.1, 20.2);
    assertEquals(
        Verdict.AGREES,
        judge("flat", w("user-buffer", 1000, 1024), w("user-buffer", 1000, 65536)).verdict());
    assertEquals(
        Verdict.DIFFERS,
        judge("flat", w("user-buffer", 1000, 1024), w("user-buffer", 1000, 1048576)).verdict());
  }

  /**
   * Seed 002 §3.5.3 (002-F324p): a sort that reaches a fifth of its floor is not "95 % of the
   * peak"; one at 93 % is; one whose runs straddle 95 % / 1.25 is within noise.
   */
  @Test
  void about_theShareOfTheFloor_agreesNearTheReportsValue_differsFarFromIt() {
    sorts(1 << 23, 280, 1415, 1466, 1660, 1675, 1706);
    Judgement far = floor("experiment=sort;n=8388608", "0.95").orElseThrow();
    assertEquals(Verdict.DIFFERS, far.verdict(), far.measured());
    assertTrue(far.measured().startsWith("17 % of the floor (95 % interval"), far.measured());
    assertTrue(far.measured().contains("against the report's 95 %;"), far.measured());
    sorts(1 << 22, 280, 298, 301, 303, 306);
    assertEquals(
        Verdict.AGREES, floor("experiment=sort;n=4194304", "0.95").orElseThrow().verdict());
    sorts(1 << 21, 280, 300, 330, 368, 400, 420);
    Judgement edge = floor("experiment=sort;n=2097152", "0.95").orElseThrow();
    assertEquals(Verdict.WITHIN_NOISE, edge.verdict(), edge.measured());
    assertTrue(edge.measured().contains("straddles its edge"), edge.measured());
  }

  /** A sort whose rows record no floor (its file system was never probed) is not judged. */
  @Test
  void about_theFloor_ofRunsWithoutOne_givesNoJudgement_andAValueOfZeroIsRefused() {
    sorts(1 << 23, 0, 1415, 1466, 1660);
    assertFalse(floor("experiment=sort;n=8388608", "0.95").isPresent());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Rule.parse("about", List.of("experiment=sort", "0")));
    assertEquals("VALUE must be above 0, not 0", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> Rule.parse("about", List.of("experiment=sort")));
    assertEquals("about takes S VALUE [TOL] (got 1 argument)", e.getMessage());
  }

  /** Issue 46 (003-S3c, 003-S4d): a ratio whose interval straddles TOL is within noise. */
  @Test
  void flat_whoseIntervalStraddlesItsTolerance_isWithinNoise() {
    runs("user-buffer", 1000, 1024, 10, 10.1, 10.2);
    runs("user-buffer", 1000, 65536, 6, 10, 16);
    Judgement j = judge("flat", w("user-buffer", 1000, 1024), w("user-buffer", 1000, 65536));
    assertEquals(Verdict.WITHIN_NOISE, j.verdict(), j.measured());
    assertTrue(j.measured().contains("straddles its edge"), j.measured());
  }

  /**
   * Issue 46 (004-F5): the exponent's interval inside the range agrees, across an edge is within
   * noise, wholly outside differs.
   */
  @Test
  void exponent_judgesItsInterval_onEachSideOfTheRangesEdges() {
    // time ~ n^1.10, the runs spread: its interval (1.07 .. 1.13) crosses 1.12, not 1.0 or 1.3
    runs("simple", 1000, 0, 1.0, 1.02, 0.98);
    runs("simple", 10000, 0, 11.0, 12.6, 13.0);
    runs("simple", 100000, 0, 140, 158, 180);
    String sel = "experiment=write;stream=simple";
    Judgement straddles = judge("exponent", "n", sel, "1.12", "3");
    assertEquals(Verdict.WITHIN_NOISE, straddles.verdict(), straddles.measured());
    assertEquals(Verdict.WITHIN_NOISE, judge("exponent", "n", sel, "0.85", "1.12").verdict());
    assertEquals(Verdict.AGREES, judge("exponent", "n", sel, "1.0", "1.3").verdict());
    assertEquals(Verdict.DIFFERS, judge("exponent", "n", sel, "1.5", "3").verdict());
    assertEquals(Verdict.DIFFERS, judge("exponent", "n", sel, "0.5", "0.9").verdict());
  }

  @Test
  void aRuleWhoseConfigurationsAreMissing_givesNoJudgement() {
    runs("simple", 1000, 0, 10);
    assertTrue(
        Rule.parse("better", List.of(w("simple", 1000), w("buffered", 1000)))
            .judge(Measurements.ofRows(rows), Metric.MS, 1)
            .isEmpty());
  }

  @Test
  void theSameRunsGiveTheSameInterval() {
    runs("buffered", 1000, 0, 10, 10.5, 11, 12, 9.5);
    runs("simple", 1000, 0, 11, 12, 10, 13, 11.5);
    String a = judge("better", w("buffered", 1000), w("simple", 1000)).measured();
    assertEquals(a, judge("better", w("buffered", 1000), w("simple", 1000)).measured());
  }
}
