package org.secmem.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How long a fork may run before the watchdog ends it. */
class ForkWatchdogTest {

  @Test
  void aWatchdogLimit_growsWithTheConfigurationsEstimate_aboveItsFloor() {
    Duration floor = Duration.ofMinutes(10);
    assertEquals(floor, ForkedBatch.watchdog(0, 5, floor));
    Duration big = ForkedBatch.watchdog(2.0, 5, floor);
    assertEquals(
        floor.plusSeconds((long) (2.0 * 5 * ForkedBatch.WATCHDOG_FACTOR)), big, big.toString());
    assertFalse(ForkedBatch.watchdog(Double.NaN, 5, floor).isNegative());
  }
}
