package org.secmem.report.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.secmem.results.RawResults;

class DriftWarningsTest {

  private static final String HEADER = "experiment,stream,n,rep,warmup,elapsed_ms,sentinel\n";

  /** Twelve configurations, four reps each, interleaved: round r takes (1 + slow * r) times. */
  private static RawResults sweep(double slow, boolean sentinel) throws IOException {
    StringBuilder csv = new StringBuilder(HEADER);
    for (int round = 1; round <= 4; round++) {
      if (sentinel) {
        csv.append("write,simple,7,")
            .append(round)
            .append(",false,")
            .append(10 * (1 + slow * round))
            .append(",true\n");
      }
      for (int c = 1; c <= 12; c++) {
        csv.append("write,simple,")
            .append(1000 * c)
            .append(',')
            .append(round)
            .append(",false,")
            .append(c * (1 + slow * round))
            .append(",\n");
      }
    }
    return RawResults.parse("s.csv", new StringReader(csv.toString()));
  }

  @Test
  void aSweepWhoseConfigurationsAllSlowDown_isNamed_withItsSignTest() throws IOException {
    List<String> lines = DriftWarnings.of(sweep(0.2, false));
    assertEquals(1, lines.size(), lines.toString());
    String w = lines.get(0);
    assertTrue(
        w.startsWith(
            "drift: the configurations' last runs were slower than their first:"
                + " 12 of 12 slower"),
        w);
    assertTrue(w.contains("p = 0.00049"), w);
    assertTrue(w.contains("left something behind"), w);
  }

  /** The findings are data: the sweep's move and the sentinel's, before any text is made. */
  @Test
  void theFindings_sayWhatMovedAsNumbers() throws IOException {
    Drifts d = Drifts.of(sweep(0.2, true));
    assertTrue(d.sweep().orElseThrow().drifted());
    assertEquals(12, d.sweep().get().slower());
    Drifts.Sentinel s = d.sentinel().orElseThrow();
    assertEquals(List.of(12.0, 14.0, 16.0, 18.0), s.ms());
    assertTrue(s.moved().orElseThrow() > 1.1, s.toString());
    assertEquals("7", s.configuration().get(2));
    assertTrue(Drifts.of(sweep(0, true)).sentinel().orElseThrow().moved().isEmpty());
  }

  /** Faster is said once, in words: not "faster ... by -24%". */
  @Test
  void aSweepThatSpeedsUp_saysByHowMuchWithoutASign() throws IOException {
    List<String> lines = DriftWarnings.of(sweep(-0.1, false));
    assertEquals(1, lines.size(), lines.toString());
    String w = lines.get(0);
    assertTrue(w.contains("last runs were faster than their first: 12 of 12 faster"), w);
    assertTrue(w.matches(".*, by [0-9]+% in the median.*"), w);
    assertFalse(w.matches(".*-[0-9]+%.*"), w);
  }

  @Test
  void aSteadySweep_saysNothing() throws IOException {
    assertEquals(List.of(), DriftWarnings.of(sweep(0, false)));
  }

  @Test
  void sentinelRows_areKeptApart_andSayHowFarTheMachineMoved() throws IOException {
    RawResults raw = sweep(0.25, true);
    assertEquals(48, raw.rows().size());
    assertEquals(4, raw.sentinels().size());
    String line = DriftWarnings.sentinel(raw).orElseThrow();
    assertTrue(
        line.startsWith(
            "sentinel write stream=simple n=7 ints: 4 runs over the sweep, first"
                + " 12.500 ms, last 20.000 ms (+60%)"),
        line);
    assertTrue(
        DriftWarnings.of(raw).stream()
            .anyMatch(l -> l.startsWith("drift: the sentinel ran 60% slower")),
        DriftWarnings.of(raw).toString());
    assertTrue(DriftWarnings.sentinel(sweep(0.25, false)).isEmpty());
  }

  @Test
  void aSentinelThatOnlyJumpsBetweenTwoSpeeds_isNotDrift_oneThatSettlesIs() throws IOException {
    // Fresh JVMs (--fork) land on one of two speeds; the thirds' medians differ by 50 %, but
    // within the noise of the runs.
    assertTrue(DriftWarnings.of(sentinels(1.6, 2.4, 1.6, 2.4, 1.6, 2.4, 2.4, 1.6, 2.4)).isEmpty());
    // One JVM whose JIT keeps compiling: every late run faster than every early one.
    List<String> lines = DriftWarnings.of(sentinels(2.4, 1.9, 2.0, 1.5, 1.4, 1.3, 1.2, 1.2, 1.25));
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).startsWith("drift: the sentinel ran 40% faster"), lines.get(0));
  }

  private static RawResults sentinels(double... ms) throws IOException {
    StringBuilder csv = new StringBuilder(HEADER);
    for (int i = 0; i < ms.length; i++) {
      csv.append("write,simple,7,").append(i + 1).append(",false,").append(ms[i]).append(",true\n");
    }
    return RawResults.parse("s.csv", new StringReader(csv.toString()));
  }
}
