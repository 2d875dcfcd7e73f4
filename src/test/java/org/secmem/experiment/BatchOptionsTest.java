package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A --sentinel value read once, the same way where it is checked and where it is used. */
class BatchOptionsTest {

  @Test
  void sentinelIndex_numbersFromOne_autoTheFirst_noneMinusOne_spacesDropped() {
    assertEquals(-1, BatchOptions.sentinelIndex(null));
    assertEquals(0, BatchOptions.sentinelIndex("auto"));
    assertEquals(0, BatchOptions.sentinelIndex("AUTO"));
    // Checked with its spaces dropped and then parsed without: " auto" was an internal error.
    assertEquals(0, BatchOptions.sentinelIndex(" auto "));
    assertEquals(0, BatchOptions.sentinelIndex("1"));
    assertEquals(2, BatchOptions.sentinelIndex(" 3"));
    assertEquals(999_999_998, BatchOptions.sentinelIndex("999999999"));
    for (String bad : new String[] {"0", "-1", "first", "", "1000000000", "1.5", "01"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> BatchOptions.sentinelIndex(bad));
      assertTrue(e.getMessage().startsWith("'" + bad + "' is neither"), e.getMessage());
    }
  }
}
