package org.secmem.probe;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The last {@value #KEPT} probes of one file system, kept beside its latest figures (field {@value
 * #FIELD}), and the floor they settle: each rate the best any of them measured. One probe's device
 * rate can be half the next one's (a virtual disk whose host caches below it, a probe taken while
 * other work ran), and a floor must never be beaten, so it keeps the fastest; it is settled once it
 * holds within 10 % over three probes.
 *
 * <p>The field's value: one entry per probe, oldest first, separated by {@code ;}, each {@code date
 * read write cache busy} (MiB/s; {@value Figures#UNSUPPORTED} for a device rate without O_DIRECT;
 * busy: the cores other work used during the probe, {@code -} where unknown).
 */
public final class ProbeHistory {

  /** The kept file's field that holds the probes. */
  public static final String FIELD = "past_probes";

  /** The most probes kept per file system. */
  public static final int KEPT = 5;

  /** The probes needed before a floor can be settled. */
  public static final int TO_SETTLE = 3;

  /** The most a floor may rise over the last {@link #TO_SETTLE} probes and be settled. */
  public static final double SETTLED_SPREAD = 1.10;

  private static final Logger LOG = LogManager.getLogger(ProbeHistory.class);

  /**
   * One probe's floor rates.
   *
   * @param date when it started
   * @param deviceRead its best O_DIRECT read rate, NaN without one
   * @param deviceWrite its best O_DIRECT write rate, NaN without one
   * @param cacheCopy its page-cache copy rate
   * @param busyCores the cores other work used while it ran, NaN where unknown
   */
  public record Past(
      String date, double deviceRead, double deviceWrite, double cacheCopy, double busyCores) {

    /** The rates of one probe's figures. */
    static Past of(Figures f) {
      return new Past(
          f.date().toString(),
          f.device().bestRead().orElse(Double.NaN),
          f.device().bestWrite().orElse(Double.NaN),
          f.cacheCopy(),
          f.busyCores());
    }

    String entry() {
      return String.join(
          " ",
          date,
          rate(deviceRead),
          rate(deviceWrite),
          rate(cacheCopy),
          Double.isNaN(busyCores) ? "-" : String.format(Locale.ROOT, "%.2f", busyCores));
    }

    private static String rate(double r) {
      return Double.isNaN(r) ? Figures.UNSUPPORTED : Throughput.format(r);
    }
  }

  /**
   * One rate across the kept probes.
   *
   * @param best the fastest: the floor's
   * @param bestDate the date of the probe that measured it
   * @param slowest the slowest
   * @param probes how many probes measured it
   * @param moved how far the floor rose over the last {@value #TO_SETTLE} of them: the best after
   *     the latest against the best after the first of those (1.0: it held; NaN with fewer)
   */
  public record Rate(double best, String bestDate, double slowest, int probes, double moved) {

    /** How far the slowest probe lags the best: 1.0 when they agree. */
    public double spread() {
      return best / slowest;
    }

    /**
     * The floor held within 10 % over the last {@value #TO_SETTLE} probes: more probes are not
     * likely to move it, though single probes may still differ more (a floor keeps the best).
     */
    public boolean settled() {
      return probes >= TO_SETTLE && moved <= SETTLED_SPREAD;
    }
  }

  private final List<Past> probes;

  private ProbeHistory(List<Past> probes) {
    this.probes = List.copyOf(probes);
  }

  /** The probes, oldest first. */
  public List<Past> probes() {
    return probes;
  }

  /**
   * The probes kept in a file system's {@code fields}: its {@value #FIELD}, or, in a block written
   * before probes were kept together, its one probe's rates. An entry that cannot be read, or whose
   * rates are implausible, is left out with a warning.
   */
  public static ProbeHistory of(Map<String, String> fields) {
    String kept = fields.get(FIELD);
    List<Past> list = new ArrayList<>();
    if (kept == null) {
      OptionalDouble cache = PlausibleRates.rate(fields.get(Figures.CACHE_COPY));
      if (cache.isPresent()) {
        list.add(
            new Past(
                fields.getOrDefault(Figures.DATE, ""),
                PlausibleRates.rate(fields.get(Figures.DEVICE_READ)).orElse(Double.NaN),
                PlausibleRates.rate(fields.get(Figures.DEVICE_WRITE)).orElse(Double.NaN),
                cache.getAsDouble(),
                Double.NaN));
      }
      return new ProbeHistory(list);
    }
    for (String entry : kept.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      parse(entry.trim()).ifPresentOrElse(list::add, () -> LOG.warn("probe: ignored '{}'", entry));
    }
    return new ProbeHistory(list);
  }

  private static Optional<Past> parse(String entry) {
    String[] f = entry.split("\\s+");
    if (f.length != 5) {
      return Optional.empty();
    }
    OptionalDouble cache = PlausibleRates.rate(f[3]);
    if (cache.isEmpty()) {
      return Optional.empty();
    }
    double busy;
    try {
      busy = f[4].equals("-") ? Double.NaN : Double.parseDouble(f[4]);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    return Optional.of(
        new Past(
            f[0],
            PlausibleRates.rate(f[1]).orElse(Double.NaN),
            PlausibleRates.rate(f[2]).orElse(Double.NaN),
            cache.getAsDouble(),
            busy));
  }

  /** These probes and {@code latest} after them, the oldest dropped beyond {@value #KEPT}. */
  public ProbeHistory with(Past latest) {
    List<Past> list = new ArrayList<>(probes);
    list.add(latest);
    return new ProbeHistory(list.subList(Math.max(0, list.size() - KEPT), list.size()));
  }

  /** The value of the kept field. */
  public String field() {
    return String.join("; ", probes.stream().map(Past::entry).toList());
  }

  /** The page-cache copy rate across the probes; empty without probes. */
  public Optional<Rate> cacheCopy() {
    return across(Past::cacheCopy);
  }

  /** The O_DIRECT read rate across the probes that measured one. */
  public Optional<Rate> deviceRead() {
    return across(Past::deviceRead);
  }

  /** The O_DIRECT write rate across the probes that measured one. */
  public Optional<Rate> deviceWrite() {
    return across(Past::deviceWrite);
  }

  private Optional<Rate> across(ToDoubleFunction<Past> rate) {
    Past best = null;
    double slowest = Double.POSITIVE_INFINITY;
    List<Double> floors = new ArrayList<>();
    for (Past p : probes) {
      double r = rate.applyAsDouble(p);
      if (Double.isNaN(r)) {
        continue;
      }
      slowest = Math.min(slowest, r);
      if (best == null || r > rate.applyAsDouble(best)) {
        best = p;
      }
      floors.add(rate.applyAsDouble(best));
    }
    if (best == null) {
      return Optional.empty();
    }
    int n = floors.size();
    double moved = n < TO_SETTLE ? Double.NaN : floors.get(n - 1) / floors.get(n - TO_SETTLE);
    return Optional.of(new Rate(rate.applyAsDouble(best), best.date(), slowest, n, moved));
  }

  /**
   * The floor these probes settle: each rate the best of them, with the probes it came from; empty
   * without a page-cache rate.
   */
  public Optional<Floor> floor() {
    Optional<Rate> cache = cacheCopy();
    if (cache.isEmpty()) {
      return Optional.empty();
    }
    Optional<Rate> read = deviceRead();
    Optional<Rate> write = deviceWrite();
    Set<String> device = new LinkedHashSet<>();
    read.ifPresent(r -> device.add(r.bestDate()));
    write.ifPresent(r -> device.add(r.bestDate()));
    return Optional.of(
        new Floor(
            cache.get().bestDate(),
            String.join(" ", device),
            cache.get().best(),
            read.map(Rate::best).orElse(Double.NaN),
            write.map(Rate::best).orElse(Double.NaN),
            cache.get().settled(),
            read.map(Rate::settled).orElse(false) && write.map(Rate::settled).orElse(false)));
  }
}
