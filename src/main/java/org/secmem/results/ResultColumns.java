package org.secmem.results;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The column names of a raw results file and which of them describe a configuration.
 *
 * <p>A column is one of three kinds:
 *
 * <ul>
 *   <li><b>per-run bookkeeping</b> ({@link #RUN_COLUMNS}: when, rep, seed, warmup, sweep,
 *       order_index, round, fork): neither configuration nor measurement;
 *   <li><b>measurement</b>: the known ones in {@link #MEASUREMENT_COLUMNS}, and any unknown column
 *       whose name ends in a measurement unit suffix ({@code _ns}, {@code _ms}, {@code _bytes},
 *       {@code _syscalls}, {@code _per_s}, {@code _per_int}), so that a later {@code gc_ns} column
 *       does not split every configuration into one row per run;
 *   <li><b>configuration</b>: everything else, including unknown columns a later version adds (e.g.
 *       {@code merger}, {@code run_sort}, {@code preset}).
 * </ul>
 */
public final class ResultColumns {

  public static final String WHEN = "when";
  public static final String EXPERIMENT = "experiment";
  public static final String STREAM = "stream";
  public static final String READ_STREAM = "read_stream";
  public static final String WRITE_STREAM = "write_stream";
  public static final String N = "n";
  public static final String K = "k";
  public static final String B = "b";

  /** The memory cgroup a run was measured in, bytes ({@code --memory-limit}). */
  public static final String MEMORY_LIMIT = ResultColumn.MEMORY_LIMIT.header();

  public static final String M = "m";
  public static final String D = "d";
  public static final String ORDER = "order";
  public static final String SHAPE = "shape";
  public static final String SEED = "seed";
  public static final String REP = "rep";
  public static final String WARMUP = "warmup";
  public static final String CACHE = "cache";
  public static final String SYNC = "sync";
  public static final String ELAPSED_NS = "elapsed_ns";
  public static final String ELAPSED_MS = "elapsed_ms";
  public static final String MIB_PER_S = "mib_per_s";
  public static final String NS_PER_INT = "ns_per_int";
  public static final String BYTES = "bytes";
  public static final String PREDICTED_IOS = "predicted_ios";
  public static final String PASSES = "passes";
  public static final String RUNS = "runs";
  public static final String VERIFIED = "verified";
  public static final String SWEEP = "sweep";
  public static final String INPUT = "input";
  public static final String INPUT_BYTES = "input_bytes";
  public static final String ORDER_INDEX = "order_index";
  public static final String ROUND = "round";
  public static final String FORK = "fork";
  public static final String SENTINEL = "sentinel";

  /**
   * Per-run bookkeeping: not part of a configuration, not a measurement. {@code sweep} is here: two
   * parameter-file lines that produce the same configuration measured the same thing, so the
   * summary gives them one row and {@code --resume} matches a row whatever line wrote it; charts
   * read it to join only rows of one sweep.
   */
  public static final Set<String> RUN_COLUMNS =
      Set.of(WHEN, SEED, REP, WARMUP, SWEEP, ORDER_INDEX, ROUND, FORK, SENTINEL);

  /**
   * What a sort's memory plan made of its configuration (workers, run length, merge threads and B),
   * and the vendor of the JVM (which its java_version tells apart, as {@code --jvm} takes one JVM
   * of a version): it follows from the configuration's columns, so it neither splits a
   * configuration in the summary nor a series in a chart (an M sweep changes run_ints with every
   * point).
   */
  public static final Set<String> DERIVED_COLUMNS =
      Set.of(
          "run_workers",
          "run_ints",
          "merge_threads",
          "merge_b",
          "executors",
          "java_vendor",
          "floor_ns",
          "floor_regime");

  /** The measurement columns known today. */
  public static final Set<String> MEASUREMENT_COLUMNS =
      Set.of(
          ELAPSED_NS,
          ELAPSED_MS,
          MIB_PER_S,
          NS_PER_INT,
          BYTES,
          "read_syscalls",
          "write_syscalls",
          "storage_read_bytes",
          "storage_write_bytes",
          PREDICTED_IOS,
          PASSES,
          RUNS,
          "run_formation_ns",
          "merge_ns",
          "checksum",
          VERIFIED,
          "tree_height",
          "tree_leaves",
          "block_pushes",
          "internal_emptyings",
          "leaf_emptyings",
          "rebalances",
          "blocks_read",
          "blocks_written",
          "refills",
          "spills",
          "memory_inserts",
          "tree_inserts",
          "fuses",
          "shares",
          "root_collapses",
          "map_tasks",
          "reduce_tasks");

  /** The numeric parameters an experiment sweeps, in the order charts are drawn. */
  public static final List<String> SWEPT_PARAMETERS = List.of(N, B, K, M, D, "threads");

  private static final List<String> MEASUREMENT_SUFFIXES =
      List.of("_ns", "_ms", "_bytes", "_syscalls", "_per_s", "_per_int");

  /** Written before a checksum's hex digits so that spreadsheets keep it as text. */
  public static final String CHECKSUM_PREFIX = "0x";

  private ResultColumns() {}

  /**
   * A {@code checksum} cell's value, to compare checksums of rows: its hex digits in lower case,
   * with or without the {@code 0x} that files written before it was added lack; blank stays blank.
   */
  public static String checksumValue(String cell) {
    String t = cell == null ? "" : cell.trim();
    if (t.length() >= 2 && t.charAt(0) == '0' && (t.charAt(1) == 'x' || t.charAt(1) == 'X')) {
      t = t.substring(2);
    }
    return t.toLowerCase(Locale.ROOT);
  }

  /** Whether {@code column} holds a measurement (known, or by its unit suffix). */
  public static boolean isMeasurement(String column) {
    if (MEASUREMENT_COLUMNS.contains(column)) {
      return true;
    }
    return MEASUREMENT_SUFFIXES.stream().anyMatch(column::endsWith);
  }

  /** Whether {@code column} is part of a configuration: neither bookkeeping nor measurement. */
  public static boolean isConfiguration(String column) {
    return !RUN_COLUMNS.contains(column)
        && !DERIVED_COLUMNS.contains(column)
        && !isMeasurement(column);
  }
}
