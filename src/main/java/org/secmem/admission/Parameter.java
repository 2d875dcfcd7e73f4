package org.secmem.admission;

import java.util.List;

/**
 * A parameter of an experiment, by the names it goes by at each way in: its option on the command
 * line, its column in a parameter file and its name at the menu's prompt. A problem found by
 * {@link Admission} names the parameter; each way in prefixes the message with its own name for it,
 * so the same problem reads the same after that prefix everywhere.
 */
public enum Parameter {
  EXPERIMENT("experiment", List.of(), "experiment"),
  N("n", List.of("--n"), "N"),
  K("k", List.of("--k"), "k"),
  B("b", List.of("--b"), "B"),
  M("m", List.of("--m"), "M"),
  D("d", List.of("--d"), "d"),
  STREAM("stream", List.of("--stream"), "stream types"),
  READ_STREAM("read_stream", List.of("--read-stream"), "read stream type"),
  WRITE_STREAM("write_stream", List.of("--write-stream"), "write stream type"),
  PRESET("preset", List.of("--preset"), "preset"),
  MERGER("merger", List.of("--merger"), "merger"),
  RUN_SORT("run_sort", List.of("--run-sort"), "run sort"),
  OVERLAP("overlap", List.of("--overlap", "--no-overlap"), "overlap"),
  PARALLEL_MERGE("parallel_merge", List.of("--parallel-merge", "--no-parallel-merge"),
      "parallel merge"),
  THREADS("threads", List.of("--threads"), "threads"),
  ALGORITHM("algorithm", List.of("--algorithm"), "algorithm"),
  FANOUT("fanout", List.of("--fanout", "--b-over-m"), "fanout"),
  ARRIVAL("arrival_ns_per_key", List.of("--arrival-ns"), "arrival ns per key"),
  ENGINE("engine", List.of("--engine"), "engine"),
  MASTER("master", List.of("--master"), "master"),
  PARTITIONS("partitions", List.of("--partitions"), "partitions"),
  ENGINE_CONF("engine_conf", List.of("--conf"), "engine settings"),
  WORK_DIR("work_dir", List.of("--work-dir"), "work folders"),
  INPUT("input", List.of("--in"), "input file"),
  OUTPUT("output", List.of("--out"), "output file");

  private final String column;
  private final List<String> options;
  private final String label;

  Parameter(String column, List<String> options, String label) {
    this.column = column;
    this.options = options;
    this.label = label;
  }

  /** Its column in a parameter file, e.g. {@code read_stream}. */
  public String column() {
    return column;
  }

  /**
   * Its options on the command line, the main one first (a negatable option in both forms, the
   * fanout with its {@code --b-over-m} shorthand); empty when the command line has none.
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
    return options.size() == 2 && options.get(1).equals("--no-" + main.substring(2))
        ? "--[no-]" + main.substring(2) : main;
  }

  /** Its name at the menu's prompts, e.g. {@code M}. */
  public String label() {
    return label;
  }

  /** The parameter with this column. */
  public static Parameter ofColumn(String column) {
    for (Parameter p : values()) {
      if (p.column.equals(column)) {
        return p;
      }
    }
    throw new IllegalArgumentException("no parameter has the column '" + column + "'");
  }
}
