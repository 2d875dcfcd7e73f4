package org.secmem.admission;

import static org.secmem.experiment.Experiment.READ;
import static org.secmem.experiment.Experiment.SORT;
import static org.secmem.experiment.Experiment.WRITE;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.secmem.experiment.Experiment;

/**
 * A parameter of an experiment, by the names it goes by at each way in: its option on the command
 * line, its column in a parameter file and its name at the menu's prompt. A problem found by {@link
 * Admission} names the parameter; each way in prefixes the message with its own name for it, so the
 * same problem reads the same after that prefix everywhere.
 *
 * <p>It is also the one list of parameter-file columns, and of the experiments each applies to: the
 * parser takes its columns from here.
 */
public enum Parameter {
  EXPERIMENT("experiment", List.of(), "experiment", WRITE, READ, SORT),
  N("n", List.of("--n"), "N", WRITE, READ, SORT),
  K("k", List.of("--k"), "k", WRITE, READ),
  B("b", List.of("--b"), "B", WRITE, READ, SORT),
  M("m", List.of("--m"), "M", SORT),
  D("d", List.of("--d"), "d", SORT),
  /** The stream type of write and read; a sort's read and write stream type both. */
  STREAM("stream", List.of("--stream"), "stream types", WRITE, READ, SORT),
  READ_STREAM("read_stream", List.of("--read-stream"), "read stream type", SORT),
  WRITE_STREAM("write_stream", List.of("--write-stream"), "write stream type", SORT),
  PRESET("preset", List.of("--preset"), "preset", SORT),
  MERGER("merger", List.of("--merger"), "merger", SORT),
  RUN_SORT("run_sort", List.of("--run-sort"), "run sort", SORT),
  OVERLAP("overlap", "--overlap", "overlap", SORT),
  PARALLEL_MERGE("parallel_merge", "--parallel-merge", "parallel merge", SORT),
  THREADS("threads", List.of("--threads"), "threads", SORT),
  ALGORITHM("algorithm", List.of("--algorithm"), "algorithm", SORT),
  FANOUT("fanout", List.of("--fanout", "--b-over-m"), "fanout", SORT),
  ARRIVAL("arrival_ns_per_key", List.of("--arrival-ns"), "arrival ns per key", SORT),
  ENGINE("engine", List.of("--engine"), "engine", SORT),
  MASTER("master", List.of("--master"), "master", SORT),
  PARTITIONS("partitions", List.of("--partitions"), "partitions", SORT),
  ENGINE_CONF("engine_conf", List.of("--conf"), "engine settings", SORT),
  WORK_DIR("work_dir", List.of("--work-dir"), "work folders", SORT),
  INPUT("input", List.of("--in"), "input file", SORT),
  OUTPUT("output", List.of("--out"), "output file", SORT),
  OVERWRITE("overwrite", List.of("--overwrite"), "overwrite", SORT),
  SHAPE("shape", List.of("--shape"), "shape", SORT),
  ORDER("order", List.of("--descending"), "order", SORT),
  /** The folder of write's and read's data files. */
  DIR("dir", List.of("--dir"), "data folder", WRITE, READ),
  REPS("reps", List.of("--reps"), "repetitions", WRITE, READ, SORT),
  WARMUP("warmup", List.of("--warmup"), "warm-up runs", WRITE, READ, SORT),
  CACHE("cache", List.of("--cache"), "page cache before each run", WRITE, READ, SORT),
  SYNC("sync", List.of("--sync"), "force writes to storage (sync)", WRITE, READ, SORT),
  SEED("seed", List.of("--seed"), "seed", WRITE, READ, SORT),
  /** The memory cgroup each run's fork is measured in: heap and page cache counted together. */
  MEMORY_LIMIT("memory_limit", List.of("--memory-limit"), "memory limit", WRITE, READ, SORT);

  private final String column;
  private final List<String> options;
  private final String label;
  private final Set<Experiment> experiments;
  private final boolean negatable;

  Parameter(String column, List<String> options, String label, Experiment... experiments) {
    this(column, options, false, label, experiments);
  }

  /** A negatable option, {@code --x} and {@code --no-x}. */
  Parameter(String column, String option, String label, Experiment... experiments) {
    this(column, List.of(option), true, label, experiments);
  }

  Parameter(
      String column,
      List<String> options,
      boolean negatable,
      String label,
      Experiment... experiments) {
    this.column = column;
    this.options = options;
    this.negatable = negatable;
    this.label = label;
    this.experiments = Set.copyOf(List.of(experiments));
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

  /** Its name at the menu's prompts, e.g. {@code M}. */
  public String label() {
    return label;
  }
}
