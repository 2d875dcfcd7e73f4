package org.secmem.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.RawResultsWriter;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.results.RowProblem;

/** The raw results reader names every line it leaves out, and keeps the rows that are fine. */
class MalformedResultsTest {

  @TempDir Path dir;

  private static final String HEADER = "experiment,stream,b,rep,warmup,elapsed_ms\r\n";

  private static RawResults parse(String csv) throws IOException {
    return RawResults.parse("x.csv", new StringReader(csv));
  }

  private static List<String> problems(RawResults raw) {
    return raw.problems().stream().map(RowProblem::toString).toList();
  }

  @Test
  void aCellTooMany_onEveryRow_leavesEachOutByLine() throws IOException {
    RawResults raw =
        parse(HEADER + "read,mapped,64,1,false,1.5,x\r\n" + "read,mapped,128,1,false,2.5,x\r\n");
    assertEquals(List.of(), raw.rows());
    assertEquals(
        List.of(
            "x.csv:2: 7 cells where the header has 6 (1 too many)",
            "x.csv:3: 7 cells where the header has 6 (1 too many)"),
        problems(raw));
  }

  @Test
  void oneBadLine_amongGoodOnes_onlyItIsLeftOut() throws IOException {
    RawResults raw =
        parse(
            HEADER
                + "read,mapped,64,1,false,1.5\r\n"
                + "read,mapped,128,1,false,NaN\r\n"
                + "\r\n"
                + "read,mapped,256,1,maybe,2.5\r\n"
                + ",mapped,512,1,false,2.5\r\n"
                + "read,mapped,4K,1,false,2.5\r\n"
                + "read,mapped,1024,1,false,3.5\r\n"
                + "read,mapped,2048,1,fa");
    assertEquals(List.of(2L, 8L), raw.rows().stream().map(RawRow::line).toList());
    assertEquals(
        List.of(
            "x.csv:3: elapsed_ms: 'NaN' is not a number",
            "x.csv:5: warmup: 'maybe' is neither true nor false",
            "x.csv:6: experiment: empty",
            "x.csv:7: b: '4K' is not a number",
            "x.csv:9: 5 cells where the header has 6, and no line break at the end: cut off (the"
                + " writer stopped mid-row: a crash, or a full disk?)"),
        problems(raw));
  }

  @Test
  void aNegativeMeasurementOrParameter_isLeftOut_namingTheCell() throws IOException {
    RawResults raw =
        parse(
            "experiment,stream,b,rep,warmup,elapsed_ns,mib_per_s,bytes\r\n"
                + "read,mapped,64,1,false,1500,2.5,4096\r\n"
                + "read,mapped,64,2,false,-5,2.5,4096\r\n"
                + "read,mapped,64,3,false,1500,-2.5,4096\r\n"
                + "read,mapped,64,4,false,1500,2.5,-1e3\r\n"
                + "read,mapped,-64,5,false,1500,2.5,4096\r\n"
                + "read,mapped,64,6,false,-0,0,0\r\n");
    assertEquals(List.of(2L, 7L), raw.rows().stream().map(RawRow::line).toList());
    assertEquals(
        List.of(
            "x.csv:3: elapsed_ns: '-5' is negative",
            "x.csv:4: mib_per_s: '-2.5' is negative",
            "x.csv:5: bytes: '-1e3' is negative",
            "x.csv:6: b: '-64' is negative"),
        problems(raw));
  }

  @Test
  void aResultsFileWhoseLastRowWasCutOff_namesItAsCutOff_andReadsTheRowsAbove() throws IOException {
    Path f = dir.resolve("r.csv");
    try (RawResultsWriter w = RawResultsWriter.open(f)) {
      for (String when : List.of("t1", "t2")) {
        w.accept(
            ResultRow.builder(RowKind.WRITE)
                .set(ResultColumn.WHEN, when)
                .set(ResultColumn.ELAPSED_NS, 1500)
                .build());
      }
    }
    // The disk filled up after 10 of the 108 cells of a third row.
    Files.writeString(f, "t3,write,mapped,,,1000,1,64,,", StandardOpenOption.APPEND);

    RawResults raw = RawResults.read(f);

    assertEquals(List.of("t1", "t2"), raw.rows().stream().map(r -> r.get("when")).toList());
    int cells = ResultColumn.headers().length;
    assertEquals(
        List.of(
            f
                + ":4: 10 cells where the header has "
                + cells
                + ", and no line break"
                + " at the end: cut off (the writer stopped mid-row: a crash, or a full disk?)"),
        problems(raw));
  }

  @Test
  void aShortLineAboveTheLast_isCutShort_notCutOff() throws IOException {
    RawResults raw = parse(HEADER + "read,mapped,64\r\nread,mapped,64,1,false,1.5\r\n");
    assertEquals(List.of("x.csv:2: 3 cells where the header has 6 (cut short?)"), problems(raw));
  }

  @Test
  void aWholeLastRowWithoutALineBreak_isUsed() throws IOException {
    RawResults raw = parse(HEADER + "read,mapped,64,1,false,1.5\r\nread,mapped,128,1,false,2.5");
    assertEquals(List.of(2L, 3L), raw.rows().stream().map(RawRow::line).toList());
    assertEquals(List.of(), raw.problems());
  }

  @Test
  void anOpenQuoteCutShort_keepsTheRowsAbove() throws IOException {
    RawResults raw = parse(HEADER + "read,mapped,64,1,false,1.5\r\nread,\"mapp");
    assertEquals(1, raw.rows().size());
    assertEquals(1, raw.problems().size());
    assertTrue(
        raw.problems().get(0).toString().startsWith("x.csv:3: cannot be parsed"),
        problems(raw).toString());
    assertTrue(
        raw.problems()
            .get(0)
            .toString()
            .endsWith(
                "it is the last line, with no line break at its end: cut off (the writer stopped"
                    + " mid-row: a crash, or a full disk?)"),
        problems(raw).toString());
  }

  @Test
  void emptyOrBinaryOrForeignFile_isMalformed_namingTheFile() throws IOException {
    Path empty = Files.write(dir.resolve("empty.csv"), new byte[0]);
    Path binary = Files.write(dir.resolve("bin.csv"), new byte[] {(byte) 0xc3, 0x28, 1, 2});
    Path nul = Files.write(dir.resolve("nul.csv"), new byte[] {'e', 0, 'x', '\n'});
    Path foreign = Files.writeString(dir.resolve("f.csv"), "a,b\n1,2\n");
    for (Path p : List.of(empty, binary, nul, foreign)) {
      MalformedResultsException e =
          assertThrows(MalformedResultsException.class, () -> RawResults.read(p));
      assertTrue(e.getMessage().startsWith(p.toString() + ":"), e.getMessage());
    }
  }

  @Test
  void summaryAndCharts_ofAFileWithOneBadLine_useTheOtherRows() throws IOException {
    Path raw =
        Files.writeString(
            dir.resolve("r.csv"),
            HEADER
                + "read,mapped,64,1,false,1.5\r\n"
                + "read,mapped,128,1,false,2.5,oops\r\n"
                + "read,mapped,256,1,false,3.5\r\n");
    List<Path> written = Reports.writeSummaryAndCharts(raw).files();
    String summary = Files.readString(written.get(0));
    assertTrue(summary.contains("read,mapped,64,1,0,1.500"), summary);
    assertTrue(summary.contains("read,mapped,256,1,0,3.500"), summary);
    assertTrue(written.size() > 1, "a chart of B: " + written);
    assertEquals(
        List.of(
            raw + ":3: left out: 7 cells where the header has 6 (1 too many)",
            raw + ": 2 of 3 rows used; 1 malformed"),
        Reports.describeProblems(RawResults.read(raw)));
  }

  @Test
  void manyBadLines_aHandfulNamed_thenCounted() throws IOException {
    StringBuilder csv = new StringBuilder(HEADER);
    for (int i = 0; i < 12; i++) {
      csv.append("read,mapped,64,1,false,slow\r\n");
    }
    List<String> lines = Reports.describeProblems(parse(csv.toString()));
    assertEquals(Reports.PROBLEMS_SHOWN + 2, lines.size(), lines.toString());
    assertEquals("x.csv:2: left out: elapsed_ms: 'slow' is not a number", lines.get(0));
    assertEquals(
        "x.csv: 7 more malformed lines left out (each is named in the log)",
        lines.get(Reports.PROBLEMS_SHOWN));
    assertEquals("x.csv: 0 of 12 rows used; 12 malformed", lines.get(Reports.PROBLEMS_SHOWN + 1));
  }
}
