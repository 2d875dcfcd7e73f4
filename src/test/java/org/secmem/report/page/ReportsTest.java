package org.secmem.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.ResultFiles;

class ReportsTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  @Test
  void reportFiles_namesBesideTheRawCsv() {
    Path raw = Path.of("results", "2026-11-22T10-00-read.csv");

    assertEquals(
        Path.of("results", "2026-11-22T10-00-read-summary.csv"), ResultFiles.summaryFor(raw));
    assertEquals(
        Path.of("results", "2026-11-22T10-00-read-environment.txt"),
        ResultFiles.environmentFor(raw));
    assertEquals(
        Path.of("results", "2026-11-22T10-00-read-charts"), ResultFiles.chartsFolderFor(raw));
    assertEquals(Path.of("x-summary.csv"), ResultFiles.summaryFor(Path.of("x.CSV")));
    assertEquals(Path.of("noext-summary.csv"), ResultFiles.summaryFor(Path.of("noext")));
  }

  @Test
  void writeSummaryAndCharts_underGermanLocale_writesSummaryThenCharts() throws IOException {
    Path raw = dir.resolve("sweep.csv");
    Files.writeString(
        raw,
        "experiment,stream,b,elapsed_ms,mib_per_s,warmup\n"
            + "read,mapped,4096,2.5,1.5,false\n"
            + "read,mapped,65536,1.5,2.5,false\n");
    Locale saved = Locale.getDefault();
    List<Path> written;
    try {
      Locale.setDefault(Locale.GERMANY);
      written = Reports.writeSummaryAndCharts(raw).files();
    } finally {
      Locale.setDefault(saved);
    }

    assertEquals(
        List.of(
            dir.resolve("sweep-summary.csv"),
            dir.resolve("sweep-charts/read-time-vs-b.png"),
            dir.resolve("sweep-charts/read-time-vs-b.svg"),
            dir.resolve("sweep-charts/read-throughput-vs-b.png"),
            dir.resolve("sweep-charts/read-throughput-vs-b.svg")),
        written);
    written.forEach(p -> assertTrue(Files.isRegularFile(p), p.toString()));
    assertTrue(Files.readString(written.get(0)).contains("read,mapped,4096,1,0,2.500,"));
  }

  @Test
  void writeSummaryAndCharts_onlyWarmups_zeroCountRowAndNoCharts() throws IOException {
    Path raw = dir.resolve("warm.csv");
    Files.writeString(raw, "experiment,stream,b,elapsed_ms,warmup\nread,mapped,4096,2.5,true\n");

    List<Path> written = Reports.writeSummaryAndCharts(raw).files();

    assertEquals(List.of(dir.resolve("warm-summary.csv")), written);
    String[] lines = Files.readString(written.get(0)).split("\r\n");
    assertEquals("read,mapped,4096,0,1,,,,,,,,,,,,,,,,,", lines[1]);
  }
}
