package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.Ownership;

/** The drawn files: SVG with real text, small; one colour per stream type everywhere. */
class ChartPainterTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private Path drawSweepSmall() throws IOException {
    Path csv = dir.resolve("r.csv");
    Files.writeString(csv, ChartPlannerTest.sweepSmall(false));
    Path out = dir.resolve("r-charts");
    ChartMaker.withDefaults().draw(csv, out);
    return out;
  }

  private static final Pattern TEXT = Pattern.compile("<text[^>]*>([^<]*)</text>");

  private static List<String> texts(String svg) {
    List<String> texts = new ArrayList<>();
    Matcher m = TEXT.matcher(svg);
    while (m.find()) {
      texts.add(m.group(1));
    }
    return texts;
  }

  @Test
  void svg_isSmallWithRealTextForTitlesAxesAndLegend() throws IOException {
    Path out = drawSweepSmall();
    try (var files = Files.list(out)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".svg")).toList()) {
        assertTrue(Files.size(f) < 100_000, f + " is " + Files.size(f) + " bytes");
      }
    }
    List<String> texts = texts(Files.readString(out.resolve("read-time-vs-b.svg")));
    assertTrue(texts.contains("B (bytes, log scale)"), texts.toString());
    assertTrue(
        texts.contains("time (ms) (log scale)") || texts.contains("time (ms)"), texts.toString());
    assertTrue(texts.contains("mapped"), texts.toString());
    assertTrue(texts.contains("simple, no B"), texts.toString());
  }

  @Test
  void sizeAxes_tickAtPowersOfTwoInBinaryUnits_endingAroundTheData() throws IOException {
    Path out = drawSweepSmall();
    List<String> b = texts(Files.readString(out.resolve("read-time-vs-b.svg")));
    // B = 16 .. 1M: the axis runs from 16 to 1M, ticks every other power of two, in bytes (issue
    // 33: not 4K, which elsewhere meant ints)
    assertTrue(
        b.containsAll(
            List.of(
                "16 bytes",
                "64 bytes",
                "256 bytes",
                "1 KiB",
                "4 KiB",
                "16 KiB",
                "64 KiB",
                "256 KiB",
                "1 MiB")),
        b.toString());
    assertFalse(
        b.contains("10") || b.contains("10000000") || b.contains("2 MiB") || b.contains("4K"),
        b.toString());
  }

  /**
   * Issue 33: an N axis swept in powers of two is ticked as the powers the options take ({@code
   * 2^14} .. {@code 2^20}; the title says ints), not as {@code 16K} .. {@code 1M}, which read as
   * bytes.
   */
  @Test
  void anIntsAxisOfPowersOfTwo_isTickedAsPowers() throws IOException {
    StringBuilder csv = new StringBuilder("experiment,stream,n,k,b,warmup,elapsed_ms\n");
    for (String type : List.of("mapped", "channel")) {
      for (int e = 14; e <= 20; e += 2) {
        for (int rep = 0; rep < 2; rep++) {
          csv.append("read,")
              .append(type)
              .append(',')
              .append(1 << e)
              .append(",1,65536,false,")
              .append(e + rep + (type.equals("mapped") ? 0.5 : 0))
              .append('\n');
        }
      }
    }
    Path file = dir.resolve("n.csv");
    Files.writeString(file, csv);
    Path out = dir.resolve("n-charts");
    ChartMaker.withDefaults().draw(file, out);
    List<String> n = texts(Files.readString(out.resolve("read-time-vs-n.svg")));
    assertTrue(n.containsAll(List.of("2^14", "2^16", "2^18", "2^20")), n.toString());
    assertFalse(n.contains("16K") || n.contains("1M") || n.contains("16 KiB"), n.toString());
    assertEquals("512", ChartPainter.powerOfTwoTick(ChartSpec.AxisKind.INTS, 9));
    assertEquals("512 bytes", ChartPainter.powerOfTwoTick(ChartSpec.AxisKind.BYTES, 9));
    assertEquals("4 KiB", ChartPainter.powerOfTwoTick(ChartSpec.AxisKind.BYTES, 12));
  }

  @Test
  void everyPoint_saysItsValuesOnHover_inAnSvgTitle() throws IOException {
    // issue 33: a <title> per marker, level line and bar, in every chart of the shipped files
    int points = 0;
    for (String file : List.of("quick.csv", "sweep-small.csv")) {
      for (ChartSpec spec : new ChartPlanner().plan(ShippedConfigResults.of(file))) {
        String svg = new ChartPainter(900, 600).svg(spec);
        int drawn = 0;
        for (ChartSpec.Series s : spec.series()) {
          drawn += spec.kind() == ChartSpec.Kind.BAR || s.flat() ? 1 : s.points().size();
        }
        List<String> titles =
            Pattern.compile("<g class=\"point\"><title>([^<]*)</title>")
                .matcher(svg)
                .results()
                .map(m -> m.group(1))
                .toList();
        assertEquals(drawn, titles.size(), spec.fileStem() + ": " + titles);
        points += drawn;
      }
    }
    assertTrue(points > 100, "points: " + points);
    Path out = drawSweepSmall();
    String b = Files.readString(out.resolve("read-time-vs-b.svg"));
    assertTrue(
        Pattern.compile("<title>mapped, B = 4,096: median [0-9.]+ ms, min\u2013max [0-9.]+\u2013")
            .matcher(b)
            .find(),
        b);
    assertTrue(b.contains("<title>simple, no B: median "), "the level line too: " + b);
  }

  @Test
  void aDecimalSweep_isLabelledInTheValuesSwept_notInPowersOfTwo() throws IOException {
    Path out = drawSweepSmall();
    List<String> n = texts(Files.readString(out.resolve("read-time-vs-n.svg")));
    // N = 10^4 .. 10^7 (issue 33): ticks at the four values run, not at 8K .. 16M
    assertTrue(
        n.containsAll(List.of("10,000", "100,000", "1,000,000", "10,000,000")), n.toString());
    assertFalse(
        n.contains("8K") || n.contains("1M") || n.contains("16M") || n.contains("32M"),
        n.toString());
    assertTrue(n.contains("N (ints per file, log scale)"), n.toString());
  }

  /** The colour of each legend entry, by series name. */
  private static Map<String, String> legendColours(String svg) {
    Map<String, String> colours = new LinkedHashMap<>();
    Matcher m =
        Pattern.compile(
                "<g class=\"legend-entry\" data-series=\"([^\"]*)\" "
                    + "data-color=\"(#[0-9a-f]{6})\">\n<line [^>]*stroke=\"(#[0-9a-f]{6})\"")
            .matcher(svg);
    while (m.find()) {
      assertEquals(m.group(2), m.group(3), "the legend line is drawn in the series' colour");
      colours.put(m.group(1), m.group(2));
    }
    return colours;
  }

  @Test
  void sameStreamType_sameColourInEveryChart_andNoTwoTypesAlikeInOneChart() throws IOException {
    Path out = drawSweepSmall();
    var writeB = legendColours(Files.readString(out.resolve("write-time-vs-b.svg")));
    var readK = legendColours(Files.readString(out.resolve("read-throughput-vs-k.svg")));
    var readN = legendColours(Files.readString(out.resolve("read-time-vs-n.svg")));
    assertTrue(
        writeB.keySet().containsAll(List.of("user-buffer", "mapped", "channel")),
        writeB.toString());
    for (String type : List.of("user-buffer", "mapped", "channel")) {
      assertEquals(writeB.get(type), readK.get(type), type + " in " + writeB + " and " + readK);
      assertEquals(writeB.get(type), readN.get(type), type + " in " + writeB + " and " + readN);
    }
    assertEquals(writeB.get("buffered, no B"), readN.get("buffered"));
    Set<String> distinct = new HashSet<>(readN.values());
    assertEquals(readN.size(), distinct.size(), "two series alike: " + readN);
    assertNotEquals(writeB.get("simple, no B"), writeB.get("buffered, no B"));
  }

  @Test
  void nothingToCompare_noChartsFolder() throws IOException {
    Path csv = dir.resolve("one.csv");
    Files.writeString(csv, "experiment,stream,n,elapsed_ms\nread,mapped,1000,1.0\n");
    Path out = dir.resolve("one-charts");
    assertEquals(List.of(), ChartMaker.withDefaults().draw(csv, out));
    assertFalse(Files.exists(out), "no empty charts folder");
  }

  @Test
  void redrawing_removesChartsThePlanNoLongerHas_keepsOtherFiles() throws IOException {
    Path out = dir.resolve("r-charts");
    Files.createDirectories(out);
    Ownership.mark(out, Ownership.Made.FOLDER); // made by an earlier drawing
    Path stale = Files.writeString(out.resolve("read-time-vs-n-b65536-k1.png"), "old");
    // The buffer tree's charts of an older version (numbered where they now name their (a, b)).
    List<Path> staleTree =
        List.of(
            Files.writeString(out.resolve("sort-activity-vs-n-buffer-tree-1.png"), "old"),
            Files.writeString(out.resolve("sort-block-pushes-vs-n-buffer-tree-2.svg"), "old"),
            Files.writeString(out.resolve("sort-blocks-vs-m-buffer-tree.png"), "old"),
            Files.writeString(out.resolve("sort-after-last-key-vs-n-buffer-tree.svg"), "old"));
    // Charts secmem drew: marked as its own (a file without the mark is the user's and stays).
    Ownership.mark(stale, Ownership.Made.WHOLE_FILE);
    staleTree.forEach(f -> Ownership.mark(f, Ownership.Made.WHOLE_FILE));
    Path mine = Files.writeString(out.resolve("notes.txt"), "mine");
    drawSweepSmall();
    assertFalse(Files.exists(stale), "a chart of an older plan is gone");
    staleTree.forEach(f -> assertFalse(Files.exists(f), f + " is a chart of an older plan"));
    assertTrue(Files.exists(mine));
    assertTrue(Files.exists(out.resolve("read-time-vs-n.svg")));

    Path csv = dir.resolve("r.csv");
    Files.writeString(csv, "experiment,stream,n,elapsed_ms\nread,mapped,1000,1.0\n");
    Files.delete(mine);
    ChartMaker.withDefaults().draw(csv, out);
    assertFalse(Files.exists(out), "no charts now: the folder of old ones is gone");

    Path shared = Files.createDirectories(dir.resolve("shared"));
    Path other = Files.writeString(shared.resolve("write-time-vs-b.png"), "another file's");
    ChartMaker.withDefaults().draw(csv, shared);
    assertTrue(Files.exists(other), "a folder the user named may hold other files' charts");
  }

  @Test
  void barChart_namesEachTypeAndDrawsWhiskers() throws IOException {
    String csv =
        "experiment,stream,n,k,b,warmup,elapsed_ms,mib_per_s\n"
            + "read,mapped,1000000,1,65536,false,10,400\n"
            + "read,mapped,1000000,1,65536,false,12,330\n"
            + "read,channel,1000000,1,65536,false,8,500\n"
            + "read,channel,1000000,1,65536,false,9,440\n";
    ChartSpec spec = new ChartPlanner().plan(ChartPlannerTest.parse(csv)).get(0);
    String svg = new ChartPainter(900, 600).svg(spec);
    List<String> texts = texts(svg);
    assertTrue(texts.containsAll(List.of("mapped", "channel", "time (ms)")), texts.toString());
    assertTrue(
        texts.contains("read: median time per stream type (N=1000000 ints, B=64 KiB, k=1)"),
        texts.toString());
  }

  @Test
  void barLabels_tooWideForTheirSlot_goOnTwoLines_atACommaOrTheBreakNearestTheMiddle() {
    assertEquals(List.of("fast"), ChartCanvas.twoLines("fast", 12, 80));
    assertEquals(
        List.of("secmem-", "fast-jdk17"), ChartCanvas.twoLines("secmem-fast-jdk17", 12, 80));
    assertEquals(List.of("channel/", "mapped"), ChartCanvas.twoLines("channel/mapped", 12, 60));
    assertEquals(
        List.of("user-buffer,", "d=16"), ChartCanvas.twoLines("user-buffer, d=16", 12, 60));
    assertEquals(List.of("spark local[2]"), ChartCanvas.twoLines("spark local[2]", 12, 200));
    assertEquals(List.of("spark", "local[2]"), ChartCanvas.twoLines("spark local[2]", 12, 60));
    assertEquals(List.of("unbreakablename"), ChartCanvas.twoLines("unbreakablename", 12, 20));
  }
}
