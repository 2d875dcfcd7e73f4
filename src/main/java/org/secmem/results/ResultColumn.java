package org.secmem.results;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The columns of a raw results file, in order. Names are snake_case and fixed: scripts and the
 * summary and chart readers rely on them. New columns may be added, never renamed. Which kinds of
 * row fill each ({@link RowKind}) is said here; what each means in {@link ResultColumnDocs} (a new
 * column needs its line there), from which docs/results-columns.md is generated.
 */
public enum ResultColumn {
  WHEN("when", Kind.TEXT, RowKind.ALL),
  EXPERIMENT("experiment", Kind.TEXT, RowKind.ALL),
  STREAM("stream", Kind.TEXT, RowKind.STREAMS),
  READ_STREAM("read_stream", Kind.TEXT, RowKind.union(RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  WRITE_STREAM("write_stream", Kind.TEXT, RowKind.union(RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  /** Merge sort: the stream type reading the runs, where it is not {@code read_stream}. */
  MERGE_READ_STREAM("merge_read_stream", Kind.TEXT, RowKind.of(RowKind.MERGE_SORT)),
  N("n", Kind.INTEGER, RowKind.ALL),
  K("k", Kind.INTEGER, RowKind.STREAMS),
  B("b", Kind.INTEGER, RowKind.union(RowKind.STREAMS, RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  M(
      "m",
      Kind.INTEGER,
      RowKind.of(RowKind.MERGE_SORT, RowKind.BUFFER_TREE_SORT, RowKind.ENGINE_SORT, RowKind.PQ)),
  D("d", Kind.INTEGER, RowKind.of(RowKind.MERGE_SORT)),
  ORDER("order", Kind.TEXT, RowKind.SORTS),
  SHAPE("shape", Kind.TEXT, RowKind.ALL),
  SEED("seed", Kind.INTEGER, RowKind.ALL),
  REP("rep", Kind.INTEGER, RowKind.ALL),
  WARMUP("warmup", Kind.BOOLEAN, RowKind.ALL),
  CACHE("cache", Kind.TEXT, RowKind.ALL),
  SYNC("sync", Kind.BOOLEAN, RowKind.ALL),
  ELAPSED_NS("elapsed_ns", Kind.INTEGER, RowKind.ALL),
  ELAPSED_MS("elapsed_ms", Kind.DECIMAL, RowKind.ALL),
  MIB_PER_S("mib_per_s", Kind.DECIMAL, RowKind.ALL),
  NS_PER_INT("ns_per_int", Kind.DECIMAL, RowKind.ALL),
  BYTES("bytes", Kind.INTEGER, RowKind.ALL),
  READ_SYSCALLS("read_syscalls", Kind.INTEGER, RowKind.ALL),
  WRITE_SYSCALLS("write_syscalls", Kind.INTEGER, RowKind.ALL),
  STORAGE_READ_BYTES("storage_read_bytes", Kind.INTEGER, RowKind.ALL),
  STORAGE_WRITE_BYTES("storage_write_bytes", Kind.INTEGER, RowKind.ALL),
  PREDICTED_IOS(
      "predicted_ios",
      Kind.INTEGER,
      RowKind.union(RowKind.STREAMS, RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  PASSES("passes", Kind.INTEGER, RowKind.RUN_SORTS),
  RUNS("runs", Kind.INTEGER, RowKind.RUN_SORTS),
  RUN_FORMATION_NS("run_formation_ns", Kind.INTEGER, RowKind.RUN_SORTS),
  MERGE_NS("merge_ns", Kind.INTEGER, RowKind.RUN_SORTS),
  CHECKSUM("checksum", Kind.TEXT, RowKind.ALL),
  VERIFIED("verified", Kind.BOOLEAN, RowKind.union(RowKind.SORTS, RowKind.of(RowKind.PQ))),
  /** Sort: the preset (classic or fast) or "custom". */
  PRESET("preset", Kind.TEXT, RowKind.OWN_SORTS),
  /** Sort: priority-queue, loser-tree or radix. */
  MERGER("merger", Kind.TEXT, RowKind.of(RowKind.MERGE_SORT)),
  /** Sort: arrays, radix or parallel. */
  RUN_SORT("run_sort", Kind.TEXT, RowKind.RUN_SORTS),
  /** Sort: whether I/O overlapped with computing. */
  OVERLAP("overlap", Kind.BOOLEAN, RowKind.of(RowKind.MERGE_SORT)),
  /** Sort: whether merges ran on every core. */
  PARALLEL_MERGE("parallel_merge", Kind.BOOLEAN, RowKind.of(RowKind.MERGE_SORT)),
  /** Write and read: "int" (one call per int, the classic experiment) or "block" (bulk calls). */
  ACCESS("access", Kind.TEXT, RowKind.union(RowKind.STREAMS, RowKind.OWN_SORTS)),
  /** Sort: bytes the sort's streams read over all passes. */
  STREAM_READ_BYTES(
      "stream_read_bytes", Kind.INTEGER, RowKind.union(RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  /** Sort: bytes the sort's streams wrote over all passes. */
  STREAM_WRITE_BYTES(
      "stream_write_bytes", Kind.INTEGER, RowKind.union(RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  /**
   * CPU time of the whole process (all threads) during the timed run: next to elapsed_ns it says
   * whether a run computed or waited (cpu_ns well below elapsed_ns: waiting for I/O). Summed over
   * the threads' own ns clocks (/proc/self/task/TID/schedstat), so a run of a few ms shows its time
   * to well under a millisecond; where a thread ended during the run (its time is gone with it) the
   * 10 ms tick clock is used instead, and the cell is blank when that says under 100 ms.
   */
  CPU_NS("cpu_ns", Kind.INTEGER, RowKind.ALL),
  /**
   * Sort: CPU time of the process during run formation (beside run_formation_ns), on cpu_ns's
   * clocks read at the phase boundary inside the timed sort, as merge_cpu_ns.
   */
  RUN_FORMATION_CPU_NS("run_formation_cpu_ns", Kind.INTEGER, RowKind.RUN_SORTS),
  /** Sort: CPU time of the process during the merge passes (beside merge_ns). */
  MERGE_CPU_NS("merge_cpu_ns", Kind.INTEGER, RowKind.RUN_SORTS),
  /** Sort: the threads asked for (--threads); run_workers and merge_threads say how many ran. */
  THREADS("threads", Kind.INTEGER, RowKind.union(RowKind.SORTS, RowKind.of(RowKind.PQ))),
  /** Sort: run-formation workers, each reading, sorting and writing its own runs. */
  RUN_WORKERS("run_workers", Kind.INTEGER, RowKind.RUN_SORTS),
  /** Sort: ints per run (the memory plan's run length; the last run may be shorter). */
  RUN_INTS("run_ints", Kind.INTEGER, RowKind.RUN_SORTS),
  /** Sort: merges, or parts of one merge split by value range, running at once. */
  MERGE_THREADS("merge_threads", Kind.INTEGER, RowKind.of(RowKind.MERGE_SORT)),
  /** Sort: B of the merges' streams and blocks (smaller than b when M could not hold more). */
  MERGE_B("merge_b", Kind.INTEGER, RowKind.of(RowKind.MERGE_SORT)),
  /** Sort: the heap the memory model says the sort needs (M, B, d, threads, JVM overhead). */
  MODEL_HEAP_BYTES(
      "model_heap_bytes", Kind.INTEGER, RowKind.union(RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  /** Sort: the most heap the JVM held during the sort, uncollected garbage included. */
  PEAK_HEAP_BYTES(
      "peak_heap_bytes", Kind.INTEGER, RowKind.union(RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  /**
   * Which command line or parameter-file line produced the row: the subcommand's name ({@code
   * write}, {@code read}, {@code sort}) for a command line, {@code FILE:LINE} (the file as given)
   * for a parameter-file row. Rows of one sweep differ only in what that line sweeps; charts group
   * by it. It names where a row came from, not what was measured: it splits neither summary rows
   * nor {@code --resume} matching.
   */
  SWEEP("sweep", Kind.TEXT, RowKind.ALL),
  /**
   * Read and sort: the input as given ({@code read --files}: the paths joined by {@code |}; sort:
   * {@code --in} or the parameter file's {@code input}, resolved against the file's folder); blank
   * when secmem generated the input (then {@code shape} and {@code seed} say which) and for write.
   */
  INPUT("input", Kind.TEXT, RowKind.union(RowKind.of(RowKind.READ), RowKind.SORTS)),
  /** Read and sort: the input's size in bytes (all files of a read); blank for write. */
  INPUT_BYTES("input_bytes", Kind.INTEGER, RowKind.union(RowKind.of(RowKind.READ), RowKind.SORTS)),
  /**
   * Sort: the algorithm timed, {@code merge} (the external merge sort) or {@code in-memory} (all N
   * ints read into one array, {@code Arrays.sort}ed — {@code Arrays.parallelSort} with threads over
   * 1, as run_sort says — and written). An in-memory row has passes = runs = 1, run_ints = N (the
   * ints it held), no m, d, merger, overlap or parallel_merge (they do not apply: charts draw it as
   * a level line beside an M or d sweep); run_formation_ns is the read and the sort, merge_ns the
   * write and the move into place. Blank in files written before it: merge. A pq row names its
   * queue: {@code buffer-tree} or {@code java} (java.util.PriorityQueue).
   */
  ALGORITHM("algorithm", Kind.TEXT, RowKind.union(RowKind.OWN_SORTS, RowKind.of(RowKind.PQ))),
  /**
   * The run's 1-based position in its session's schedule (see {@code --order}): with the {@code
   * when} cell it says what ran before a row, so drift can be told from a trend.
   */
  ORDER_INDEX("order_index", Kind.INTEGER, RowKind.ALL),
  /** The run's 1-based index among its configuration's runs in its session, warm-ups first. */
  ROUND("round", Kind.INTEGER, RowKind.ALL),
  /**
   * Bytes of dirty pages the system held as the clock started (Linux's {@code Dirty} in {@code
   * /proc/meminfo}), after the write-back secmem asks for before each run unless {@code
   * --no-flush}: what a run may pay for besides its own work.
   */
  DIRTY_BYTES("dirty_bytes", Kind.INTEGER, RowKind.ALL),
  /**
   * With {@code --fork N}: which of the configuration's N fresh JVMs measured the row (1..N); blank
   * when it was measured in the JVM the user started.
   */
  FORK("fork", Kind.INTEGER, RowKind.ALL),
  /**
   * {@code true} on the extra runs of {@code --sentinel}: the reference configuration measured
   * again every few runs to show how far the machine moved during the sweep. Such rows are kept
   * apart from the configuration's own (summary, charts and resume leave them out).
   */
  SENTINEL("sentinel", Kind.BOOLEAN, RowKind.ALL),
  /**
   * Buffer-tree sort: a of the (a, b)-tree, the least fanout of a node but the root (seed 004);
   * blank for other algorithms. With {@code fanout_b} it is part of the configuration.
   */
  FANOUT_A("fanout_a", Kind.INTEGER, RowKind.TREES),
  /** Buffer-tree sort: b, the most fanout of a node and the most blocks of a leaf. */
  FANOUT_B("fanout_b", Kind.INTEGER, RowKind.TREES),
  /**
   * Buffer tree: the most levels of nodes it had (1: the root a leaf); a sort's tree only grows, so
   * a sort row's is the height at the end, a pq row's the height before the deletes shrank it.
   */
  TREE_HEIGHT("tree_height", Kind.INTEGER, RowKind.TREES),
  /** Buffer tree: the most leaf nodes it had (for a sort, those at the end). */
  TREE_LEAVES("tree_leaves", Kind.INTEGER, RowKind.TREES),
  /**
   * Buffer-tree sort: pushes of a parent's sorted load into a child's buffer, one per child that
   * receives data (part of a block, a block or more), as seed 004's Figure 4 counts them.
   */
  BLOCK_PUSHES("block_pushes", Kind.INTEGER, RowKind.TREES),
  /** Buffer-tree sort: buffer-emptying processes of internal nodes. */
  INTERNAL_EMPTYINGS("internal_emptyings", Kind.INTEGER, RowKind.TREES),
  /** Buffer-tree sort: buffer-emptying processes of leaf nodes (merges into the leaves). */
  LEAF_EMPTYINGS("leaf_emptyings", Kind.INTEGER, RowKind.TREES),
  /** Buffer-tree sort: node splits (rebalancing operations; inserts never fuse or share). */
  REBALANCES("rebalances", Kind.INTEGER, RowKind.TREES),
  /**
   * Buffer-tree sort: blocks of B ints read, input and tree files: each read of a file counts ⌈ints
   * / B⌉. {@code predicted_ios} beside it is the bound n·log_m(n) of seed 004's Theorem 1.
   */
  BLOCKS_READ("blocks_read", Kind.INTEGER, RowKind.TREES),
  /** Buffer-tree sort: blocks of B ints written, tree files and output, counted as read ones. */
  BLOCKS_WRITTEN("blocks_written", Kind.INTEGER, RowKind.TREES),
  /**
   * Buffer-tree sort: the insert phase (reading the input, collecting blocks, appending them to the
   * root's buffer and the buffer-emptying they start): seed 004's "Insertions".
   */
  INSERT_NS("insert_ns", Kind.INTEGER, RowKind.of(RowKind.BUFFER_TREE_SORT)),
  /** Buffer-tree sort: of {@code insert_ns}, emptying internal buffers. */
  INSERT_INTERNAL_NS("insert_internal_ns", Kind.INTEGER, RowKind.of(RowKind.BUFFER_TREE_SORT)),
  /** Buffer-tree sort: of {@code insert_ns}, emptying leaf buffers (merges and splits). */
  INSERT_LEAF_NS("insert_leaf_ns", Kind.INTEGER, RowKind.of(RowKind.BUFFER_TREE_SORT)),
  /** Buffer-tree sort: emptying every buffer after the last insert ("Force Empty All Buffers"). */
  FORCE_EMPTY_NS("force_empty_ns", Kind.INTEGER, RowKind.of(RowKind.BUFFER_TREE_SORT)),
  /** Buffer-tree sort: reading the leaves in order into the output, moved into place. */
  OUTPUT_NS("output_ns", Kind.INTEGER, RowKind.of(RowKind.BUFFER_TREE_SORT)),
  /**
   * Sort, online (seed 004 Figure 7): nanoseconds between two generated keys, the producer's work
   * per key, on the clock; blank when the input existed before the clock started.
   */
  ARRIVAL_NS_PER_KEY("arrival_ns_per_key", Kind.INTEGER, RowKind.SORTS),
  /**
   * Sort, online: from the first key to the last one taken — inserted into the buffer tree, or
   * written to the input file that the merge or in-memory sort then sorts.
   */
  GENERATE_NS("generate_ns", Kind.INTEGER, RowKind.OWN_SORTS),
  /**
   * Priority queue: the operation sequence, {@code insert-then-delete} (N inserts, then N
   * delete-mins), {@code interleaved} (N/2 inserts, then insert and delete-min alternately, then
   * the queue drained) or {@code ratio} (each operation an insert with probability {@code
   * insert_ratio} until N inserts are done, then the queue drained). Every workload does N inserts
   * and N delete-mins: 2N operations, so a pq row's {@code ns_per_int} is ns per operation.
   */
  WORKLOAD("workload", Kind.TEXT, RowKind.of(RowKind.PQ)),
  /** Priority queue, workload {@code ratio}: the probability that an operation is an insert. */
  INSERT_RATIO("insert_ratio", Kind.DECIMAL, RowKind.of(RowKind.PQ)),
  /**
   * Priority queue (buffer tree): times the in-memory part was empty at a delete-min and the
   * leftmost path was emptied and its leaf read into memory.
   */
  REFILLS("refills", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /** Priority queue (buffer tree): times the full in-memory part spilled its larger half. */
  SPILLS("spills", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /** Priority queue (buffer tree): inserts that went into the in-memory part (key at most β). */
  MEMORY_INSERTS("memory_inserts", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /** Priority queue (buffer tree): inserts that went into the tree. */
  TREE_INSERTS("tree_inserts", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /** Priority queue (buffer tree): leftmost-path nodes fused with their right sibling. */
  FUSES("fuses", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /** Priority queue (buffer tree): leftmost-path nodes that took children from their sibling. */
  SHARES("shares", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /** Priority queue (buffer tree): roots left with one child and replaced by it. */
  ROOT_COLLAPSES("root_collapses", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /**
   * Priority queue (buffer tree): of {@code elapsed_ns}, refilling the in-memory part (path
   * emptying, reading the leaf, rebalancing).
   */
  REFILL_NS("refill_ns", Kind.INTEGER, RowKind.of(RowKind.PQ)),
  /**
   * Sort: the work folders given (comma-separated, as on the command line), runs spread over them
   * in turn; blank for the default, one folder beside the output.
   */
  WORK_DIR("work_dir", Kind.TEXT, RowKind.SORTS),
  /**
   * Sort: bytes the sort's streams wrote to each work folder, in the order of {@code work_dir},
   * separated by {@code |} (one number for one folder).
   */
  WORK_WRITE_BYTES("work_write_bytes", Kind.TEXT, RowKind.OWN_SORTS),
  /** Sort: bytes the sort's streams read from each work folder, as {@code work_write_bytes}. */
  WORK_READ_BYTES("work_read_bytes", Kind.TEXT, RowKind.OWN_SORTS),
  /** Sort: the engine that sorted, {@code secmem} (its own sort) or another's name. */
  ENGINE("engine", Kind.TEXT, RowKind.SORTS),
  /** Sort, another engine: where it ran, e.g. {@code local[2]} or a cluster's URL. */
  MASTER("master", Kind.TEXT, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, another engine: its version, e.g. {@code 4.1.3}. */
  ENGINE_VERSION("engine_version", Kind.TEXT, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, another engine: the parts the output was asked to be cut into; blank: its choice. */
  PARTITIONS("partitions", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, another engine: further settings given, {@code key=value} separated by spaces. */
  ENGINE_CONF("engine_conf", Kind.TEXT, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, another engine: executors that ran its tasks (local mode: 1). */
  EXECUTORS("executors", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, another engine: memory of each executor for execution and storage. */
  EXECUTOR_MEMORY_BYTES("executor_memory_bytes", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, another engine: starting it before this run, outside the clock (0: reused). */
  ENGINE_START_NS("engine_start_ns", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /**
   * Sort, an engine of stages: the sampling job range partitioning cuts its ranges from (reads the
   * input).
   */
  SAMPLE_NS("sample_ns", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /**
   * Sort, an engine of stages: the map stage, reading the input and writing the shuffle by range.
   */
  MAP_STAGE_NS("map_stage_ns", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /**
   * Sort, an engine of stages: the reduce stage, reading the shuffle, sorting each range, writing
   * it.
   */
  REDUCE_STAGE_NS("reduce_stage_ns", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, an engine of stages: joining the ranges' files into one output file, in order. */
  CONCAT_NS("concat_ns", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, an engine of stages: tasks of the map stage (the input's parts). */
  MAP_TASKS("map_tasks", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, an engine of stages: tasks of the reduce stage (the output's parts). */
  REDUCE_TASKS("reduce_tasks", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, an engine of stages: bytes written to the shuffle. */
  SHUFFLE_WRITE_BYTES("shuffle_write_bytes", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, an engine of stages: bytes read from the shuffle. */
  SHUFFLE_READ_BYTES("shuffle_read_bytes", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, an engine of stages: bytes spilled to disk for want of memory. */
  SPILL_BYTES("spill_bytes", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /** Sort, an engine of stages: time its tasks spent collecting garbage, summed over tasks. */
  GC_NS("gc_ns", Kind.INTEGER, RowKind.of(RowKind.ENGINE_SORT)),
  /**
   * The Java version of the JVM that measured the row (its {@code java.version}, e.g. {@code
   * 17.0.15}): a parameter as any other, swept with {@code --jvm}.
   */
  JAVA_VERSION("java_version", Kind.TEXT, RowKind.ALL),
  /** The vendor of that JVM (its {@code java.vendor}, e.g. {@code Eclipse Adoptium}). */
  JAVA_VENDOR("java_vendor", Kind.TEXT, RowKind.ALL),
  /**
   * Sort: the least time its passes over the data can take at the rates {@code secmem probe} kept
   * for the file system of its input, in the regime of {@code floor_regime}; blank where never
   * probed.
   */
  FLOOR_NS("floor_ns", Kind.INTEGER, RowKind.RUN_SORTS),
  /** Sort: {@code cache} (its data in the page cache) or {@code device}: which rates bound it. */
  FLOOR_REGIME("floor_regime", Kind.TEXT, RowKind.RUN_SORTS),
  /** Sort: when the probes whose rates made {@code floor_ns} started, so a floor names them. */
  FLOOR_PROBE("floor_probe", Kind.TEXT, RowKind.RUN_SORTS),
  /**
   * Sort: whether the rates of {@code floor_ns} held within 10 % over the file system's last three
   * probes; a ratio to an unsettled floor may move with the next probe.
   */
  FLOOR_SETTLED("floor_settled", Kind.BOOLEAN, RowKind.RUN_SORTS),
  /**
   * The memory limit the run was measured under ({@code --memory-limit}), in bytes: a memory cgroup
   * around its fork that the JVM's heap, the rest of the process and the page cache of the files it
   * touched all counted against; where secmem's own cgroup or an ancestor allows less than the
   * limit asked for, that smaller limit, which the fork was held to (the run warns); blank for
   * none. A parameter like any other.
   */
  MEMORY_LIMIT("memory_limit", Kind.INTEGER, RowKind.ALL),
  /**
   * Under a memory limit: the most memory its cgroup held during the run (heap, the rest of the JVM
   * and page cache), in bytes; blank without a limit.
   */
  MEMORY_PEAK_BYTES("memory_peak_bytes", Kind.INTEGER, RowKind.ALL),
  /**
   * With {@code --steady-warmup}: the unrecorded warm-up runs the configuration had, in the JVM
   * that measured the row, until its times stopped falling (or the budget ran out), before its
   * first measured run; blank without it and on warm-up rows.
   */
  STEADY_WARMUPS("steady_warmups", Kind.INTEGER, RowKind.ALL),
  /**
   * The session that wrote the row: one command's run, the {@code session} of its environment
   * record (the file beside the results), so that rows appended by several sessions each join to
   * the machine and command that measured them; blank in files written before it.
   */
  SESSION("session", Kind.TEXT, RowKind.ALL);

  /**
   * What a column's cells hold, for formats that keep types (JSON Lines writes numbers as numbers):
   * an empty cell is "not applicable" whatever the kind.
   */
  public enum Kind {
    /** Words, paths, versions, hexadecimal checksums: always text. */
    TEXT,
    /** A whole number (a count, a size in bytes, nanoseconds): a 64-bit integer. */
    INTEGER,
    /** A number with a fraction, written with fixed decimals (milliseconds, MiB/s, ns per int). */
    DECIMAL,
    /** {@code true} or {@code false}. */
    BOOLEAN;

    /** A JSON integer literal. */
    private static final Pattern INTEGER_TEXT = Pattern.compile("-?(0|[1-9][0-9]*)");

    /** A JSON number literal. */
    private static final Pattern NUMBER_TEXT =
        Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    /**
     * Whether {@code cell} (not empty) is a value of this kind as a results file writes it: an
     * integer without a sign but '-' or leading zeros, a decimal as JSON writes numbers, {@code
     * true} or {@code false}; any text for text.
     */
    public boolean accepts(String cell) {
      return switch (this) {
        case TEXT -> true;
        case INTEGER -> INTEGER_TEXT.matcher(cell).matches();
        case DECIMAL -> NUMBER_TEXT.matcher(cell).matches();
        case BOOLEAN -> cell.equals("true") || cell.equals("false");
      };
    }
  }

  private final String header;
  private final Kind kind;
  private final Set<RowKind> rows;

  ResultColumn(String header, Kind kind, Set<RowKind> rows) {
    this.header = header;
    this.kind = kind;
    this.rows = rows;
  }

  /**
   * The kinds of row that may fill it (its schema, column by column): a {@link ResultRow} of
   * another kind refuses a cell here.
   */
  public Set<RowKind> rows() {
    return rows;
  }

  /** Whether a row of {@code kind} may fill it. */
  public boolean appliesTo(RowKind kind) {
    return rows.contains(kind);
  }

  public String header() {
    return header;
  }

  /** What its cells hold. */
  public Kind kind() {
    return kind;
  }

  /** Every header, in file order. */
  public static String[] headers() {
    ResultColumn[] all = values();
    String[] h = new String[all.length];
    for (int i = 0; i < all.length; i++) {
      h[i] = all[i].header;
    }
    return h;
  }
}
