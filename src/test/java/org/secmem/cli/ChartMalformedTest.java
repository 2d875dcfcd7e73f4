package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.Ownership;

/**
 * {@code secmem chart} on malformed results: bad lines named (file:line and what), good rows still
 * charted, exit 2 naming the file when nothing can be charted. The summary after a run reads the
 * same way.
 */
class ChartMalformedTest {

  @TempDir Path dir;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  private static final String HEADER = "experiment,stream,b,rep,warmup,elapsed_ms,mib_per_s\r\n";

  private static String row(int b, double ms) {
    return "read,mapped," + b + ",1,false," + ms + "," + (1000 / ms) + "\r\n";
  }

  @Test
  void everyRowHasACellTooMany_exit2_eachLineNamed() throws IOException {
    Path f =
        Files.writeString(
            dir.resolve("extra.csv"),
            HEADER + row(64, 1).replace("\r\n", ",x\r\n") + row(128, 2).replace("\r\n", ",x\r\n"));
    CliTest.Result r = CliTest.run("chart", f.toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains(f + ":2: left out: 8 cells where the header has 7"), r.err());
    assertTrue(r.err().contains(f + ":3: left out: 8 cells where the header has 7"), r.err());
    assertTrue(r.err().contains(f + ": no valid row to chart"), r.err());
    assertFalse(r.out().contains("no charts"), r.out());
  }

  @Test
  void oneBadLineAndACutLastLine_goodRowsCharted_badOnesNamed() throws IOException {
    Path f =
        Files.writeString(
            dir.resolve("r.csv"),
            HEADER
                + row(64, 1)
                + row(128, 2)
                + row(256, 3).replace("\r\n", ",x\r\n")
                + row(512, 4)
                + "read,mapped,1024,1,fal");
    CliTest.Result r = CliTest.run("chart", f.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains(f + ":4: left out: 8 cells where the header has 7"), r.err());
    assertTrue(
        r.err()
            .contains(
                f
                    + ":6: left out: 5 cells where the header has 7, and no line"
                    + " break at the end: cut off"),
        r.err());
    assertTrue(r.err().contains("3 of 5 rows used"), r.err());
    assertTrue(r.out().contains("read-time-vs-b.png"), r.out());
  }

  @Test
  void emptyNanOrBinaryFile_exit2_namingTheFile() throws IOException {
    Path empty = Files.write(dir.resolve("empty.csv"), new byte[0]);
    Path nan =
        Files.writeString(
            dir.resolve("nan.csv"),
            HEADER + "read,mapped,64,1,false,NaN,NaN\r\nread,mapped,128,1,false,NaN,NaN\r\n");
    byte[] bytes = new byte[4096];
    new Random(1).nextBytes(bytes);
    Path binary = Files.write(dir.resolve("binary.csv"), bytes);
    Path headerOnly = Files.writeString(dir.resolve("header.csv"), HEADER);
    for (Path f : List.of(empty, nan, binary, headerOnly)) {
      CliTest.Result r = CliTest.run("chart", f.toString());
      assertEquals(2, r.code(), f + ": " + r.out() + r.err());
      assertTrue(r.err().contains("secmem chart: " + f + ":"), r.err());
      assertFalse(r.err().contains("\tat "), r.err());
    }
  }

  @Test
  void summaryAfterARun_ofAFileWithOneBadLine_warnsAndIsWritten() throws IOException {
    Path params =
        Files.writeString(
            dir.resolve("sweep.csv"),
            "experiment,stream,n,b,reps,warmup,dir\nwrite,user-buffer,1000,64|128,1,0,data\n");
    Path results = dir.resolve("r.csv");
    assertEquals(0, CliTest.run("run", params.toString(), "--results", results.toString()).code());
    // An earlier row damaged by hand (a cell too many).
    List<String> lines = Files.readAllLines(results, StandardCharsets.UTF_8);
    lines.set(1, lines.get(1) + ",x");
    Files.write(results, lines, StandardCharsets.UTF_8);
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("warning: " + results + ":2: left out:"), r.err());
    assertTrue(r.out().contains("summary: "), r.out());
    String summary = Files.readString(dir.resolve("r-summary.csv"));
    assertTrue(summary.contains("write,user-buffer,,,,1000,1,64,"), summary);
  }

  @Test
  void oneByteThatIsNotUtf8_exit0_itsLineNamed_theOtherRowsCharted() throws IOException {
    byte[] text =
        (HEADER + row(64, 1) + row(128, 2) + row(256, 3) + row(512, 4))
            .getBytes(StandardCharsets.UTF_8);
    int at = new String(text, StandardCharsets.US_ASCII).indexOf("256") + 1;
    text[at] = (byte) 0xff; // "2?6": no UTF-8 text
    Path f = Files.write(dir.resolve("r.csv"), text);

    CliTest.Result r = CliTest.run("chart", f.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.err().contains(f + ":4: left out: not UTF-8 text (byte 0xff at column 14)"), r.err());
    assertTrue(r.err().contains("3 of 4 rows used"), r.err());
    assertTrue(r.out().contains("read-time-vs-b.png"), r.out());
  }

  @Test
  void theFolderARunMade_isChartedAsItsResultsFile_andAFolderOfNoneOrTwoIsNamed()
      throws IOException {
    Path run = Files.createDirectories(dir.resolve("20261128-005411-read"));
    Path raw =
        Files.writeString(
            run.resolve("20261128-005411-read.csv"), HEADER + row(64, 1) + row(128, 2));
    Path users = Files.writeString(run.resolve("20261128-005411-read-summary.csv"), "mine\r\n");

    CliTest.Result refused = CliTest.run("chart", run.toString());
    assertEquals(2, refused.code(), "the user's file beside it, up front: " + refused.err());
    assertTrue(
        refused.err().contains(users + " exists and is a file secmem did not make"), refused.err());
    assertFalse(Files.exists(run.resolve("20261128-005411-read-charts")), refused.out());
    Files.delete(users);
    // every run writes its sessions' environment records beside its results (a JSON Lines file
    // too): it is not a second results file to choose from
    Ownership.mark(
        Files.writeString(
            run.resolve("20261128-005411-read-sessions.jsonl"),
            "{\"session\":\"s20261128T005411Z-0001\",\"java_version\":\"17\"}\n"),
        Ownership.Made.WHOLE_FILE);

    CliTest.Result r = CliTest.run("chart", run.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(Files.isDirectory(run.resolve("20261128-005411-read-charts")), r.out());

    Path empty = Files.createDirectories(dir.resolve("empty"));
    CliTest.Result none = CliTest.run("chart", empty.toString());
    assertEquals(2, none.code(), none.out() + none.err());
    assertTrue(
        none.err().contains(empty + " is a folder with no raw results file in it"), none.err());

    Files.copy(raw, run.resolve("again.csv"));
    CliTest.Result two = CliTest.run("advise", run.toString());
    assertEquals(2, two.code(), two.out() + two.err());
    assertTrue(
        two.err().contains("2 raw results files: name one (20261128-005411-read.csv, again.csv)"),
        two.err());
  }
}
