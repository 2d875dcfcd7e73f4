package org.secmem.probe;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.fs.EachOf;
import org.secmem.fs.OwnerMarker;
import org.secmem.fs.Ownership;
import org.secmem.fs.Sweep;
import org.secmem.fs.TempRegistry;
import org.secmem.units.Units;

/**
 * {@code secmem probe}'s measurements of this machine's ceilings, one after the other: the device
 * under a folder with O_DIRECT ({@link DeviceProbe}), the page cache's copy rate ({@link
 * CacheProbe}) and memory bandwidth ({@link MemoryProbe}). Its files lie in the folder probed under
 * names starting {@code .secmem-probe-}, registered with the temporary-file registry while they
 * exist (an interrupt removes them), and removed when each measurement ends, also on failure; an
 * owner marker beside them lets {@link ProbeLeftovers} remove those of a probe killed outright.
 */
public final class Probe {

  /** The cores other work may use during a probe before its figures are said to be low. */
  public static final double BUSY_CORES = CpuLoad.BUSY_CORES;

  /** Free space asked beyond the probe's largest use of the disk. */
  public static final long MARGIN_BYTES = 64L << 20;

  private static final Logger LOG = LogManager.getLogger(Probe.class);

  private Probe() {}

  /** The fewest bytes probed: one block. */
  public static final long MIN_SIZE = 1L << 20;

  /**
   * Why a probe file of {@code size} bytes (written {@code given}) cannot be probed: less than one
   * 1 MiB block, or not a whole number of them; empty when it can.
   */
  public static Optional<String> sizeProblem(long size, String given) {
    if (size < MIN_SIZE) {
      return Optional.of(Units.bytes(size) + " is less than one 1 MiB block; give at least 1M");
    }
    if (size % MIN_SIZE != 0) {
      return Optional.of(
          given
              + " is not a whole number of MiB (the probe moves 1 MiB blocks); give e.g. "
              + size / MIN_SIZE
              + "M or "
              + (size / MIN_SIZE + 1)
              + "M");
    }
    return Optional.empty();
  }

  /** What a probe of {@code size} writes into its folder at most, with the margin. */
  public static long diskNeeded(long size) {
    long ram = ramBytes();
    long most = Math.max(DeviceProbe.fileBytes(size), 2 * CacheProbe.fileBytes(size, ram));
    return most > Long.MAX_VALUE - MARGIN_BYTES ? Long.MAX_VALUE : most + MARGIN_BYTES;
  }

  /**
   * Probes {@code probes} times one after the other, keeping each in {@code kept} as it ends, and
   * says what it does through {@code say}: each measurement as it starts (prefixed "probe i of n: "
   * where there are several) and a summary line of each probe but the last.
   *
   * @return the last probe's figures and the kept history after it
   */
  public static Series series(
      Path dir,
      long size,
      int reps,
      int probes,
      Path kept,
      TempRegistry temps,
      Clock clock,
      Consumer<String> say)
      throws IOException {
    Figures f = null;
    ProbeHistory history = null;
    for (int i = 1; i <= probes; i++) {
      String of = probes == 1 ? "" : "probe " + i + " of " + probes + ": ";
      f =
          Probe.run(
              dir,
              size,
              reps,
              temps,
              clock,
              step -> say.accept(of + "measuring " + step + " ...\n"));
      history = ProbeStore.keepProbe(kept, f);
      if (i < probes) {
        say.accept(of + ProbeReport.summary(f) + ProbeReport.busy(f.busyCores()));
      }
    }
    return new Series(f, history);
  }

  /** The last of a series of probes, and the history kept after it. */
  public record Series(Figures last, ProbeHistory history) {

    /** The last probe's table, a busy warning, and the floor of the kept probes. */
    public String text() {
      return ProbeReport.table(last)
          + ProbeReport.busy(last.busyCores())
          + ProbeReport.floor(history);
    }
  }

  /**
   * Measures; {@code dir} exists and is writable.
   *
   * @param size the device probe file's size (whole MiB of it)
   * @param reps repetitions, the best of which is kept, at least 1
   * @param step told the name of each measurement as it starts
   */
  public static Figures run(
      Path dir, long size, int reps, TempRegistry registry, Clock clock, Consumer<String> step)
      throws IOException {
    if (reps < 1) {
      throw new IllegalArgumentException("reps must be at least 1, not " + reps);
    }
    Path abs = dir.toAbsolutePath().normalize();
    Instant date = Instant.now(clock).truncatedTo(ChronoUnit.SECONDS);
    String fs = FileSystemId.ofFolder(abs).orElse("unknown");
    int cores = Runtime.getRuntime().availableProcessors();
    removeLeftovers(abs);
    String uuid = UUID.randomUUID().toString();
    String stem = ProbeLeftovers.PREFIX + uuid + ".";
    try (Owned owned = new Owned(registry, abs.resolve(ProbeLeftovers.ownerName(uuid)));
        Timed timed = new Timed(Math.max(cores, DeviceProbe.MOST_IN_FLIGHT))) {
      Optional<CpuLoad.Sample> start = CpuLoad.sample();
      step.accept("device write and read, O_DIRECT");
      DeviceFigures device;
      Path deviceFile = abs.resolve(stem + "device");
      try (Temporaries t = new Temporaries(registry, deviceFile)) {
        device = DeviceProbe.measure(deviceFile, size, reps, timed);
      }
      step.accept("page-cache copy");
      long cacheBytes = CacheProbe.fileBytes(size, ramBytes());
      double cache;
      Path source = abs.resolve(stem + "cache");
      Path copy = abs.resolve(stem + "copy");
      try (Temporaries t = new Temporaries(registry, source, copy)) {
        cache = CacheProbe.measure(source, copy, cacheBytes, reps);
      }
      step.accept("memory copy");
      long arrayBytes = MemoryProbe.arrayBytes(Runtime.getRuntime().maxMemory());
      MemoryProbe.Result memory = MemoryProbe.measure(arrayBytes, cores, reps, timed);
      Optional<CpuLoad.Sample> end = CpuLoad.sample();
      double busy =
          start.isPresent() && end.isPresent()
              ? CpuLoad.othersCores(start.get(), end.get()).orElse(Double.NaN)
              : Double.NaN;
      return new Figures(
          date,
          abs,
          fs,
          DeviceProbe.fileBytes(size),
          reps,
          device,
          cacheBytes,
          cache,
          memory.oneThread(),
          memory.allCores(),
          memory.threads(),
          memory.arrayBytes(),
          busy);
    }
  }

  /** Removes what killed probes left in {@code dir}; a failure is logged, the probe goes on. */
  private static void removeLeftovers(Path dir) {
    try {
      Sweep s = ProbeLeftovers.removeStale(dir, Instant.now());
      s.leftAlone().forEach(l -> LOG.info("probe: left alone {}: {}", l.path(), l.reason()));
    } catch (IOException e) {
      LOG.warn("probe: cannot look for earlier probes' files in {}", dir, e);
    }
  }

  /**
   * The owner marker of this probe's files, registered as temporary and locked while they may
   * exist: {@code secmem clean} removes them once the lock is free (a kill -9). On close the marker
   * is removed before its lock is dropped, after the files have gone.
   */
  private static final class Owned implements AutoCloseable {
    private final TempRegistry registry;
    private final Path marker;
    private final OwnerMarker lock;

    Owned(TempRegistry registry, Path marker) throws IOException {
      registry.register(marker);
      try {
        this.lock = OwnerMarker.create(marker);
      } catch (IOException | RuntimeException e) {
        registry.release(marker);
        throw e;
      }
      this.registry = registry;
      this.marker = marker;
    }

    @Override
    public void close() throws IOException {
      try {
        Ownership.discardTemporary(marker);
        registry.release(marker);
      } finally {
        lock.close();
      }
    }
  }

  /** The machine's memory in bytes, or -1 when it cannot be found out. */
  static long ramBytes() {
    try {
      if (ManagementFactory.getOperatingSystemMXBean()
          instanceof com.sun.management.OperatingSystemMXBean os) {
        return os.getTotalMemorySize();
      }
    } catch (RuntimeException e) {
      LOG.warn("probe: the machine's memory is unknown", e);
    }
    return -1;
  }

  /** Files registered as temporary while they may exist, removed and released on close. */
  private static final class Temporaries implements AutoCloseable {
    private final TempRegistry registry;
    private final List<Path> files;

    Temporaries(TempRegistry registry, Path... files) {
      this.registry = registry;
      this.files = new ArrayList<>(List.of(files));
      this.files.forEach(registry::register);
    }

    @Override
    public void close() throws IOException {
      EachOf.run(
          files,
          f -> {
            Ownership.discardTemporary(f);
            registry.release(f);
          });
    }
  }
}
