package org.secmem.report.comparison;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.report.chart.ChartCanvas;
import org.secmem.report.chart.Raster;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;

/**
 * A comparison chart, like the report's charts (see the chart package's RasterTest), is written as
 * SVG alone on a JVM that cannot draw PNG, with no PNG of an older drawing left beside it.
 */
class ComparisonChartRasterTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  /** What the JDK throws on the first text drawn where libharfbuzz is missing. */
  private static Raster missingLibraries(AtomicInteger tries) {
    return (png, width, height, paint) -> {
      tries.incrementAndGet();
      paint.accept(new ChartCanvas.Svg(width, height)); // the painting itself is fine
      throw new UnsatisfiedLinkError(
          "/usr/lib/jvm/java-17/lib/libfontmanager.so: libharfbuzz.so.0: cannot open shared"
              + " object file: No such file or directory");
    };
  }

  @Test
  void aComparisonChart_isSvgOnly_too() throws IOException {
    AtomicInteger tries = new AtomicInteger();
    Path before = dir.resolve("b-sweep-read.csv");
    try (InputStream in =
        getClass().getResourceAsStream("/org/secmem/report/chart/b-sweep-read.csv")) {
      Files.copy(in, before);
    }
    Comparison c = Comparison.of(RawResults.read(before), RawResults.read(before), null, 0.95);
    List<Path> files = ComparisonChart.write(c, dir.resolve("cmp"), missingLibraries(tries));
    assertFalse(files.isEmpty());
    assertTrue(files.stream().allMatch(p -> p.toString().endsWith(".svg")), files.toString());
    assertFalse(Files.exists(dir.resolve("cmp/" + ResultFiles.COMPARE_CHART_STEM + ".png")));
  }
}
