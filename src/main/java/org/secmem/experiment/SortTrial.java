package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.buffertree.BufferTreeSort;
import org.secmem.buffertree.Fanout;
import org.secmem.buffertree.TreeMemory;
import org.secmem.buffertree.TreeStats;
import org.secmem.data.Arrivals;
import org.secmem.data.Checksum;
import org.secmem.data.DataFiles;
import org.secmem.data.FileScan;
import org.secmem.report.ResultColumn;
import org.secmem.report.ResultRow;
import org.secmem.sort.CostModel;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.InMemorySort;
import org.secmem.sort.MergeSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortSpec;
import org.secmem.sort.SortStats;
import org.secmem.sort.StreamFactory;
import org.secmem.sort.TempRegistry;
import org.secmem.stream.Streams;

/**
 * The sort experiment: one sort of one file — the external merge sort, or the in-memory baseline
 * ({@link InMemorySort}) — timed from the first read to the output moved into place. The output is
 * then re-read outside the clock and checked: in order, and the same multiset of values as the
 * input. Both algorithms fill the same columns; the {@code algorithm} column says which ran.
 */
public final class SortTrial implements Trial {

  private final SortTrialSpec spec;
  private final ExternalSorter sorter;
  private final Path output;
  private long n;
  /** Told about the temporary of a generated input, so that an interrupt removes it. */
  private final TempRegistry temps;

  /** A trial of the spec's algorithm, composed as the spec says. */
  public SortTrial(SortTrialSpec spec, TempRegistry temps) {
    this(spec, sorterFor(spec, temps), temps);
  }

  private static ExternalSorter sorterFor(SortTrialSpec spec, TempRegistry temps) {
    switch (spec.algorithm()) {
      case MERGE:
        return new MergeSort(spec.tuning(), StreamFactory.standard(), temps);
      case IN_MEMORY:
        return new InMemorySort(spec.tuning(), StreamFactory.standard(), temps);
      case BUFFER_TREE:
        return new BufferTreeSort(spec.fanout(), StreamFactory.standard(), temps);
      default:
        throw new AssertionError(spec.algorithm());
    }
  }

  private boolean inMemory() {
    return spec.algorithm() == SortAlgorithm.IN_MEMORY;
  }

  private boolean bufferTree() {
    return spec.algorithm() == SortAlgorithm.BUFFER_TREE;
  }

  /** The buffer tree's (a, b) for this M and B; empty when they admit none (refused before). */
  private Optional<Fanout> fanout() {
    try {
      return Optional.of(spec.fanout().resolve(
          TreeMemory.blocks(spec.m(), spec.options().bufferBytes())));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  public SortTrial(SortTrialSpec spec, ExternalSorter sorter) {
    this(spec, sorter, TempRegistry.none());
  }

  private SortTrial(SortTrialSpec spec, ExternalSorter sorter, TempRegistry temps) {
    this.spec = spec;
    this.sorter = sorter;
    this.temps = temps;
    this.output =
        spec.output()
            .orElseGet(
                () -> spec.dataDir().resolve("sort-output-" + ProcessHandle.current().pid()
                    + ".bin"));
    this.n = spec.input().isPresent() ? intsIn(spec.input().get()) : spec.n();
  }

  private static long intsIn(Path file) {
    try {
      return Streams.intCount(file);
    } catch (IOException e) {
      return -1; // reported when the run opens it
    }
  }

  @Override
  public String describe() {
    return "sort " + (inMemory() ? "in-memory " : bufferTree() ? "buffer-tree " : "")
        + spec.readType() + "/" + spec.writeType()
        + " N=" + (n < 0 ? "?" : n)
        + (inMemory() ? "" : " M=" + spec.m())
        + (inMemory() || bufferTree() ? "" : " d=" + spec.d())
        + (bufferTree() ? " fanout=" + fanout().map(Fanout::toString).orElse(spec.fanout().text())
            : " threads=" + spec.tuning().threads())
        + (usesB() ? " B=" + spec.options().bufferBytes() : "")
        + (spec.order() == org.secmem.data.SortOrder.DESCENDING ? " descending" : "")
        + (spec.online() ? " online, a key every " + spec.arrivalNanos() + " ns" : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    ResultRow.Builder row = ResultRow.builder()
        .set(ResultColumn.EXPERIMENT, Experiment.SORT.cliName())
        .set(ResultColumn.READ_STREAM, spec.readType().cliName())
        .set(ResultColumn.WRITE_STREAM, spec.writeType().cliName())
        .set(ResultColumn.N, n)
        .set(ResultColumn.B, usesB() ? Long.toString(spec.options().bufferBytes()) : null)
        .set(ResultColumn.M, spec.m())
        .set(ResultColumn.D, spec.d())
        .set(ResultColumn.ORDER, spec.order().cliName())
        .set(ResultColumn.PRESET, spec.preset())
        .set(ResultColumn.MERGER, spec.tuning().merger().cliName())
        .set(ResultColumn.RUN_SORT, spec.tuning().runSort().cliName())
        .set(ResultColumn.OVERLAP, spec.tuning().overlap())
        .set(ResultColumn.PARALLEL_MERGE, spec.tuning().parallelMerge())
        .set(ResultColumn.ACCESS, spec.tuning().blockIo() ? "block" : "int")
        .set(ResultColumn.THREADS, spec.tuning().threads())
        .set(ResultColumn.SHAPE, spec.input().isPresent() ? null : spec.shape().cliName())
        .set(ResultColumn.SEED, spec.input().isPresent() ? null : Long.toString(spec.seed()))
        .set(ResultColumn.INPUT, spec.input().map(Path::toString).orElse(null))
        .set(ResultColumn.INPUT_BYTES,
            spec.online() ? null : InputSize.of(List.of(spec.inputFile())))
        .set(ResultColumn.ALGORITHM, spec.algorithm().cliName())
        .set(ResultColumn.ARRIVAL_NS_PER_KEY,
            spec.online() ? Long.toString(spec.arrivalNanos()) : null)
        .set(ResultColumn.WORK_DIR, spec.workDirs().isEmpty() ? null : String.join(",",
            spec.workDirs().stream().map(Path::toString).toList()));
    if (inMemory()) {
      // M, d, the merger, overlap and the parallel merge do not apply: blank, so that charts
      // draw the baseline as a level line beside an M or d sweep. run_ints says what it held
      // (all N ints); run_sort says Arrays.sort (arrays) or Arrays.parallelSort (parallel).
      row.set(ResultColumn.M, (String) null)
          .set(ResultColumn.D, (String) null)
          .set(ResultColumn.MERGER, (String) null)
          .set(ResultColumn.RUN_SORT, InMemorySort.sortName(spec.tuning().threads()))
          .set(ResultColumn.OVERLAP, (String) null)
          .set(ResultColumn.PARALLEL_MERGE, (String) null);
    }
    if (bufferTree()) {
      // M and B make the tree; d and the merge sort's composition do not apply; one thread.
      Optional<Fanout> f = fanout();
      row.set(ResultColumn.D, (String) null)
          .set(ResultColumn.MERGER, (String) null)
          .set(ResultColumn.RUN_SORT, (String) null)
          .set(ResultColumn.OVERLAP, (String) null)
          .set(ResultColumn.PARALLEL_MERGE, (String) null)
          .set(ResultColumn.ACCESS, "block")
          .set(ResultColumn.THREADS, 1)
          .set(ResultColumn.B, Long.toString(spec.options().bufferBytes()))
          .set(ResultColumn.FANOUT_A, f.map(x -> Integer.toString(x.a())).orElse(null))
          .set(ResultColumn.FANOUT_B, f.map(x -> Integer.toString(x.b())).orElse(null));
    }
    return row;
  }

  /** Whether B changes anything: not for simple and buffered streams on both sides. */
  private boolean usesB() {
    return spec.readType().usesBufferSize() || spec.writeType().usesBufferSize()
        || spec.tuning().blockIo();
  }

  @Override
  public List<Path> inputs() {
    return spec.online() ? List.of() : List.of(spec.inputFile());
  }

  @Override
  public void prepare() throws IOException {
    if (spec.online()) {
      n = spec.n(); // generated on the clock, in run()
      return;
    }
    Path in = spec.inputFile();
    if (spec.input().isEmpty()
        && (!Files.isRegularFile(in) || Files.size(in) != spec.n() * Integer.BYTES)) {
      DataFiles.generate(in, spec.shape(), spec.n(), spec.seed(), temps);
    }
    n = Streams.intCount(in);
  }

  @Override
  public TrialOutcome run() throws IOException {
    Path input = spec.online() ? onlineInput() : spec.inputFile();
    SortSpec sortSpec = new SortSpec(input, output, spec.m(), spec.d(),
        spec.readType(), spec.writeType(), spec.options(), spec.order(), spec.workDirs());
    Arrivals arrivals = spec.online()
        ? new Arrivals(spec.shape(), spec.n(), spec.seed(), spec.arrivalNanos()) : null;
    if (sorter instanceof BufferTreeSort bts) {
      if (arrivals == null) {
        return treeOutcome(bts.sortCounted(sortSpec), -1);
      }
      return treeOutcome(bts.sortArriving(sortSpec, arrivals), arrivals.elapsedNanos());
    }
    long generateNanos = -1;
    if (arrivals != null) {
      // An offline sort must have every key before it starts: the keys are written to its input
      // as they arrive, and the sort begins after the last.
      writeArriving(arrivals, input);
      generateNanos = arrivals.elapsedNanos();
    }
    SortStats stats = sorter.sort(sortSpec);
    Map<ResultColumn, String> extra = new EnumMap<>(ResultColumn.class);
    if (generateNanos >= 0) {
      extra.put(ResultColumn.GENERATE_NS, Long.toString(generateNanos));
    }
    extra.put(ResultColumn.PASSES, Integer.toString(stats.passes()));
    extra.put(ResultColumn.RUNS, Long.toString(stats.runs()));
    SortMemory memory = stats.memory();
    if (memory != null) {
      extra.put(ResultColumn.RUN_INTS, Long.toString(memory.runInts()));
      extra.put(ResultColumn.RUN_WORKERS, Integer.toString(memory.workers()));
      extra.put(ResultColumn.MERGE_THREADS, Integer.toString(memory.mergeThreads()));
      if (memory.runs() > 1) {
        extra.put(ResultColumn.MERGE_B, Integer.toString(memory.mergeBufferBytes()));
      }
      extra.put(ResultColumn.MODEL_HEAP_BYTES, Long.toString(memory.requiredHeapBytes()));
    } else {
      // The in-memory sort: one run of all N ints, read by one thread.
      extra.put(ResultColumn.RUN_INTS, Long.toString(stats.ints()));
      extra.put(ResultColumn.RUN_WORKERS, "1");
      extra.put(ResultColumn.MODEL_HEAP_BYTES, Long.toString(InMemorySort.requiredHeapBytes(
          stats.ints(), spec.tuning().threads(), spec.options().bufferBytes(), spec.readType(),
          spec.writeType())));
    }
    if (stats.peakHeapBytes() >= 0) {
      extra.put(ResultColumn.PEAK_HEAP_BYTES, Long.toString(stats.peakHeapBytes()));
    }
    extra.put(ResultColumn.RUN_FORMATION_NS, Long.toString(stats.runFormationNanos()));
    extra.put(ResultColumn.MERGE_NS, Long.toString(stats.mergeNanos()));
    if (stats.runFormationCpuNanos() >= 0 && stats.mergeCpuNanos() >= 0) {
      extra.put(ResultColumn.RUN_FORMATION_CPU_NS, Long.toString(stats.runFormationCpuNanos()));
      extra.put(ResultColumn.MERGE_CPU_NS, Long.toString(stats.mergeCpuNanos()));
    }
    extra.put(ResultColumn.STREAM_READ_BYTES, Long.toString(stats.bytesRead()));
    extra.put(ResultColumn.STREAM_WRITE_BYTES, Long.toString(stats.bytesWritten()));
    putWorkTally(extra, stats);
    return new TrialOutcome(stats.ints(), stats.ints() * Integer.BYTES, stats.inputChecksum(),
        Optional.empty(), extra);
  }

  /**
   * A buffer-tree sort's row: the tree's counters and the time by activity of seed 004's
   * Figures 5–6; passes, runs and the merge sort's phase columns stay blank.
   */
  private static TrialOutcome treeOutcome(BufferTreeSort.Result r, long generateNanos) {
    SortStats stats = r.sort();
    TreeStats t = r.tree();
    Map<ResultColumn, String> extra = new EnumMap<>(ResultColumn.class);
    if (generateNanos >= 0) {
      extra.put(ResultColumn.GENERATE_NS, Long.toString(generateNanos));
    }
    extra.put(ResultColumn.TREE_HEIGHT, Integer.toString(t.height()));
    extra.put(ResultColumn.TREE_LEAVES, Long.toString(t.leaves()));
    extra.put(ResultColumn.BLOCK_PUSHES, Long.toString(t.blockPushes()));
    extra.put(ResultColumn.INTERNAL_EMPTYINGS, Long.toString(t.internalEmptyings()));
    extra.put(ResultColumn.LEAF_EMPTYINGS, Long.toString(t.leafEmptyings()));
    extra.put(ResultColumn.REBALANCES, Long.toString(t.rebalances()));
    extra.put(ResultColumn.BLOCKS_READ, Long.toString(t.blocksRead()));
    extra.put(ResultColumn.BLOCKS_WRITTEN, Long.toString(t.blocksWritten()));
    extra.put(ResultColumn.INSERT_NS, Long.toString(t.insertNanos()));
    extra.put(ResultColumn.INSERT_INTERNAL_NS, Long.toString(t.insertInternalNanos()));
    extra.put(ResultColumn.INSERT_LEAF_NS, Long.toString(t.insertLeafNanos()));
    extra.put(ResultColumn.FORCE_EMPTY_NS, Long.toString(t.forceEmptyNanos()));
    extra.put(ResultColumn.OUTPUT_NS, Long.toString(t.outputNanos()));
    extra.put(ResultColumn.MODEL_HEAP_BYTES, Long.toString(r.memory().requiredHeapBytes()));
    if (stats.peakHeapBytes() >= 0) {
      extra.put(ResultColumn.PEAK_HEAP_BYTES, Long.toString(stats.peakHeapBytes()));
    }
    extra.put(ResultColumn.STREAM_READ_BYTES, Long.toString(stats.bytesRead()));
    extra.put(ResultColumn.STREAM_WRITE_BYTES, Long.toString(stats.bytesWritten()));
    putWorkTally(extra, stats);
    return new TrialOutcome(stats.ints(), stats.ints() * Integer.BYTES, stats.inputChecksum(),
        Optional.empty(), extra);
  }

  /** Bytes written to and read from each work folder, in the order the folders were given. */
  private static void putWorkTally(Map<ResultColumn, String> extra, SortStats stats) {
    if (stats.workTally() == null) {
      return;
    }
    extra.put(ResultColumn.WORK_WRITE_BYTES, joined(stats.workTally().written()));
    extra.put(ResultColumn.WORK_READ_BYTES, joined(stats.workTally().read()));
  }

  private static String joined(List<Long> values) {
    return String.join("|", values.stream().map(String::valueOf).toList());
  }

  /** Where an online sort's arriving keys are written for a sort that needs them all first. */
  private Path onlineInput() {
    return spec.dataDir().resolve("sort-online-input-" + ProcessHandle.current().pid() + ".bin");
  }

  /** Writes the arriving keys, a block of B at a time, through the write stream. */
  private void writeArriving(Arrivals arrivals, Path file) throws IOException {
    int[] block = new int[Math.max(1, spec.options().bufferBytes() / Integer.BYTES)];
    temps.register(file);
    try (org.secmem.stream.WriteStream w =
        Streams.createWriter(spec.writeType(), file, spec.options())) {
      int got;
      while ((got = arrivals.next(block, block.length)) > 0) {
        w.write(block, 0, got);
      }
    }
  }

  /** Re-reads the output: in the asked order and the same values as the input. */
  @Override
  public Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    FileScan scan = DataFiles.scan(output, Optional.of(spec.order()));
    Checksum in = outcome.checksum();
    return Optional.of(scan.inOrder() && scan.checksum().sameAs(in));
  }

  @Override
  public OptionalLong predictedIos() {
    if (n < 0) {
      return OptionalLong.empty();
    }
    if (inMemory()) {
      return OptionalLong.of(CostModel.inMemoryBlockTransfers(n, spec.options().bufferBytes()));
    }
    if (bufferTree()) {
      int b = spec.options().bufferBytes();
      return OptionalLong.of(TreeStats.ioBound(n, TreeMemory.blockInts(b),
          TreeMemory.blocks(spec.m(), b)));
    }
    SortMemory plan;
    try {
      plan = SortMemory.plan(spec.tuning(), n, spec.m(), spec.d(),
          spec.options().bufferBytes(), spec.readType(), spec.writeType());
    } catch (org.secmem.sort.InsufficientMemoryException e) {
      return OptionalLong.empty(); // refused before it runs; nothing to predict
    }
    // Merges move blocks of merge_b, which the plan may have shrunk below B.
    return OptionalLong.of(CostModel.predictedBlockTransfers(n, plan.runInts(), spec.d(),
        spec.options().bufferBytes(), plan.mergeBufferBytes()));
  }

  @Override
  public void finish() throws IOException {
    if (spec.output().isEmpty()) {
      Files.deleteIfExists(output);
    }
    if (spec.online()) {
      Files.deleteIfExists(onlineInput());
      temps.release(onlineInput());
    }
  }
}
