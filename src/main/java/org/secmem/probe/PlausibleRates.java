package org.secmem.probe;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * The rates a kept probe file may hold, in MiB/s: from {@value #LEAST_MIB_S} (10 KiB/s, slower than
 * any disk, card or network file system secmem could sort on) to {@value #MOST_MIB_S} (about 10
 * TiB/s, above any memory bandwidth). A value outside, or not a finite number, was not measured
 * here: it is left out, so that no floor comes out as nothing or as centuries.
 */
final class PlausibleRates {

  static final double LEAST_MIB_S = 0.01;
  static final double MOST_MIB_S = 1e7;

  /** A rate's field: {@code cache_copy_mib_s}, {@code device_read_mib_s_qd4}. */
  private static final Pattern RATE = Pattern.compile(".+_mib_s(_qd\\d+)?");

  private PlausibleRates() {}

  /**
   * Why the kept {@code value} of {@code field} cannot be believed; empty when it can or {@code
   * field} is not a rate. A device rate may be {@value Figures#UNSUPPORTED}.
   */
  static Optional<String> problem(String field, String value) {
    if (!RATE.matcher(field).matches()) {
      return Optional.empty();
    }
    if (field.startsWith("device_") && Figures.UNSUPPORTED.equals(value.trim())) {
      return Optional.empty();
    }
    return rate(value).isPresent()
        ? Optional.empty()
        : Optional.of(
            "'"
                + value
                + "' is not a rate in "
                + String.format(Locale.ROOT, "%s to %.0f", LEAST_MIB_S, MOST_MIB_S)
                + " MiB/s");
  }

  /** The rate in {@code cell}; empty when it is none or outside the plausible range. */
  static OptionalDouble rate(String cell) {
    if (cell == null) {
      return OptionalDouble.empty();
    }
    double v;
    try {
      v = Double.parseDouble(cell.trim());
    } catch (NumberFormatException e) {
      return OptionalDouble.empty(); // "unsupported", or not a figure
    }
    // NaN fails both comparisons.
    return v >= LEAST_MIB_S && v <= MOST_MIB_S ? OptionalDouble.of(v) : OptionalDouble.empty();
  }
}
