package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.buffertree.BufferTreeSort;
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
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.sort.ExternalSorter;
import org.secmem.sort.SortSpec;
import org.secmem.stream.Streams;
import org.secmem.stream.WriteStream;
import org.secmem.units.Units;

/**
 * The sort experiment: one sort of one file by the spec's {@link SortMethod} — the external merge
 * sort, the in-memory baseline, the buffer tree or another engine — timed from the first read to
 * the output moved into place. The output is then re-read outside the clock and checked: in order,
 * and the same multiset of values as the input. The data's columns are filled here, the method's by
 * the method ({@link SortMethod#configure}); the {@code algorithm} column says which ran.
 *
 * <p>With another engine ({@link SortEngine}) the engine sorts on the clock; it is started (or its
 * running instance reused) in {@link #prepare()}, outside the clock, and stopped in {@link
 * #close()}. Its row leaves blank what did not run (stream types, B, d, the merge sort's
 * composition) and records what the engine reports.
 */
public final class SortTrial implements Trial {

  private final SortTrialSpec spec;

  /** What is sorted and where. */
  private final SortData data;

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
        spec.method() instanceof OwnSort own ? own.sorter(temps) : null,
        spec.method() instanceof EngineMethod e ? engineFor(e) : null,
        temps);
  }

  /** A trial of another engine: {@code engine} sorts (tests give one of their own). */
  public SortTrial(SortTrialSpec spec, SortEngine engine, TempRegistry temps) {
    this(spec, null, engine, temps);
    if (!(spec.method() instanceof EngineMethod)) {
      throw new IllegalArgumentException("the spec names secmem's own sort, not an engine");
    }
  }

  private static SortEngine engineFor(EngineMethod method) {
    try {
      return SortEngines.load(method.engine());
    } catch (EngineUnavailableException e) {
      // The command line and parameter files check this before anything runs.
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** A trial of secmem's own sort of the spec, run by {@code sorter} (tests give their own). */
  public SortTrial(SortTrialSpec spec, ExternalSorter sorter) {
    this(spec, sorter, null, TempRegistry.none());
    if (!(spec.method() instanceof OwnSort)) {
      throw new IllegalArgumentException("the spec names another engine, not secmem's own sort");
    }
  }

  private SortTrial(
      SortTrialSpec spec, ExternalSorter sorter, SortEngine engine, TempRegistry temps) {
    this.spec = spec;
    this.data = spec.data();
    this.sorter = sorter;
    this.engine = engine;
    this.temps = temps;
    this.previousOutput = new PreviousOutput(temps);
    this.output =
        data.output()
            .orElseGet(
                () ->
                    data.dataDir()
                        .resolve("sort-output-" + ProcessHandle.current().pid() + ".bin"));
    this.n = data.input().isPresent() ? intsIn(data.input().get()) : data.n();
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
    return "sort "
        + spec.method().describe(n < 0 ? "?" : Units.ints(n))
        + (data.order() == SortOrder.DESCENDING ? ", descending" : "")
        + (data.online() ? ", online, a key every " + data.arrivalNanos() + " ns" : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    ResultRow.Builder row =
        ResultRow.builder()
            .set(ResultColumn.EXPERIMENT, Experiment.SORT.cliName())
            .set(ResultColumn.N, n)
            .set(ResultColumn.ORDER, data.order().cliName())
            .set(ResultColumn.SHAPE, data.input().isPresent() ? null : data.shape().cliName())
            .set(ResultColumn.SEED, data.input().isPresent() ? null : Long.toString(data.seed()))
            .set(ResultColumn.INPUT, data.input().map(Path::toString).orElse(null))
            .set(
                ResultColumn.INPUT_BYTES,
                data.online() ? null : InputSize.of(List.of(data.inputFile())))
            .set(
                ResultColumn.ARRIVAL_NS_PER_KEY,
                data.online() ? Long.toString(data.arrivalNanos()) : null)
            .set(
                ResultColumn.WORK_DIR,
                data.workDirs().isEmpty()
                    ? null
                    : String.join(",", data.workDirs().stream().map(Path::toString).toList()))
            .set(ResultColumn.ENGINE, spec.method().engine());
    spec.method().configure(row);
    return row;
  }

  @Override
  public List<Path> inputs() {
    return data.online() ? List.of() : List.of(data.inputFile());
  }

  @Override
  public void prepare() throws IOException {
    // The previous repetition's output (or a file the user named) is replaced by this run: freed
    // after the run, not inside its clock.
    previousOutput.hold(output);
    if (data.online()) {
      n = data.n(); // generated on the clock, in run()
      return;
    }
    Path in = data.inputFile();
    if (data.input().isEmpty()
        && (!Files.isRegularFile(in) || Files.size(in) != data.n() * Integer.BYTES)) {
      DataFiles.generate(in, data.shape(), data.n(), data.seed(), temps);
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
    if (data.output().isEmpty()) {
      Files.createDirectories(output.toAbsolutePath().getParent()); // the scratch output's
    }
    engineStartNanos = engine.start(engineSettings());
  }

  /** Another engine's settings (a trial with an engine has an {@link EngineMethod}). */
  private EngineSettings engineSettings() {
    return ((EngineMethod) spec.method()).settings();
  }

  /** Another engine's run: its sort on the clock, and the figures it reports. */
  private TrialOutcome engineRun() throws IOException {
    EngineStats s =
        engine.sort(
            new EngineJob(
                data.inputFile(), output, data.order(), data.sync(), engineSettings(), temps));
    TrialOutcome outcome = SortOutcomes.engine(s, engineStartNanos, inputChecksum);
    engineStartNanos = 0;
    return outcome;
  }

  @Override
  public List<Path> workFolders() {
    return data.workDirs().isEmpty()
        ? List.of(output.toAbsolutePath().getParent())
        : data.workDirs();
  }

  @Override
  public TrialOutcome run() throws IOException {
    if (engine != null) {
      return engineRun();
    }
    OwnSort own = (OwnSort) spec.method();
    Path input = data.online() ? onlineInput() : data.inputFile();
    SortSpec sortSpec = own.sortSpec(input, output, data);
    Arrivals arrivals =
        data.online()
            ? new Arrivals(data.shape(), data.n(), data.seed(), data.arrivalNanos())
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
      writeArriving(arrivals, input, own);
      generateNanos = arrivals.elapsedNanos();
    }
    return SortOutcomes.merge(sorter.sort(sortSpec), generateNanos, own);
  }

  /** Where an online sort's arriving keys are written for a sort that needs them all first. */
  private Path onlineInput() {
    return data.dataDir().resolve("sort-online-input-" + ProcessHandle.current().pid() + ".bin");
  }

  /** Writes the arriving keys, a block of B at a time, through the write stream. */
  private void writeArriving(Arrivals arrivals, Path file, OwnSort own) throws IOException {
    int[] block = new int[Math.max(1, own.bufferBytes() / Integer.BYTES)];
    temps.register(file);
    try (WriteStream w = Streams.createWriter(own.writeType(), file, own.options(data.sync()))) {
      int got;
      while ((got = arrivals.next(block, block.length)) > 0) {
        w.write(block, 0, got);
      }
    }
  }

  /** Re-reads the output: in the asked order and the same values as the input. */
  @Override
  public Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    FileScan scan = DataFiles.scan(output, Optional.of(data.order()));
    Checksum in = outcome.checksum();
    return Optional.of(scan.inOrder() && scan.checksum().sameAs(in));
  }

  @Override
  public OptionalLong predictedIos() {
    return n < 0 || engine != null ? OptionalLong.empty() : spec.method().predictedIos(n);
  }

  @Override
  public void finish() throws IOException {
    previousOutput.release();
    if (data.output().isEmpty()) {
      Files.deleteIfExists(output);
    }
    if (data.online()) {
      Files.deleteIfExists(onlineInput());
      temps.release(onlineInput());
    }
  }

  /** Stops another engine (its context in this JVM) when the batch is over. */
  @Override
  public void close() {
    if (engine != null) {
      engine.close();
    }
  }
}
