package org.secmem.seeds;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One configuration of a results file, as the findings select it: its values of {@link #COLUMNS}
 * (an empty string where the file has no such column or an empty cell; cache "as-is" where empty).
 * One column is derived, not read: {@code blocks}, the blocks of B bytes in one stream's file (4N /
 * B where B divides it), as seed 003 counts its reads.
 */
public record Configuration(Map<String, String> values) {

  /** The derived column: 4N / B. */
  public static final String BLOCKS = "blocks";

  /** The columns a selector may name, in the order the table prints them. */
  public static final List<String> COLUMNS =
      List.of(
          "experiment",
          "stream",
          "read_stream",
          "write_stream",
          "n",
          "k",
          "b",
          "m",
          "d",
          "cache",
          "algorithm",
          "fanout_b",
          "arrival_ns_per_key",
          "memory_limit",
          BLOCKS);

  public Configuration {
    values = Map.copyOf(values);
  }

  /** The value of {@code column}: "" when the configuration has none. */
  public String get(String column) {
    return values.getOrDefault(column, "");
  }

  /** The value of {@code column} as a number, empty when it has none or it is not a number. */
  public Optional<Double> number(String column) {
    String v = get(column);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Double.parseDouble(v));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
