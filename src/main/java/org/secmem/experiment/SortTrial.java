package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineJob;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.EngineStats;
import org.secmem.engine.EngineUnavailableException;
import org.secmem.engine.SortEngine;
import org.secmem.engine.SortEngines;
import org.secmem.fs.TempRegistry;
import org.secmem.report.ResultColumn;
import org.secmem.report.ResultRow;
import org.secmem.sort.CostModel;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.InMemorySort;
import org.secmem.sort.InsufficientMemoryException;
import org.secmem.sort.MergeSort;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortMemory;
import org.secmem.sort.SortSpec;
import org.secmem.sort.StreamFactory;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;
import org.secmem.units.Units;

/**
 * The sort experiment: one sort of one file — the external merge sort, or the in-memory baseline
 * ({@link InMemorySort}) — timed from the first read to the output moved into place. The output is
 * then re-read outside the clock and checked: in order, and the same multiset of values as the
 * input. Both algorithms fill the same columns; the {@code algorithm} column says which ran.
 *
 * <p>With another engine ({@link SortEngine}: Spark) the engine sorts on the clock; it is started
 * (or its running instance reused) in {@link #prepare()}, outside the clock, and stopped in {@link
 * #close()}. Its row leaves blank what did not run (stream types, B, d, the merge sort's
 * composition) and records what the engine reports.
 */
public final class SortTrial implements Trial {

  private final SortTrialSpec spec;

  /** secmem's own sort; null when another engine sorts. */
  private final ExternalSorter sorter;

  /** Another engine; null for secmem's own. */
  private final SortEngine engine;

  /** Nanoseconds the engine took to start before the coming run (0: reused). */
  private long engineStartNanos;

  /** The input's checksum for another engine's output check, and the file state it is of. */
  private Checksum inputChecksum;

  private String inputChecksumOf;
  private final Path output;
  private long n;

  /** Told about the temporary of a generated input, so that an interrupt removes it. */
  private final TempRegistry temps;

  /** The output a run replaces, kept alive until the clock has stopped. */
  private final PreviousOutput previousOutput;

  /** A trial of the spec's algorithm, composed as the spec says, or of the spec's engine. */
  public SortTrial(SortTrialSpec spec, TempRegistry temps) {
    this(
        spec,
        spec.otherEngine() ? null : sorterFor(spec, temps),
        spec.otherEngine() ? engineFor(spec) : null,
        temps);
  }

  /** A trial of another engine: {@code engine} sorts (tests give one of their own). */
  public SortTrial(SortTrialSpec spec, SortEngine engine, TempRegistry temps) {
    this(spec, null, engine, temps);
    if (!spec.otherEngine()) {
      throw new IllegalArgumentException("the spec names secmem's own sort, not an engine");
    }
  }

  private static SortEngine engineFor(SortTrialSpec spec) {
    try {
      return SortEngines.load(spec.engine());
    } catch (EngineUnavailableException e) {
      // The command line and parameter files check this before anything runs.
      throw new IllegalStateException(e.getMessage(), e);
    }
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
      return Optional.of(
          spec.fanout().resolve(TreeMemory.blocks(spec.m(), spec.options().bufferBytes())));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  public SortTrial(SortTrialSpec spec, ExternalSorter sorter) {
    this(spec, sorter, null, TempRegistry.none());
  }

  private SortTrial(
      SortTrialSpec spec, ExternalSorter sorter, SortEngine engine, TempRegistry temps) {
    this.spec = spec;
    this.sorter = sorter;
    this.engine = engine;
    this.temps = temps;
    this.previousOutput = new PreviousOutput(temps);
    this.output =
        spec.output()
            .orElseGet(
                () ->
                    spec.dataDir()
                        .resolve("sort-output-" + ProcessHandle.current().pid() + ".bin"));
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
    if (engine != null) {
      return "sort "
          + spec.engine()
          + " "
          + master()
          + ", N="
          + (n < 0 ? "?" : Units.ints(n))
          + (spec.engineSettings().memoryInts().isPresent() ? ", M=" + Units.ints(spec.m()) : "")
          + spec.engineSettings().partitions().stream()
              .mapToObj(p -> ", partitions=" + p)
              .findFirst()
              .orElse("")
          + (spec.order() == SortOrder.DESCENDING ? ", descending" : "");
    }
    return "sort "
        + (inMemory() ? "in-memory " : bufferTree() ? "buffer-tree " : "")
        + spec.readType()
        + "/"
        + spec.writeType()
        + ", N="
        + (n < 0 ? "?" : Units.ints(n))
        + (inMemory() ? "" : ", M=" + Units.ints(spec.m()))
        + (inMemory() || bufferTree() ? "" : ", d=" + spec.d())
        + (bufferTree()
            ? ", fanout=" + fanout().map(Fanout::toString).orElse(spec.fanout().text())
            : ", threads=" + spec.tuning().threads())
        + (usesB() ? ", B=" + Units.bytes(spec.options().bufferBytes()) : "")
        + (spec.order() == SortOrder.DESCENDING ? ", descending" : "")
        + (spec.online() ? ", online, a key every " + spec.arrivalNanos() + " ns" : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    ResultRow.Builder row =
        ResultRow.builder()
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
            .set(
                ResultColumn.INPUT_BYTES,
                spec.online() ? null : InputSize.of(List.of(spec.inputFile())))
            .set(ResultColumn.ALGORITHM, spec.algorithm().cliName())
            .set(
                ResultColumn.ARRIVAL_NS_PER_KEY,
                spec.online() ? Long.toString(spec.arrivalNanos()) : null)
            .set(
                ResultColumn.WORK_DIR,
                spec.workDirs().isEmpty()
                    ? null
                    : String.join(",", spec.workDirs().stream().map(Path::toString).toList()))
            .set(ResultColumn.ENGINE, spec.engine());
    if (engine != null) {
      return engineConfiguration(row);
    }
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

  /**
   * Another engine's row: what the command chose (master, partitions, its settings, M when given);
   * the stream types, B, d and the merge sort's composition did not run, so they stay blank.
   */
  private ResultRow.Builder engineConfiguration(ResultRow.Builder row) {
    EngineSettings s = spec.engineSettings();
    for (ResultColumn c :
        List.of(
            ResultColumn.READ_STREAM,
            ResultColumn.WRITE_STREAM,
            ResultColumn.B,
            ResultColumn.D,
            ResultColumn.PRESET,
            ResultColumn.MERGER,
            ResultColumn.RUN_SORT,
            ResultColumn.OVERLAP,
            ResultColumn.PARALLEL_MERGE,
            ResultColumn.ACCESS,
            ResultColumn.ALGORITHM,
            ResultColumn.THREADS)) {
      row.set(c, (String) null);
    }
    return row.set(ResultColumn.M, s.memoryInts().isPresent() ? Long.toString(spec.m()) : null)
        .set(ResultColumn.MASTER, master())
        .set(
            ResultColumn.PARTITIONS,
            s.partitions().isPresent() ? Integer.toString(s.partitions().getAsInt()) : null)
        .set(
            ResultColumn.ENGINE_CONF,
            s.conf().isEmpty()
                ? null
                : String.join(
                    " ",
                    s.conf().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .toList()));
  }

  /**
   * Where another engine runs, as the row records it: the master given, else the one {@code
   * spark-submit} set, else every core of this machine. (The cores it had are in {@code threads}.)
   * The same before and after the run, so that a resumed batch finds the row.
   */
  private String master() {
    return spec.engineSettings().master().orElse(System.getProperty("spark.master", "local[*]"));
  }

  /** Whether B changes anything: not for simple and buffered streams on both sides. */
  private boolean usesB() {
    return spec.readType().usesBufferSize()
        || spec.writeType().usesBufferSize()
        || spec.tuning().blockIo();
  }

  @Override
  public List<Path> inputs() {
    return spec.online() ? List.of() : List.of(spec.inputFile());
  }

  @Override
  public void prepare() throws IOException {
    // The previous repetition's output (or a file the user named) is replaced by this run: freed
    // after the run, not inside its clock.
    previousOutput.hold(output);
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
    if (engine != null) {
      prepareEngine(in);
    }
  }

  /**
   * Untimed, after the input: its checksum for the output check (secmem's own sorts compute it as
   * they read; another engine is not asked to), and the engine started.
   */
  private void prepareEngine(Path in) throws IOException {
    String state =
        in.toAbsolutePath() + "|" + Files.size(in) + "|" + Files.getLastModifiedTime(in).toMillis();
    if (!state.equals(inputChecksumOf)) {
      inputChecksum = DataFiles.scan(in, Optional.empty()).checksum();
      inputChecksumOf = state;
    }
    if (spec.output().isEmpty()) {
      Files.createDirectories(output.toAbsolutePath().getParent()); // the scratch output's
    }
    engineStartNanos = engine.start(spec.engineSettings());
  }

  /** Another engine's run: its sort on the clock, and the figures it reports. */
  private TrialOutcome engineRun() throws IOException {
    EngineStats s =
        engine.sort(
            new EngineJob(
                spec.inputFile(),
                output,
                spec.order(),
                spec.options().sync(),
                spec.engineSettings(),
                temps));
    TrialOutcome outcome = SortOutcomes.engine(s, engineStartNanos, inputChecksum);
    engineStartNanos = 0;
    return outcome;
  }

  @Override
  public List<Path> workFolders() {
    return spec.workDirs().isEmpty()
        ? List.of(output.toAbsolutePath().getParent())
        : spec.workDirs();
  }

  @Override
  public TrialOutcome run() throws IOException {
    if (engine != null) {
      return engineRun();
    }
    Path input = spec.online() ? onlineInput() : spec.inputFile();
    SortSpec sortSpec =
        new SortSpec(
            input,
            output,
            spec.m(),
            spec.d(),
            spec.readType(),
            spec.writeType(),
            spec.options(),
            spec.order(),
            spec.workDirs());
    Arrivals arrivals =
        spec.online()
            ? new Arrivals(spec.shape(), spec.n(), spec.seed(), spec.arrivalNanos())
            : null;
    if (sorter instanceof BufferTreeSort bts) {
      if (arrivals == null) {
        return SortOutcomes.tree(bts.sortCounted(sortSpec), -1);
      }
      return SortOutcomes.tree(bts.sortArriving(sortSpec, arrivals), arrivals.elapsedNanos());
    }
    long generateNanos = -1;
    if (arrivals != null) {
      // An offline sort must have every key before it starts: the keys are written to its input
      // as they arrive, and the sort begins after the last.
      writeArriving(arrivals, input);
      generateNanos = arrivals.elapsedNanos();
    }
    return SortOutcomes.merge(sorter.sort(sortSpec), generateNanos, spec);
  }

  /** Where an online sort's arriving keys are written for a sort that needs them all first. */
  private Path onlineInput() {
    return spec.dataDir().resolve("sort-online-input-" + ProcessHandle.current().pid() + ".bin");
  }

  /** Writes the arriving keys, a block of B at a time, through the write stream. */
  private void writeArriving(Arrivals arrivals, Path file) throws IOException {
    int[] block = new int[Math.max(1, spec.options().bufferBytes() / Integer.BYTES)];
    temps.register(file);
    try (WriteStream w = Streams.createWriter(spec.writeType(), file, spec.options())) {
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
    if (n < 0 || engine != null) {
      return OptionalLong.empty();
    }
    if (inMemory()) {
      return OptionalLong.of(CostModel.inMemoryBlockTransfers(n, spec.options().bufferBytes()));
    }
    if (bufferTree()) {
      int b = spec.options().bufferBytes();
      return OptionalLong.of(
          TreeStats.ioBound(n, TreeMemory.blockInts(b), TreeMemory.blocks(spec.m(), b)));
    }
    SortMemory plan;
    try {
      plan =
          SortMemory.plan(
              spec.tuning(),
              n,
              spec.m(),
              spec.d(),
              spec.options().bufferBytes(),
              spec.readType(),
              spec.writeType());
    } catch (InsufficientMemoryException e) {
      return OptionalLong.empty(); // refused before it runs; nothing to predict
    }
    // Merges move blocks of merge_b, which the plan may have shrunk below B.
    return OptionalLong.of(
        CostModel.predictedBlockTransfers(
            n, plan.runInts(), spec.d(), spec.options().bufferBytes(), plan.mergeBufferBytes()));
  }

  @Override
  public void finish() throws IOException {
    previousOutput.release();
    if (spec.output().isEmpty()) {
      Files.deleteIfExists(output);
    }
    if (spec.online()) {
      Files.deleteIfExists(onlineInput());
      temps.release(onlineInput());
    }
  }

  /** Stops another engine (a Spark context) when the batch is over. */
  @Override
  public void close() {
    if (engine != null) {
      engine.close();
    }
  }
}
