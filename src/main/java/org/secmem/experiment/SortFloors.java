package org.secmem.experiment;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.secmem.probe.Floor;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;

/**
 * Puts each sort row's floor beside its time ({@code floor_ns}, {@code floor_regime}): the least
 * time its passes over the data can take at the rates {@code secmem probe} kept for the file system
 * of its input (see {@link Floor}). The figures are read once per folder, after the clock.
 */
final class SortFloors {

  private final Path store;
  private final Map<Path, Optional<Floor>> byFolder = new HashMap<>();

  /** Floors from the probe figures kept in {@code store}. */
  SortFloors(Path store) {
    this.store = store;
  }

  /**
   * {@code row} with its floor, for a sort by secmem's own engine whose passes are known (the merge
   * and in-memory sorts) and whose input's file system was probed; else {@code row} as it is. The
   * regime is the device's when the run read at least half its passes' data from storage, the page
   * cache's otherwise (also where storage reads are not known: the lower floor).
   */
  ResultRow withFloor(ResultRow row, List<Path> inputs) {
    if (!RowKind.RUN_SORTS.contains(row.kind()) || inputs.isEmpty()) {
      return row;
    }
    long passes = number(row.get(ResultColumn.PASSES));
    long bytes = number(row.get(ResultColumn.BYTES));
    if (passes <= 0 || bytes <= 0) {
      return row;
    }
    Path folder = inputs.get(0).toAbsolutePath().getParent();
    Optional<Floor> floor = byFolder.computeIfAbsent(folder, f -> Floor.forPath(store, f));
    if (floor.isEmpty()) {
      return row;
    }
    long storageRead = number(row.get(ResultColumn.STORAGE_READ_BYTES));
    Floor.Regime regime = Floor.regime(passes, bytes, Math.max(0, storageRead));
    OptionalDouble nanos = floor.get().nanos(passes, bytes, regime);
    if (nanos.isEmpty()) {
      return row;
    }
    String probe = floor.get().probe(regime);
    return row.toBuilder()
        .set(ResultColumn.FLOOR_NS, Math.round(nanos.getAsDouble()))
        .set(ResultColumn.FLOOR_REGIME, regime.cell())
        .set(ResultColumn.FLOOR_PROBE, probe.isBlank() ? null : probe)
        .set(ResultColumn.FLOOR_SETTLED, floor.get().settled(regime))
        .build();
  }

  /** The whole number in {@code cell}; -1 when blank or not one. */
  private static long number(String cell) {
    try {
      return cell.isBlank() ? -1 : Long.parseLong(cell.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
