package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The ETA's wording: days and hours, hours and minutes, minutes rounded up, seconds. */
class TimeEstimateTest {

  @Test
  void format_readsAsPeopleSayIt() {
    assertEquals("0 s", TimeEstimate.format(0));
    assertEquals("40 s", TimeEstimate.format(39.2));
    assertEquals("1 min", TimeEstimate.format(60));
    assertEquals("2 min", TimeEstimate.format(61));
    assertEquals("60 min", TimeEstimate.format(3599));
    assertEquals("1 h 0 min", TimeEstimate.format(3600));
    assertEquals("5 h 20 min", TimeEstimate.format(5 * 3600 + 20 * 60 + 59));
    assertEquals("23 h 59 min", TimeEstimate.format(86_399));
    assertEquals("1 d 0 h", TimeEstimate.format(86_400));
    assertEquals("3 d 4 h", TimeEstimate.format(3 * 86_400 + 4 * 3600 + 3599));
    assertEquals("40 d 0 h", TimeEstimate.format(40 * 86_400));
  }
}
