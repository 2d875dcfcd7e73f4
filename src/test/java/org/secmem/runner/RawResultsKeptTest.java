package org.secmem.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.secmem.results.RawResultsWriter.Tally;

/**
 * What a session says of its raw results file after a failure: "complete" only when every row it
 * measured was written whole (a disk that filled up mid-row used to leave a partial row under a
 * warning that called the raw results complete).
 */
class RawResultsKeptTest {

  @Test
  void everyRowWritten_isComplete() {
    assertEquals("the raw results are complete", ExperimentSession.kept(new Tally(26, 26)));
    assertEquals("26 rows", ExperimentSession.rowsText(new Tally(26, 26)));
  }

  @Test
  void aRowNotWritten_andUndone_isNotComplete_butWhole() {
    Tally tally = new Tally(26, 26, 1, false);
    String kept = ExperimentSession.kept(tally);
    assertFalse(kept.contains("complete"), kept);
    assertEquals(
        "the raw results hold 26 rows, each whole; the row that could not be written is"
            + " not among them",
        kept);
    assertEquals("26 rows; 1 row could not be written", ExperimentSession.rowsText(tally));
  }

  @Test
  void aPartialRowLeft_isSaid() {
    Tally tally = new Tally(70, 4, 1, true);
    String kept = ExperimentSession.kept(tally);
    assertFalse(kept.contains("complete"), kept);
    assertTrue(kept.startsWith("the raw results end in a partial row"), kept);
    assertEquals(
        "70 rows, 4 of them from this run; 1 row could not be written; it ends in a"
            + " partial row, which readers leave out",
        ExperimentSession.rowsText(tally));
  }
}
