package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

public class ChartMakerTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private Path fixture(String name) throws IOException {
    Path target = dir.resolve(name);
    try (InputStream in = getClass().getResourceAsStream(name)) {
      Files.copy(in, target);
    }
    return target;
  }

  private static Set<String> names(List<Path> files) {
    return files.stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
  }

  @Test
  void draw_bSweepOfFourStreams_timeAndThroughputAgainstBOnly() throws IOException {
    Path raw = fixture("b-sweep-read.csv");
    Path out = dir.resolve("charts");

    List<Path> files = DrawnChart.files(ChartMaker.withDefaults().draw(raw, out));

    assertEquals(
        Set.of(
            "read-time-vs-b.png",
            "read-time-vs-b.svg",
            "read-throughput-vs-b.png",
            "read-throughput-vs-b.svg"),
        names(files));
    for (Path f : files) {
      assertTrue(Files.size(f) > 1000, f + " is nearly empty");
      if (f.toString().endsWith(".png")) {
        BufferedImage image = ImageIO.read(f.toFile());
        assertNotNull(image, f + " does not decode");
        assertEquals(900, image.getWidth());
        assertEquals(600, image.getHeight());
      } else {
        String svg = Files.readString(f);
        assertTrue(svg.contains("<svg"), f.toString());
      }
    }
  }

  @Test
  void plan_bSweep_fourSeriesOfMediansOverMeasuredRunsOnLogAxis() throws IOException {
    RawResults raw = RawResults.read(fixture("b-sweep-read.csv"));

    List<ChartSpec> specs = ChartMaker.withDefaults().plan(raw);

    assertEquals(2, specs.size());
    ChartSpec time = specs.get(0);
    assertEquals(Metric.TIME, time.metric());
    assertEquals("b", time.parameter());
    assertTrue(time.logX());
    assertEquals("1000000", time.fixed().get("n"));
    assertEquals("1", time.fixed().get("k"));
    assertEquals(
        List.of("simple", "buffered", "user-buffer", "mapped"),
        time.series().stream().map(Series::name).toList());
    for (Series s : time.series()) {
      assertEquals(6, s.points().size());
      // 3 repetitions each: the warm-up (1.8x slower) is not among them
      s.points().forEach(p -> assertEquals(3, p.stats().count()));
    }
    ChartSpec.Point simple64 = time.series().get(0).points().get(0);
    assertEquals(64.0, simple64.x(), 0.0);
    assertEquals(4000.0, simple64.stats().median(), 1e-9);
    assertEquals(4240.0, simple64.stats().max(), 1e-9);
    assertEquals(
        List.of(
            "points: median of 3 runs",
            "whiskers: min\u2013max",
            "(warm-up runs excluded)",
            "shape=uniform",
            "cache=as-is",
            "sync=false"),
        ChartPainter.noteLines(time));
  }

  /** A chart's legend and title give sizes as people read them, a memory limit too. */
  @Test
  void sizes_areReadable_bAndMemoryLimitInBytes_nAndMInInts() {
    assertEquals("1 GiB", ChartPainter.size("memory_limit", "1073741824"));
    assertEquals("1.5 GiB", ChartPainter.size("memory_limit", "1610612736"));
    assertEquals("64 KiB", ChartPainter.size("b", "65536"));
    assertEquals("2^20 ints", ChartPainter.size("n", "1048576"));
    assertEquals("cold", ChartPainter.size("cache", "cold"));
    assertEquals("", ChartPainter.size("memory_limit", ""));
  }

  /** The nb fixture as written by one parameter-file line per experiment (a sweep column). */
  private Path nbWithSweeps() throws IOException {
    List<String> lines = Files.readAllLines(fixture("nb-sweep-write.csv"));
    StringBuilder sb = new StringBuilder(lines.get(0)).append(",sweep\n");
    for (String line : lines.subList(1, lines.size())) {
      sb.append(line).append(line.contains(",sort,") ? ",nb.csv:3" : ",nb.csv:2").append('\n');
    }
    Path p = dir.resolve("nb-sweeps.csv");
    Files.writeString(p, sb);
    return p;
  }

  @Test
  void draw_nAndBBothVary_oneChartPerValueOfTheOtherAndSortAgainstMOnly() throws IOException {
    Path raw = nbWithSweeps();

    List<Path> files = DrawnChart.files(ChartMaker.withDefaults().draw(raw, dir.resolve("charts")));

    Set<String> pngs =
        names(files).stream().filter(n -> n.endsWith(".png")).collect(Collectors.toSet());
    assertEquals(
        Set.of(
            "write-time-vs-n-b4096-cachecold.png",
            "write-time-vs-n-b4096-cachewarm.png",
            "write-time-vs-n-b65536-cachecold.png",
            "write-time-vs-n-b65536-cachewarm.png",
            "write-throughput-vs-n-b4096-cachecold.png",
            "write-throughput-vs-n-b4096-cachewarm.png",
            "write-throughput-vs-n-b65536-cachecold.png",
            "write-throughput-vs-n-b65536-cachewarm.png",
            "write-time-vs-b-n1000-cachecold.png",
            "write-time-vs-b-n1000-cachewarm.png",
            "write-time-vs-b-n100000-cachecold.png",
            "write-time-vs-b-n100000-cachewarm.png",
            "write-throughput-vs-b-n1000-cachecold.png",
            "write-throughput-vs-b-n1000-cachewarm.png",
            "write-throughput-vs-b-n100000-cachecold.png",
            "write-throughput-vs-b-n100000-cachewarm.png",
            "sort-time-vs-m.png"),
        pngs);
    assertEquals(34, files.size());
    for (Path f : files) {
      assertTrue(Files.exists(f), f.toString());
    }
  }

  @Test
  void plan_runsWithoutB_flatInBChartsAndVaryingCacheSplitsCharts() throws IOException {
    RawResults raw = RawResults.read(nbWithSweeps());

    List<ChartSpec> specs = ChartMaker.withDefaults().plan(raw);

    ChartSpec nAtB4096 =
        specs.stream()
            .filter(s -> s.fileStem().equals("write-time-vs-n-b4096-cachecold"))
            .findFirst()
            .orElseThrow();
    assertEquals(
        List.of("simple", "user-buffer", "mapped"),
        nAtB4096.series().stream().map(Series::name).toList());
    assertTrue(nAtB4096.logX());
    assertEquals("cold", nAtB4096.fixed().get("cache"));
    assertEquals("4096", nAtB4096.fixed().get("b"));
    // the warm-up (rep 0) is left out: 2 runs per point
    nAtB4096.series().forEach(s -> s.points().forEach(p -> assertEquals(2, p.stats().count())));

    ChartSpec bAtN1000 =
        specs.stream()
            .filter(s -> s.fileStem().equals("write-time-vs-b-n1000-cachecold"))
            .findFirst()
            .orElseThrow();
    List<String> names = bAtN1000.series().stream().map(Series::name).toList();
    assertEquals(List.of("user-buffer", "mapped", "simple, no B"), names);
    Series flat = bAtN1000.series().get(2);
    assertTrue(flat.flat());
    assertEquals(2, flat.points().size());
    assertEquals(4096.0, flat.points().get(0).x(), 0.0);
    assertEquals(65536.0, flat.points().get(1).x(), 0.0);
    assertEquals(flat.points().get(0).stats(), flat.points().get(1).stats());

    ChartSpec sortVsM =
        specs.stream().filter(s -> s.experiment().equals("sort")).findFirst().orElseThrow();
    assertEquals(
        List.of("read user-buffer, write mapped"),
        sortVsM.series().stream().map(Series::name).toList());
    assertTrue(sortVsM.logX(), "M is a size: powers of two on a log axis");
  }

  @Test
  void plan_sortWithOneTypeBothWays_namesItOnce_andAMixedPairBothWays() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,m,elapsed_ms,sweep\n"
            + "sort,channel,channel,1000,1.0,cli\n"
            + "sort,channel,channel,10000,2.0,cli\n"
            + "sort,mapped,simple,1000,3.0,cli\n"
            + "sort,mapped,simple,10000,4.0,cli\n";
    ChartSpec spec =
        ChartMaker.withDefaults().plan(RawResults.parse("t", new StringReader(csv))).get(0);
    assertEquals(
        List.of("channel", "read mapped, write simple"),
        spec.series().stream().map(Series::name).toList());
  }

  @Test
  void plan_sortMSweep_oneLine_thoughTheRunLengthAndMergeBFollowM() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,m,threads,run_workers,run_ints,merge_threads,"
            + "merge_b,elapsed_ms\n"
            + "sort,channel,channel,1000,2,2,400,2,64,1.0\n"
            + "sort,channel,channel,10000,2,2,4000,2,512,2.0\n"
            + "sort,channel,channel,100000,2,1,40000,1,4096,3.0\n";
    List<ChartSpec> specs =
        ChartMaker.withDefaults().plan(RawResults.parse("t", new StringReader(csv)));
    assertEquals(1, specs.size());
    assertEquals(1, specs.get(0).series().size(), specs.get(0).series().toString());
    assertEquals(3, specs.get(0).series().get(0).points().size());
    assertEquals(
        List.of("experiment", "read_stream", "write_stream", "m", "threads"),
        RawResults.parse("t", new StringReader(csv)).configurationColumns(),
        "what the memory plan made of M is no part of the configuration");
  }

  @Test
  void plan_sortThreadsSweep_drawsTimeAgainstThreads() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,threads,elapsed_ms\n"
            + "sort,channel,channel,1,4.0\n"
            + "sort,channel,channel,2,2.0\n"
            + "sort,channel,channel,4,1.5\n";
    List<ChartSpec> specs =
        ChartMaker.withDefaults().plan(RawResults.parse("t", new StringReader(csv)));
    assertEquals(1, specs.size());
    assertEquals("threads", specs.get(0).parameter());
    assertEquals("threads", ChartPainter.axisTitle("threads", ChartSpec.AxisKind.COUNT));
  }

  @Test
  void plan_parameterSpanningMoreThanTwoDecades_getsLogAxis() throws IOException {
    String csv =
        "experiment,stream,k,elapsed_ms\n"
            + "read,mapped,1,1.0\n"
            + "read,mapped,10,2.0\n"
            + "read,mapped,1000,3.0\n";

    List<ChartSpec> specs =
        ChartMaker.withDefaults().plan(RawResults.parse("t", new StringReader(csv)));

    assertEquals(1, specs.size(), "no throughput column, no throughput chart");
    assertTrue(specs.get(0).logX());
    assertEquals(
        "k (streams, log scale)", ChartPainter.axisTitle("k", ChartSpec.AxisKind.LOG_COUNT));
    assertEquals("B (bytes, log scale)", ChartPainter.axisTitle("b", ChartSpec.AxisKind.BYTES));
  }

  @Test
  void plan_nothingVaries_noCharts() throws IOException {
    String csv =
        "experiment,stream,n,b,elapsed_ms,warmup\n"
            + "read,mapped,10,4096,1.0,false\n"
            + "read,mapped,10,4096,2.0,false\n"
            + "read,mapped,99,4096,50.0,true\n";

    assertEquals(
        List.of(), ChartMaker.withDefaults().plan(RawResults.parse("t", new StringReader(csv))));
  }

  @Test
  void plan_manyCharts_cappedInPlanOrder() throws IOException {
    RawResults raw = RawResults.read(nbWithSweeps());

    List<ChartSpec> specs = new ChartMaker(900, 600, 3).plan(raw);

    assertEquals(3, specs.size());
    assertEquals("write-time-vs-n-b4096-cachecold", specs.get(0).fileStem());
  }

  @Test
  void draw_parameterNotANumber_throwsNamingLineAndColumn() {
    String csv =
        "experiment,stream,n,b,elapsed_ms\n"
            + "read,mapped,10,4096,1.0\n"
            + "read,mapped,20,4096,1.0\n"
            + "read,mapped,20,4K,1.0\n";

    MalformedResultsException e =
        assertThrows(
            MalformedResultsException.class,
            () -> ChartMaker.withDefaults().draw(unchecked("x.csv", csv), dir));
    assertEquals("x.csv:4: b: '4K' is not a number", e.getMessage());
  }

  @Test
  void constructor_badSize_throws() {
    assertThrows(IllegalArgumentException.class, () -> new ChartMaker(10, 600, 5));
    assertThrows(IllegalArgumentException.class, () -> new ChartMaker(900, 600, 0));
  }

  /** Rows as they are, bad cells included (the reader would leave such rows out). */
  public static RawResults unchecked(String source, String csv) {
    List<String> lines = csv.lines().toList();
    List<String> header = List.of(lines.get(0).split(","));
    List<RawRow> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      Map<String, String> cells = new LinkedHashMap<>();
      String[] values = lines.get(i).split(",", -1);
      for (int c = 0; c < header.size(); c++) {
        cells.put(header.get(c), values[c]);
      }
      rows.add(new RawRow(source, i + 1, cells));
    }
    return new RawResults(source, header, rows);
  }
}
