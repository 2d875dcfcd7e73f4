package org.secmem.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatisticsTest {

  @Test
  void of_oddCount_medianIsMiddleValue() {
    Statistics s = Statistics.of(5.0, 1.0, 3.0);
    assertEquals(new Statistics(3, 3.0, 3.0, 2.0, 1.0, 5.0), s);
  }

  @Test
  void of_evenCount_medianIsMeanOfTwoMiddleValues() {
    Statistics s = Statistics.of(List.of(4.0, 1.0, 2.0, 3.0));
    assertEquals(4, s.count());
    assertEquals(2.5, s.median(), 0.0);
    assertEquals(2.5, s.mean(), 0.0);
    // sum of squared deviations 5, divided by n - 1 = 3
    assertEquals(Math.sqrt(5.0 / 3.0), s.stddev(), 1e-15);
    assertEquals(1.0, s.min(), 0.0);
    assertEquals(4.0, s.max(), 0.0);
  }

  @Test
  void of_twoValues_sampleStddev() {
    Statistics s = Statistics.of(30.0, 34.0);
    assertEquals(32.0, s.median(), 0.0);
    assertEquals(Math.sqrt(8.0), s.stddev(), 1e-15);
  }

  @Test
  void of_singleValue_stddevIsZero() {
    assertEquals(new Statistics(1, 7.5, 7.5, 0.0, 7.5, 7.5), Statistics.of(7.5));
  }

  @Test
  void of_equalValues_stddevIsExactlyZero() {
    assertEquals(0.0, Statistics.of(0.1, 0.1, 0.1).stddev(), 0.0);
  }

  @Test
  void of_doesNotReorderCallersArray() {
    double[] values = {3.0, 1.0, 2.0};
    Statistics.of(values);
    assertEquals(3.0, values[0], 0.0);
  }

  @Test
  void of_empty_throws() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Statistics.of(new double[0]));
    assertEquals("no values: statistics need at least one", e.getMessage());
  }

  @Test
  void of_nan_throwsQuotingValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Statistics.of(1.0, Double.NaN));
    assertEquals("value (NaN) must be finite", e.getMessage());
  }
}
