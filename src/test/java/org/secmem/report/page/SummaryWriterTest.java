package org.secmem.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.report.chart.ChartMakerTest;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.Numbers;
import org.secmem.results.RawResults;

class SummaryWriterTest {

  @TempDir Path dir;

  private Locale savedLocale;

  @BeforeEach
  void saveLocale() {
    savedLocale = Locale.getDefault();
  }

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(savedLocale);
  }

  private Path copyFixture(String name, String as) throws IOException {
    Path target = dir.resolve(as);
    try (InputStream in = getClass().getResourceAsStream(name)) {
      Files.copy(in, target);
    }
    return target;
  }

  private String fixture(String name) throws IOException {
    try (InputStream in = getClass().getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void writeBeside_matchesGoldenFile() throws IOException {
    Path raw = copyFixture("summary-input.csv", "run.csv");

    Path written = SummaryWriter.writeBeside(raw);

    assertEquals(dir.resolve("run-summary.csv"), written);
    assertEquals(fixture("summary-expected.csv"), Files.readString(written));
  }

  @Test
  void writeBeside_underGermanLocale_stillMatchesGoldenFile() throws IOException {
    Locale.setDefault(Locale.GERMANY);
    // the guard: under this locale a careless String.format would write "11,000"
    assertEquals("11,000", String.format("%.3f", 11.0));
    Path raw = copyFixture("summary-input.csv", "run.csv");

    Path written = SummaryWriter.writeBeside(raw);

    assertEquals(fixture("summary-expected.csv"), Files.readString(written));
  }

  @Test
  void write_valueWithCommaAndQuote_roundTripsThroughCsvQuoting() throws IOException {
    String raw =
        "experiment,stream,preset,elapsed_ms\n"
            + "write,simple,\"fast, \"\"safe\"\"\",1.0\n"
            + "write,simple,plain,2.0\n";
    StringBuilder out = new StringBuilder();

    SummaryWriter.write(RawResults.parse("test", new StringReader(raw)), out);

    String line = out.toString().split("\r\n")[1];
    assertTrue(line.startsWith("write,simple,\"fast, \"\"safe\"\"\",1,0,1.000,"), line);
    try (CSVParser parser =
        CSVParser.parse(out.toString(), CSVFormat.RFC4180.builder().setHeader().build())) {
      List<CSVRecord> records = parser.getRecords();
      assertEquals("fast, \"safe\"", records.get(0).get("preset"));
      assertEquals("plain", records.get(1).get("preset"));
    }
  }

  @Test
  void write_interleavedRows_listedInTheFilesLineOrderThenBySweptValues() throws IOException {
    // An interleaved run measured these in a shuffled order; line 9 of the file came first.
    String raw =
        "experiment,stream,n,b,sweep,elapsed_ms\n"
            + "read,mapped,9000,65536,configs/q.csv:9,1.0\n"
            + "write,buffered,9000,,configs/q.csv:5,1.0\n"
            + "write,simple,10000,4096,configs/q.csv:5,1.0\n"
            + "read,simple,9000,,configs/q.csv:9,1.0\n"
            + "write,simple,9000,4096,configs/q.csv:5,1.0\n"
            + "write,simple,9000,512,configs/q.csv:5,1.0\n"
            + "write,async,9000,4096,configs/q.csv:5,1.0\n";
    StringBuilder out = new StringBuilder();

    SummaryWriter.write(RawResults.parse("test", new StringReader(raw)), out);

    List<String> order =
        Arrays.stream(out.toString().split("\r\n"))
            .skip(1)
            .map(l -> String.join(",", Arrays.asList(l.split(",")).subList(0, 4)))
            .toList();
    // Line 5 before line 9; within a line stream types in their order (simple, buffered, ...,
    // async), then N by size (9000 before 10000, which text order would reverse), then B.
    assertEquals(
        List.of(
            "write,simple,9000,512",
            "write,simple,9000,4096",
            "write,simple,10000,4096",
            "write,buffered,9000,",
            "write,async,9000,4096",
            "read,simple,9000,",
            "read,mapped,9000,65536"),
        order);
  }

  @Test
  void write_unknownColumns_configurationKeptAndMeasurementsIgnored() throws IOException {
    String raw =
        "experiment,stream,merger,gc_ns,elapsed_ms,warmup\n"
            + "sort,,heap,10,1.0,false\n"
            + "sort,,heap,20,3.0,false\n"
            + "sort,,tree,30,5.0,false\n";
    StringBuilder out = new StringBuilder();

    SummaryWriter.write(RawResults.parse("test", new StringReader(raw)), out);

    String[] lines = out.toString().split("\r\n");
    assertEquals(3, lines.length);
    assertTrue(lines[0].startsWith("experiment,stream,merger,count,warmups,elapsed_ms_median,"));
    assertTrue(lines[1].startsWith("sort,,heap,2,0,2.000,2.000,1.414,1.000,3.000,"), lines[1]);
    assertTrue(lines[2].startsWith("sort,,tree,1,0,5.000,5.000,0.000,5.000,5.000,"), lines[2]);
  }

  @Test
  void write_columnsInAnyOrder_readByName() throws IOException {
    String raw = "elapsed_ms,warmup,stream,experiment\n" + "4.0,false,mapped,read\n";
    StringBuilder out = new StringBuilder();

    SummaryWriter.write(RawResults.parse("test", new StringReader(raw)), out);

    String line = out.toString().split("\r\n")[1];
    assertTrue(line.startsWith("mapped,read,1,0,4.000,"), line);
  }

  @Test
  void write_cellNotANumber_throwsNamingLineAndColumn() {
    String raw = "experiment,elapsed_ms\n" + "read,fast\n";

    MalformedResultsException e =
        assertThrows(
            MalformedResultsException.class,
            () -> SummaryWriter.write(ChartMakerTest.unchecked("x.csv", raw), new StringBuilder()));
    assertEquals("x.csv:2: elapsed_ms: 'fast' is not a number", e.getMessage());
  }

  @Test
  void numbersFixed_roundsHalfUpWithoutNegativeZero() {
    assertEquals("0.001", Numbers.fixed(0.0005, 3));
    assertEquals("0.000", Numbers.fixed(-0.0001, 3));
    assertEquals("1234567.000", Numbers.fixed(1234567, 3));
    assertEquals("", Numbers.fixed(Double.NaN, 3));
  }
}
