package org.secmem.report.advice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.secmem.results.RawResults;

/**
 * A buffer-tree sort gets an advice line of its own, beside the fastest merge sort of the same
 * pair, N and M (issue 49, item 4): before, {@code secmem advise} and the page said nothing of it.
 */
class TreeAdviceTest {

  private static final String HEADER =
      "experiment,read_stream,write_stream,n,b,m,d,warmup,elapsed_ms,predicted_ios,"
          + "algorithm,fanout_a,fanout_b,blocks_read,blocks_written\n";

  private static RawResults parse(String csv) throws IOException {
    return RawResults.parse("t.csv", new StringReader(csv));
  }

  /** A warm-up far faster than anything (it must not count), then a row per time. */
  private static String tree(long n, long m, double... ms) {
    StringBuilder sb = new StringBuilder();
    String prefix = "sort,user-buffer,user-buffer," + n + ",4096," + m + ",,";
    String tail = ",1707,buffer-tree,2,8,6484,6769\n";
    sb.append(prefix).append("true,1").append(tail);
    for (double t : ms) {
      sb.append(prefix).append("false,").append(t).append(tail);
    }
    return sb.toString();
  }

  private static String merge(long n, long m, int d, long ios, double... ms) {
    StringBuilder sb = new StringBuilder();
    for (double t : ms) {
      sb.append("sort,user-buffer,user-buffer,")
          .append(n)
          .append(",65536,")
          .append(m)
          .append(',')
          .append(d)
          .append(",false,")
          .append(t)
          .append(',')
          .append(ios)
          .append(",,,,,\n");
    }
    return sb.toString();
  }

  private static String text(Advice a) {
    return String.join("\n", AdviceText.text(a));
  }

  @Test
  void aSlowerTreeIsSetAgainstTheFastestMergeSortOfItsMemory() throws IOException {
    String csv =
        HEADER
            + tree(1 << 20, 1 << 16, 700, 690, 720)
            + merge(1 << 20, 1 << 16, 4, 384, 330, 320, 340)
            + merge(1 << 20, 1 << 16, 16, 256, 250, 255, 260)
            // another N: not the tree's peer, though faster
            + merge(1 << 18, 1 << 16, 16, 64, 50, 52, 51);
    Advice a = Advice.of(parse(csv));
    assertEquals(1, a.trees().size());
    TreeAdvice t = a.trees().get(0);
    assertEquals("16", t.merge().orElseThrow().d());
    assertFalse(t.withinNoise());
    String text = text(a);
    assertTrue(
        text.contains(
            "sort, buffer tree vs merge sort, read_stream = user-buffer, write_stream ="
                + " user-buffer, n = 2^20 ints, m = 2^16 ints"),
        text);
    assertTrue(text.contains("(a, b) = (2, 8), B = 4 KiB  700.0 (690.0\u2013720.0)  3"), text);
    assertTrue(text.contains("13,253 blocks moved (51.7 MiB); bound n\u00b7log_m(n) 1,707"), text);
    assertTrue(text.contains("d = 16, B = 64 KiB"), text);
    assertTrue(text.contains("256 predicted by the model (16 MiB)"), text);
    assertTrue(
        text.contains(
            "verdict: the buffer tree is slower: \u00d72.75 the fastest merge sort's time"
                + " (apart: beyond noise)"),
        text);
    // the end of secmem run, and the report page's "Advice: sort"
    assertTrue(
        AdviceText.brief(a).stream()
            .anyMatch(
                l ->
                    l.startsWith("advice: sort buffer tree (a, b) = (2, 8)")
                        && l.contains("slower: \u00d72.75")),
        AdviceText.brief(a).toString());
    StringBuilder page = new StringBuilder();
    assertTrue(AdviceText.html(a, page, "sort", false));
    assertTrue(page.toString().contains("verdict: the buffer tree is slower"), page.toString());
  }

  @Test
  void aTreeAsFastAsTheMergeSortIsWithinNoise() throws IOException {
    String csv =
        HEADER
            + tree(1 << 20, 1 << 16, 250, 300, 270, 240, 290)
            + merge(1 << 20, 1 << 16, 16, 256, 260, 280, 245, 295, 255);
    Advice a = Advice.of(parse(csv));
    assertTrue(a.trees().get(0).withinNoise());
    assertTrue(text(a).contains("verdict: the buffer tree and the merge sort are within noise"));
  }

  @Test
  void aTreeAloneAsksForAMergeSortOfItsMemory() throws IOException {
    Advice a = Advice.of(parse(HEADER + tree(1 << 20, 1 << 16, 700, 690, 720)));
    assertFalse(a.answersNothing());
    String text = text(a);
    assertTrue(text.contains("verdict: no merge sort of the same read/write pair, N and M"), text);
    List<String> add = a.toAdd();
    assertEquals(1, add.size(), add.toString());
    assertTrue(
        add.get(0)
            .contains(
                "add one, e.g. experiment=sort, read_stream=user-buffer,"
                    + " write_stream=user-buffer, n=2^20, m=2^16, d=4|16, reps=5"),
        add.toString());
  }

  @Test
  void aStreamExperimentsAdviceLeavesTheTreeOut() throws IOException {
    String csv = HEADER + tree(1 << 20, 1 << 16, 700, 690, 720);
    assertTrue(Advice.of(parse(csv), Optional.of("read")).trees().isEmpty());
    assertEquals(1, Advice.of(parse(csv), Optional.of("sort")).trees().size());
  }
}
