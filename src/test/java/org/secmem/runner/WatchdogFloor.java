package org.secmem.runner;

import java.time.Duration;

/**
 * The fork watchdog's floor for tests of the command line, which end a hung fork in seconds rather
 * than minutes; the floor itself stays package-private to the runner.
 */
public final class WatchdogFloor {

  private WatchdogFloor() {}

  /** The floor now. */
  public static Duration get() {
    return ForkedBatch.watchdogFloor;
  }

  /** Sets the floor; a test puts the one it found back when it ends. */
  public static void set(Duration floor) {
    ForkedBatch.watchdogFloor = floor;
  }
}
