package org.secmem.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * One row of a raw results file (CSV or JSON Lines): one measured run.
 *
 * @param source where the row came from, for messages (a file name, or "input")
 * @param line the row's record number in the file, 1 being the header
 * @param cells the row's cells by column name, in header order; an empty cell means not applicable
 *     or not measured
 */
public record RawRow(String source, long line, Map<String, String> cells) {

  public RawRow {
    cells = Collections.unmodifiableMap(new LinkedHashMap<>(cells));
  }

  /** The cell of {@code column}, or "" when the column is absent. */
  public String get(String column) {
    String value = cells.get(column);
    return value == null ? "" : value;
  }

  /** Whether {@code column} has a non-blank cell. */
  public boolean has(String column) {
    return !get(column).isBlank();
  }

  /** Whether this run was a warm-up, which summaries and charts leave out. */
  public boolean isWarmup() {
    return Boolean.parseBoolean(get(ResultColumns.WARMUP).trim());
  }

  /** Whether the row is a {@code --sentinel} re-run of the reference configuration. */
  public boolean isSentinel() {
    return Boolean.parseBoolean(get(ResultColumns.SENTINEL).trim());
  }

  /**
   * The number in {@code column}, empty when the cell is blank or absent.
   *
   * @throws IllegalArgumentException naming source, line, column and value when the cell is not a
   *     plain finite number
   */
  public OptionalDouble number(String column) {
    String text = get(column).trim();
    if (text.isEmpty()) {
      return OptionalDouble.empty();
    }
    try {
      double value = Double.parseDouble(text);
      if (!Double.isFinite(value)) {
        throw new NumberFormatException("not finite");
      }
      return OptionalDouble.of(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          source + ":" + line + ": " + column + ": '" + text + "' is not a number", e);
    }
  }

  /** The elapsed time in ms: the elapsed_ms cell, else elapsed_ns / 1e6. */
  public OptionalDouble elapsedMs() {
    OptionalDouble ms = number(ResultColumns.ELAPSED_MS);
    if (ms.isPresent()) {
      return ms;
    }
    OptionalDouble ns = number(ResultColumns.ELAPSED_NS);
    return ns.isPresent() ? OptionalDouble.of(ns.getAsDouble() / 1e6) : OptionalDouble.empty();
  }

  /**
   * The throughput in MiB/s: the mib_per_s cell, else bytes / 2^20 / seconds when both bytes and a
   * positive elapsed time are present.
   */
  public OptionalDouble mibPerS() {
    OptionalDouble given = number(ResultColumns.MIB_PER_S);
    if (given.isPresent()) {
      return given;
    }
    OptionalDouble bytes = number(ResultColumns.BYTES);
    OptionalDouble ms = elapsedMs();
    if (bytes.isPresent() && ms.isPresent() && ms.getAsDouble() > 0) {
      return OptionalDouble.of(bytes.getAsDouble() / (1024.0 * 1024.0) / (ms.getAsDouble() / 1e3));
    }
    return OptionalDouble.empty();
  }
}
