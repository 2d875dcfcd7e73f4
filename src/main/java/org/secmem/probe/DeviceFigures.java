package org.secmem.probe;

import java.util.Collections;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The device's sequential rates with O_DIRECT: MiB/s by requests in flight, the best of the
 * repetitions at each (a floor from them must not be beaten), and the slowest repetition beside it,
 * so that the probe's own spread is seen; or why they could not be measured.
 *
 * @param unsupported why O_DIRECT could not be used (a tmpfs, an old kernel), or null
 * @param write MiB/s written by requests in flight, ascending: the best repetition
 * @param read MiB/s read by requests in flight, ascending: the best repetition
 * @param writeSlowest the slowest repetition's MiB/s written, by requests in flight
 * @param readSlowest the slowest repetition's MiB/s read, by requests in flight
 */
public record DeviceFigures(
    String unsupported,
    SortedMap<Integer, Double> write,
    SortedMap<Integer, Double> read,
    SortedMap<Integer, Double> writeSlowest,
    SortedMap<Integer, Double> readSlowest) {

  public DeviceFigures {
    write = Collections.unmodifiableSortedMap(new TreeMap<>(write));
    read = Collections.unmodifiableSortedMap(new TreeMap<>(read));
    writeSlowest = Collections.unmodifiableSortedMap(new TreeMap<>(writeSlowest));
    readSlowest = Collections.unmodifiableSortedMap(new TreeMap<>(readSlowest));
  }

  /** No figures: the file system refused O_DIRECT, {@code why}. */
  public static DeviceFigures unsupported(String why) {
    return new DeviceFigures(
        why, new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
  }

  /** The slowest repetition's write rate where the best repetition was fastest; empty without. */
  public OptionalDouble slowestAtBestWrite() {
    return atBest(write, writeSlowest);
  }

  /** The slowest repetition's read rate where the best repetition was fastest; empty without. */
  public OptionalDouble slowestAtBestRead() {
    return atBest(read, readSlowest);
  }

  private static OptionalDouble atBest(
      SortedMap<Integer, Double> best, SortedMap<Integer, Double> slowest) {
    return best.entrySet().stream()
        .max(java.util.Map.Entry.comparingByValue())
        .map(e -> slowest.get(e.getKey()))
        .map(OptionalDouble::of)
        .orElse(OptionalDouble.empty());
  }

  public boolean supported() {
    return unsupported == null;
  }

  /** The best write rate over every number of requests in flight; empty when unsupported. */
  public OptionalDouble bestWrite() {
    return write.values().stream().mapToDouble(Double::doubleValue).max();
  }

  /** The best read rate over every number of requests in flight; empty when unsupported. */
  public OptionalDouble bestRead() {
    return read.values().stream().mapToDouble(Double::doubleValue).max();
  }
}
