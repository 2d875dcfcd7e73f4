package org.secmem.probe;

import java.util.Collections;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The device's sequential rates with O_DIRECT: MiB/s by requests in flight, the best of the
 * repetitions at each; or why they could not be measured.
 *
 * @param unsupported why O_DIRECT could not be used (a tmpfs, an old kernel), or null
 * @param write MiB/s written by requests in flight, ascending
 * @param read MiB/s read by requests in flight, ascending
 */
public record DeviceFigures(
    String unsupported, SortedMap<Integer, Double> write, SortedMap<Integer, Double> read) {

  public DeviceFigures {
    write = Collections.unmodifiableSortedMap(new TreeMap<>(write));
    read = Collections.unmodifiableSortedMap(new TreeMap<>(read));
  }

  /** No figures: the file system refused O_DIRECT, {@code why}. */
  public static DeviceFigures unsupported(String why) {
    return new DeviceFigures(why, new TreeMap<>(), new TreeMap<>());
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
