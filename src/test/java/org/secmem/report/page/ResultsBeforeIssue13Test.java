package org.secmem.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.secmem.results.RawResults;
import org.secmem.results.ResultColumns;

/**
 * Files written before rows named their sweep and input, with bare checksums: still read, and the
 * new columns are bookkeeping or configuration as issue 13 decided.
 */
class ResultsBeforeIssue13Test {

  private static final String OLD =
      "when,experiment,stream,n,k,b,rep,warmup,cache,sync,elapsed_ns,elapsed_ms,mib_per_s,"
          + "ns_per_int,bytes,checksum,verified\n"
          + "t,read,simple,1000,1,,1,false,as-is,false,1000000,1.0,3.81,1000.0,4000,"
          + "0012345678901234,\n"
          + "t,read,simple,1000,1,,2,false,as-is,false,3000000,3.0,1.27,3000.0,4000,"
          + "0012345678901234,\n";

  @Test
  void anOldFile_isSummarised_withoutTheNewColumns() throws IOException {
    RawResults raw = RawResults.parse("old.csv", new StringReader(OLD));
    assertEquals(2, raw.rows().size());
    assertEquals("", raw.rows().get(0).get(ResultColumns.SWEEP));
    StringBuilder out = new StringBuilder();
    SummaryWriter.write(raw, out);
    List<String> lines = out.toString().lines().toList();
    assertEquals(2, lines.size(), out.toString());
    assertTrue(lines.get(1).startsWith("read,simple,1000,1,"), lines.get(1));
  }

  @Test
  void checksums_compareEqual_withOrWithoutThePrefix() {
    assertEquals(
        ResultColumns.checksumValue("0012345678901234"),
        ResultColumns.checksumValue("0x0012345678901234"));
    assertEquals("00abcdef00000000", ResultColumns.checksumValue("0X00ABCDEF00000000"));
    assertEquals("", ResultColumns.checksumValue(""));
  }

  @Test
  void checksums_ofEveryVersion_compareEqual_andTheNewPrefixIsNoNumberToAnyReader() {
    // Issue 49, item 14: 0x... is a 128-bit integer to DuckDB's read_csv_auto.
    assertEquals("x", ResultColumns.CHECKSUM_PREFIX);
    assertEquals("0012345678901234", ResultColumns.checksumValue("x0012345678901234"));
    assertEquals("00abcdef00000000", ResultColumns.checksumValue("X00ABCDEF00000000"));
    assertEquals(
        ResultColumns.checksumValue("0x0012345678901234"),
        ResultColumns.checksumValue("x0012345678901234"));
  }

  @Test
  void sweepIsBookkeeping_inputIsConfiguration_inputBytesFollowsFromIt() {
    assertTrue(!ResultColumns.isConfiguration(ResultColumns.SWEEP));
    assertTrue(ResultColumns.isConfiguration(ResultColumns.INPUT));
    assertTrue(ResultColumns.isMeasurement(ResultColumns.INPUT_BYTES));
    // A file that ran several sweeps: rows alike but for their sweep make one summary row.
    String header = "when,experiment,stream,n,k,b,rep,warmup,cache,sync,elapsed_ns,sweep,input\n";
    String csv =
        header
            + "t,write,simple,1000,1,,1,false,as-is,false,1000,p.csv:2,\n"
            + "t,write,simple,1000,1,,1,false,as-is,false,3000,p.csv:3,\n";
    try {
      StringBuilder out = new StringBuilder();
      SummaryWriter.write(RawResults.parse("new.csv", new StringReader(csv)), out);
      assertEquals(2, out.toString().lines().count(), out.toString());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
