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
 *       order_index, round, fork, sentinel, steady_warmups, session): neither configuration nor
 *       measurement;
 *   <li><b>measurement</b>: the known ones in {@link #MEASUREMENT_COLUMNS}, and any unknown column
 *       whose name ends in a measurement unit suffix ({@code _ns}, {@code _ms}, {@code _bytes},
 *       {@code _syscalls}, {@code _per_s}, {@code _per_int}), so that a later {@code gc_ns} column
 *       does not split every configuration into one row per run;
 *   <li><b>configuration</b>: everything else, including unknown columns a later version adds (e.g.
 *       {@code merger}, {@code run_sort}, {@code preset}).
 * </ul>
 */
public final class ResultColumns {

  public static final String WHEN = ResultColumn.WHEN.header();
  public static final String EXPERIMENT = ResultColumn.EXPERIMENT.header();
  public static final String STREAM = ResultColumn.STREAM.header();
  public static final String READ_STREAM = ResultColumn.READ_STREAM.header();
  public static final String WRITE_STREAM = ResultColumn.WRITE_STREAM.header();
  public static final String MERGE_READ_STREAM = ResultColumn.MERGE_READ_STREAM.header();
  public static final String N = ResultColumn.N.header();
  public static final String K = ResultColumn.K.header();
  public static final String B = ResultColumn.B.header();

  /** The memory cgroup a run was measured in, bytes ({@code --memory-limit}). */
  public static final String MEMORY_LIMIT = ResultColumn.MEMORY_LIMIT.header();

  public static final String M = ResultColumn.M.header();
  public static final String D = ResultColumn.D.header();
  public static final String ORDER = ResultColumn.ORDER.header();
  public static final String SHAPE = ResultColumn.SHAPE.header();
  public static final String SEED = ResultColumn.SEED.header();
  public static final String REP = ResultColumn.REP.header();
  public static final String WARMUP = ResultColumn.WARMUP.header();
  public static final String CACHE = ResultColumn.CACHE.header();
  public static final String SYNC = ResultColumn.SYNC.header();
  public static final String ELAPSED_NS = ResultColumn.ELAPSED_NS.header();
  public static final String ELAPSED_MS = ResultColumn.ELAPSED_MS.header();
  public static final String MIB_PER_S = ResultColumn.MIB_PER_S.header();
  public static final String NS_PER_INT = ResultColumn.NS_PER_INT.header();
  public static final String BYTES = ResultColumn.BYTES.header();
  public static final String PREDICTED_IOS = ResultColumn.PREDICTED_IOS.header();
  public static final String PASSES = ResultColumn.PASSES.header();
  public static final String RUNS = ResultColumn.RUNS.header();
  public static final String VERIFIED = ResultColumn.VERIFIED.header();
  public static final String SWEEP = ResultColumn.SWEEP.header();
  public static final String INPUT = ResultColumn.INPUT.header();
  public static final String INPUT_BYTES = ResultColumn.INPUT_BYTES.header();
  public static final String ORDER_INDEX = ResultColumn.ORDER_INDEX.header();
  public static final String ROUND = ResultColumn.ROUND.header();
  public static final String FORK = ResultColumn.FORK.header();
  public static final String SENTINEL = ResultColumn.SENTINEL.header();
  public static final String STEADY_WARMUPS = ResultColumn.STEADY_WARMUPS.header();

  /**
   * Per-run bookkeeping: not part of a configuration, not a measurement. {@code sweep} is here: two
   * parameter-file lines that produce the same configuration measured the same thing, so the
   * summary gives them one row and {@code --resume} matches a row whatever line wrote it; charts
   * read it to join only rows of one sweep.
   */
  public static final Set<String> RUN_COLUMNS =
      Set.of(
          WHEN,
          SEED,
          REP,
          WARMUP,
          SWEEP,
          ORDER_INDEX,
          ROUND,
          FORK,
          SENTINEL,
          STEADY_WARMUPS,
          ResultColumn.SESSION.header());

  /**
   * What a sort's memory plan made of its configuration (workers, run length, merge threads and B),
   * and the vendor of the JVM (which its java_version tells apart, as {@code --jvm} takes one JVM
   * of a version): it follows from the configuration's columns, so it neither splits a
   * configuration in the summary nor a series in a chart (an M sweep changes run_ints with every
   * point).
   */
  public static final Set<String> DERIVED_COLUMNS =
      Set.of(
          ResultColumn.RUN_WORKERS.header(),
          ResultColumn.RUN_INTS.header(),
          ResultColumn.MERGE_THREADS.header(),
          ResultColumn.MERGE_B.header(),
          ResultColumn.EXECUTORS.header(),
          ResultColumn.JAVA_VENDOR.header(),
          ResultColumn.FLOOR_NS.header(),
          ResultColumn.FLOOR_REGIME.header(),
          ResultColumn.FLOOR_PROBE.header(),
          ResultColumn.FLOOR_SETTLED.header());

  /** The measurement columns known today. */
  public static final Set<String> MEASUREMENT_COLUMNS =
      Set.of(
          ELAPSED_NS,
          ELAPSED_MS,
          MIB_PER_S,
          NS_PER_INT,
          BYTES,
          ResultColumn.READ_SYSCALLS.header(),
          ResultColumn.WRITE_SYSCALLS.header(),
          ResultColumn.STORAGE_READ_BYTES.header(),
          ResultColumn.STORAGE_WRITE_BYTES.header(),
          PREDICTED_IOS,
          PASSES,
          RUNS,
          ResultColumn.RUN_FORMATION_NS.header(),
          ResultColumn.MERGE_NS.header(),
          ResultColumn.CHECKSUM.header(),
          VERIFIED,
          ResultColumn.TREE_HEIGHT.header(),
          ResultColumn.TREE_LEAVES.header(),
          ResultColumn.BLOCK_PUSHES.header(),
          ResultColumn.INTERNAL_EMPTYINGS.header(),
          ResultColumn.LEAF_EMPTYINGS.header(),
          ResultColumn.REBALANCES.header(),
          ResultColumn.BLOCKS_READ.header(),
          ResultColumn.BLOCKS_WRITTEN.header(),
          ResultColumn.REFILLS.header(),
          ResultColumn.SPILLS.header(),
          ResultColumn.MEMORY_INSERTS.header(),
          ResultColumn.TREE_INSERTS.header(),
          ResultColumn.FUSES.header(),
          ResultColumn.SHARES.header(),
          ResultColumn.ROOT_COLLAPSES.header(),
          ResultColumn.MAP_TASKS.header(),
          ResultColumn.REDUCE_TASKS.header());

  /** The numeric parameters an experiment sweeps, in the order charts are drawn. */
  public static final List<String> SWEPT_PARAMETERS =
      List.of(N, B, K, M, D, ResultColumn.THREADS.header());

  private static final List<String> MEASUREMENT_SUFFIXES =
      List.of("_ns", "_ms", "_bytes", "_syscalls", "_per_s", "_per_int");

  /**
   * Written before a checksum's hex digits, in results files and on the console alike, so that
   * every reader that guesses types keeps it as text: a spreadsheet (which would read {@code
   * 0012345678901234} as a number and drop the zeros, or {@code 1e34...} as a power of ten),
   * pandas, Polars and DuckDB ({@code read_csv_auto} reads {@code 0x...}, the prefix of versions
   * before it, as a 128-bit integer).
   */
  public static final String CHECKSUM_PREFIX = "x";

  /** The prefix versions before {@link #CHECKSUM_PREFIX} wrote, still read. */
  private static final String OLD_CHECKSUM_PREFIX = "0x";

  private ResultColumns() {}

  /**
   * A {@code checksum} cell's value, to compare checksums of rows: its hex digits in lower case,
   * with or without a prefix ({@code x} now, {@code 0x} or none in files of earlier versions);
   * blank stays blank.
   */
  public static String checksumValue(String cell) {
    String t = cell == null ? "" : cell.trim().toLowerCase(Locale.ROOT);
    if (t.startsWith(OLD_CHECKSUM_PREFIX)) {
      return t.substring(OLD_CHECKSUM_PREFIX.length());
    }
    return t.startsWith(CHECKSUM_PREFIX) ? t.substring(CHECKSUM_PREFIX.length()) : t;
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
