package org.secmem.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What every {@link ResultColumn} means, in one line with its unit, and which experiments' rows
 * fill it: the source of {@code docs/results-columns.md}, which {@link #markdown()} writes and
 * {@code ResultColumnsDocTest} keeps equal to it. A column added to {@link ResultColumn} needs its
 * line here (the class refuses to load without one), and the document must then be regenerated.
 *
 * <p>Kept apart from the enum so that the enum stays a plain list of the file's columns; the
 * meanings are taken from the code that fills each column (the trials of {@code
 * org.secmem.experiment} and the Spark engine's statistics).
 */
public final class ResultColumnDocs {

  /** The experiments, in the order the document names them. */
  public static final List<String> EXPERIMENTS = List.of("write", "read", "sort", "pq");

  /** What the experiments cell says for a column every experiment fills. */
  public static final String ALL = "all";

  /** Where the document lives, relative to the repository's root. */
  public static final String DOCUMENT = "docs/results-columns.md";

  /** How to rewrite the document after a change here; told by the test that compares them. */
  public static final String REGENERATE =
      "mvn -q -pl core test -Dtest=ResultColumnsDocTest -Dsecmem.regenerateDocs=true";

  private static final String WR = "write, read";
  private static final String WRS = "write, read, sort";
  private static final String RS = "read, sort";
  private static final String SORT = "sort";
  private static final String SP = "sort, pq";
  private static final String PQ = "pq";

  /**
   * One column's documentation.
   *
   * @param experiments the experiments whose rows can fill the column, in {@link #EXPERIMENTS}
   *     order (all four: every experiment's)
   * @param meaning what the cell holds and in which unit, one line
   */
  public record Entry(List<String> experiments, String meaning) {

    public Entry {
      experiments = List.copyOf(experiments);
    }

    /** The experiments as the document's cell: {@value #ALL} or the names, comma-separated. */
    public String experimentsText() {
      return experiments.equals(EXPERIMENTS) ? ALL : String.join(", ", experiments);
    }
  }

  private static final Map<ResultColumn, Entry> DOCS = table();

  private ResultColumnDocs() {}

  /** The documentation of {@code column}. */
  public static Entry of(ResultColumn column) {
    return DOCS.get(column);
  }

  /** The text of {@code docs/results-columns.md}: an introduction and a table of every column. */
  public static String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# Columns of the raw results file\n\n")
        .append(
            "<!-- Generated from src/main/java/org/secmem/report/ResultColumnDocs.java: edit"
                + " the\n     descriptions there, then run\n     ")
        .append(REGENERATE)
        .append(
            "\n     (ResultColumnsDocTest fails while this file differs"
                + " from the code). -->\n\n")
        .append(
            "A raw results file (`results/<timestamp>-<experiment>.csv`, or `--results`) is CSV"
                + " (RFC 4180,\n"
                + "UTF-8) with one header line, then one row per run: every warm-up (`warmup` ="
                + " `true`) and\n"
                + "repetition of every configuration, and the re-runs of `--sentinel` (`sentinel` ="
                + " `true`). A cell\n"
                + "is blank where its column does not apply to the run or was not measured, never a"
                + " made-up zero;\n"
                + "numbers are written the same on every machine (`.` as the decimal point). Beside"
                + " the file:\n"
                + "its summary, charts and report page ([Where results go](results.md)).\n\n")
        .append(
            "The columns come in the order below, the file's order. New columns are only"
                + " ever added at the\nend: none is renamed, moved or removed, so scripts can rely"
                + " on the names. secmem appends rows\nonly to a file with this version's header"
                + " (it names the columns that differ otherwise);\n`chart`, `compare` and `advise`"
                + " read files of earlier versions too, by column name: a column\nan older file"
                + " lacks reads as blank.\n\n")
        .append(
            "*experiments* says whose rows can fill the column (`all`: every experiment's);"
                + " the meaning\nsays when it stays blank in them, e.g. for one algorithm or"
                + " engine only. Times are wall-clock\nunless they say CPU.\n\n")
        .append("| # | column | experiments | meaning |\n")
        .append("|---:|---|---|---|\n");
    ResultColumn[] all = ResultColumn.values();
    for (int i = 0; i < all.length; i++) {
      Entry e = DOCS.get(all[i]);
      md.append("| ")
          .append(i + 1)
          .append(" | `")
          .append(all[i].header())
          .append('`')
          .append(" | ")
          .append(e.experimentsText())
          .append(" | ")
          .append(cell(e.meaning()))
          .append(" |\n");
    }
    return md.toString();
  }

  /** A table cell's text: a '|' would end the cell, so it is escaped (also inside code). */
  private static String cell(String text) {
    return text.replace("|", "\\|");
  }

  private static Map<ResultColumn, Entry> table() {
    Map<ResultColumn, Entry> t = new EnumMap<>(ResultColumn.class);
    // Bookkeeping and configuration.
    put(
        t,
        ResultColumn.WHEN,
        ALL,
        "when the row was made, after the run and its check: an"
            + " ISO-8601 instant in UTC, to the millisecond");
    put(t, ResultColumn.EXPERIMENT, ALL, "the experiment: `write`, `read`, `sort` or `pq`");
    put(
        t,
        ResultColumn.STREAM,
        WR,
        "the stream type measured: `simple`, `buffered`,"
            + " `user-buffer`, `mapped`, `channel`, `direct` or `async`");
    put(
        t,
        ResultColumn.READ_STREAM,
        SP,
        "the stream type the sort, or the buffer tree's queue,"
            + " reads with (values as `stream`); blank for Spark and the `java` queue");
    put(
        t,
        ResultColumn.WRITE_STREAM,
        SP,
        "the stream type the sort, or the buffer tree's"
            + " queue, writes with; blank for Spark and the `java` queue");
    put(
        t,
        ResultColumn.N,
        ALL,
        "N, ints: per file (write, read); in the input (sort: counted"
            + " from the file when one is given); inserts, and as many delete-mins (pq)");
    put(t, ResultColumn.K, WR, "k, the number of files (streams) written or read round-robin");
    put(
        t,
        ResultColumn.B,
        ALL,
        "B, bytes: the streams' buffer and block size; blank where"
            + " nothing uses it (`simple` and `buffered` streams without block I/O, Spark, the"
            + " `java` queue)");
    put(
        t,
        ResultColumn.M,
        SP,
        "M, ints: the memory the sort or the buffer tree may use;"
            + " blank for the in-memory sort and the `java` queue; Spark: only when `--m` was given"
            + " (its execution and storage memory, 4M bytes)");
    put(t, ResultColumn.D, SORT, "d, the merge's fan-in (runs merged at once); merge sort only");
    put(t, ResultColumn.ORDER, SORT, "the order sorted into: `ascending` or `descending`");
    put(
        t,
        ResultColumn.SHAPE,
        ALL,
        "the distribution of the generated data: `uniform`,"
            + " `sorted`, `reverse`, `few-distinct` or `equal` (write: `uniform`; pq: of the keys);"
            + " blank when the input was given (`read --files`, `sort --in`)");
    put(
        t,
        ResultColumn.SEED,
        ALL,
        "the seed of the generated data (pq: of the keys and of the"
            + " `ratio` workload's choices); blank when the input was given");
    put(
        t,
        ResultColumn.REP,
        ALL,
        "the run's number, from 1: warm-ups and measured repetitions"
            + " are numbered apart (see `warmup`), across forks with `--fork`");
    put(
        t,
        ResultColumn.WARMUP,
        ALL,
        "`true` on a warm-up run (recorded, but left out of"
            + " summaries and charts), else `false`");
    put(
        t,
        ResultColumn.CACHE,
        ALL,
        "the page cache as the run started: `cold` (dropped, which"
            + " needs root), `warm` (the inputs read before the clock) or `as-is` (nothing done;"
            + " also when `cold` was asked for and could not be done)");
    put(
        t,
        ResultColumn.SYNC,
        ALL,
        "`true` when the data was forced to storage before the clock"
            + " stopped (`--sync`), else `false`");
    // What every run measures.
    put(
        t,
        ResultColumn.ELAPSED_NS,
        ALL,
        "wall-clock time of the timed run, nanoseconds; set-up,"
            + " the cache's preparation and the check of the result are outside it");
    put(t, ResultColumn.ELAPSED_MS, ALL, "`elapsed_ns` in milliseconds, 3 decimals");
    put(
        t,
        ResultColumn.MIB_PER_S,
        ALL,
        "throughput: `bytes` per second of `elapsed_ns`, MiB/s" + " (2^20 bytes), 2 decimals");
    put(
        t,
        ResultColumn.NS_PER_INT,
        ALL,
        "`elapsed_ns` per int, 3 decimals: per int written or"
            + " read (N·k ints), per int sorted (N); pq: per operation (2N operations)");
    put(
        t,
        ResultColumn.BYTES,
        ALL,
        "bytes of data the run moved, 4 per int: the ints written or read (write, read: N·k),"
            + " the N ints once (sort, whatever its passes), the N keys (pq)");
    put(
        t,
        ResultColumn.READ_SYSCALLS,
        ALL,
        "read-family system calls of the whole process"
            + " during the run (`syscr` of `/proc/self/io`); blank where that file is missing");
    put(
        t,
        ResultColumn.WRITE_SYSCALLS,
        ALL,
        "write-family system calls of the whole process"
            + " during the run (`syscw` of `/proc/self/io`); blank where that file is missing");
    put(
        t,
        ResultColumn.STORAGE_READ_BYTES,
        ALL,
        "bytes the process fetched from storage during"
            + " the run (`read_bytes` of `/proc/self/io`: page-cache misses); blank where that"
            + " file is missing");
    put(
        t,
        ResultColumn.STORAGE_WRITE_BYTES,
        ALL,
        "bytes the process sent, or dirtied to be"
            + " sent, to storage during the run (`write_bytes` of `/proc/self/io`); blank where"
            + " that file is missing");
    put(
        t,
        ResultColumn.PREDICTED_IOS,
        ALL,
        "the cost model's I/O count: the data system calls"
            + " the stream type implies (write, read); a sort's block transfers (merge sort:"
            + " 2 · passes · ⌈4N/B⌉; in-memory: 2 · ⌈4N/B⌉); the buffer tree's bound n·log_m(n)"
            + " blocks (sort, pq); blank for Spark and the `java` queue");
    put(
        t,
        ResultColumn.PASSES,
        SORT,
        "passes over the data: run formation and the merge passes,"
            + " 1 + ⌈log_d runs⌉ (in-memory: 1); blank for the buffer tree and Spark");
    put(
        t,
        ResultColumn.RUNS,
        SORT,
        "sorted runs that run formation wrote (in-memory: 1); blank"
            + " for the buffer tree and Spark");
    put(
        t,
        ResultColumn.RUN_FORMATION_NS,
        SORT,
        "wall-clock time of run formation (reading,"
            + " sorting and writing the runs), nanoseconds; in-memory: reading and sorting; merge"
            + " and in-memory sorts only");
    put(
        t,
        ResultColumn.MERGE_NS,
        SORT,
        "wall-clock time of all merge passes, to the output"
            + " moved into place, nanoseconds; in-memory: writing the output and moving it into"
            + " place; merge and in-memory sorts only");
    put(
        t,
        ResultColumn.CHECKSUM,
        ALL,
        "`0x` and 16 hex digits (text to a spreadsheet): an"
            + " order-independent checksum of the ints written (write), read (read), of the input"
            + " (sort) or of the keys delete-min returned (pq)");
    put(
        t,
        ResultColumn.VERIFIED,
        SP,
        "whether the result was checked correct after the clock stopped: the output re-read, in"
            + " order and the same values as the input (sort); the delete-mins replayed on an"
            + " oracle (pq; blank when the oracle does not fit the heap)");
    // The sort's composition.
    put(
        t,
        ResultColumn.PRESET,
        SORT,
        "the composition's name: `classic`, `fast` or `custom`;" + " blank for Spark");
    put(
        t,
        ResultColumn.MERGER,
        SORT,
        "what picks the next int in a merge: `priority-queue`,"
            + " `loser-tree` or `radix`; merge sort only");
    put(
        t,
        ResultColumn.RUN_SORT,
        SORT,
        "how a run is sorted in memory: `arrays`, `radix` or"
            + " `parallel` (in-memory sort: `arrays`, Arrays.sort, or `parallel`,"
            + " Arrays.parallelSort); blank for the buffer tree and Spark");
    put(
        t,
        ResultColumn.OVERLAP,
        SORT,
        "`true` when I/O overlapped with computing, else" + " `false`; merge sort only");
    put(
        t,
        ResultColumn.PARALLEL_MERGE,
        SORT,
        "`true` when merges ran on every core, else" + " `false`; merge sort only");
    put(
        t,
        ResultColumn.ACCESS,
        WRS,
        "`int` (one call per int, the classic experiment; write always) or `block` (bulk calls of a"
            + " block; the buffer tree always); blank for Spark");
    put(
        t,
        ResultColumn.STREAM_READ_BYTES,
        SP,
        "bytes the sort's streams read over all passes"
            + " (pq: the buffer tree's files); blank for Spark and the `java` queue");
    put(
        t,
        ResultColumn.STREAM_WRITE_BYTES,
        SP,
        "bytes the sort's streams wrote over all"
            + " passes (pq: the buffer tree's files); blank for Spark and the `java` queue");
    put(
        t,
        ResultColumn.CPU_NS,
        ALL,
        "CPU time of the whole process (all threads, user and"
            + " system) during the run, nanoseconds, from each thread's `schedstat`: well below"
            + " `elapsed_ns` means waiting; if a thread ended during the run, the 10 ms tick clock"
            + " instead, and blank when that shows under 100 ms");
    put(
        t,
        ResultColumn.RUN_FORMATION_CPU_NS,
        SORT,
        "CPU time of the process during run"
            + " formation, nanoseconds, on `cpu_ns`'s clocks read at the phase boundary inside the"
            + " timed sort (about 0.4 ms of CPU per reading); merge and in-memory sorts only");
    put(
        t,
        ResultColumn.MERGE_CPU_NS,
        SORT,
        "CPU time of the process during the merge passes"
            + " (in-memory: the write), nanoseconds, as `run_formation_cpu_ns`");
    put(
        t,
        ResultColumn.THREADS,
        SP,
        "threads asked for (`--threads`); 1 for the buffer tree"
            + " and pq; Spark: the cores its tasks ran on");
    // The sort's memory plan.
    put(
        t,
        ResultColumn.RUN_WORKERS,
        SORT,
        "run-formation workers, each reading, sorting and"
            + " writing its own runs (in-memory: 1); merge and in-memory sorts only");
    put(
        t,
        ResultColumn.RUN_INTS,
        SORT,
        "ints per run, the memory plan's run length (the last"
            + " run may be shorter; in-memory: N); merge and in-memory sorts only");
    put(
        t,
        ResultColumn.MERGE_THREADS,
        SORT,
        "merges, or parts of one merge split by value"
            + " range, running at once; merge sort only");
    put(
        t,
        ResultColumn.MERGE_B,
        SORT,
        "B of the merges' streams and blocks, bytes (below `b`"
            + " when M could not hold more); merge sort with more than one run only");
    put(
        t,
        ResultColumn.MODEL_HEAP_BYTES,
        SP,
        "the heap the memory model says the run needs"
            + " (M, B, d, threads, the JVM's overhead), bytes; blank for Spark");
    put(
        t,
        ResultColumn.PEAK_HEAP_BYTES,
        SP,
        "the most heap the JVM held during the run, bytes"
            + " (its heap pools' peaks, garbage not yet collected included); blank for Spark");
    // Where a row came from, and its input.
    put(
        t,
        ResultColumn.SWEEP,
        ALL,
        "the command line or parameter-file line that made the row:"
            + " the subcommand (`write`, `read`, `sort`, `pq`) or `FILE:LINE`; charts join only"
            + " rows of one sweep, the summary and `--resume` ignore it");
    put(
        t,
        ResultColumn.INPUT,
        RS,
        "the input as given: `read --files` paths joined by `|`,"
            + " `sort --in` or a parameter file's `input` (resolved against the file's folder);"
            + " blank when secmem generated it (then `shape` and `seed` say how)");
    put(
        t,
        ResultColumn.INPUT_BYTES,
        RS,
        "the input's size, bytes (all files of a read); blank" + " for an online sort");
    put(
        t,
        ResultColumn.ALGORITHM,
        SP,
        "sort: `merge`, `in-memory` (all N ints sorted in one"
            + " array) or `buffer-tree` (blank in older files: merge; blank for Spark); pq: the"
            + " queue, `buffer-tree` or `java` (java.util.PriorityQueue)");
    // The schedule.
    put(
        t,
        ResultColumn.ORDER_INDEX,
        ALL,
        "the run's position in its session's schedule (see"
            + " `--order`), from 1: with `when` it says what ran before the row");
    put(
        t,
        ResultColumn.ROUND,
        ALL,
        "the run's index among its configuration's runs in the"
            + " session, from 1, warm-ups first; blank on a sentinel's row");
    put(
        t,
        ResultColumn.DIRTY_BYTES,
        ALL,
        "bytes of dirty pages the system held as the clock"
            + " started (`Dirty` of `/proc/meminfo`), after the write-back before each run unless"
            + " `--no-flush`");
    put(
        t,
        ResultColumn.FORK,
        ALL,
        "with `--fork N`: which of the configuration's N fresh JVMs"
            + " measured the row (1..N); blank when measured in the JVM the user started");
    put(
        t,
        ResultColumn.SENTINEL,
        ALL,
        "`true` on a `--sentinel` re-run of the reference"
            + " configuration, kept apart from its own rows (summary, charts, `--resume`); else"
            + " blank");
    // The buffer tree (seed 004), sort and priority queue.
    put(
        t,
        ResultColumn.FANOUT_A,
        SP,
        "buffer tree: a of the (a, b)-tree, the least fanout of a"
            + " node but the root; part of the configuration");
    put(
        t,
        ResultColumn.FANOUT_B,
        SP,
        "buffer tree: b, the most fanout of a node and the most"
            + " blocks of a leaf; part of the configuration");
    put(
        t,
        ResultColumn.TREE_HEIGHT,
        SP,
        "buffer tree: the most levels of nodes it had (1: the"
            + " root a leaf); sort: at the end; pq: before the delete-mins shrank it");
    put(
        t,
        ResultColumn.TREE_LEAVES,
        SP,
        "buffer tree: the most leaf nodes it had (sort: those" + " at the end)");
    put(
        t,
        ResultColumn.BLOCK_PUSHES,
        SP,
        "buffer tree: pushes of a parent's sorted load into a"
            + " child's buffer, one per child that receives any of it (seed 004 Figure 4's count)");
    put(
        t,
        ResultColumn.INTERNAL_EMPTYINGS,
        SP,
        "buffer tree: buffer-emptying processes of" + " internal nodes");
    put(
        t,
        ResultColumn.LEAF_EMPTYINGS,
        SP,
        "buffer tree: buffer-emptying processes of leaf" + " nodes (merges into the leaves)");
    put(
        t,
        ResultColumn.REBALANCES,
        SP,
        "buffer tree: node splits (a sort's inserts never fuse"
            + " or share); pq: also its fuses, shares and root collapses");
    put(
        t,
        ResultColumn.BLOCKS_READ,
        SP,
        "buffer tree: blocks of B ints read, each read of a file counting ⌈ints / B⌉: its files,"
            + " and a sort's input; `predicted_ios` is the bound beside it");
    put(
        t,
        ResultColumn.BLOCKS_WRITTEN,
        SP,
        "buffer tree: blocks of B ints written, counted as"
            + " `blocks_read`: its files, and a sort's output");
    put(
        t,
        ResultColumn.INSERT_NS,
        SORT,
        "buffer-tree sort: the insert phase (reading the input,"
            + " collecting blocks, appending them to the root's buffer and the emptyings they"
            + " start), nanoseconds; seed 004's Insertions");
    put(
        t,
        ResultColumn.INSERT_INTERNAL_NS,
        SORT,
        "buffer-tree sort: of `insert_ns`, emptying" + " internal buffers, nanoseconds");
    put(
        t,
        ResultColumn.INSERT_LEAF_NS,
        SORT,
        "buffer-tree sort: of `insert_ns`, emptying leaf"
            + " buffers (merges and splits), nanoseconds");
    put(
        t,
        ResultColumn.FORCE_EMPTY_NS,
        SORT,
        "buffer-tree sort: emptying every buffer, root"
            + " down, after the last insert, nanoseconds; seed 004's Force Empty All Buffers");
    put(
        t,
        ResultColumn.OUTPUT_NS,
        SORT,
        "buffer-tree sort: reading the leaves in order into the"
            + " output, moved into place, nanoseconds");
    // Online sorting (seed 004 Figure 7).
    put(
        t,
        ResultColumn.ARRIVAL_NS_PER_KEY,
        SORT,
        "online sorting (`--arrival-ns`): nanoseconds"
            + " between two generated keys, the producer's work per key, on the clock; blank"
            + " offline");
    put(
        t,
        ResultColumn.GENERATE_NS,
        SORT,
        "online sorting: nanoseconds from the first key to the last one taken (inserted into the"
            + " buffer tree, or written to the input the merge or in-memory sort then sorts); blank"
            + " offline");
    // The priority queue.
    put(
        t,
        ResultColumn.WORKLOAD,
        PQ,
        "the operations: `insert-then-delete` (N inserts, then N delete-mins), `interleaved` (N/2"
            + " inserts, then insert and delete-min alternately, then the rest deleted) or `ratio`"
            + " (an insert with probability `insert_ratio` until N inserts, then the rest"
            + " deleted)");
    put(
        t,
        ResultColumn.INSERT_RATIO,
        PQ,
        "workload `ratio`: the probability that an operation"
            + " is an insert; blank for the others");
    put(
        t,
        ResultColumn.REFILLS,
        PQ,
        "buffer tree: times the in-memory part was empty at a"
            + " delete-min and the leftmost path was emptied and its leaf read into memory");
    put(
        t,
        ResultColumn.SPILLS,
        PQ,
        "buffer tree: times the full in-memory part spilled its" + " larger half into the tree");
    put(
        t,
        ResultColumn.MEMORY_INSERTS,
        PQ,
        "buffer tree: inserts that went into the in-memory" + " part (key at most its bound β)");
    put(t, ResultColumn.TREE_INSERTS, PQ, "buffer tree: inserts that went into the tree");
    put(
        t,
        ResultColumn.FUSES,
        PQ,
        "buffer tree: leftmost-path nodes fused with their right" + " sibling");
    put(
        t,
        ResultColumn.SHARES,
        PQ,
        "buffer tree: leftmost-path nodes that took children from" + " their right sibling");
    put(
        t,
        ResultColumn.ROOT_COLLAPSES,
        PQ,
        "buffer tree: roots left with one child and replaced" + " by it");
    put(
        t,
        ResultColumn.REFILL_NS,
        PQ,
        "buffer tree: of `elapsed_ns`, refilling the in-memory"
            + " part (emptying the path, reading the leaf, rebalancing), nanoseconds");
    // Several work folders.
    put(
        t,
        ResultColumn.WORK_DIR,
        SORT,
        "the work folders given (`--work-dir`, comma-separated),"
            + " the runs spread over them in turn (Spark: its `spark.local.dir`); blank: one folder"
            + " beside the output");
    put(
        t,
        ResultColumn.WORK_WRITE_BYTES,
        SORT,
        "bytes the sort's streams wrote to each work"
            + " folder, in `work_dir`'s order, separated by `|`; blank for Spark");
    put(
        t,
        ResultColumn.WORK_READ_BYTES,
        SORT,
        "bytes the sort's streams read from each work"
            + " folder, as `work_write_bytes`; blank for Spark");
    // Another engine: Spark.
    put(
        t,
        ResultColumn.ENGINE,
        SORT,
        "the engine that sorted: `secmem` (its own sorts) or"
            + " `spark` (blank in older files: secmem)");
    put(
        t,
        ResultColumn.MASTER,
        SORT,
        "Spark: where it ran, the `--master` given, else the one"
            + " `spark-submit` set, else `local[*]`");
    put(t, ResultColumn.ENGINE_VERSION, SORT, "Spark: its version, e.g. `4.1.3`");
    put(
        t,
        ResultColumn.PARTITIONS,
        SORT,
        "Spark: the parts the output was asked to be cut into"
            + " (`--partitions`); blank: Spark's choice");
    put(
        t,
        ResultColumn.ENGINE_CONF,
        SORT,
        "Spark: further settings given (`--conf`)," + " `key=value` separated by spaces");
    put(t, ResultColumn.EXECUTORS, SORT, "Spark: executors that ran its tasks (local mode: 1)");
    put(
        t,
        ResultColumn.EXECUTOR_MEMORY_BYTES,
        SORT,
        "Spark: memory of the largest executor for"
            + " execution and storage, bytes (local mode: the driver's)");
    put(
        t,
        ResultColumn.ENGINE_START_NS,
        SORT,
        "Spark: starting its session before this run,"
            + " outside the clock, nanoseconds (0: a running one reused)");
    put(
        t,
        ResultColumn.SAMPLE_NS,
        SORT,
        "Spark: the sampling job that range partitioning cuts"
            + " its ranges from (it reads the input), nanoseconds, in steps of 1 ms");
    put(
        t,
        ResultColumn.MAP_STAGE_NS,
        SORT,
        "Spark: the map stage, reading the input and writing"
            + " the shuffle by range, nanoseconds, in steps of 1 ms");
    put(
        t,
        ResultColumn.REDUCE_STAGE_NS,
        SORT,
        "Spark: the reduce stage, reading the shuffle,"
            + " sorting each range and writing it, nanoseconds, in steps of 1 ms");
    put(
        t,
        ResultColumn.CONCAT_NS,
        SORT,
        "Spark: the driver joining the ranges' files into the"
            + " one output file, in order, nanoseconds");
    put(
        t,
        ResultColumn.MAP_TASKS,
        SORT,
        "Spark: tasks of the map stage (the parts the input was" + " read in)");
    put(
        t,
        ResultColumn.REDUCE_TASKS,
        SORT,
        "Spark: tasks of the reduce stage (the parts the" + " output was cut into)");
    put(t, ResultColumn.SHUFFLE_WRITE_BYTES, SORT, "Spark: bytes written to the shuffle");
    put(t, ResultColumn.SHUFFLE_READ_BYTES, SORT, "Spark: bytes read from the shuffle");
    put(t, ResultColumn.SPILL_BYTES, SORT, "Spark: bytes spilled to disk for want of memory");
    put(
        t,
        ResultColumn.GC_NS,
        SORT,
        "Spark: time its tasks spent collecting garbage, summed over"
            + " tasks, nanoseconds, in steps of 1 ms");
    List<String> missing = new ArrayList<>();
    for (ResultColumn c : ResultColumn.values()) {
      if (!t.containsKey(c)) {
        missing.add(c.header());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException(
          "result columns without a description in" + " ResultColumnDocs: " + missing);
    }
    return Collections.unmodifiableMap(t);
  }

  /**
   * Adds {@code column}'s entry.
   *
   * @param experiments {@value #ALL}, or experiment names in {@link #EXPERIMENTS} order, separated
   *     by ", "
   */
  private static void put(
      Map<ResultColumn, Entry> t, ResultColumn column, String experiments, String meaning) {
    List<String> names =
        experiments.equals(ALL) ? EXPERIMENTS : List.of(experiments.split(", ", -1));
    int last = -1;
    for (String name : names) {
      int at = EXPERIMENTS.indexOf(name);
      if (at <= last) {
        throw new IllegalArgumentException(
            column.header()
                + ": experiments '"
                + experiments
                + "' are not names of "
                + EXPERIMENTS
                + " in that order");
      }
      last = at;
    }
    if (meaning.isBlank() || meaning.contains("\n")) {
      throw new IllegalArgumentException(column.header() + ": a meaning is one line of text");
    }
    if (t.put(column, new Entry(names, meaning)) != null) {
      throw new IllegalArgumentException(column.header() + " is described twice");
    }
  }
}
