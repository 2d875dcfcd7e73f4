package org.secmem.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.probe.Figures;
import org.secmem.probe.FileSystemId;
import org.secmem.probe.ProbeHistory;
import org.secmem.probe.ProbeStore;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;

/** Each sort row's floor beside its time, from the probe figures of its input's file system. */
class SortFloorsTest {

  @TempDir Path dir;

  private static ResultRow sortRow(String passes, String storageRead, String engine) {
    return sortRow(RowKind.MERGE_SORT, storageRead, engine)
        .set(ResultColumn.PASSES, passes)
        .build();
  }

  private static ResultRow.Builder sortRow(RowKind kind, String storageRead, String engine) {
    return ResultRow.builder(kind)
        .set(ResultColumn.BYTES, Long.toString(64L << 20))
        .set(ResultColumn.STORAGE_READ_BYTES, storageRead)
        .set(ResultColumn.ENGINE, engine);
  }

  @Test
  void aSortRow_getsItsFloor_inTheRegimeItRanIn_andOthersAreLeftAsTheyAre() throws IOException {
    Path store = dir.resolve("probe.properties");
    Path input = dir.resolve("in.bin");
    SortFloors floors = new SortFloors(store);
    ResultRow cached = sortRow("3", "0", "secmem");
    assertEquals(cached, floors.withFloor(cached, List.of(input)), "never probed: as it is");

    ProbeStore.keep(
        store,
        FileSystemId.ofFolder(dir).orElseThrow(),
        Map.of(
            Figures.DATE,
            "2026-11-28T09:58:43Z",
            Figures.CACHE_COPY,
            "8192.0",
            Figures.DEVICE_READ,
            "1000.0",
            Figures.DEVICE_WRITE,
            "2000.0"));
    floors = new SortFloors(store);

    ResultRow c = floors.withFloor(cached, List.of(input));
    assertEquals("23437500", c.get(ResultColumn.FLOOR_NS));
    assertEquals("cache", c.get(ResultColumn.FLOOR_REGIME));
    assertEquals("2026-11-28T09:58:43Z", c.get(ResultColumn.FLOOR_PROBE), "names its probe");
    assertEquals("false", c.get(ResultColumn.FLOOR_SETTLED), "one probe settles nothing");

    ResultRow d =
        floors.withFloor(sortRow("3", Long.toString(3 * (64L << 20)), ""), List.of(input));
    assertEquals("288000000", d.get(ResultColumn.FLOOR_NS));
    assertEquals("device", d.get(ResultColumn.FLOOR_REGIME));

    // Spark's rows and the buffer tree's (no passes) have no floor here.
    ResultRow spark = sortRow(RowKind.ENGINE_SORT, "0", "spark").build();
    assertEquals(spark, floors.withFloor(spark, List.of(input)));
    ResultRow tree = sortRow(RowKind.BUFFER_TREE_SORT, "0", "secmem").build();
    assertEquals(tree, floors.withFloor(tree, List.of(input)));
  }

  @Test
  void aFloorThatHeldOverThreeProbes_isSettled_inTheRegimeWhoseRatesHeld() throws IOException {
    Path store = dir.resolve("probe.properties");
    String fs = FileSystemId.ofFolder(dir).orElseThrow();
    // the page cache held (4000, 4100, 4050), the device's read rose x1.5 with the last probe
    ProbeStore.keep(
        store,
        fs,
        Map.of(
            ProbeHistory.FIELD,
            "2026-11-29T00:00:00Z 900.0 500.0 4000.0 0.01; 2026-11-29T00:01:00Z 950.0 510.0 4100.0"
                + " 0.02; 2026-11-29T00:02:00Z 1425.0 505.0 4050.0 0.01"));
    SortFloors floors = new SortFloors(store);
    Path input = dir.resolve("in.bin");
    ResultRow c = floors.withFloor(sortRow("2", "0", "secmem"), List.of(input));
    assertEquals("true", c.get(ResultColumn.FLOOR_SETTLED));
    assertEquals("2026-11-29T00:01:00Z", c.get(ResultColumn.FLOOR_PROBE), "the best copy's probe");
    ResultRow d =
        floors.withFloor(sortRow("2", Long.toString(2 * (64L << 20)), "secmem"), List.of(input));
    assertEquals("device", d.get(ResultColumn.FLOOR_REGIME));
    assertEquals("false", d.get(ResultColumn.FLOOR_SETTLED));
    assertEquals(
        "2026-11-29T00:02:00Z 2026-11-29T00:01:00Z",
        d.get(ResultColumn.FLOOR_PROBE),
        "the read's probe, then the write's (and the copy's, the same)");
  }
}
