package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file system's floor comes from the best of its last probes: one slow probe (other work, a
 * host's cache gone cold) never raises it, and the spread says when the probes agree.
 */
class ProbeHistoryTest {

  @TempDir Path dir;

  private static final String FS = "ext4@/dev/vda1@/";

  /** The figures of a probe at hour {@code h} with these best rates. */
  private static Figures probe(int h, double read, double write, double cache, double busy) {
    TreeMap<Integer, Double> r = new TreeMap<>(Map.of(1, read / 2, 4, read));
    TreeMap<Integer, Double> w = new TreeMap<>(Map.of(1, write / 2, 4, write));
    return new Figures(
        Instant.parse("2026-11-28T00:00:00Z").plusSeconds(3600L * h),
        Path.of("/data"),
        FS,
        1L << 30,
        3,
        new DeviceFigures(null, w, r, w, r),
        1L << 30,
        cache,
        9000,
        15000,
        2,
        1L << 28,
        busy);
  }

  @Test
  void aSlowProbeAfterAFastOne_keepsTheFastFloor_andNamesTheProbeOfEachRate() throws IOException {
    Path file = dir.resolve("probe.properties");
    ProbeStore.keepProbe(file, probe(1, 1005.8, 389.1, 4000, 0.02));
    ProbeHistory h = ProbeStore.keepProbe(file, probe(2, 451.3, 560.3, 5000, 0.93));

    Floor floor = Floor.of(ProbeStore.find(file, FS).orElseThrow()).orElseThrow();
    assertEquals(1005.8, floor.deviceReadMibS(), 1e-9, "the first probe's read");
    assertEquals(560.3, floor.deviceWriteMibS(), 1e-9, "the second probe's write");
    assertEquals(5000, floor.cacheCopyMibS(), 1e-9);
    assertEquals("2026-11-28T01:00:00Z 2026-11-28T02:00:00Z", floor.probe(Floor.Regime.DEVICE));
    assertEquals("2026-11-28T02:00:00Z", floor.probe(Floor.Regime.CACHE));
    assertEquals(2, h.probes().size());
    ProbeHistory.Rate read = h.deviceRead().orElseThrow();
    assertEquals(1005.8 / 451.3, read.spread(), 1e-9);
    assertFalse(read.settled(), "two probes cannot settle it");
    assertTrue(Double.isNaN(read.moved()));
    assertEquals(0.93, h.probes().get(1).busyCores(), 1e-9);
    assertEquals(
        "451.3",
        ProbeStore.find(file, FS).orElseThrow().get(Figures.DEVICE_READ),
        "the block's own figures are the latest probe's, as before");
  }

  @Test
  void aFloorThatHoldsWithinTenPercentOverThreeProbes_isSettled_thoughTheProbesDiffer() {
    ProbeHistory h = ProbeHistory.of(Map.of());
    for (double read : List.of(1135.6, 792.8, 1140.4)) { // three probes of 2026-11-29
      h = h.with(ProbeHistory.Past.of(probe(1, read, 400, 4000, 0)));
    }
    ProbeHistory.Rate read = h.deviceRead().orElseThrow();
    assertEquals(1140.4 / 1135.6, read.moved(), 1e-9);
    assertEquals(1140.4 / 792.8, read.spread(), 1e-9);
    assertTrue(read.settled(), "the floor held: 1135.6, 1135.6, 1140.4");
    h = h.with(ProbeHistory.Past.of(probe(2, 1300, 400, 4000, 0)));
    read = h.deviceRead().orElseThrow();
    assertEquals(1300 / 1135.6, read.moved(), 1e-9, "the floors after the last three probes");
    assertFalse(read.settled(), "a faster probe raised it by 14 %");
    assertTrue(h.deviceWrite().orElseThrow().settled());
  }

  @Test
  void onlyTheLastFiveProbesAreKept() throws IOException {
    Path file = dir.resolve("probe.properties");
    ProbeStore.keepProbe(file, probe(0, 2000, 2000, 9000, 0));
    for (int h = 1; h <= 5; h++) {
      ProbeStore.keepProbe(file, probe(h, 500 + h, 400, 4000, 0));
    }
    ProbeHistory h = ProbeHistory.of(ProbeStore.find(file, FS).orElseThrow());
    assertEquals(ProbeHistory.KEPT, h.probes().size());
    assertEquals(505, h.deviceRead().orElseThrow().best(), 1e-9, "the probe of hour 0 is gone");
  }

  @Test
  void aBlockWrittenBeforeProbesWereKept_countsAsOneProbe() throws IOException {
    Path file = dir.resolve("probe.properties");
    ProbeStore.keep(
        file,
        FS,
        Map.of(
            Figures.DATE, "2026-11-20T00:00:00Z",
            Figures.DEVICE_READ, "800.0",
            Figures.DEVICE_WRITE, "700.0",
            Figures.CACHE_COPY, "3000.0"));
    ProbeHistory h = ProbeStore.keepProbe(file, probe(1, 600, 650, 3500, 0));
    assertEquals(2, h.probes().size());
    assertEquals(800, h.deviceRead().orElseThrow().best(), 1e-9);
    assertEquals("2026-11-20T00:00:00Z", h.deviceRead().orElseThrow().bestDate());
  }

  @Test
  void aTamperedEntry_isLeftOut_theOthersStillMakeTheFloor() throws IOException {
    Path file = dir.resolve("probe.properties");
    Files.writeString(
        file,
        FileSystemId.sanitize(FS)
            + "."
            + ProbeHistory.FIELD
            + "=2026-11-28T00:00:00Z 1e300 400.0 4000.0 -; garbage; "
            + "2026-11-28T01:00:00Z 500.0 unsupported 4100.0 0.10; x 1 2 NaN -\n");
    // the sanitised id is what keep writes; read it back through the same id
    Optional<Map<String, String>> block = ProbeStore.find(file, FS);
    assertTrue(block.isPresent(), "the block is found by its file system");
    ProbeHistory h = ProbeHistory.of(block.get());
    assertEquals(2, h.probes().size(), "the two readable entries");
    Floor floor = h.floor().orElseThrow();
    assertEquals(500, floor.deviceReadMibS(), 1e-9, "1e300 is no rate: that probe has none");
    assertEquals(400, floor.deviceWriteMibS(), 1e-9);
    assertEquals(4100, floor.cacheCopyMibS(), 1e-9);
  }

  @Property(tries = 200)
  void theFloorIsNeverSlowerThanAnyKeptProbe(
      @ForAll @Size(min = 1, max = 9) List<@DoubleRange(min = 1, max = 1e5) Double> reads) {
    ProbeHistory h = ProbeHistory.of(Map.of());
    for (int i = 0; i < reads.size(); i++) {
      h = h.with(ProbeHistory.Past.of(probe(i, reads.get(i), 100, 1000, 0)));
    }
    ProbeHistory back = ProbeHistory.of(Map.of(ProbeHistory.FIELD, h.field()));
    assertEquals(h.probes().size(), back.probes().size(), "the field reads back");
    double floor = back.floor().orElseThrow().deviceReadMibS();
    List<Double> kept = reads.subList(Math.max(0, reads.size() - ProbeHistory.KEPT), reads.size());
    for (double r : kept) {
      assertTrue(floor >= Double.parseDouble(Throughput.format(r)), floor + " < " + r);
    }
    assertEquals(
        Double.parseDouble(
            Throughput.format(kept.stream().mapToDouble(Double::doubleValue).max().orElseThrow())),
        floor,
        1e-9);
  }
}
