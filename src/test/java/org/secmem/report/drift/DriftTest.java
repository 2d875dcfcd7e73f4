package org.secmem.report.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DriftTest {

  @Test
  void tooFewRuns_noVerdict() {
    assertTrue(Drift.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0)).isEmpty());
  }

  @Test
  void runsThatGrowSteadily_drift() {
    // 12 runs from 10 ms to 21 ms: the last third (median 19.5) is 1.7x the first (11.5).
    List<Double> ms = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      ms.add(10.0 + i);
    }
    Drift d = Drift.of(ms).orElseThrow();
    assertEquals(19.5 / 11.5, d.ratio(), 1e-9);
    assertTrue(d.low() > 1, "interval above 1: " + d);
    assertTrue(d.drifted());
  }

  @Test
  void noisyButStationaryRuns_doNotDrift() {
    Random r = new Random(3);
    int flagged = 0;
    for (int trial = 0; trial < 200; trial++) {
      List<Double> ms = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        ms.add(100 + 10 * r.nextGaussian());
      }
      if (Drift.of(ms).orElseThrow().drifted()) {
        flagged++;
      }
    }
    // Stationary runs with 10% noise: a false alarm is rare (it needs a >= 10% change whose
    // interval excludes 1 by chance).
    assertTrue(flagged <= 20, "false alarms in 200 stationary configurations: " + flagged);
  }

  @Test
  void aSmallConsistentChange_isNotFlagged() {
    // 3% slower at the end, beyond the (tiny) noise, but under the 10% that matters.
    List<Double> ms = List.of(100.0, 100.1, 100.0, 101.0, 102.0, 103.0, 103.0, 103.1, 103.0);
    Drift d = Drift.of(ms).orElseThrow();
    assertTrue(d.low() > 1);
    assertFalse(d.drifted());
  }

  @Test
  void aSweepWhoseConfigurationsAllSlowDown_drifts_andOneThatDoesNot_doesNot() {
    List<List<Double>> slowing = new ArrayList<>();
    List<List<Double>> mixed = new ArrayList<>();
    Random r = new Random(5);
    for (int c = 0; c < 12; c++) {
      double base = 10 + c;
      slowing.add(List.of(base, base * 1.2, base * 1.5));
      mixed.add(
          List.of(base, base * (1 + 0.3 * r.nextGaussian()), base * (c % 2 == 0 ? 1.3 : 0.75)));
    }
    Drift.Sweep s = Drift.ofSweep(slowing).orElseThrow();
    assertEquals(12, s.slower());
    assertEquals(2 * Math.pow(0.5, 12), s.pValue(), 1e-12);
    assertEquals(1.5, s.medianRatio(), 1e-9);
    assertTrue(s.drifted());
    Drift.Sweep m = Drift.ofSweep(mixed).orElseThrow();
    assertEquals(6, m.slower());
    assertEquals(6, m.faster());
    assertFalse(m.drifted());
  }

  @Test
  void signTest_exactValues() {
    assertEquals(1.0, Drift.signTest(3, 3), 1e-12);
    assertEquals(2.0 / 64, Drift.signTest(6, 0), 1e-12);
    assertEquals(2.0 * (1 + 7) / 128, Drift.signTest(1, 6), 1e-12);
    assertEquals(1.0, Drift.signTest(0, 0), 1e-12);
  }
}
