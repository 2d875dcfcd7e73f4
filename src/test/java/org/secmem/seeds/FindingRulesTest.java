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
    for (double t : ms) {
      Map<String, String> cells = new LinkedHashMap<>();
      cells.put("experiment", "write");
      cells.put("stream", stream);
      cells.put("n", Long.toString(n));
      cells.put("k", "1");
      cells.put("b", b == 0 ? "" : Long.toString(b));
      cells.put("warmup", "false");
      cells.put("elapsed_ns", Long.toString((long) (t * 1e6)));
      // A zero time (a clock that did not tick) has no rate: the results file leaves it blank.
      cells.put("mib_per_s", t == 0 ? "" : Double.toString(n * 4.0 / (1 << 20) / (t / 1000)));
      rows.add(new RawRow("test", rows.size() + 2, cells));
    }
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

  @Test
  void best_agreesWhenTheReportsValueIsOnThePlateau_withinTheNoiseOfTheArgmin() {
    // 1 MiB is the argmin, but 32 KiB's runs overlap it: the report's 32 KiB is as good.
    runs("user-buffer", 100000, 1024, 30, 31, 32);
    runs("user-buffer", 100000, 32768, 10.1, 10.6, 10.3);
    runs("user-buffer", 100000, 1048576, 9.9, 10.2, 10.5);
    Judgement j = judge("best", "b", w("user-buffer", 100000), "32768", "32768");
    assertEquals(Verdict.AGREES, j.verdict(), j.measured());
    assertTrue(j.measured().contains("within the noise"), j.measured());
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
