package org.secmem.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.EnumSet;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.junit.jupiter.api.Test;

/** Each kind of row is held to its schema and its columns' kinds as the row is built. */
class RowKindTest {

  @Test
  void aRow_refusesAColumnOfAnotherKindOfRow_namingTheKindsThatFillIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ResultRow.builder(RowKind.BUFFER_TREE_SORT).set(ResultColumn.PASSES, 3));
    assertEquals(
        "a buffer-tree sort row has no passes (its kinds: sort (merge, in-memory)), given '3'",
        e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> ResultRow.builder(RowKind.ENGINE_SORT).set(ResultColumn.READ_STREAM, "mapped"));
    assertThrows(
        IllegalArgumentException.class,
        () -> ResultRow.builder(RowKind.WRITE).set(ResultColumn.D, 8));
    // Emptying a cell is never refused: a column that does not apply is blank.
    assertEquals(
        "",
        ResultRow.builder(RowKind.WRITE)
            .set(ResultColumn.D, (String) null)
            .build()
            .get(ResultColumn.D));
  }

  @Test
  void aCell_mustBeOfItsColumnsKind() {
    ResultRow.Builder b = ResultRow.builder(RowKind.MERGE_SORT);
    assertThrows(IllegalArgumentException.class, () -> b.set(ResultColumn.N, "2^20"));
    assertThrows(IllegalArgumentException.class, () -> b.set(ResultColumn.N, "007"));
    assertThrows(IllegalArgumentException.class, () -> b.set(ResultColumn.ELAPSED_MS, "1,5"));
    assertThrows(IllegalArgumentException.class, () -> b.set(ResultColumn.VERIFIED, "yes"));
    assertThrows(IllegalArgumentException.class, () -> b.set(ResultColumn.EXPERIMENT, "read"));
    ResultRow r =
        b.set(ResultColumn.N, -1)
            .set(ResultColumn.ELAPSED_MS, 1.5, 3)
            .set(ResultColumn.VERIFIED, true)
            .set(ResultColumn.CHECKSUM, "x00ff")
            .build();
    assertEquals("sort", r.get(ResultColumn.EXPERIMENT), "set by the kind");
    assertEquals("1.500", r.get(ResultColumn.ELAPSED_MS));
    assertEquals(RowKind.MERGE_SORT, r.toBuilder().build().kind());
  }

  @Test
  void theKindOfARow_isReadFromItsCells() {
    assertEquals(RowKind.WRITE, RowKind.of("write", "", ""));
    assertEquals(RowKind.PQ, RowKind.of("pq", "buffer-tree", ""));
    assertEquals(RowKind.MERGE_SORT, RowKind.of("sort", "merge", "secmem"));
    assertEquals(RowKind.BUFFER_TREE_SORT, RowKind.of("sort", "buffer-tree", ""));
    assertEquals(RowKind.ENGINE_SORT, RowKind.of("sort", "", "spark"));
    assertThrows(IllegalArgumentException.class, () -> RowKind.of("sort", "bogo", "secmem"));
    assertThrows(IllegalArgumentException.class, () -> RowKind.of("busy", "", ""));

    List<String> cells =
        ResultRow.builder(RowKind.IN_MEMORY_SORT)
            .set(ResultColumn.ALGORITHM, "in-memory")
            .set(ResultColumn.ENGINE, "secmem")
            .set(ResultColumn.RUNS, 1)
            .build()
            .cellsInColumnOrder();
    ResultRow back = ResultRow.ofCellsInColumnOrder(cells);
    assertEquals(RowKind.IN_MEMORY_SORT, back.kind());
    assertEquals(cells, back.cellsInColumnOrder());
  }

  @Test
  void kindsAreNamedAsTheDocumentNamesThem() {
    assertEquals("all", RowKind.describe(RowKind.ALL));
    assertEquals("sort", RowKind.describe(RowKind.SORTS));
    assertEquals("write, read", RowKind.describe(RowKind.STREAMS));
    assertEquals("sort (buffer-tree), pq", RowKind.describe(RowKind.TREES));
    assertEquals(
        "read, sort", RowKind.describe(RowKind.union(RowKind.of(RowKind.READ), RowKind.SORTS)));
    assertEquals("merge sort", RowKind.MERGE_SORT.title());
    assertTrue(EnumSet.allOf(RowKind.class).containsAll(RowKind.OWN_SORTS));
  }

  /**
   * Without assertions (a user's run), a cell outside the schema is a logged bug, not a lost
   * measurement: the row keeps it. ResultRow is loaded afresh with assertions off to see it.
   */
  @Test
  void withoutAssertions_aMistakenCellIsKept_soNoMeasurementIsLost() throws Exception {
    assertTrue(ResultRow.class.desiredAssertionStatus(), "the tests run with -ea");
    URL[] path = {
      ResultRow.class.getProtectionDomain().getCodeSource().getLocation(),
      LogManager.class.getProtectionDomain().getCodeSource().getLocation()
    };
    try (URLClassLoader fresh = new URLClassLoader(path, ClassLoader.getPlatformClassLoader())) {
      fresh.setDefaultAssertionStatus(false);
      Class<?> kinds = fresh.loadClass(RowKind.class.getName());
      Class<?> rows = fresh.loadClass(ResultRow.class.getName());
      Class<?> columns = fresh.loadClass(ResultColumn.class.getName());
      Object tree = kinds.getField("BUFFER_TREE_SORT").get(null);
      Object passes = columns.getField("PASSES").get(null);
      Object builder = rows.getMethod("builder", kinds).invoke(null, tree);
      builder.getClass().getMethod("set", columns, String.class).invoke(builder, passes, "3");
      Object row = builder.getClass().getMethod("build").invoke(builder);
      assertEquals("3", rows.getMethod("get", columns).invoke(row, passes));
    }
  }
}
