package org.secmem.probe;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The machine's floor for moving a sort's data, from the ceilings {@code secmem probe} kept for the
 * file system the data is on: the least time the cost model's bytes can take. A merge sort reads
 * and writes all N ints once per pass (run formation and each merge pass): in the page cache that
 * is {@code passes} copies of 4N bytes at the probed copy rate; from the device it is {@code
 * passes} reads of 4N bytes at the device's read rate plus as many writes at its write rate. A run
 * faster than its floor says the probe or the model is wrong.
 *
 * @param cacheProbe when the probe of the page-cache rate started
 * @param deviceProbe when the probes of the device's read and write rates started, separated by a
 *     space where they differ
 * @param cacheCopyMibS the page-cache copy rate (bytes copied, read and written once each)
 * @param deviceReadMibS the device's best sequential O_DIRECT read rate, NaN when unsupported
 * @param deviceWriteMibS the device's best sequential O_DIRECT write rate, NaN when unsupported
 * @param cacheSettled whether the page-cache rate held over the last three probes
 * @param deviceSettled whether both device rates held over the last three probes
 */
public record Floor(
    String cacheProbe,
    String deviceProbe,
    double cacheCopyMibS,
    double deviceReadMibS,
    double deviceWriteMibS,
    boolean cacheSettled,
    boolean deviceSettled) {

  /** When the probes whose rates make the floor of {@code regime} started, space-separated. */
  public String probe(Regime regime) {
    return regime == Regime.CACHE ? cacheProbe : deviceProbe;
  }

  /**
   * Whether the rates of {@code regime} held within 10 % over the last three probes ({@link
   * ProbeHistory.Rate#settled()}): a ratio to an unsettled floor may move with the next probe.
   */
  public boolean settled(Regime regime) {
    return regime == Regime.CACHE ? cacheSettled : deviceSettled;
  }

  /** Which rates bound a run: its data in the page cache, or read from the device. */
  public enum Regime {
    CACHE("cache"),
    DEVICE("device");

    private final String cell;

    Regime(String cell) {
      this.cell = cell;
    }

    /** Its name in a results cell. */
    public String cell() {
      return cell;
    }
  }

  private static final Logger LOG = LogManager.getLogger(Floor.class);

  /**
   * The floor for data on {@code path}'s file system, from {@code store} (the file {@code secmem
   * probe} keeps); empty where that file system was never probed or the file cannot be read.
   */
  public static Optional<Floor> forPath(Path store, Path path) {
    Optional<String> id = FileSystemId.ofFolder(path);
    if (id.isEmpty()) {
      return Optional.empty();
    }
    try {
      return ProbeStore.find(store, id.get()).flatMap(Floor::of);
    } catch (IOException | RuntimeException e) {
      LOG.warn("probe figures in {} cannot be read: {}", store, e.toString());
      return Optional.empty();
    }
  }

  /**
   * The floor of a file system's kept figures: each rate the best of its kept probes ({@link
   * ProbeHistory}); empty without a plausible page-cache copy rate ({@link PlausibleRates}); a
   * device rate outside it counts as unsupported.
   */
  static Optional<Floor> of(Map<String, String> fields) {
    return ProbeHistory.of(fields).floor();
  }

  /**
   * The regime a run of {@code passes} passes over {@code dataBytes} was in: the device when it
   * read at least half the data its passes read from storage, else the page cache.
   */
  public static Regime regime(long passes, long dataBytes, long storageReadBytes) {
    return storageReadBytes * 2 >= passes * dataBytes ? Regime.DEVICE : Regime.CACHE;
  }

  /**
   * The least nanoseconds {@code passes} passes over {@code dataBytes} take in {@code regime};
   * empty for the device regime where O_DIRECT could not be probed.
   */
  public OptionalDouble nanos(long passes, long dataBytes, Regime regime) {
    double mib = (double) passes * dataBytes / Throughput.MIB;
    double seconds;
    if (regime == Regime.CACHE) {
      seconds = mib / cacheCopyMibS;
    } else {
      if (!(deviceReadMibS > 0) || !(deviceWriteMibS > 0)) {
        return OptionalDouble.empty();
      }
      seconds = mib / deviceReadMibS + mib / deviceWriteMibS;
    }
    double nanos = seconds * 1e9;
    // Only rates of a Floor built by hand can make it undefined; a results cell rounds it to at
    // most Long.MAX_VALUE (Math.round saturates).
    return Double.isFinite(nanos) && nanos >= 0 ? OptionalDouble.of(nanos) : OptionalDouble.empty();
  }
}
