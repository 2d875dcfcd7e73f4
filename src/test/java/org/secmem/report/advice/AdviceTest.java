package org.secmem.report.advice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.secmem.report.advice.SortAdvice.Verdict;
import org.secmem.report.advice.StreamAdvice.TypeResult;
import org.secmem.results.RawResults;
import org.secmem.sort.CostModel;

/** Which B, type, d and M a results file recommends, and what it asks to add. */
class AdviceTest {

  private static final String STREAMS = "experiment,stream,n,k,b,warmup,mib_per_s\n";

  private static final String SORTS =
      "experiment,read_stream,write_stream,n,b,m,d,warmup,"
          + "elapsed_ms,passes,storage_read_bytes,merge_ns\n";

  private static RawResults parse(String csv) throws IOException {
    return RawResults.parse("t.csv", new StringReader(csv));
  }

  /** A warm-up far faster than anything (it must not count), then one row per MiB/s. */
  private static String stream(String exp, String type, String b, double... mibs) {
    StringBuilder sb = new StringBuilder();
    String prefix = exp + "," + type + ",1000000,1," + b;
    sb.append(prefix).append(",true,99999\n");
    for (double v : mibs) {
      sb.append(prefix).append(",false,").append(v).append('\n');
    }
    return sb.toString();
  }

  private static String sort(long n, long m, int d, long storage, double... ms) {
    StringBuilder sb = new StringBuilder();
    int passes = CostModel.passes(n, m, d);
    for (double t : ms) {
      sb.append(
              String.join(
                  ",",
                  "sort",
                  "mapped",
                  "mapped",
                  Long.toString(n),
                  "65536",
                  Long.toString(m),
                  Integer.toString(d),
                  "false",
                  Double.toString(t),
                  Integer.toString(passes),
                  Long.toString(storage),
                  Long.toString((long) (t * 5e5))))
          .append('\n');
    }
    return sb.toString();
  }

  private static TypeResult type(StreamAdvice s, String name) {
    return s.types().stream().filter(t -> t.type().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void aSuggestion_isShownWhole_whenItsGroupsSettingsHoldAColonAndASpace() throws IOException {
    String csv =
        "experiment,stream,n,k,b,shape,warmup,mib_per_s\n"
            + "write,user-buffer,1000000,1,4096,a: b,false,100\n"
            + "write,user-buffer,1000000,1,4096,a: b,false,101\n"
            + "write,user-buffer,1000000,1,4096,uniform,false,100\n"
            + "write,user-buffer,1000000,1,4096,uniform,false,101\n";
    Advice a = Advice.of(parse(csv));
    List<String> text = AdviceText.text(a);
    assertTrue(
        text.contains("  add: one B only for user-buffer: sweep b, e.g. " + Advice.B_SWEEP),
        String.join("\n", text));
    assertTrue(
        a.toAdd().stream().anyMatch(t -> t.contains("shape = a: b: one B only for user-buffer")),
        a.toAdd().toString());
  }

  @Test
  void streams_bestBIsTheHighestMedian_kneeIsTheSmallestBWithinNoiseBelowIt() throws IOException {
    String csv =
        STREAMS
            + stream("write", "user-buffer", "1024", 100, 101, 102)
            + stream("write", "user-buffer", "4096", 200, 201, 202)
            + stream("write", "user-buffer", "16384", 290, 300, 310)
            + stream("write", "user-buffer", "65536", 295, 305, 315)
            + stream("write", "user-buffer", "262144", 280, 300, 302);

    StreamAdvice s = Advice.of(parse(csv)).streams().get(0);

    TypeResult t = s.types().get(0);
    assertEquals(65536.0, t.best().b());
    assertEquals(305.0, t.best().mibPerS().median(), "the warm-up is left out");
    assertEquals(16384.0, t.knee().orElseThrow().b());
    assertFalse(
        s.toAdd().stream().anyMatch(a -> a.what().contains("extend")), s.toAdd().toString());
  }

  @Test
  void streams_kneeIsTheSmallestLevelB_oneUnluckyBBetweenDoesNotHideIt() throws IOException {
    String csv =
        STREAMS
            + stream("read", "mapped", "1024", 100, 101, 102)
            + stream("read", "mapped", "4096", 290, 300, 320)
            + stream("read", "mapped", "16384", 200, 201, 202) // unlucky
            + stream("read", "mapped", "65536", 295, 305, 315);

    TypeResult t = Advice.of(parse(csv)).streams().get(0).types().get(0);

    assertEquals(4096.0, t.knee().orElseThrow().b());
  }

  @Test
  void streams_aBWithinNoiseButTenPercentBelow_isNotTheKnee() throws IOException {
    // 250 overlaps the best's spread, but its median is 20% below: a gain that matters
    String csv =
        STREAMS
            + stream("write", "channel", "4096", 150, 250, 320)
            + stream("write", "channel", "65536", 280, 300, 320);

    TypeResult t = Advice.of(parse(csv)).streams().get(0).types().get(0);

    assertEquals(65536.0, t.knee().orElseThrow().b());
  }

  @Test
  void streams_typeWithoutB_isRankedWithoutB_andTheBestTypeIsNamedWithItsRatio()
      throws IOException {
    String csv =
        STREAMS
            + stream("write", "buffered", "", 150, 151, 152)
            + stream("write", "mapped", "4096", 300, 310, 320)
            + stream("write", "mapped", "65536", 400, 410, 420);

    Advice a = Advice.of(parse(csv));
    StreamAdvice s = a.streams().get(0);

    assertEquals("mapped", s.best().type());
    TypeResult buffered = type(s, "buffered");
    assertFalse(buffered.usesB());
    assertTrue(Double.isNaN(buffered.best().b()));
    assertTrue(buffered.knee().isEmpty());
    assertEquals(410.0 / 151.0, s.ratio(), 1e-9);
    assertFalse(s.withinNoise());
    String text = String.join("\n", AdviceText.text(a));
    assertTrue(
        text.contains(
            "best type: mapped at B = 64 KiB, 410.0 MiB/s, \u00d72.72 the"
                + " runner-up buffered (apart: beyond noise)"),
        text);
    assertTrue(text.contains("still faster at the largest B (64 KiB): extend b beyond it"), text);
  }

  @Test
  void streams_bestAtTheLargestB_thatHoldsTheWholeFile_isNotAskedToGrow() throws IOException {
    // n = 1,000,000 ints: a 4,000,000-byte file; B = 2^22 holds it whole
    String csv =
        STREAMS
            + stream("read", "mapped", "65536", 300, 310, 320)
            + stream("read", "mapped", "4194304", 400, 410, 420);

    assertFalse(Advice.of(parse(csv)).toAdd().stream().anyMatch(a -> a.contains("extend")));
  }

  @Test
  void streams_bestTwoTypesWithinNoise_withFewReps_asksForRepetitions() throws IOException {
    String csv =
        STREAMS
            + stream("read", "channel", "65536", 500, 510, 530)
            + stream("read", "channel", "262144", 400, 410, 420)
            + stream("read", "mapped", "65536", 490, 505, 520)
            + stream("read", "mapped", "262144", 400, 410, 420);

    Advice a = Advice.of(parse(csv));

    assertTrue(a.streams().get(0).withinNoise());
    assertTrue(
        a.toAdd().stream()
            .anyMatch(
                t ->
                    t.contains(
                        "channel and mapped are within noise"
                            + " (\u00d71.01 in the median): add repetitions (--reps 5)")),
        a.toAdd().toString());
  }

  @Test
  void streams_bestTwoWithinNoise_afterFiveReps_isATie_nothingToAdd() throws IOException {
    String csv =
        STREAMS
            + stream("read", "channel", "16384", 300, 310, 320, 305, 315)
            + stream("read", "channel", "65536", 500, 510, 530, 505, 515)
            + stream("read", "channel", "262144", 400, 410, 420, 405, 415)
            + stream("read", "mapped", "16384", 300, 310, 320, 305, 315)
            + stream("read", "mapped", "65536", 490, 505, 520, 500, 512)
            + stream("read", "mapped", "262144", 400, 410, 420, 405, 415);

    Advice a = Advice.of(parse(csv));

    assertEquals(List.of(), a.toAdd());
    assertTrue(
        String.join("\n", AdviceText.text(a)).contains("either will do"),
        AdviceText.text(a).toString());
  }

  @Test
  void streams_oneB_asksToSweepB_oneRun_asksForRepetitions_oneType_asksForTypes()
      throws IOException {
    String csv = STREAMS + stream("write", "user-buffer", "65536", 300);

    List<String> add = Advice.of(parse(csv)).toAdd();

    assertTrue(
        add.stream()
            .anyMatch(
                a -> a.contains("one B only for user-buffer: sweep b, e.g." + " b=2^12..2^20")),
        add.toString());
    assertTrue(
        add.stream().anyMatch(a -> a.contains("add repetitions (--reps 5)")), add.toString());
    assertTrue(add.stream().anyMatch(a -> a.contains("sweep stream")), add.toString());
  }

  @Test
  void streams_bestAtTheSmallestB_stillRising_asksToExtendBelow() throws IOException {
    String csv =
        STREAMS
            + stream("write", "channel", "4096", 500, 510, 520)
            + stream("write", "channel", "16384", 300, 310, 320);

    assertTrue(
        Advice.of(parse(csv)).toAdd().stream()
            .anyMatch(a -> a.contains("smallest B (4 KiB): extend b below it")));
  }

  @Test
  void streams_aKneeBelowTheBest_isTheOneVerdict_noAdviceToExtendB() throws IOException {
    // 16K is within noise of 64K and less than 10 % below it: the knee, "a larger buffer gains
    // nothing measurable". 32K, the best's neighbour, dips below the best's spread, so the top
    // also looked still rising: before, the advice said "extend b beyond it" as well.
    String csv =
        STREAMS
            + stream("write", "channel", "4096", 100, 101, 102)
            + stream("write", "channel", "16384", 290, 300, 330)
            + stream("write", "channel", "32768", 250, 260, 270)
            + stream("write", "channel", "65536", 300, 310, 320);

    Advice a = Advice.of(parse(csv));
    TypeResult t = a.streams().get(0).types().get(0);
    String text = String.join("\n", AdviceText.text(a));

    assertEquals(16384.0, t.knee().orElseThrow().b(), text);
    assertTrue(text.contains("B = 16 KiB is within noise of the best"), text);
    assertFalse(text.contains("extend b beyond it"), text);
  }

  @Test
  void streams_aKLineAtOneB_isNotAskedToSweepB_whenTheFileSweepsItElsewhere() throws IOException {
    // quick.csv: B swept at k = 1 on one line, k swept at one B on another. Before, every k group
    // said "one B only for channel: sweep b", though the file had swept it.
    String csv =
        STREAMS
            + stream("write", "channel", "4096", 100, 101, 102)
            + stream("write", "channel", "65536", 300, 310, 320)
            + stream("write", "channel", "65536", 300, 310, 320)
                .replace(",1000000,1,", ",1000000,4,")
            + stream("write", "mapped", "65536", 200, 210, 220)
                .replace(",1000000,1,", ",1000000,4,");

    List<String> add = Advice.of(parse(csv)).toAdd();

    assertFalse(add.stream().anyMatch(a -> a.contains("one B only for channel")), add.toString());
    // mapped's B is swept nowhere: it is still asked for.
    assertTrue(add.stream().anyMatch(a -> a.contains("one B only for mapped")), add.toString());
  }

  @Test
  void sort_withAFloor_saysHowFarTheBestIsFromIt_andAFloorAboveTheTimeIsCalledWrong()
      throws IOException {
    String header = "experiment,n,b,m,d,warmup,elapsed_ms,passes,floor_ns,floor_regime\n";
    String csv =
        header
            + "sort,1048576,65536,65536,16,false,100,2,10000000,cache\n"
            + "sort,1048576,65536,65536,16,false,120,2,10000000,cache\n"
            + "sort,1048576,65536,65536,4,false,300,3,15000000,cache\n";
    String text = String.join("\n", AdviceText.text(Advice.of(parse(csv))));
    assertTrue(
        text.contains(
            "floor: 10.0 ms (the page cache's copy rate, as secmem probe measured them): the best"
                + " takes \u00d711.0 of it"),
        text);
    String wrong = header + "sort,1048576,65536,65536,16,false,5,2,10000000,device\n";
    String w = String.join("\n", AdviceText.text(Advice.of(parse(wrong))));
    assertTrue(w.contains("the device's read and write rates"), w);
    assertTrue(w.contains("faster than the floor: the probe or the model is wrong"), w);
    assertFalse(text.contains("not settled"), "no floor_settled column: nothing said");
    String unsettled =
        header.replace("\n", ",floor_settled\n")
            + "sort,1048576,65536,65536,16,false,100,2,10000000,cache,false\n";
    String u = String.join("\n", AdviceText.text(Advice.of(parse(unsettled))));
    assertTrue(
        u.contains("takes \u00d710.0 of it (the floor is not settled: secmem probe --probes 3)"),
        u);
  }

  /** A floor of 0 ns (a few ints at the fastest rate, or a tampered file) has no ratio. */
  @Test
  void sort_withAFloorOfNothing_printsNoInfiniteOrUndefinedRatio() throws IOException {
    String csv =
        "experiment,n,b,m,d,warmup,elapsed_ms,passes,floor_ns,floor_regime\n"
            + "sort,1048576,65536,65536,16,false,100,2,0,cache\n"
            + "sort,1048576,65536,65536,16,false,120,2,0,cache\n";
    String text = String.join("\n", AdviceText.text(Advice.of(parse(csv))));
    assertFalse(text.contains("Infinity"), text);
    assertFalse(text.contains("NaN"), text);
    assertFalse(text.contains("faster than the floor"), text);
  }

  @Test
  void streams_typesStillRisingAtTheSameEdge_shareOneLine() throws IOException {
    String csv =
        STREAMS
            + stream("write", "channel", "4096", 100, 101, 102)
            + stream("write", "channel", "65536", 300, 310, 320)
            + stream("write", "mapped", "4096", 100, 101, 102)
            + stream("write", "mapped", "65536", 200, 210, 220);

    List<String> add = Advice.of(parse(csv)).toAdd();

    assertEquals(
        List.of(
            "write n = 1000000 ints, k = 1: channel, mapped are still faster at the"
                + " largest B (64 KiB): extend b beyond it"),
        add);
  }

  @Test
  void streams_groupsApartByExperimentAndN_inOrderOfN() throws IOException {
    String csv =
        STREAMS
            + stream("write", "mapped", "4096", 300, 310, 320)
            + stream("read", "mapped", "4096", 600, 610, 620)
            + stream("write", "mapped", "4096", 300, 310, 320).replace("1000000", "2000");

    List<StreamAdvice> s = Advice.of(parse(csv)).streams();

    assertEquals(3, s.size());
    assertTrue(
        StreamAdviceText.text(s.get(0)).get(0).startsWith("write, n = 2000 ints"),
        "by N within write");
    assertTrue(
        StreamAdviceText.text(s.get(1)).get(0).startsWith("write, n = 1000000 ints"),
        StreamAdviceText.text(s.get(1)).get(0));
    assertEquals("read", s.get(2).experiment());
    assertEquals(1, Advice.of(parse(csv), Optional.of("read")).streams().size());
  }

  // ---- sort ----

  @Test
  void sort_measuredBestIsTheModelsOptimum_agree() throws IOException {
    // N = 10^6, M = 10^5: 10 runs; d = 16: 2 passes, d = 2: 5 passes
    String csv =
        SORTS
            + sort(1_000_000, 100_000, 2, 4_000_000, 300, 310, 320)
            + sort(1_000_000, 100_000, 16, 4_000_000, 200, 210, 220);

    SortAdvice s = Advice.of(parse(csv)).sorts().get(0);

    assertEquals(Verdict.AGREE, s.verdict());
    assertEquals(16.0, s.model().d());
    assertEquals(List.of(), s.reasons());
    assertTrue(
        String.join("\n", SortAdviceText.text(s)).contains("2 passes, 248 I/Os"),
        SortAdviceText.text(s).toString());
  }

  @Test
  void sort_modelTies_areBrokenBySmallestMThenSmallestD() throws IOException {
    String csv =
        SORTS
            + sort(1_000_000, 200_000, 16, 0, 200, 210, 220)
            + sort(1_000_000, 100_000, 64, 0, 200, 210, 220)
            + sort(1_000_000, 100_000, 16, 0, 200, 210, 220)
            + sort(1_000_000, 100_000, 2, 0, 400, 410, 420);

    SortAdvice s = Advice.of(parse(csv)).sorts().get(0);

    assertEquals(3, s.optima().size());
    assertEquals(16.0, s.model().d());
    assertEquals(100_000.0, s.model().m());
  }

  @Test
  void sort_morePassesFasterWithNoStorageReads_disagree_pageCacheAndCpuBoundMerge()
      throws IOException {
    String csv =
        SORTS
            + sort(1_000_000, 100_000, 2, 0, 100, 105, 110)
            + sort(1_000_000, 100_000, 16, 0, 150, 155, 160);

    SortAdvice s = Advice.of(parse(csv)).sorts().get(0);

    assertEquals(Verdict.DISAGREE, s.verdict());
    assertEquals(2, s.reasons().size(), s.reasons().toString());
    assertTrue(s.reasons().get(0).line().startsWith("page cache: "), s.reasons().toString());
    assertTrue(s.reasons().get(1).line().startsWith("CPU-bound merge: "), s.reasons().toString());
    assertTrue(
        s.reasons()
            .get(1)
            .line()
            .contains(
                "the best merges 2 at a time (d = 2, M = 100000 ints, 10 runs), the other 10 (d ="
                    + " 16, M = 100000 ints), despite 3 more passes (merge: 52.50 ms vs 77.50 ms)"),
        s.reasons().toString());
    assertTrue(
        SortAdviceText.brief(s).contains("disagree (page cache; CPU-bound merge)"),
        SortAdviceText.brief(s));
  }

  @Test
  void sort_bestAmongTiedOptimaThatAreNotAlike_agrees_butSaysTheModelCannotRankThem()
      throws IOException {
    // N = 10^6: M = 10^5, d = 16 and M = 10^4, d = 128 both make 2 passes
    String csv =
        SORTS
            + sort(1_000_000, 100_000, 16, 0, 100, 105, 110)
            + sort(1_000_000, 10_000, 128, 0, 250, 255, 260);

    SortAdvice s = Advice.of(parse(csv)).sorts().get(0);

    assertEquals(Verdict.AGREE, s.verdict());
    assertEquals(128.0, s.unlike().orElseThrow().d());
    assertTrue(s.reasons().get(0).line().startsWith("CPU-bound merge: "), s.reasons().toString());
    assertFalse(s.reasons().get(0).line().contains("more pass"), s.reasons().toString());
    assertFalse(
        s.reasons().stream().anyMatch(r -> r.line().startsWith("page cache")),
        "equal passes: the page cache explains nothing");
    String text = String.join("\n", SortAdviceText.text(s));
    assertTrue(
        text.contains(
            "the model cannot rank its optima, and they are not alike: d = 128,"
                + " M = 10000 ints took \u00d72.43 the best's time"),
        text);
  }

  @Test
  void sort_sameDFewerRuns_isACheaperMerge_theFanInIsMinOfDAndRuns() throws IOException {
    String csv =
        SORTS
            + sort(1_000_000, 500_000, 64, 0, 100, 105, 110) // 2 runs: a 2-way merge
            + sort(1_000_000, 20_000, 64, 0, 250, 255, 260); // 50 runs: a 50-way merge

    SortAdvice s = Advice.of(parse(csv)).sorts().get(0);

    assertTrue(
        s.reasons().get(0).line().contains("the best merges 2 at a time"), s.reasons().toString());
    assertTrue(SortAdviceText.brief(s).contains("(CPU-bound merge)"), SortAdviceText.brief(s));
  }

  @Test
  void sort_fastestDAtEachMThatMerges_isListedForLimitedMemory() throws IOException {
    String csv =
        SORTS
            + sort(1_000_000, 1_000_000, 2, 0, 50, 51, 52) // in memory: the best, not listed
            + sort(1_000_000, 10_000, 4, 0, 300, 301, 302)
            + sort(1_000_000, 10_000, 16, 0, 200, 201, 202)
            + sort(1_000_000, 100_000, 4, 0, 150, 151, 152)
            + sort(1_000_000, 100_000, 16, 0, 180, 181, 182);

    List<String> perM = SortAdviceText.bestDPerM(Advice.of(parse(csv)).sorts().get(0));

    assertEquals(4, perM.size(), perM.toString());
    assertTrue(
        perM.get(2).matches("\\s+10000 ints\\s+100\\s+16\\s+16\\s+201\\.0\\s+3"), perM.get(2));
    assertTrue(perM.get(3).matches("\\s+100000 ints\\s+10\\s+4\\s+4\\s+151\\.0\\s+3"), perM.get(3));
  }

  @Test
  void sort_mAtLeastN_dDoesNotMatter_noRepsNoEdgeAdvice() throws IOException {
    String csv =
        SORTS
            + sort(10_000, 5_000, 2, 0, 9.0, 9.5, 9.9)
            + sort(10_000, 10_000, 2, 0, 3.0, 3.5, 4.0)
            + sort(10_000, 10_000, 16, 0, 3.1, 3.6, 4.1);

    Advice a = Advice.of(parse(csv));

    assertEquals(List.of(), a.toAdd());
    assertTrue(
        String.join("\n", AdviceText.text(a)).contains("d does not matter"),
        AdviceText.text(a).toString());
    assertTrue(
        String.join("\n", AdviceText.text(a)).contains("1 pass, "), AdviceText.text(a).toString());
  }

  @Test
  void sort_disagreementOfSingleRuns_saysNoiseCannotBeRuledOut_andAsksForRepetitions()
      throws IOException {
    String csv = SORTS + sort(1_000_000, 100_000, 2, 0, 100) + sort(1_000_000, 100_000, 16, 0, 150);

    Advice a = Advice.of(parse(csv));

    assertEquals(Verdict.DISAGREE, a.sorts().get(0).verdict());
    assertTrue(
        String.join("\n", AdviceText.text(a))
            .contains("one run each, so noise cannot be ruled out"),
        AdviceText.text(a).toString());
    assertTrue(a.toAdd().stream().anyMatch(t -> t.contains("add repetitions (--reps 5)")));
  }

  @Test
  void sort_disagreeWithStorageReads_isNotBlamedOnThePageCache() throws IOException {
    String csv =
        SORTS
            + sort(1_000_000, 100_000, 2, 8_000_000, 100, 105, 110)
            + sort(1_000_000, 100_000, 16, 8_000_000, 150, 155, 160);

    SortAdvice s = Advice.of(parse(csv)).sorts().get(0);

    assertEquals(Verdict.DISAGREE, s.verdict());
    assertFalse(s.reasons().stream().anyMatch(r -> r.line().startsWith("page cache")));
  }

  @Test
  void sort_modelOptimumWithinNoiseOfTheBest_agreesWithinNoise_andAsksForReps() throws IOException {
    String csv =
        SORTS
            + sort(1_000_000, 100_000, 2, 0, 100, 110, 120)
            + sort(1_000_000, 100_000, 16, 0, 105, 115, 125);

    Advice a = Advice.of(parse(csv));

    assertEquals(Verdict.AGREE_WITHIN_NOISE, a.sorts().get(0).verdict());
    assertTrue(a.toAdd().stream().anyMatch(t -> t.contains("add repetitions (--reps 5)")));
  }

  @Test
  void sort_oneDAndOneM_asksToSweepBoth() throws IOException {
    String csv = SORTS + sort(1_000_000, 100_000, 16, 0, 100, 110, 120);

    Advice a = Advice.of(parse(csv));

    assertEquals(Verdict.NONE, a.sorts().get(0).verdict());
    assertTrue(a.toAdd().stream().anyMatch(t -> t.contains("one d only (16): sweep d")));
    assertTrue(
        a.toAdd().stream()
            .anyMatch(
                t -> t.contains("one M only (100000 ints): sweep m, e.g." + " m=2^11..2^19 x4")),
        "256 runs to one at N = 10^6: " + a.toAdd());
  }

  @Test
  void sort_bestAtTheLargestMBelowN_asksToExtendM() throws IOException {
    String csv =
        SORTS
            + sort(1_000_000, 10_000, 16, 0, 300, 310, 320)
            + sort(1_000_000, 100_000, 16, 0, 100, 110, 120);

    assertTrue(
        Advice.of(parse(csv)).toAdd().stream()
            .anyMatch(t -> t.contains("largest M swept (100000 ints): extend m beyond it")));
  }

  @Test
  void sort_aDOfOneInAHandEditedFile_isLeftOut_notALoopForever() throws IOException {
    String csv =
        SORTS + sort(1_000_000, 100_000, 2, 0, 100, 110, 120).replace(",100000,2,", ",100000,1,");

    assertTrue(Advice.of(parse(csv)).sorts().isEmpty());
  }

  // ---- the whole ----

  @Test
  void fileWithoutStreamOrSortRuns_saysWhatToRun() throws IOException {
    Advice a = Advice.of(parse("experiment,n,elapsed_ms\npq,1000,1.0\n"));

    assertTrue(a.answersNothing());
    String text = String.join("\n", AdviceText.text(a));
    assertTrue(text.contains("nothing to advise on"), text);
    assertTrue(text.contains("secmem run configs/advise-streams.csv"), text);
    assertTrue(text.contains("secmem run configs/advise-sort.csv"), text);
    assertEquals(List.of(), AdviceText.brief(a));
  }

  @Test
  void engineRowsOnly_sayWhichEngineRanThem_notThatNothingWasMeasured() throws IOException {
    Advice a =
        Advice.of(
            parse(
                "experiment,engine,master,n,rep,warmup,elapsed_ms\n"
                    + "sort,spark,local[2],1048576,0,true,900.0\n"
                    + "sort,spark,local[2],1048576,1,false,800.0\n"
                    + "sort,spark,local[2],1048576,2,false,810.0\n"));

    assertTrue(a.answersNothing());
    String text = String.join("\n", AdviceText.text(a));
    assertFalse(text.contains("no measured write, read or sort run"), text);
    assertTrue(text.contains("its 2 measured sort runs ran on spark"), text);
    assertTrue(text.contains("--by engine=secmem:spark"), text);
  }

  @Test
  void sweepsBufferOrSort_isTrueForASweepOfBdOrMOnly() throws IOException {
    assertTrue(
        Advice.of(
                parse(
                    STREAMS
                        + stream("write", "mapped", "4096", 1)
                        + stream("write", "mapped", "8192", 1)))
            .sweepsBufferOrSort());
    assertFalse(
        Advice.of(
                parse(
                    STREAMS
                        + stream("write", "mapped", "4096", 1)
                        + stream("write", "channel", "4096", 1)))
            .sweepsBufferOrSort());
    assertTrue(
        Advice.of(parse(SORTS + sort(1000, 100, 2, 0, 1) + sort(1000, 100, 4, 0, 1)))
            .sweepsBufferOrSort());
  }

  @Test
  void sort_optimaNotAlike_sayWhichPhaseTheGapWentTo_largerFirst() throws IOException {
    // best (d = 64, M = 16,384) against the model's (256, 4,096): run formation +113 ms, merge +97
    String header =
        "experiment,read_stream,write_stream,n,b,m,d,warmup,elapsed_ms,passes,"
            + "storage_read_bytes,run_formation_ns,merge_ns\n";
    StringBuilder csv = new StringBuilder(header);
    for (int rep = 0; rep < 5; rep++) {
      csv.append("sort,mapped,mapped,1048576,65536,16384,64,false,")
          .append(244 + rep)
          .append(",2,0,106000000,135000000\n");
      csv.append("sort,mapped,mapped,1048576,65536,4096,256,false,")
          .append(461 + rep)
          .append(",2,0,219000000,232000000\n");
    }
    SortAdvice s = Advice.of(parse(csv.toString())).sorts().get(0);
    assertEquals(Verdict.AGREE, s.verdict(), "tied optima, not alike: " + SortAdviceText.text(s));
    assertTrue(
        s.reasons().stream()
            .anyMatch(
                r ->
                    r.line().startsWith("where the time went")
                        && r.line().contains("run formation +113.0 ms, merge +97.00 ms")),
        s.reasons().toString());
  }

  @Test
  void sort_runsFormedOtherThanTheModels_areExplainedBesideThePasses() throws IOException {
    String header = "experiment,read_stream,write_stream,n,b,m,d,warmup,elapsed_ms,runs,passes\n";
    StringBuilder csv = new StringBuilder(header);
    for (int rep = 0; rep < 3; rep++) {
      // the fast preset's plan: 43 runs of M = 2^17 where the model counts 2^20 / 2^17 = 8
      csv.append("sort,channel,channel,1048576,1048576,131072,4,false,")
          .append(100 + rep)
          .append(",43,4\n");
      csv.append("sort,channel,channel,1048576,1048576,131072,16,false,")
          .append(90 + rep)
          .append(",43,3\n");
    }
    List<String> text = AdviceText.text(Advice.of(parse(csv.toString())));
    assertTrue(
        text.stream()
            .anyMatch(
                l ->
                    l.contains(
                        "the sort formed 43 runs where the model" + " counts \u2308N/M\u2309 = 8")),
        text.toString());
  }

  @Test
  void sort_groupsWithOneDAndMEach_areOneLine_andNoSweepOfThem() throws IOException {
    // A sweep of other settings (here the streams; presets, work folders ...): d and M fixed.
    String csv =
        SORTS
            + sort(1_000_000, 100_000, 16, 0, 100, 110, 120)
            + sort(1_000_000, 100_000, 16, 0, 90, 95, 99)
                .replace("mapped,mapped", "channel,channel")
            + sort(1_000_000, 100_000, 16, 0, 80, 85, 89).replace("mapped,mapped", "direct,direct");
    RawResults raw = parse(csv);
    Advice a = Advice.of(raw);

    List<String> text = AdviceText.text(a);
    assertEquals(1, text.stream().filter(l -> l.contains("(d, M)")).count(), text.toString());
    assertTrue(
        text.stream().anyMatch(l -> l.startsWith("sort: 3 groups with one (d, M) each")),
        text.toString());
    assertEquals(1, a.toAdd().size(), a.toAdd().toString());
    assertEquals(
        2,
        AdviceText.brief(a).size(),
        "one line for the groups, one to add: " + AdviceText.brief(a));
    assertFalse(
        Advice.of(raw).sweepsBufferOrSort(), "nothing in d or M to advise on after the run");
    // one such group alone keeps its block
    assertTrue(
        AdviceText.text(Advice.of(parse(SORTS + sort(1_000_000, 100_000, 16, 0, 100, 110, 120))))
            .stream()
            .anyMatch(l -> l.contains("measured best")));
  }

  @Test
  void text_isTheSameUnderAnotherDefaultLocale() throws IOException {
    String csv =
        STREAMS
            + stream("write", "mapped", "4096", 1300.5, 1310.25, 1320)
            + stream("write", "mapped", "65536", 2400, 2410, 2420);
    String root = String.join("\n", AdviceText.text(Advice.of(parse(csv))));
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertEquals(root, String.join("\n", AdviceText.text(Advice.of(parse(csv)))));
    } finally {
      Locale.setDefault(before);
    }
    assertTrue(root.contains("2410.0 (2400.0\u20132420.0)"), root);
  }

  @Test
  void html_holdsTheAdviceOfTheExperimentOnly() throws IOException {
    String csv =
        STREAMS
            + stream("write", "mapped", "4096", 300, 310, 320)
            + stream("read", "channel", "4096", 600, 610, 620);
    StringBuilder h = new StringBuilder();

    AdviceText.html(Advice.of(parse(csv)), h, "read");

    assertTrue(h.toString().contains("<h3 id=\"advice-read\">Advice: read</h3>"), h.toString());
    assertTrue(h.toString().contains("channel"), h.toString());
    assertFalse(h.toString().contains("310.0"), "the write runs are not in: " + h);
  }

  /**
   * Issue 33: B reads as bytes and N as ints everywhere in the stream advice (table, verdict,
   * brief, what to add), never as a bare grouped number; MiB/s stays as it is.
   */
  @Test
  void streams_sayBInBytes_andNInInts_notAsBareNumbers() throws IOException {
    String csv =
        (STREAMS
                + stream("write", "mapped", "4096", 100, 110, 120)
                + stream("write", "mapped", "65536", 300, 310, 320)
                + stream("write", "channel", "4096", 90, 95, 99)
                + stream("write", "channel", "65536", 150, 155, 160))
            .replace(",1000000,", ",1048576,");

    Advice a = Advice.of(parse(csv));
    String text = String.join("\n", AdviceText.text(a));

    assertTrue(text.contains("write, n = 2^20 ints, k = 1"), text);
    assertTrue(text.contains("  mapped   64 KiB  310.0 (300.0\u2013320.0)"), text);
    assertTrue(text.contains("4 KiB..64 KiB (2)"), text);
    assertTrue(text.contains("best type: mapped at B = 64 KiB, 310.0 MiB/s"), text);
    assertTrue(text.contains("the runner-up channel at B = 64 KiB"), text);
    assertTrue(text.contains("still faster at the largest B (64 KiB): extend b beyond it"), text);
    assertTrue(
        AdviceText.brief(a).stream()
            .anyMatch(l -> l.contains("write n = 2^20 ints, k = 1: best mapped at B = 64 KiB")),
        AdviceText.brief(a).toString());
    assertFalse(
        text.contains("65,536") || text.contains("4,096") || text.contains("1,048,576"), text);
  }

  /** Issue 33: M and N read as ints in the sort advice; d, runs and I/Os stay plain numbers. */
  @Test
  void sort_saysMAndNInInts_dAsANumber() throws IOException {
    String csv =
        SORTS
            + sort(1 << 20, 1 << 14, 16, 0, 300, 310, 320)
            + sort(1 << 20, 1 << 16, 16, 0, 100, 110, 120)
            + sort(1 << 20, 1 << 16, 4, 0, 200, 210, 220);

    Advice a = Advice.of(parse(csv));
    String text = String.join("\n", AdviceText.text(a));

    assertTrue(text.contains("sort, n = 2^20 ints"), text);
    assertTrue(text.contains("d = 16, M = 2^16 ints"), text);
    assertTrue(
        a.toAdd().stream()
            .anyMatch(
                t ->
                    t.contains(
                        "largest M swept (2^16 ints): extend m beyond it (up to N = 2^20 ints)")),
        a.toAdd().toString());
    assertFalse(text.contains("65,536") || text.contains("16,384"), text);
  }
}
