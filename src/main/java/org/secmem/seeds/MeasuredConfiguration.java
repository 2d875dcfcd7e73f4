package org.secmem.seeds;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.secmem.results.ResultColumn;

/**
 * One configuration of a results file, as the findings select it: its values of {@link #COLUMNS}
 * (an empty string where the file has no such column or an empty cell; cache "as-is" where empty).
 * Two columns are derived, not read: {@code blocks}, the blocks of B bytes in one stream's file (4N
 * / B where B divides it), as seed 003 counts its reads; and {@code line}, the line of the config
 * file that measured it (from the results' {@code sweep} cell,
 * "configs/seed003-read-laptop.csv:25": 25). The {@code sweep} cell itself is part of the key, not
 * a column a selector names: the same parameters measured by two config lines are two
 * configurations, never pooled into one.
 */
public record MeasuredConfiguration(Map<String, String> values) {

  /** The derived column: 4N / B. */
  public static final String BLOCKS = "blocks";

  /** The derived column: the config line that measured it. */
  public static final String LINE = "line";

  /** The key's config file and line, "configs/seed-sort-laptop.csv:12"; "" when not from one. */
  public static final String SWEEP = ResultColumn.SWEEP.header();

  /** The columns a selector may name, in the order the table prints them. */
  public static final List<String> COLUMNS =
      List.of(
          ResultColumn.EXPERIMENT.header(),
          ResultColumn.STREAM.header(),
          ResultColumn.READ_STREAM.header(),
          ResultColumn.WRITE_STREAM.header(),
          ResultColumn.N.header(),
          ResultColumn.K.header(),
          ResultColumn.B.header(),
          ResultColumn.M.header(),
          ResultColumn.D.header(),
          ResultColumn.CACHE.header(),
          ResultColumn.ALGORITHM.header(),
          ResultColumn.FANOUT_B.header(),
          ResultColumn.ARRIVAL_NS_PER_KEY.header(),
          ResultColumn.MEMORY_LIMIT.header(),
          BLOCKS,
          LINE);

  public MeasuredConfiguration {
    values = Map.copyOf(values);
  }

  /** The value of {@code column}: "" when the configuration has none. */
  public String get(String column) {
    return values.getOrDefault(column, "");
  }

  /**
   * Whether the config family of {@code config} (a configs/ stem, "seed-streams" or
   * "seed-streams-full") measured it: its sweep names a file of the same stem, less a "-laptop" or
   * "-full" ending, or names no config file at all (a command-line run, a test's rows).
   */
  public boolean measuredBy(String config) {
    String sweep = get(SWEEP);
    int colon = sweep.lastIndexOf(':');
    if (colon < 0) {
      return true;
    }
    String file = sweep.substring(sweep.lastIndexOf('/') + 1, colon);
    return file.endsWith(".csv")
        && family(file.substring(0, file.length() - 4)).equals(family(config));
  }

  private static String family(String stem) {
    for (String end : List.of("-laptop", "-full")) {
      if (stem.endsWith(end)) {
        return stem.substring(0, stem.length() - end.length());
      }
    }
    return stem;
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
