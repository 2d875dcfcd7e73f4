package org.secmem.admission;

import static org.secmem.experiment.Experiment.READ;
import static org.secmem.experiment.Experiment.SORT;
import static org.secmem.experiment.Experiment.WRITE;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.secmem.data.Shape;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.SortData;
import org.secmem.names.CliName;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * A parameter of an experiment, by the names it goes by at each way in: its option on the command
 * line, its column in a parameter file and its name at the menu's prompt. A problem found by {@link
 * Admission} names the parameter; each way in prefixes the message with its own name for it, so the
 * same problem reads the same after that prefix everywhere.
 *
 * <p>It is also the one list of parameter-file columns, of the experiments each applies to, and of
 * each numeric parameter's range and unit: the parser takes its columns from here, and the command
 * line, parameter files and the menu check a value against its {@link Range} in the same words.
 */
public enum Parameter {
  EXPERIMENT("experiment", List.of(), "experiment", WRITE, READ, SORT),
  /** Ints per file; bounded so that byte counts stay far from overflow. */
  N("n", List.of("--n"), "N", Range.of(1, Long.MAX_VALUE / 4 / 65536, "ints"), WRITE, READ, SORT),
  K("k", List.of("--k"), "k", Range.of(1, 1_000_000, ""), WRITE, READ),
  B(
      "b",
      List.of("--b"),
      "B",
      Range.bytes(StreamOptions.MIN_BUFFER_BYTES, StreamOptions.MAX_BUFFER_BYTES),
      WRITE,
      READ,
      SORT),
  /** Ints in memory: one Java array. */
  M("m", List.of("--m"), "M", Range.of(1, Integer.MAX_VALUE - 8, "ints"), SORT),
  D("d", List.of("--d"), "d", Range.of(2, 1_000_000, ""), SORT),
  /** The stream type of write and read; a sort's read and write stream type both. */
  STREAM("stream", List.of("--stream"), "stream types", WRITE, READ, SORT),
  READ_STREAM("read_stream", List.of("--read-stream"), "read stream type", SORT),
  WRITE_STREAM("write_stream", List.of("--write-stream"), "write stream type", SORT),
  /** The merge sort's stream type reading its runs; the read stream's when not given. */
  MERGE_READ_STREAM(
      "merge_read_stream", List.of("--merge-read-stream"), "merge read stream type", SORT),
  PRESET("preset", List.of("--preset"), "preset", SORT),
  MERGER("merger", List.of("--merger"), "merger", SORT),
  RUN_SORT("run_sort", List.of("--run-sort"), "run sort", SORT),
  OVERLAP("overlap", "--overlap", "overlap", SORT),
  PARALLEL_MERGE("parallel_merge", "--parallel-merge", "parallel merge", SORT),
  THREADS(
      "threads", List.of("--threads"), "threads", Range.of(1, SortTuning.MAX_THREADS, ""), SORT),
  ALGORITHM("algorithm", List.of("--algorithm"), "algorithm", SORT),
  FANOUT("fanout", List.of("--fanout", "--b-over-m"), "fanout", SORT),
  ARRIVAL(
      "arrival_ns_per_key",
      List.of("--arrival-ns"),
      "arrival ns per key",
      Range.of(0, SortData.MAX_ARRIVAL_NANOS, "ns"),
      SORT),
  ENGINE("engine", List.of("--engine"), "engine", SORT),
  MASTER("master", List.of("--master"), "master", SORT),
  PARTITIONS(
      "partitions",
      List.of("--partitions"),
      "partitions",
      Range.of(1, EngineChecks.MAX_PARTITIONS, ""),
      SORT),
  ENGINE_CONF("engine_conf", List.of("--conf"), "engine settings", SORT),
  WORK_DIR("work_dir", List.of("--work-dir"), "work folders", SORT),
  INPUT("input", List.of("--in"), "input file", SORT),
  OUTPUT("output", List.of("--out"), "output file", SORT),
  OVERWRITE("overwrite", List.of("--overwrite"), "overwrite", SORT),
  SHAPE("shape", List.of("--shape"), "shape", SORT),
  ORDER("order", List.of("--descending"), "order", SORT),
  /** The folder of write's and read's data files. */
  DIR("dir", List.of("--dir"), "data folder", WRITE, READ),
  REPS("reps", List.of("--reps"), "repetitions", Range.of(1, 1_000_000, ""), WRITE, READ, SORT),
  WARMUP(
      "warmup", List.of("--warmup"), "warm-up runs", Range.of(0, 1_000_000, ""), WRITE, READ, SORT),
  CACHE("cache", List.of("--cache"), "page cache before each run", WRITE, READ, SORT),
  SYNC("sync", List.of("--sync"), "force writes to storage (sync)", WRITE, READ, SORT),
  SEED(
      "seed",
      List.of("--seed"),
      "seed",
      Range.of(Long.MIN_VALUE, Long.MAX_VALUE, ""),
      WRITE,
      READ,
      SORT),
  /**
   * The memory cgroup each run's fork is measured in: heap and page cache counted together; from 1
   * MiB (what the JVM needs is checked before a run) to 1 PiB.
   */
  MEMORY_LIMIT(
      "memory_limit",
      List.of("--memory-limit"),
      "memory limit",
      Range.bytes(1L << 20, 1L << 50),
      WRITE,
      READ,
      SORT);

  private final String column;
  private final List<String> options;
  private final String label;
  private final Set<Experiment> experiments;
  private final boolean negatable;
  private final Range range;

  Parameter(String column, List<String> options, String label, Experiment... experiments) {
    this(column, options, false, label, null, experiments);
  }

  /** A numeric parameter: its values are checked against {@code range}. */
  Parameter(
      String column, List<String> options, String label, Range range, Experiment... experiments) {
    this(column, options, false, label, range, experiments);
  }

  /** A negatable option, {@code --x} and {@code --no-x}. */
  Parameter(String column, String option, String label, Experiment... experiments) {
    this(column, List.of(option), true, label, null, experiments);
  }

  Parameter(
      String column,
      List<String> options,
      boolean negatable,
      String label,
      Range range,
      Experiment... experiments) {
    this.column = column;
    this.options = options;
    this.negatable = negatable;
    this.label = label;
    this.range = range;
    this.experiments = Set.copyOf(List.of(experiments));
  }

  /** Whether it is numeric: its values have a {@link #range()}. */
  public boolean numeric() {
    return range != null;
  }

  /**
   * The values a numeric parameter allows and their unit.
   *
   * @throws IllegalStateException for a parameter that is not numeric
   */
  public Range range() {
    if (range == null) {
      throw new IllegalStateException(column + " is not numeric");
    }
    return range;
  }

  /** Null when {@code value} is in its range, else the problem ({@link Range#problem}). */
  public String problem(long value) {
    return range().problem(value);
  }

  /** Whether its option is negatable ({@code --x} and {@code --no-x}, either matching). */
  public boolean negatable() {
    return negatable;
  }

  /** The experiments whose rows take it. */
  public Set<Experiment> experiments() {
    return experiments;
  }

  /** Every parameter-file column, of any experiment. */
  public static Set<String> columns() {
    return Arrays.stream(values())
        .map(Parameter::column)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The columns a row of {@code experiment} takes; a value in any other is a mistake. */
  public static Set<String> columnsOf(Experiment experiment) {
    return Arrays.stream(values())
        .filter(p -> p.experiments.contains(experiment))
        .map(Parameter::column)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Its column in a parameter file, e.g. {@code read_stream}. */
  public String column() {
    return column;
  }

  /**
   * Its options on the command line, the main one first (the fanout with its {@code --b-over-m}
   * shorthand; a negatable option by its positive name); empty when the command line has none.
   */
  public List<String> options() {
    return options;
  }

  /**
   * Its option as a message names it: {@code --[no-]overlap} for a negatable one, else the main
   * option; the column when the command line has none.
   */
  public String option() {
    if (options.isEmpty()) {
      return column;
    }
    String main = options.get(0);
    return negatable ? "--[no-]" + main.substring(2) : main;
  }

  /**
   * The words a value may be, as every way in accepts and lists them (completion, help, the
   * parameter documents); empty for numbers and free text.
   */
  public List<String> words() {
    return switch (this) {
      case STREAM ->
          Stream.concat(names(StreamType.values()).stream(), Stream.of(StreamType.ALL)).toList();
      case READ_STREAM, WRITE_STREAM, MERGE_READ_STREAM -> names(StreamType.values());
      case PRESET -> names(SortPreset.values());
      case MERGER -> names(Merger.values());
      case RUN_SORT -> names(RunSort.values());
      case ALGORITHM -> names(SortAlgorithm.values());
      case ENGINE -> SortEngines.NAMES;
      case SHAPE -> names(Shape.values());
      case CACHE -> names(CacheMode.values());
      default -> List.of();
    };
  }

  private static List<String> names(CliName[] values) {
    return Arrays.stream(values).map(CliName::cliName).toList();
  }

  /** Which sorts a sort parameter applies to; {@link #scope()} says it for each. */
  public enum Scope {
    /** Every sort, secmem's own or another engine's (and any parameter of write and read). */
    ANY_SORT,
    /** secmem's own sorts, of any algorithm; another engine does not have it. */
    OWN_SORT,
    /**
     * secmem's own merge sort (and its in-memory baseline): the buffer tree merges by its fanout.
     */
    OWN_MERGE,
    /** secmem's buffer tree alone. */
    OWN_TREE,
    /** Another engine alone. */
    ENGINE;

    /** Whether only secmem's own sorts have it. */
    public boolean own() {
      return this == OWN_SORT || this == OWN_MERGE || this == OWN_TREE;
    }

    /** The sorts it applies to, as the parameters' document says them; empty for any sort. */
    public String sorts() {
      return switch (this) {
        case ANY_SORT -> "";
        case OWN_SORT -> "secmem's own sorts, not another engine";
        case OWN_MERGE -> "secmem's merge sort, not the buffer tree";
        case OWN_TREE -> "the buffer tree only";
        case ENGINE -> "another engine only";
      };
    }
  }

  /**
   * Which sorts it applies to, which {@link Admission#applicability} holds a request to. A switch
   * without a default: a new parameter does not compile until it says its scope here.
   */
  public Scope scope() {
    return switch (this) {
      case D, MERGER, RUN_SORT, OVERLAP, PARALLEL_MERGE, MERGE_READ_STREAM -> Scope.OWN_MERGE;
      case FANOUT -> Scope.OWN_TREE;
      case PRESET, STREAM, READ_STREAM, WRITE_STREAM, B, THREADS, ALGORITHM, ARRIVAL ->
          Scope.OWN_SORT;
      case MASTER, PARTITIONS, ENGINE_CONF -> Scope.ENGINE;
      case EXPERIMENT,
          N,
          K,
          M,
          ENGINE,
          WORK_DIR,
          INPUT,
          OUTPUT,
          OVERWRITE,
          SHAPE,
          ORDER,
          DIR,
          REPS,
          WARMUP,
          CACHE,
          SYNC,
          SEED,
          MEMORY_LIMIT ->
          Scope.ANY_SORT;
    };
  }

  /** The parameters of {@code scope}. */
  public static Set<Parameter> of(Scope scope) {
    return Arrays.stream(values())
        .filter(p -> p.scope() == scope)
        .collect(Collectors.toCollection(() -> EnumSet.noneOf(Parameter.class)));
  }

  /** Its name at the menu's prompts, e.g. {@code M}. */
  public String label() {
    return label;
  }
}
