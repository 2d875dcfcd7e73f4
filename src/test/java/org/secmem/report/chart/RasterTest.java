package org.secmem.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.Ownership;

/**
 * A JVM that cannot draw PNG (its font libraries missing: a bare server had no libharfbuzz, and the
 * first chart ended the command with "internal error") still writes every chart as SVG, says so,
 * and leaves no PNG of an older drawing beside them.
 */
class RasterTest {

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

  private Path fixture(String name) throws IOException {
    Path target = dir.resolve(name);
    try (InputStream in = ChartMakerTest.class.getResourceAsStream(name)) {
      Files.copy(in, target);
    }
    return target;
  }

  @Test
  void withoutFontLibraries_everyChartIsWrittenAsSvg_andAnOlderPngIsRemoved() throws IOException {
    Path raw = fixture("b-sweep-read.csv");
    Path out = dir.resolve("charts");
    Files.createDirectories(out);
    Ownership.mark(
        Files.writeString(out.resolve("read-time-vs-b.png"), "an older drawing"),
        Ownership.Made.WHOLE_FILE);
    AtomicInteger tries = new AtomicInteger();

    List<DrawnChart> charts = new ChartMaker(900, 600, 60, missingLibraries(tries)).draw(raw, out);
    List<Path> files = DrawnChart.files(charts);

    assertEquals(
        Set.of("read-time-vs-b.svg", "read-throughput-vs-b.svg"),
        files.stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet()));
    for (Path f : files) {
      assertTrue(Files.readString(f).contains("<svg"), f.toString());
    }
    try (Stream<Path> left = Files.list(out)) {
      assertEquals(
          List.of(),
          left.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".svg")).toList(),
          "no PNG, no part file");
    }
    assertEquals(1, tries.get(), "tried once, then SVG only");
    String said = DrawnChart.describe(charts);
    assertTrue(said.startsWith("2 charts, SVG only: this JVM could not draw PNG"), said);
    assertEquals(2, charts.size());
    assertTrue(charts.stream().allMatch(c -> c.png().isEmpty()), "no PNG said drawn");
  }

  @Test
  void withTheLibraries_pngAndSvg() throws IOException {
    List<DrawnChart> charts =
        ChartMaker.withDefaults().draw(fixture("b-sweep-read.csv"), dir.resolve("charts"));
    assertEquals("2 charts, PNG and SVG", DrawnChart.describe(charts));
    assertEquals(2, charts.size());
  }
}
