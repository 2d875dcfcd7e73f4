package org.secmem.report.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.report.comparison.Comparison.Verdict;
import org.secmem.report.stats.Statistics;
import org.secmem.results.RawResults;
import org.secmem.results.ResultsFileException;

class ComparisonTest {

  @TempDir Path dir;

  private static final String HEADER = "experiment,stream,n,rep,warmup,elapsed_ms\n";

  private static RawResults parse(String source, String text) throws IOException {
    return RawResults.parse(source, new StringReader(text));
  }

  /** Rows of one configuration: write, stream, n, one row per time. */
  private static String rows(String stream, String n, double... ms) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < ms.length; i++) {
      s.append("write,")
          .append(stream)
          .append(',')
          .append(n)
          .append(',')
          .append(i + 1)
          .append(",false,")
          .append(ms[i])
          .append('\n');
    }
    return s.toString();
  }

  private static Comparison compare(String base, String next) throws IOException {
    return Comparison.of(parse("base.csv", base), parse("new.csv", next), null, 0.95);
  }

  private static double[] gaussian(Random r, int n, double mean, double sd) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = mean + sd * r.nextGaussian();
    }
    return v;
  }

  @Test
  void clearlySeparatedSamples_areSlower_theIntervalExcludesOne() throws IOException {
    Comparison c =
        compare(
            HEADER + rows("simple", "100", 10, 11, 10.5, 10.2, 9.8),
            HEADER + rows("simple", "100", 20, 21, 20.5, 20.2, 19.8));
    Comparison.Row r = c.rows().get(0);
    assertEquals(Verdict.SLOWER, r.verdict());
    assertEquals(20.2 / 10.2, r.ratio(), 1e-12);
    assertTrue(r.low() > 1 && r.high() >= r.low(), r.toString());
    assertEquals("1.98× slower", r.verdictText("×"));
    assertEquals(5, r.base().n());
    assertEquals(5, r.next().n());
    assertEquals(1, c.summary().slower());
  }

  @Test
  void labels_nameWhatWasChosen_notWhatFollowsFromIt() throws IOException {
    // A preset fixes its merger and B: the label names the preset and what else varies (sync).
    String header = "experiment,preset,merger,b,sync,rep,warmup,elapsed_ms\n";
    StringBuilder rows = new StringBuilder(header);
    for (String[] c :
        new String[][] {{"classic", "priority-queue", "65536"}, {"fast", "radix", "1048576"}}) {
      for (String sync : List.of("false", "true")) {
        for (int rep = 1; rep <= 3; rep++) {
          rows.append("sort,")
              .append(c[0])
              .append(',')
              .append(c[1])
              .append(',')
              .append(c[2])
              .append(',')
              .append(sync)
              .append(',')
              .append(rep)
              .append(",false,")
              .append(100 + rep)
              .append('\n');
        }
      }
    }
    Comparison c = compare(rows.toString(), rows.toString());
    assertEquals(
        List.of(
            "preset=classic sync=false",
            "preset=classic sync=true",
            "preset=fast sync=false",
            "preset=fast sync=true"),
        c.rows().stream().map(Comparison.Row::label).toList());
  }

  @Test
  void theIntervalHoldsTheTrueRatio_inNearlyEveryTrial() throws IOException {
    Random random = new Random(11);
    int covered = 0;
    int significant = 0;
    for (int trial = 0; trial < 40; trial++) {
      double[] base = gaussian(random, 15, 100, 5);
      double[] next = gaussian(random, 15, 130, 6.5);
      Comparison.Row r =
          compare(HEADER + rows("simple", "1", base), HEADER + rows("simple", "1", next))
              .rows()
              .get(0);
      covered += r.low() <= 1.3 && 1.3 <= r.high() ? 1 : 0;
      significant += r.verdict() == Verdict.SLOWER ? 1 : 0;
    }
    // a 95% interval: a miss now and then, not often
    assertTrue(covered >= 33, "trials whose interval holds 1.3: " + covered + " of 40");
    assertEquals(40, significant, "a 30% change with 5% noise is always found");
  }

  @Test
  void identicalDistributions_areMostlyUnchanged() throws IOException {
    Random random = new Random(5);
    int flagged = 0;
    for (int trial = 0; trial < 100; trial++) {
      Comparison.Row r =
          compare(
                  HEADER + rows("simple", "1", gaussian(random, 10, 50, 5)),
                  HEADER + rows("simple", "1", gaussian(random, 10, 50, 5)))
              .rows()
              .get(0);
      assertTrue(r.low() <= r.high());
      flagged += r.verdict() == Verdict.UNCHANGED ? 0 : 1;
    }
    assertTrue(flagged <= 15, "false alarms in 100 equal pairs: " + flagged);
  }

  @Test
  void theSameRuns_giveTheSameInterval() throws IOException {
    String base = HEADER + rows("simple", "1", 5, 6, 7, 8);
    String next = HEADER + rows("simple", "1", 6, 7, 8, 9);
    assertEquals(compare(base, next).rows(), compare(base, next).rows());
  }

  @Test
  void oneRunASide_hasARatio_butNoIntervalAndNoVerdict() throws IOException {
    Comparison c = compare(HEADER + rows("simple", "1", 10), HEADER + rows("simple", "1", 5));
    Comparison.Row r = c.rows().get(0);
    assertEquals(Verdict.UNDECIDED, r.verdict());
    assertEquals(0.5, r.ratio(), 1e-12);
    assertTrue(Double.isNaN(r.low()));
    assertEquals("too few runs (1 and 1)", r.verdictText("×"));
    assertEquals(1, c.summary().undecided());
    assertEquals(0.5, c.summary().geometricMean(), 1e-12);
  }

  @Test
  void warmUps_areLeftOut() throws IOException {
    String base = HEADER + "write,simple,1,0,true,1000\n" + rows("simple", "1", 10, 10, 10);
    Comparison.Row r = compare(base, HEADER + rows("simple", "1", 10, 10, 10)).rows().get(0);
    assertEquals(3, r.base().n());
    assertEquals(1.0, r.ratio(), 1e-12);
    assertEquals(Verdict.UNCHANGED, r.verdict());
  }

  @Test
  void configurationsOnOneSide_areListed_notDropped() throws IOException {
    Comparison c =
        compare(
            HEADER + rows("simple", "100", 1, 2, 3) + rows("simple", "200", 1, 2, 3),
            HEADER + rows("simple", "100", 1, 2, 3) + rows("simple", "300", 1, 2, 3));
    assertEquals(
        List.of(Verdict.UNCHANGED, Verdict.ONLY_BASE, Verdict.ONLY_NEW),
        c.rows().stream().map(Comparison.Row::verdict).toList());
    assertEquals(
        List.of("N=100 ints", "N=200 ints", "N=300 ints"),
        c.rows().stream().map(Comparison.Row::label).toList());
    assertNull(c.rows().get(1).next());
    assertNull(c.rows().get(2).base());
    assertEquals(1, c.summary().onlyBase());
    assertEquals(1, c.summary().onlyNew());
    assertTrue(
        c.summary().line("x").endsWith("; 1 only in BASE, 1 only in NEW"), c.summary().line("x"));
  }

  @Test
  void aColumnOnlyNewHas_withOneValuePerConfiguration_isLeftOutOfTheMatch() throws IOException {
    String next =
        "experiment,stream,n,rep,warmup,elapsed_ms,preset\n"
            + "write,simple,100,1,false,5,fast\nwrite,simple,100,2,false,5,fast\n"
            + "write,simple,200,1,false,5,fast\nwrite,simple,200,2,false,5,fast\n";
    Comparison c =
        compare(HEADER + rows("simple", "100", 10, 10) + rows("simple", "200", 5, 5), next);
    assertFalse(c.keyColumns().contains("preset"));
    assertEquals(2, c.rows().size());
    assertEquals(0.5, c.rows().get(0).ratio(), 1e-12);
    assertTrue(c.notes().get(0).startsWith("preset is only in NEW (fast)"), c.notes().toString());
  }

  @Test
  void aColumnOnlyNewHas_withSeveralValuesInAConfiguration_isRefused_namingIt() throws IOException {
    String next =
        "experiment,stream,n,rep,warmup,elapsed_ms,preset\n"
            + "write,simple,100,1,false,5,fast\nwrite,simple,100,2,false,5,classic\n";
    IncomparableResultsException e =
        assertThrows(
            IncomparableResultsException.class,
            () -> compare(HEADER + rows("simple", "100", 10, 10), next));
    assertTrue(
        e.getMessage().startsWith("new.csv: column 'preset' is only in NEW"), e.getMessage());
    assertTrue(e.getMessage().contains("(classic, fast)"), e.getMessage());
    assertTrue(e.getMessage().contains("--by preset=:classic"), e.getMessage());

    // and what the message says works
    Comparison c =
        Comparison.of(
            parse("base.csv", HEADER + rows("simple", "100", 10, 10)),
            parse("new.csv", next),
            new Comparison.By("preset", "", "fast"),
            0.95);
    assertEquals(1, c.rows().size());
    assertEquals(0.5, c.rows().get(0).ratio(), 1e-12);
  }

  @Test
  void by_withValues_comparesTwoPartsOfOneFile() throws IOException {
    RawResults one =
        parse(
            "r.csv",
            HEADER
                + rows("buffered", "100", 10, 11, 10)
                + rows("user-buffer", "100", 5, 5.5, 5)
                + rows("buffered", "200", 20, 20, 21)
                + rows("user-buffer", "200", 30, 31, 30));
    Comparison c =
        Comparison.of(one, one, new Comparison.By("stream", "buffered", "user-buffer"), 0.95);
    assertFalse(c.keyColumns().contains("stream"));
    assertEquals(
        List.of("N=100 ints", "N=200 ints"), c.rows().stream().map(Comparison.Row::label).toList());
    assertEquals(Verdict.FASTER, c.rows().get(0).verdict());
    assertEquals(Verdict.SLOWER, c.rows().get(1).verdict());
    assertEquals("r.csv (stream=buffered)", c.base().label());
    assertEquals("r.csv (stream=user-buffer)", c.next().label());
    assertEquals(1, c.slowerByMoreThan(10).size());
    assertEquals(0, c.slowerByMoreThan(60).size());
  }

  @Test
  void by_aColumnEmptyOnOneSide_meetsEveryValueOfTheOther() throws IOException {
    String h = "experiment,stream,n,b,rep,warmup,elapsed_ms\n";
    RawResults one =
        parse(
            "r.csv",
            h
                + "write,buffered,100,,1,false,10\nwrite,buffered,100,,2,false,10\n"
                + "write,user-buffer,100,4096,1,false,5\nwrite,user-buffer,100,4096,2,false,5\n"
                + "write,user-buffer,100,65536,1,false,4\nwrite,user-buffer,100,65536,2,false,4\n");
    Comparison c =
        Comparison.of(one, one, new Comparison.By("stream", "buffered", "user-buffer"), 0.95);
    assertEquals(
        List.of("B=4 KiB", "B=64 KiB"), c.rows().stream().map(Comparison.Row::label).toList());
    assertEquals(0.5, c.rows().get(0).ratio(), 1e-12);
    assertEquals(0.4, c.rows().get(1).ratio(), 1e-12);
    assertTrue(c.notes().get(0).startsWith("b is empty on one side"), c.notes().toString());
  }

  @Test
  void by_anUnknownColumn_orAValueNotThere_isRefused_namingFileColumnAndValues()
      throws IOException {
    RawResults one =
        parse("r.csv", HEADER + rows("buffered", "100", 10, 11) + rows("simple", "100", 5, 6));
    IncomparableResultsException unknown =
        assertThrows(
            IncomparableResultsException.class,
            () -> Comparison.of(one, one, new Comparison.By("strem", "a", "b"), 0.95));
    assertTrue(
        unknown.getMessage().contains("no configuration column 'strem' in r.csv"),
        unknown.getMessage());
    assertTrue(unknown.getMessage().contains("experiment, stream, n"), unknown.getMessage());
    IncomparableResultsException value =
        assertThrows(
            IncomparableResultsException.class,
            () -> Comparison.of(one, one, new Comparison.By("stream", "buffered", "mapped"), 0.95));
    assertEquals(
        "r.csv: no measured row with stream=mapped; stream there is one of: buffered," + " simple",
        value.getMessage());
  }

  @Test
  void by_withoutValues_leavesTheColumnOutOfTheMatch() throws IOException {
    String h = "experiment,preset,n,rep,warmup,elapsed_ms\n";
    Comparison c =
        Comparison.of(
            parse("classic.csv", h + "sort,classic,100,1,false,10\nsort,classic,100,2,false,10\n"),
            parse("fast.csv", h + "sort,fast,100,1,false,4\nsort,fast,100,2,false,4\n"),
            new Comparison.By("preset", null, null),
            0.95);
    assertEquals(0.4, c.rows().get(0).ratio(), 1e-12);
  }

  @Test
  void noConfigurationInCommon_isRefused_namingTheColumnThatDiffers() throws IOException {
    IncomparableResultsException e =
        assertThrows(
            IncomparableResultsException.class,
            () ->
                compare(
                    HEADER + rows("simple", "100", 1, 2), HEADER + rows("mapped", "100", 1, 2)));
    assertTrue(
        e.getMessage().startsWith("new.csv: no configuration in common with base.csv"),
        e.getMessage());
    assertTrue(e.getMessage().contains("stream (BASE: simple; NEW: mapped)"), e.getMessage());
    assertTrue(e.getMessage().contains("--by"), e.getMessage());
  }

  @Test
  void aFileWithWarmUpsOnly_isRefused() throws IOException {
    IncomparableResultsException e =
        assertThrows(
            IncomparableResultsException.class,
            () ->
                compare(HEADER + "write,simple,1,0,true,5\n", HEADER + rows("simple", "1", 1, 2)));
    assertEquals("base.csv: no measured row to compare (1 warm-up rows only)", e.getMessage());
  }

  @Test
  void geometricMean_ofHalfAndDouble_isOne() throws IOException {
    Comparison c =
        compare(
            HEADER + rows("simple", "1", 10, 10) + rows("simple", "2", 10, 10),
            HEADER + rows("simple", "1", 5, 5) + rows("simple", "2", 20, 20));
    assertEquals(1.0, c.summary().geometricMean(), 1e-12);
    assertTrue(
        c.summary().line("x").startsWith("geometric mean of ratios 1.000"), c.summary().line("x"));
  }

  @Property(tries = 60)
  void ratio_isTheRatioOfMedians_andTheCountsAddUp(
      @ForAll @Size(min = 1, max = 12) List<@DoubleRange(min = 0.5, max = 500) Double> base,
      @ForAll @Size(min = 1, max = 12) List<@DoubleRange(min = 0.5, max = 500) Double> next,
      @ForAll @IntRange(min = 80, max = 99) int percent)
      throws IOException {
    double[] b = base.stream().mapToDouble(Double::doubleValue).toArray();
    double[] n = next.stream().mapToDouble(Double::doubleValue).toArray();
    Comparison c =
        Comparison.of(
            parse("b", HEADER + rows("simple", "1", b)),
            parse("n", HEADER + rows("simple", "1", n)),
            null,
            percent / 100.0);
    Comparison.Row r = c.rows().get(0);
    assertEquals(Statistics.of(n).median() / Statistics.of(b).median(), r.ratio(), 1e-9);
    if (b.length >= 2 && n.length >= 2) {
      assertTrue(r.low() <= r.high(), r.toString());
      assertNotNull(r.verdict());
    } else {
      assertEquals(Verdict.UNDECIDED, r.verdict());
    }
    Comparison.Summary s = c.summary();
    assertEquals(1, s.faster() + s.slower() + s.unchanged() + s.undecided());
  }

  // ---- the compare CSV ----

  private Comparison sample() throws IOException {
    return compare(
        HEADER + rows("simple", "100", 10, 11, 10.5) + rows("simple", "200", 1, 2, 3),
        HEADER + rows("simple", "100", 5, 5.5, 5.25) + rows("simple", "300", 1, 2, 3));
  }

  @Test
  void compareCsv_headerIsSealed() throws IOException {
    StringBuilder out = new StringBuilder();
    ComparisonFile.write(sample(), out);
    assertEquals(
        "experiment,stream,n,configuration,present_in,base_runs,base_median_ms,"
            + "base_mad_ms,new_runs,new_median_ms,new_mad_ms,ratio,ratio_low,ratio_high,level,"
            + "verdict,base_file,new_file,compared_by",
        out.toString().lines().findFirst().get());
  }

  @Test
  void compareCsv_rowsUnderAnotherLocale_useADot_andReadBack() throws IOException {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      Path file = dir.resolve("r-comparison.csv");
      Comparison c = sample();
      ComparisonFile.write(c, file);
      List<String> lines = Files.readAllLines(file);
      assertTrue(
          lines
              .get(1)
              .startsWith(
                  "write,simple,100,N=100 ints,both,3,10.500,0.500,3,5.250," + "0.250,0.500000,"),
          lines.get(1));
      assertTrue(
          lines
              .get(2)
              .startsWith(
                  "write,simple,200,N=200 ints,base,3,2.000,1.000,,,,,,,0.950,"
                      + "only_in_base,base.csv,new.csv,"),
          lines.get(2));
      assertTrue(lines.get(3).contains(",new,,,,3,2.000,1.000,"), lines.get(3));
      ComparisonFile.Contents back = ComparisonFile.read(file);
      assertEquals("base.csv", back.baseFile());
      assertEquals(0.95, back.level(), 1e-12);
      assertEquals(c.rows().size(), back.rows().size());
      assertEquals(c.rows().get(0).verdict(), back.rows().get(0).verdict());
      assertEquals(c.rows().get(0).label(), back.rows().get(0).label());
      assertEquals(
          Comparison.Summary.of(c.rows()).line("x"), Comparison.Summary.of(back.rows()).line("x"));
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void compareCsv_neverReplacesAResultsFileOfTheSameName() throws IOException {
    Path file = dir.resolve("bench-comparison.csv");
    Files.writeString(file, HEADER + rows("simple", "1", 1));
    assertThrows(ResultsFileException.class, () -> ComparisonFile.write(sample(), file));
    assertEquals(HEADER + rows("simple", "1", 1), Files.readString(file));
  }

  @Test
  void chart_isWrittenAsPngAndSvg_withItsTitleAndTheVerdicts() throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<Path> files = ComparisonChart.write(sample(), dir.resolve("charts"));
    assertEquals(
        List.of(dir.resolve("charts/compare-ratio.png"), dir.resolve("charts/compare-ratio.svg")),
        files);
    assertTrue(Files.size(files.get(0)) > 1000);
    String svg = Files.readString(files.get(1));
    assertTrue(
        svg.contains("<title>NEW / BASE median time per configuration (95% interval)" + "</title>"),
        svg);
    assertTrue(svg.contains("2.00× faster"), svg);
    assertTrue(svg.contains("1 only in BASE, 1 only in NEW (not drawn)"), svg);
    // every drawn configuration says its ratio on hover (issue 33)
    long drawn = svg.lines().filter(l -> l.startsWith("<g class=\"legend-entry\"")).count();
    long titled =
        svg.lines().filter(l -> l.matches("<g class=\"point\"><title>.*NEW/BASE .*")).count();
    assertTrue(drawn > 0 && titled == drawn, drawn + " drawn, " + titled + " with a title: " + svg);
  }

  @Test
  void ticks_areApart_andIncludeOne() {
    List<Double> ticks = ComparisonChart.ticks(Math.log(0.09), Math.log(2.5), 500);
    assertTrue(ticks.contains(1.0), ticks.toString());
    List<Double> logs = new ArrayList<>();
    ticks.forEach(t -> logs.add(Math.log(t)));
    for (int i = 1; i < logs.size(); i++) {
      assertTrue(
          (logs.get(i) - logs.get(i - 1)) / (Math.log(2.5) - Math.log(0.09)) * 500 >= 44,
          ticks.toString());
    }
  }

  @Test
  void table_isAligned_andSaysWhatWasCompared() throws IOException {
    List<String> lines = ComparisonTable.lines(sample());
    assertEquals("BASE: base.csv", lines.get(0));
    assertTrue(lines.get(2).startsWith("matched on experiment, stream, n"), lines.get(2));
    int header = lines.indexOf("");
    String head = lines.get(header + 1);
    String row = lines.get(header + 2);
    assertTrue(head.startsWith("configuration"), head);
    assertTrue(row.startsWith("N=100"), row);
    assertEquals(
        head.indexOf("NEW/BASE") + "NEW/BASE".length(),
        row.indexOf("0.500") + "0.500".length(),
        head + "\n" + row);
    assertTrue(row.endsWith("2.00× faster"), row);
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("N=200") && l.endsWith("only in BASE")));
  }
}
