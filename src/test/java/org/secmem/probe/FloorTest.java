package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The floor of a sort's passes at the probed rates, and which rates bound a run. */
class FloorTest {

  @TempDir Path dir;

  private static final long MIB64 = 64L << 20;

  @Test
  void cache_isPassesCopiesAtTheCopyRate_device_isReadsPlusWrites() {
    Floor f = new Floor("d", "d", 8192, 1000, 2000, false, false);
    // 3 passes over 64 MiB: 192 MiB copied at 8192 MiB/s = 23.4375 ms
    assertEquals(23_437_500, f.nanos(3, MIB64, Floor.Regime.CACHE).getAsDouble(), 1);
    // read at 1000 MiB/s and written at 2000 MiB/s: 0.192 + 0.096 s
    assertEquals(288_000_000, f.nanos(3, MIB64, Floor.Regime.DEVICE).getAsDouble(), 1);
  }

  @Test
  void withoutDeviceRates_theDeviceRegimeHasNoFloor_theCacheOneStill() {
    Floor f =
        Floor.of(Map.of(Figures.CACHE_COPY, "4096.0", Figures.DEVICE_READ, "unsupported"))
            .orElseThrow();
    assertTrue(f.nanos(1, MIB64, Floor.Regime.DEVICE).isEmpty());
    assertEquals(15_625_000, f.nanos(1, MIB64, Floor.Regime.CACHE).getAsDouble(), 1);
    assertEquals(Optional.empty(), Floor.of(Map.of(Figures.DEVICE_READ, "900")));
    assertEquals(Optional.empty(), Floor.of(Map.of(Figures.CACHE_COPY, "-3")));
  }

  @Test
  void aRunThatReadHalfItsPassesDataFromStorage_isBoundByTheDevice() {
    assertEquals(Floor.Regime.DEVICE, Floor.regime(3, 100, 150));
    assertEquals(Floor.Regime.CACHE, Floor.regime(3, 100, 149));
    assertEquals(Floor.Regime.CACHE, Floor.regime(3, 100, 0));
  }

  @Test
  void forPath_readsTheFiguresOfThatFileSystem_emptyWhereNeverProbed() throws IOException {
    Path store = dir.resolve("probe.properties");
    assertEquals(Optional.empty(), Floor.forPath(store, dir));
    String id = FileSystemId.ofFolder(dir).orElseThrow();
    ProbeStore.keep(
        store,
        id,
        Map.of(
            Figures.DATE, "2026-11-26T01:00:00Z",
            Figures.CACHE_COPY, "8192.0",
            Figures.DEVICE_READ, "1000.0",
            Figures.DEVICE_WRITE, "2000.0"));
    Floor f = Floor.forPath(store, dir.resolve("data/in.bin")).orElseThrow();
    assertEquals(
        new Floor("2026-11-26T01:00:00Z", "2026-11-26T01:00:00Z", 8192, 1000, 2000, false, false),
        f);
  }

  @Test
  void tamperedRates_giveNoFloor_ratherThanNoneOrForever() throws IOException {
    String id = FileSystemId.ofFolder(dir).orElseThrow();
    Path store = dir.resolve("probe.properties");
    for (String tampered : List.of("1e-300", "1e300", "NaN", "Infinity")) {
      Files.writeString(store, id + ".cache_copy_mib_s=" + tampered + "\n");
      assertEquals(Optional.empty(), Floor.forPath(store, dir), tampered);
      assertEquals(Optional.empty(), Floor.of(Map.of(Figures.CACHE_COPY, tampered)), tampered);
      Floor device =
          Floor.of(
                  Map.of(
                      Figures.CACHE_COPY, "4096.0",
                      Figures.DEVICE_READ, tampered,
                      Figures.DEVICE_WRITE, "900.0"))
              .orElseThrow();
      assertTrue(device.nanos(1, MIB64, Floor.Regime.DEVICE).isEmpty(), tampered);
    }
  }

  @Test
  void theFloorOfTheSlowestPlausibleRate_overTheMostData_isStillANumber() {
    Floor slowest = new Floor("d", "d", 0.01, 0.01, 0.01, false, false);
    double cache = slowest.nanos(Long.MAX_VALUE, Long.MAX_VALUE, Floor.Regime.CACHE).orElseThrow();
    assertTrue(Double.isFinite(cache) && cache > 0, Double.toString(cache));
    assertEquals(Long.MAX_VALUE, Math.round(cache), "as a results cell it saturates");
  }
}
