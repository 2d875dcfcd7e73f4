package org.secmem.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.fs.ThisMachine;

class ProbeTest {

  @TempDir Path dir;

  /** Remembers what is registered now and everything ever registered. */
  private static final class Registry implements TempRegistry {
    final Set<Path> now = ConcurrentHashMap.newKeySet();
    final Set<Path> ever = ConcurrentHashMap.newKeySet();

    @Override
    public void register(Path path) {
      now.add(path);
      ever.add(path);
    }

    @Override
    public void release(Path path) {
      now.remove(path);
    }
  }

  @Test
  void run_smallSize_everyFigurePositive_filesRegisteredThenGone() throws IOException {
    Registry registry = new Registry();
    List<String> steps = new ArrayList<>();
    Clock clock = Clock.fixed(Instant.parse("2026-11-26T10:00:00Z"), ZoneOffset.UTC);

    Figures f = Probe.run(dir, 8L << 20, 1, registry, clock, steps::add);

    assertEquals(Instant.parse("2026-11-26T10:00:00Z"), f.date());
    assertEquals(8L << 20, f.sizeBytes());
    assertEquals(FileSystemId.ofFolder(dir).orElseThrow(), f.fileSystem());
    if (f.device().supported()) {
      assertEquals(DeviceProbe.DEPTHS, List.copyOf(f.device().write().keySet()));
      assertEquals(DeviceProbe.DEPTHS, List.copyOf(f.device().read().keySet()));
      f.device().write().values().forEach(r -> assertTrue(r > 0, f.toString()));
      f.device().read().values().forEach(r -> assertTrue(r > 0, f.toString()));
      f.device()
          .readSlowest()
          .forEach((depth, r) -> assertTrue(r <= f.device().read().get(depth), f.toString()));
    }
    assertTrue(f.cacheCopy() > 0);
    assertTrue(f.memoryOneThread() > 0 && f.memoryAllCores() > 0);
    assertEquals(Runtime.getRuntime().availableProcessors(), f.memoryThreads());
    assertEquals(
        List.of("device write and read, O_DIRECT", "page-cache copy", "memory copy"), steps);
    assertEquals(
        4, registry.ever.size(), "the owner marker, the device file, the cached file and its copy");
    registry.ever.forEach(p -> assertEquals(dir.toAbsolutePath(), p.getParent()));
    assertEquals(Set.of(), registry.now, "each released");
    try (var left = Files.list(dir)) {
      assertEquals(List.of(), left.toList());
    }
  }

  /**
   * A floor keeps each depth's best repetition and the figures keep the slowest beside it, where
   * the best was fastest, so that the probe's spread is seen (issue 48: device rates that moved
   * from 5.4 to 7.9 s of floor between two probes).
   */
  @Test
  void deviceFigures_keepTheBestForTheFloor_andTheSlowestWhereTheBestWasFastest() {
    java.util.TreeMap<Integer, Double> best = new java.util.TreeMap<>();
    java.util.TreeMap<Integer, Double> slowest = new java.util.TreeMap<>();
    best.put(1, 400.0);
    best.put(4, 600.0);
    slowest.put(1, 390.0);
    slowest.put(4, 420.0);
    DeviceFigures d = new DeviceFigures(null, best, best, slowest, slowest);
    assertEquals(600.0, d.bestRead().getAsDouble());
    assertEquals(420.0, d.slowestAtBestRead().getAsDouble(), "the slowest at depth 4, not 390");
    Figures f =
        new Figures(
            Instant.EPOCH, dir, "ext4@x@/", 1L << 20, 3, d, 1L << 20, 12.34, 5, 6, 2, 1, 0.25);
    assertEquals("0.25", f.fields().get(Figures.BUSY_CORES));
    assertEquals("600.0", f.fields().get(Figures.DEVICE_READ));
    assertEquals("420.0", f.fields().get(Figures.DEVICE_READ_SLOWEST));
    assertEquals("420.0", f.fields().get(Figures.DEVICE_WRITE_SLOWEST));
    assertTrue(DeviceFigures.unsupported("x").slowestAtBestRead().isEmpty());
  }

  @Test
  void fields_unsupportedDevice_sayUnsupported_andKeepTheOtherFigures() {
    Figures f =
        new Figures(
            Instant.EPOCH,
            dir,
            "tmpfs@tmpfs@/x",
            1L << 20,
            1,
            DeviceFigures.unsupported("no O_DIRECT"),
            1L << 20,
            12.34,
            5,
            6,
            2,
            1L << 20,
            Double.NaN);
    var fields = f.fields();
    assertTrue(!fields.containsKey(Figures.BUSY_CORES), "no busy figure where it is unknown");
    assertEquals(Figures.UNSUPPORTED, fields.get(Figures.DEVICE_WRITE));
    assertEquals(Figures.UNSUPPORTED, fields.get(Figures.DEVICE_READ));
    assertEquals("no O_DIRECT", fields.get(Figures.DEVICE_NOTE));
    assertEquals("12.3", fields.get(Figures.CACHE_COPY));
    assertEquals("1970-01-01T00:00:00Z", fields.get(Figures.DATE));
  }

  /** A probe killed with kill -9 left its device file: the next probe in that folder removes it. */
  @Test
  void run_removesTheFilesOfAProbeWhoseOwnerIsGone_andKeepsOthers() throws IOException {
    String stem = ".secmem-probe-" + UUID.randomUUID();
    Path left = dir.resolve(stem + ".device");
    Files.write(left, new byte[4096]);
    Path marker = dir.resolve(stem + ".4194301.owner");
    Files.writeString(
        marker,
        OwnerMarker.text(4194301, Optional.empty(), ThisMachine.current()),
        StandardCharsets.US_ASCII);
    // Both marked, as a probe of this version marks them.
    Ownership.mark(left, Ownership.Made.PART);
    Ownership.mark(marker, Ownership.Made.PART);
    Path mine = Files.write(dir.resolve("data.bin"), new byte[16]);

    Probe.run(dir, 1L << 20, 1, new Registry(), Clock.systemUTC(), s -> {});

    assertFalse(Files.exists(left), "the killed probe's device file");
    assertFalse(Files.exists(marker), "and its marker");
    try (var rest = Files.list(dir)) {
      assertEquals(List.of(mine), rest.toList());
    }
  }
}
