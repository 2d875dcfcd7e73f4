package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.report.stats.Statistics;

/**
 * Issue 49: every chart of the shipped quick, sweep-small and advise-streams runs has its key (each
 * colour it draws named in its legend, and which half of a split bar is which), its bars in an
 * evident order, and a title no other chart of its report has.
 */
class ChartKeysTest {

  private static final List<String> FILES =
      List.of("quick.csv", "sweep-small.csv", "advise-streams.csv");

  private static final Pattern LEGEND =
      Pattern.compile(
          "<g class=\"legend-entry\" data-series=\"([^\"]*)\" data-color=\"(#[0-9a-f]{6})\"");

  private static String esc(String s) {
    return HtmlText.esc(s);
  }

  private static String hex(java.awt.Color c) {
    return String.format("#%06x", c.getRGB() & 0xFFFFFF);
  }

  @Test
  void everyChart_namesEveryColourItDraws_andTheHalvesOfASplitBar() throws IOException {
    ChartPainter painter = new ChartPainter(900, 600);
    int split = 0;
    int bars = 0;
    for (String f : FILES) {
      for (ChartSpec spec : new ChartPlanner().plan(ShippedConfigResults.of(f))) {
        String svg = painter.svg(spec);
        Set<String> keyed = new LinkedHashSet<>();
        Matcher m = LEGEND.matcher(svg);
        while (m.find()) {
          keyed.add(m.group(2));
        }
        List<SeriesStyle> styles = SeriesStyle.forChart(spec.series());
        Set<String> drawn = new LinkedHashSet<>();
        for (SeriesStyle st : styles) {
          drawn.add(hex(st.color()));
          if (spec.kind() == Kind.BAR) {
            drawn.add(hex(st.second())); // a line of a pair is its read type's colour only
          }
        }
        String where = f + " " + spec.fileStem();
        assertTrue(keyed.containsAll(drawn), where + ": drew " + drawn + ", keyed " + keyed);
        if (spec.kind() == Kind.BAR) {
          bars++;
        }
        if (spec.kind() == Kind.BAR && styles.stream().anyMatch(SeriesStyle::split)) {
          split++;
          assertTrue(svg.contains(BarKey.SPLIT_NOTE), where + ": split bars, halves not named");
        } else if (styles.stream().anyMatch(SeriesStyle::split)) {
          assertTrue(svg.contains(esc(BarKey.PAIR_NOTE)), where + ": pairs' look not keyed");
        }
      }
    }
    assertTrue(
        bars > 0 && split > 0, "quick.csv has split bars: bars " + bars + ", split " + split);
  }

  @Test
  void quickSortBars_nameReadAndWriteTypesInTheKey_andComeFastestFirst() throws IOException {
    ChartSpec bars =
        new ChartPlanner()
            .plan(ShippedConfigResults.of("quick.csv")).stream()
                .filter(s -> s.fileStem().equals("sort-time-by-sort"))
                .findFirst()
                .orElseThrow();
    List<Double> medians =
        bars.series().stream().map(s -> s.points().get(0).stats().median()).toList();
    List<Double> sorted = new ArrayList<>(medians);
    sorted.sort(null);
    assertEquals(sorted, medians, "bars by median time, lowest first");
    String svg = new ChartPainter(900, 600).svg(bars);
    Map<String, String> key = new HashMap<>();
    Matcher m = LEGEND.matcher(svg);
    while (m.find()) {
      key.put(m.group(1), m.group(2));
    }
    assertEquals(hex(SeriesStyle.of("simple").color()), key.get("simple"), key.toString());
    assertEquals(hex(SeriesStyle.of("buffered").color()), key.get("buffered"), key.toString());
    assertTrue(svg.contains("order: lowest time first"), "the order is stated");
  }

  @Test
  void barCharts_sayTheirOrder_highestThroughputFirst_lowestTimeFirst() {
    assertEquals(
        "order: highest throughput first",
        ChartPainter.noteLines(barSpec(Metric.THROUGHPUT)).get(1));
    assertEquals("order: lowest time first", ChartPainter.noteLines(barSpec(Metric.TIME)).get(1));
  }

  private static ChartSpec barSpec(Metric metric) {
    return new ChartSpec(
        "write",
        metric,
        "stream",
        Map.of(),
        false,
        List.of(new Series("a", List.of(new ChartSpec.Point(0, Statistics.of(List.of(1.0)))))),
        "x",
        Kind.BAR,
        ChartSpec.AxisKind.CATEGORY,
        "",
        ChartSpec.YScale.AUTO);
  }

  @Test
  void quickBufferTree_hasABarBesideTheMergeSortsOfItsNAndM() throws IOException {
    // quick.csv's last line: one buffer-tree sort of 2^20 ints in M = 2^16 (issue 49, item 4)
    ChartSpec tree =
        new ChartPlanner()
            .plan(ShippedConfigResults.of("quick.csv")).stream()
                .filter(s -> s.series().stream().anyMatch(x -> x.name().startsWith("buffer tree")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no chart holds quick.csv's buffer tree"));
    assertEquals(Kind.BAR, tree.kind());
    assertEquals(
        "sort (buffer tree vs merge, user-buffer): median time per sort (N=2^20 ints, M=2^16 ints)",
        ChartPainter.title(tree));
    List<String> names = tree.series().stream().map(Series::name).toList();
    assertTrue(
        names.containsAll(
            List.of(
                "merge sort, d = 4, B = 64 KiB",
                "merge sort, d = 8, B = 64 KiB",
                "merge sort, d = 16, B = 64 KiB")),
        names.toString());
    assertTrue(
        names.stream().anyMatch(n -> n.matches("buffer tree .*, B = 4 KiB")), names.toString());
    List<Double> medians =
        tree.series().stream().map(s -> s.points().get(0).stats().median()).toList();
    List<Double> sorted = new ArrayList<>(medians);
    sorted.sort(null);
    assertEquals(sorted, medians, "lowest time first");
  }

  @Test
  void quickBufferTree_barsTakeNoStreamTypesColour() throws IOException {
    // the chart is of one pair; its 4th bar (merge sort, d = 8) was drawn in user-buffer's
    // vermilion, as only three colours belong to no type (issue 49, item 4)
    ChartSpec tree =
        new ChartPlanner()
            .plan(ShippedConfigResults.of("quick.csv")).stream()
                .filter(s -> s.fileStem().startsWith("sort-time-by-sort-buffer-tree"))
                .findFirst()
                .orElseThrow();
    Set<java.awt.Color> types = new HashSet<>();
    for (String t :
        List.of("simple", "buffered", "user-buffer", "mapped", "channel", "direct", "async")) {
      types.add(SeriesStyle.of(t).color());
    }
    List<SeriesStyle> styles = SeriesStyle.forChart(tree.series());
    assertEquals(4, styles.size(), tree.series().toString());
    Set<java.awt.Color> merge = new HashSet<>();
    Set<java.awt.Color> trees = new HashSet<>();
    for (int i = 0; i < styles.size(); i++) {
      java.awt.Color c = styles.get(i).color();
      assertTrue(!types.contains(c), tree.series().get(i).name() + " has a stream type's colour");
      (tree.series().get(i).name().startsWith("buffer tree") ? trees : merge).add(c);
    }
    assertEquals(1, merge.size(), "one colour for the merge sorts");
    assertTrue(!merge.containsAll(trees), "the tree's bar stands apart");
  }

  @Test
  void everyChartOfAReport_hasATitleOfItsOwn() throws IOException {
    for (String f : FILES) {
      Map<String, String> byTitle = new HashMap<>();
      for (ChartSpec spec : new ChartPlanner().plan(ShippedConfigResults.of(f))) {
        String other = byTitle.put(ChartPainter.title(spec), spec.fileStem());
        assertEquals(null, other, f + ": " + spec.fileStem() + " has the title of " + other);
      }
    }
  }

  @Test
  void adviseStreams_direct_inTheChartOfTheOtherTypes_withTheBufferedReferenceLine()
      throws IOException {
    String csv = ShippedConfigResults.csv("advise-streams.csv");
    // as written line by line, and as an interleaved run mixes them (the last line's rows first)
    List<String> lines = new ArrayList<>(csv.lines().toList());
    List<String> reversed = new ArrayList<>(lines.subList(1, lines.size()));
    java.util.Collections.reverse(reversed);
    reversed.add(0, lines.get(0));
    for (String text : List.of(csv, String.join("\n", reversed) + "\n")) {
      assertDirectInOneChartWithBuffered(
          new ChartPlanner()
              .plan(
                  org.secmem.results.RawResults.parse(
                      "advise-streams.csv-results.csv", new java.io.StringReader(text))));
    }
  }

  private static void assertDirectInOneChartWithBuffered(List<ChartSpec> specs) {
    for (String stem : List.of("read-throughput-vs-b", "write-time-vs-b")) {
      List<ChartSpec> these = specs.stream().filter(s -> s.fileStem().startsWith(stem)).toList();
      assertEquals(1, these.size(), stem + ": " + these.stream().map(ChartSpec::fileStem).toList());
      List<String> names = these.get(0).series().stream().map(Series::name).toList();
      assertTrue(
          names.containsAll(List.of("direct", "user-buffer", "mapped", "channel", "async")),
          names.toString());
      Series buffered =
          these.get(0).series().stream()
              .filter(s -> s.key().equals("buffered"))
              .findFirst()
              .orElseThrow(() -> new AssertionError(stem + ": no buffered line in " + names));
      assertTrue(buffered.flat(), "buffered takes no B: a level line");
    }
  }
}
