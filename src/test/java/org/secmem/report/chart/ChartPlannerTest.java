package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.secmem.report.chart.ChartSpec.AxisKind;
import org.secmem.report.chart.ChartSpec.Kind;
import org.secmem.report.chart.ChartSpec.Metric;
import org.secmem.report.chart.ChartSpec.Point;
import org.secmem.report.chart.ChartSpec.Series;
import org.secmem.results.RawResults;

/** The planner on files shaped like configs/sweep-small.csv's results, without drawing. */
class ChartPlannerTest {

  static final List<String> B_TYPES =
      List.of("simple", "buffered", "user-buffer", "mapped", "channel");
  static final List<String> N_TYPES = List.of("buffered", "user-buffer", "mapped", "channel");

  /**
   * The rows sweep-small.csv makes, in its order (stream outer, parameter inner, a warm-up and two
   * repetitions each): a B sweep of writes and reads at N = 2^20, an N sweep of reads (10^4..10^7,
   * B = 64K) and k sweeps of writes and reads at N = 2^18, B = 64K. The B and k sweeps share points
   * with the N sweep's x axis (N = 2^20 and 2^18, B = 64K, k = 1). Types that do not use B (simple,
   * buffered) leave it blank.
   */
  static String sweepSmall(boolean withSweepColumn) {
    StringBuilder sb =
        new StringBuilder(
            "experiment,stream,n,k,b,rep,warmup,cache,elapsed_ms,"
                + "mib_per_s"
                + (withSweepColumn ? ",sweep" : "")
                + "\n");
    int[] line = {1};
    for (String experiment : List.of("write", "read")) {
      line[0]++;
      for (String t : B_TYPES) {
        boolean usesB = !t.equals("simple") && !t.equals("buffered");
        for (int e = 4; e <= 20; e += (usesB ? 2 : 100)) {
          rows(
              sb,
              experiment,
              t,
              1 << 20,
              1,
              usesB ? Long.toString(1L << e) : "",
              withSweepColumn ? "sweep-small.csv:" + line[0] : null,
              100 + e + t.length());
        }
      }
    }
    line[0]++;
    for (String t : N_TYPES) {
      for (long n = 10_000; n <= 10_000_000; n *= 10) {
        rows(
            sb,
            "read",
            t,
            n,
            1,
            t.equals("buffered") ? "" : "65536",
            withSweepColumn ? "sweep-small.csv:" + line[0] : null,
            n / 1000.0 + t.length());
      }
    }
    for (String experiment : List.of("write", "read")) {
      line[0]++;
      for (String t : N_TYPES) {
        for (int k = 1; k <= 8; k++) {
          rows(
              sb,
              experiment,
              t,
              1 << 18,
              k,
              t.equals("buffered") ? "" : "65536",
              withSweepColumn ? "sweep-small.csv:" + line[0] : null,
              10.0 * k + t.length());
        }
      }
    }
    return sb.toString();
  }

  private static void rows(
      StringBuilder sb,
      String experiment,
      String type,
      long n,
      int k,
      String b,
      String sweep,
      double ms) {
    for (int rep = 1; rep <= 3; rep++) {
      boolean warmup = rep == 1;
      double t = warmup ? ms * 3 : ms + rep;
      sb.append(experiment)
          .append(',')
          .append(type)
          .append(',')
          .append(n)
          .append(',')
          .append(k)
          .append(',')
          .append(b)
          .append(',')
          .append(rep)
          .append(',')
          .append(warmup)
          .append(",as-is,")
          .append(t)
          .append(',')
          .append(4.0 * n * k / (1 << 20) / (t / 1000));
      if (sweep != null) {
        sb.append(',').append(sweep);
      }
      sb.append('\n');
    }
  }

  static RawResults parse(String csv) throws IOException {
    return RawResults.parse("t.csv", new StringReader(csv));
  }

  private static List<String> stems(List<ChartSpec> specs) {
    return specs.stream().map(ChartSpec::fileStem).toList();
  }

  private static ChartSpec chart(List<ChartSpec> specs, String stem) {
    return specs.stream()
        .filter(s -> s.fileStem().equals(stem))
        .findFirst()
        .orElseThrow(() -> new AssertionError(stem + " not among " + stems(specs)));
  }

  private static List<String> names(ChartSpec spec) {
    return spec.series().stream().map(Series::name).toList();
  }

  private static final List<String> SWEEP_SMALL_CHARTS =
      List.of(
          "write-time-vs-b", "write-throughput-vs-b",
          "read-time-vs-b", "read-throughput-vs-b",
          "read-time-vs-n", "read-throughput-vs-n",
          "write-time-vs-k", "write-throughput-vs-k",
          "read-time-vs-k", "read-throughput-vs-k");

  private static void assertSweepSmallCharts(List<ChartSpec> specs) {
    assertEquals(SWEEP_SMALL_CHARTS, stems(specs));

    ChartSpec readN = chart(specs, "read-time-vs-n");
    assertEquals(N_TYPES, names(readN), "no orphan simple point from the B sweep");
    for (Series s : readN.series()) {
      assertFalse(s.flat());
      assertEquals(
          List.of(1e4, 1e5, 1e6, 1e7),
          s.points().stream().map(Point::x).toList(),
          s.name() + ": only the N sweep's points, not 2^18 or 2^20 from the k and B sweeps");
      s.points().forEach(p -> assertEquals(2, p.stats().count(), "warm-up left out"));
    }
    assertEquals(Map.of("k", "1", "b", "65536", "cache", "as-is"), readN.fixed());
    assertEquals(AxisKind.INTS, readN.xAxis());
    assertEquals(Kind.LINE, readN.kind());

    ChartSpec readB = chart(specs, "read-time-vs-b");
    assertEquals(
        List.of("user-buffer", "mapped", "channel", "simple, no B", "buffered, no B"),
        names(readB));
    assertEquals(
        List.of(false, false, false, true, true),
        readB.series().stream().map(Series::flat).toList());
    assertEquals("simple", readB.series().get(3).key());
    assertEquals(9, readB.series().get(0).points().size());
    assertEquals(AxisKind.BYTES, readB.xAxis());
    assertEquals("1048576", readB.fixed().get("n"));

    ChartSpec writeK = chart(specs, "write-throughput-vs-k");
    assertEquals(Metric.THROUGHPUT, writeK.metric());
    assertEquals(N_TYPES, names(writeK));
    assertEquals(AxisKind.COUNT, writeK.xAxis());
    writeK.series().forEach(s -> assertEquals(8, s.points().size()));
  }

  @Test
  void plan_sweepSmallWithoutSweepColumn_eachChartOneSweep_noZigZagNoOrphans() throws IOException {
    assertSweepSmallCharts(new ChartMaker(900, 600, 60).plan(parse(sweepSmall(false))));
  }

  @Test
  void plan_sweepSmallWithSweepColumn_eachChartOneSweep() throws IOException {
    assertSweepSmallCharts(new ChartPlanner().plan(parse(sweepSmall(true))));
  }

  @Test
  void plan_sweepColumnBlankInOlderRows_thoseRowsAreGuessed() throws IOException {
    // an older file appended to by a newer secmem: its rows have no sweep
    String older = sweepSmall(false);
    String newer = sweepSmall(true);
    String csv =
        newer.lines().findFirst().orElseThrow()
            + "\n"
            + older.lines().skip(1).map(l -> l + ",").collect(Collectors.joining("\n"))
            + "\n"
            + newer.lines().skip(1).collect(Collectors.joining("\n"))
            + "\n";
    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));
    List<String> expected = new ArrayList<>(SWEEP_SMALL_CHARTS);
    SWEEP_SMALL_CHARTS.forEach(c -> expected.add(c + "-2"));
    assertEquals(expected, stems(specs));
    assertEquals(N_TYPES, names(chart(specs, "read-time-vs-n-2")));
    chart(specs, "read-time-vs-n")
        .series()
        .forEach(s -> assertEquals(4, s.points().size(), s.name()));
  }

  @Test
  void plan_withoutSweepColumn_seriesOfTwoPointsFromDifferentSweepsAreLeftOutAndLogged()
      throws IOException {
    // two write lines: a B sweep at N=2^20 and a k sweep at N=2^18; N takes two values but no
    // line sweeps N, so there is no write chart against N
    ChartPlanner planner = new ChartPlanner();
    List<ChartSpec> specs = planner.plan(parse(sweepSmall(false)));
    assertTrue(
        stems(specs).stream().noneMatch(s -> s.startsWith("write-") && s.endsWith("-n")),
        stems(specs).toString());
  }

  @Test
  void plan_twoPointLineWithoutSweepColumn_leftOutAndSaidWhy() throws IOException {
    String csv =
        "experiment,stream,n,b,elapsed_ms\n"
            + "write,mapped,1000,4096,1.0\n"
            + "write,mapped,2000,4096,2.0\n"
            + "write,mapped,1000,8192,1.0\n"
            + "write,mapped,2000,8192,2.0\n";
    ChartPlanner planner = new ChartPlanner();
    assertEquals(List.of(), planner.plan(parse(csv)));
    assertEquals(2, planner.leftOut().size(), planner.leftOut().toString());
    assertEquals(
        "t.csv:2 (write): write vs N at B=4096: fewer than 3 x values: mapped (2)",
        planner.leftOut().get(0));
  }

  @Test
  void plan_withoutSweepColumn_aCrossProductLineIsOneSweep() throws IOException {
    // one line: stream simple|mapped, n 1000|100000|10000000, b 4K|64K (simple has no B)
    StringBuilder sb = new StringBuilder("experiment,stream,n,b,elapsed_ms\n");
    for (String t : List.of("simple", "mapped")) {
      for (long n = 1000; n <= 10_000_000; n *= 100) {
        for (String b : t.equals("simple") ? List.of("") : List.of("4096", "65536")) {
          sb.append("write,")
              .append(t)
              .append(',')
              .append(n)
              .append(',')
              .append(b)
              .append(',')
              .append(n / 1000.0 + b.length())
              .append('\n');
        }
      }
    }
    // a second line makes the guessed sweeps several: the 3-point minimum applies
    sb.append("read,mapped,1000,4096,1.0\n");
    List<ChartSpec> specs = new ChartPlanner().plan(parse(sb.toString()));
    assertEquals(List.of("write-time-vs-n-b4096", "write-time-vs-n-b65536"), stems(specs));
    assertEquals(List.of("simple", "mapped"), names(specs.get(0)));
    specs.forEach(c -> c.series().forEach(s -> assertEquals(3, s.points().size())));
  }

  @Test
  void plan_withoutSweepColumn_oneTypeBSweepThenNSweep_twoSweeps() throws IOException {
    StringBuilder sb = new StringBuilder("experiment,stream,n,b,elapsed_ms\n");
    for (int e = 12; e <= 20; e += 2) {
      sb.append("read,mapped,1048576,").append(1 << e).append(',').append(e).append('\n');
    }
    for (long n = 10_000; n <= 10_000_000; n *= 10) {
      sb.append("read,mapped,").append(n).append(",65536,").append(n / 1e4).append('\n');
    }
    List<ChartSpec> specs = new ChartPlanner().plan(parse(sb.toString()));
    assertEquals(List.of("read-time-vs-b", "read-time-vs-n"), stems(specs));
    assertEquals(
        List.of(1e4, 1e5, 1e6, 1e7),
        specs.get(1).series().get(0).points().stream().map(Point::x).toList(),
        "not the B sweep's point at N = 2^20");
  }

  @Test
  void plan_withoutSweepColumn_aLineOfNewTypesAtAnotherSetting_isAnotherSweep() throws IOException {
    // quick.csv's two sort lines: a d sweep of two pairs at N=2^20, then two other pairs at one
    // setting (N=2^14): bars for the second line, not lines against N
    String csv =
        "experiment,read_stream,write_stream,n,m,d,elapsed_ms\n"
            + "sort,mapped,mapped,1048576,65536,4,100\n"
            + "sort,mapped,mapped,1048576,65536,16,90\n"
            + "sort,channel,channel,1048576,65536,4,80\n"
            + "sort,channel,channel,1048576,65536,16,70\n"
            + "sort,simple,simple,16384,1024,4,50\n"
            + "sort,buffered,buffered,16384,1024,4,5\n";
    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));
    assertEquals(List.of("sort-time-by-sort"), stems(specs));
    // lowest time first (issue 49, item 1)
    assertEquals(List.of("buffered", "simple"), names(specs.get(0)));
  }

  @Test
  void plan_oneGuessedSweepOfTwoPoints_isDrawn() throws IOException {
    String csv =
        "experiment,stream,b,elapsed_ms\n" + "read,mapped,4096,2.5\n" + "read,mapped,65536,1.5\n";
    assertEquals(List.of("read-time-vs-b"), stems(new ChartPlanner().plan(parse(csv))));
  }

  @Test
  void plan_nothingSweptSeveralTypes_barChartsOfTimeAndThroughputPerType() throws IOException {
    String csv =
        "experiment,stream,n,k,b,warmup,elapsed_ms,mib_per_s\n"
            + "read,mapped,1000000,1,65536,true,90,40\n"
            + "read,mapped,1000000,1,65536,false,10,400\n"
            + "read,mapped,1000000,1,65536,false,12,330\n"
            + "read,channel,1000000,1,65536,true,80,50\n"
            + "read,channel,1000000,1,65536,false,8,500\n"
            + "read,channel,1000000,1,65536,false,9,440\n"
            + "read,simple,1000000,1,,false,900,4\n";

    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));

    assertEquals(List.of("read-time-by-stream", "read-throughput-by-stream"), stems(specs));
    ChartSpec time = specs.get(0);
    assertEquals(Kind.BAR, time.kind());
    // lowest time first (issue 49, item 1); the throughput chart highest first
    assertEquals(List.of("channel", "mapped", "simple"), names(time));
    assertEquals(List.of("channel", "mapped", "simple"), names(specs.get(1)));
    Point mapped = time.series().get(1).points().get(0);
    assertEquals(2, mapped.stats().count(), "warm-up left out");
    assertEquals(10.0, mapped.stats().min(), 0.0);
    assertEquals(12.0, mapped.stats().max(), 0.0);
  }

  @Test
  void plan_sortOverOneFolderAndTwo_barPerSetOfWorkFolders() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,n,m,d,preset,algorithm,work_dir,warmup,elapsed_ms\n"
            + "sort,channel,channel,1000000,100000,8,fast,merge,,false,100\n"
            + "sort,channel,channel,1000000,100000,8,fast,merge,,false,110\n"
            + "sort,channel,channel,1000000,100000,8,fast,merge,/a,false,90\n"
            + "sort,channel,channel,1000000,100000,8,fast,merge,/a,false,95\n"
            + "sort,channel,channel,1000000,100000,8,fast,merge,\"/a,/b\",false,70\n"
            + "sort,channel,channel,1000000,100000,8,fast,merge,\"/a,/b\",false,75\n";
    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));
    ChartSpec time = specs.get(0);
    assertEquals(Kind.BAR, time.kind(), stems(specs).toString());
    // lowest time first (issue 49, item 1)
    assertEquals(List.of("runs in /a + /b", "runs in /a", "runs beside the output"), names(time));
    assertEquals(72.5, time.series().get(0).points().get(0).stats().median(), 1e-9);
  }

  @Test
  void plan_sortWithTheMergesOwnReadStream_barPerRunsReadStream() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,merge_read_stream,n,m,preset,algorithm,warmup,"
            + "elapsed_ms\n"
            + "sort,channel,channel,,1000000,100000,fast,merge,false,100\n"
            + "sort,channel,channel,,1000000,100000,fast,merge,false,110\n"
            + "sort,channel,channel,direct,1000000,100000,fast,merge,false,90\n"
            + "sort,channel,channel,direct,1000000,100000,fast,merge,false,95\n";
    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));
    ChartSpec time = specs.get(0);
    assertEquals(Kind.BAR, time.kind(), stems(specs).toString());
    assertEquals(List.of("merges read direct", "merges read channel"), names(time));
    assertEquals(92.5, time.series().get(0).points().get(0).stats().median(), 1e-9);
  }

  @Test
  void plan_secmemAndSparkOverN_aLinePerPresetAndOneForSpark() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,n,m,d,preset,algorithm,engine,master,warmup,"
            + "elapsed_ms\n"
            + "sort,channel,channel,1000000,100000,8,fast,merge,secmem,,false,100\n"
            + "sort,channel,channel,4000000,100000,8,fast,merge,secmem,,false,400\n"
            + "sort,channel,channel,16000000,100000,8,fast,merge,secmem,,false,1600\n"
            + "sort,simple,simple,1000000,100000,8,classic,merge,secmem,,false,900\n"
            + "sort,simple,simple,4000000,100000,8,classic,merge,secmem,,false,3900\n"
            + "sort,simple,simple,16000000,100000,8,classic,merge,secmem,,false,16000\n"
            + "sort,,,1000000,,,,,spark,local[2],false,20000\n"
            + "sort,,,4000000,,,,,spark,local[2],false,90000\n"
            + "sort,,,16000000,,,,,spark,local[2],false,400000\n";
    ChartPlanner planner = new ChartPlanner();
    List<ChartSpec> specs = planner.plan(parse(csv));
    assertEquals(List.of(), planner.leftOut());
    ChartSpec time = specs.get(0);
    assertEquals(
        List.of("channel, fast", "simple, classic", "spark local[2]"),
        names(time),
        stems(specs).toString());
    assertEquals(90000.0, time.series().get(2).points().get(1).stats().median(), 1e-9);
  }

  @Test
  void plan_secmemAgainstSparkAtOneN_aBarEach_theirCoresAndMemoryNotASweep() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,n,m,d,threads,preset,merger,access,algorithm,engine,"
            + "master,engine_version,sweep,warmup,elapsed_ms\n"
            + "sort,user-buffer,user-buffer,1048576,1000000,16,1,classic,priority-queue,int,merge,"
            + "secmem,,,s,false,470\n"
            + "sort,user-buffer,user-buffer,1048576,1000000,16,1,classic,priority-queue,int,merge,"
            + "secmem,,,s,false,480\n"
            + "sort,,,1048576,,,2,,,,,spark,local[2],4.1.3,s,false,7800\n"
            + "sort,,,1048576,,,2,,,,,spark,local[2],4.1.3,s,false,7900\n";
    ChartPlanner planner = new ChartPlanner();
    List<ChartSpec> specs = planner.plan(parse(csv));
    assertEquals(List.of(), planner.leftOut());
    ChartSpec time = specs.get(0);
    assertEquals(Kind.BAR, time.kind());
    assertEquals(List.of("user-buffer", "spark local[2]"), names(time));
  }

  @Test
  void plan_oneTypeOneConfiguration_nothingToCompare() throws IOException {
    String csv =
        "experiment,stream,n,elapsed_ms\n" + "read,mapped,1000,1.0\n" + "read,mapped,1000,2.0\n";
    ChartPlanner planner = new ChartPlanner();
    assertEquals(List.of(), planner.plan(parse(csv)));
    assertEquals(1, planner.leftOut().size());
  }

  @Test
  void plan_sortPresetsInOneConfiguration_barPerPreset() throws IOException {
    String csv =
        "experiment,read_stream,write_stream,preset,n,m,elapsed_ms\n"
            + "sort,channel,channel,classic,1000000,100000,900\n"
            + "sort,channel,channel,fast,1000000,100000,300\n";
    List<ChartSpec> specs = new ChartPlanner().plan(parse(csv));
    assertEquals(List.of("sort-time-by-sort"), stems(specs));
    // lowest time first (issue 49, item 1)
    assertEquals(List.of("fast", "classic"), names(specs.get(0)));
    assertEquals(
        List.of("fast", "classic"), specs.get(0).series().stream().map(Series::key).toList());
  }

  /** Rows of one sort sweep: the merge sort at M = 2^16, d = 16 and the in-memory baseline. */
  private static String algorithmSweep(String... points) {
    StringBuilder sb =
        new StringBuilder(
            "experiment,read_stream,write_stream,preset,n,m,d,algorithm,sweep,elapsed_ms\n");
    for (String p : points) {
      String[] f = p.split(" "); // n m
      sb.append("sort,channel,channel,classic,")
          .append(f[0])
          .append(',')
          .append(f[1])
          .append(",16,merge,p.csv:2,")
          .append(f[0].length() * 10)
          .append('\n');
      sb.append("sort,channel,channel,classic,")
          .append(f[0])
          .append(",,,in-memory,p.csv:2,")
          .append(f[0].length() * 3)
          .append('\n');
    }
    return sb.toString();
  }

  @Test
  void plan_anNSweepOfBothAlgorithms_isOneChart_withASeriesEach() throws IOException {
    List<ChartSpec> specs =
        new ChartPlanner().plan(parse(algorithmSweep("1000 65536", "10000 65536", "100000 65536")));
    assertEquals(List.of("sort-time-vs-n"), stems(specs));
    assertEquals(List.of("merge", "in-memory"), names(specs.get(0)));
    assertEquals(3, specs.get(0).series().get(1).points().size());
  }

  @Test
  void plan_anMSweepOfTheMergeSort_showsTheInMemoryBaselineAsAFlatLine() throws IOException {
    List<ChartSpec> specs =
        new ChartPlanner()
            .plan(parse(algorithmSweep("100000 1000", "100000 10000", "100000 100000")));
    assertEquals(List.of("sort-time-vs-m"), stems(specs));
    assertEquals(List.of("channel", "in-memory, no M"), names(specs.get(0)));
    assertTrue(specs.get(0).series().get(1).flat());
  }

  /**
   * Merge rows, then in-memory rows (M and d blank), then Spark rows (B, M and d blank too) in one
   * N sweep: the Spark rows' blank key matched the in-memory key, which had already joined the
   * merge rows, and planning failed with a NullPointerException.
   */
  @Test
  void plan_mergeThenInMemoryThenSparkInOneSweep_plansEveryRow() throws IOException {
    StringBuilder sb =
        new StringBuilder(
            "experiment,read_stream,write_stream,preset,n,m,d,b,"
                + "algorithm,engine,master,sweep,elapsed_ms\n");
    for (long n : new long[] {1000, 10000, 100000}) {
      sb.append("sort,channel,channel,classic,")
          .append(n)
          .append(",65536,16,65536,merge,secmem,," + "p.csv:2,")
          .append(n / 100)
          .append('\n');
    }
    for (long n : new long[] {1000, 10000, 100000}) {
      sb.append("sort,channel,channel,classic,")
          .append(n)
          .append(",,,65536,in-memory,secmem,," + "p.csv:2,")
          .append(n / 300)
          .append('\n');
    }
    for (long n : new long[] {1000, 10000, 100000}) {
      sb.append("sort,,,,")
          .append(n)
          .append(",,,,,spark,local[2],p.csv:2,")
          .append(n / 10)
          .append('\n');
    }
    List<ChartSpec> specs = new ChartPlanner().plan(parse(sb.toString()));
    ChartSpec time = chart(specs, "sort-time-vs-n");
    assertEquals(
        9, time.series().stream().mapToInt(x -> x.points().size()).sum(), names(time).toString());
  }
}
