package org.secmem.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.secmem.experiment.ForkChild;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;

/** A fork's rows as they cross from the child to the parent: one line each, cell for cell. */
class ForkRowsTest {

  @Test
  void aForksRows_crossAsOneLineEach_andComeBackCellForCell() throws IOException {
    ResultRow row =
        ResultRow.builder(RowKind.READ)
            .set(ResultColumn.INPUT, "/data/a,b \"quoted\".bin")
            .set(ResultColumn.REP, 2)
            .set(ResultColumn.WARMUP, false)
            .set(ResultColumn.ORDER_INDEX, 2)
            .set(ResultColumn.ROUND, 2)
            .build();
    ForkChild child =
        ForkChild.parse(
            new ForkChild(
                    4,
                    2,
                    new TreeSet<>(List.of(3)),
                    new TreeSet<>(),
                    new TreeSet<>(List.of(5, 6)),
                    11,
                    4,
                    false)
                .format());
    ResultRow renumbered = ForkChildSession.renumber(row, child, List.of(3));
    String line = ForkChildSession.csv(renumbered);
    assertTrue(!line.contains("\n"), line);
    ResultRow back = ForkedBatch.parse(line);
    for (ResultColumn c : ResultColumn.values()) {
      assertEquals(renumbered.get(c), back.get(c), c.header());
    }
    assertEquals("6", back.get(ResultColumn.REP), "the child's rep 2 is the parent's rep 6");
    assertEquals("", back.get(ResultColumn.DIRTY_BYTES));
    assertEquals("12", back.get(ResultColumn.ORDER_INDEX), "position 11 + local 2 - 1");
    assertEquals("5", back.get(ResultColumn.ROUND), "round 4 + local 2 - 1");
    assertEquals("2", back.get(ResultColumn.FORK));
  }
}
