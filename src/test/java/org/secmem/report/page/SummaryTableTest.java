package org.secmem.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.secmem.results.RawResults;

/** An experiment's summary on the report page: a compact table and the full one a click away. */
class SummaryTableTest {

  /** Summary rows of a write sweep over N and B, with every measurement the summary has. */
  private static List<List<String>> summary() throws IOException {
    StringBuilder raw =
        new StringBuilder("experiment,stream,n,k,b,rep,warmup,elapsed_ms,mib_per_s,verified\n");
    int rep = 0;
    for (String stream : List.of("channel", "mapped")) {
      for (long n : List.of(262_144L, 1_000_000L)) {
        for (long b : List.of(4096L, 65_536L)) {
          for (int r = 0; r < 3; r++) {
            raw.append(
                String.join(
                    ",",
                    "write",
                    stream,
                    Long.toString(n),
                    "1",
                    Long.toString(b),
                    Integer.toString(++rep),
                    "false",
                    Double.toString(10 + r + n / 1e5),
                    Double.toString(100 - r),
                    "true\n"));
          }
        }
      }
    }
    StringWriter out = new StringWriter();
    SummaryWriter.write(RawResults.parse("w.csv", new StringReader(raw.toString())), out);
    List<List<String>> rows = new ArrayList<>();
    for (CSVRecord r : CSVFormat.RFC4180.parse(new StringReader(out.toString()))) {
      rows.add(r.toList());
    }
    return rows;
  }

  private static String page() throws IOException {
    List<List<String>> s = summary();
    StringBuilder h = new StringBuilder();
    SummaryTable.html(h, s.get(0), s.subList(1, s.size()), s.get(0).indexOf("experiment"));
    return h.toString();
  }

  private static List<String> headings(String html, String table) {
    Matcher t =
        Pattern.compile(
                "<table class=\"summary sortable " + table + "\">.*?</thead>", Pattern.DOTALL)
            .matcher(html);
    assertTrue(t.find(), table + " table in " + html);
    List<String> h = new ArrayList<>();
    Matcher th = Pattern.compile("<th[^>]*>([^<]*)</th>").matcher(t.group());
    while (th.find()) {
      h.add(th.group(1));
    }
    return h;
  }

  @Test
  void compact_keepsTheSettingsThatVaryAndTheMeasurementsThatAnswer() throws IOException {
    // issue 49, item 3: the full table was over 2,000 pixels wide in a 1,100-pixel page
    List<String> compact = headings(page(), "compact");
    assertEquals(
        List.of(
            "stream",
            "n",
            "b",
            "reps",
            "median ms",
            "min ms",
            "max ms",
            "median MiB/s",
            "verified"),
        compact,
        "predicted_ios is empty in every row: left out");
  }

  @Test
  void full_everyColumnOfTheSummaryIsOneClickAway() throws IOException {
    String html = page();
    List<String> full = headings(html, "full");
    assertTrue(full.containsAll(List.of("elapsed_ms_mean", "elapsed_ms_stddev", "mib_per_s_max")));
    assertTrue(full.size() > headings(html, "compact").size());
    assertTrue(
        html.indexOf("<details class=\"full\"><summary>All ")
            < html.indexOf("<table class=\"summary sortable full\">"),
        "the full table is folded away: " + html);
    assertFalse(full.contains("k"), "k = 1 in every row is said once above: " + full);
    assertTrue(html.contains("Same in every row: <code>k = 1</code>"), html);
  }

  @Test
  void cells_nAndBInTheTextsUnits_sortingByTheNumber() throws IOException {
    String html = page();
    assertTrue(html.contains("<td data-v=\"262144\">2^18</td>"), html);
    assertTrue(html.contains("<td data-v=\"65536\">64 KiB</td>"), html);
    assertTrue(html.contains("<td data-v=\"4096\">4 KiB</td>"), html);
    assertTrue(html.contains("<td>1000000</td>"), "no power of two: digits as typed " + html);
    assertFalse(html.contains("<td>262144</td>"), html);
    assertFalse(html.contains("<td>65536</td>"), html);
  }

  @Test
  void compact_manySettingsVary_joinedInOneColumnThatWraps() {
    // a sort sweep varies a dozen settings: a column each made the compact table 1,587 pixels wide
    List<String> header = new ArrayList<>(List.of("experiment"));
    List<String> row1 = new ArrayList<>(List.of("sort"));
    List<String> row2 = new ArrayList<>(List.of("sort"));
    for (String c : List.of("read_stream", "write_stream", "n", "b", "m", "d", "merger")) {
      header.add(c);
    }
    row1.addAll(List.of("mapped", "channel", "1048576", "65536", "65536", "4", "loser-tree"));
    row2.addAll(List.of("channel", "mapped", "1048576", "4096", "131072", "16", ""));
    header.addAll(List.of("count", "elapsed_ms_median"));
    row1.addAll(List.of("3", "12.5"));
    row2.addAll(List.of("3", "13.5"));
    StringBuilder h = new StringBuilder();

    SummaryTable.html(h, header, List.of(row1, row2), 0);

    String html = h.toString();
    assertEquals(List.of("configuration", "reps", "median ms"), headings(html, "compact"));
    assertTrue(
        html.contains(
            "<td class=\"label\">read_stream = mapped \u00b7 write_stream = channel \u00b7 b = 64"
                + " KiB \u00b7 m = 2^16 \u00b7 d = 4 \u00b7 merger = loser-tree</td>"),
        html);
    assertTrue(
        html.contains("b = 4 KiB \u00b7 m = 2^17 \u00b7 d = 16</td>"),
        "a blank setting is left out of the label: " + html);
    assertTrue(
        html.contains("<code>n = 2^20</code>"), "the constant N in the text's units: " + html);
    assertTrue(headings(html, "full").containsAll(List.of("read_stream", "merger", "d")));
  }

  @Test
  void shown_leavesEverythingButNMAndBAsWritten() {
    assertEquals("2^20", SummaryTable.shown("m", "1048576"));
    assertEquals("1 MiB", SummaryTable.shown("b", "1048576"));
    assertEquals("1048576", SummaryTable.shown("d", "1048576"));
    assertEquals("", SummaryTable.shown("n", ""));
    assertEquals("12.5", SummaryTable.shown("n", "12.5"));
  }
}
