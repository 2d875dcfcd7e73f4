package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.secmem.data.Checksum;
import org.secmem.data.DataFiles;
import org.secmem.data.FileScan;
import org.secmem.data.SortOrder;
import org.secmem.engine.SortEngine;
import org.secmem.fs.Ownership;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.sort.ExternalSorter;
import org.secmem.stream.Streams;
import org.secmem.units.Units;

/**
 * The sort experiment: one sort of one file by the spec's {@link SortMethod} — the external merge
 * sort, the in-memory baseline, the buffer tree or another engine — timed from the first read to
 * the output moved into place. The output is then re-read outside the clock and checked: in order,
 * and the same multiset of values as the input. The data's columns are filled here, the method's by
 * the method ({@link SortMethod#configure}); the {@code algorithm} and {@code engine} columns say
 * which ran.
 *
 * <p>What sorts is the method's {@link SortRunner}: this class has no branch per algorithm or
 * engine. The runner prepares what it needs outside the clock (another engine is started, or its
 * running instance reused), sorts on the clock, and is closed when the batch is over. A row of
 * another engine leaves blank what did not run (stream types, B, d, the merge sort's composition)
 * and records what the engine reports.
 */
public final class SortTrial implements Trial {

  private final SortTrialSpec spec;

  /** What is sorted and where. */
  private final SortData data;

  /** What sorts: the method's runner. */
  private final SortRunner runner;

  private final Path output;
  private long n;

  /** Told about the temporary of a generated input, so that an interrupt removes it. */
  private final TempRegistry temps;

  /** The output a run replaces, kept alive until the clock has stopped. */
  private final PreviousOutput previousOutput;

  /** A trial of the spec's method: its algorithm, composed as the spec says, or its engine. */
  public SortTrial(SortTrialSpec spec, TempRegistry temps) {
    this(spec, temps, output -> spec.method().runner(spec.data(), output, temps));
  }

  /** A trial of another engine: {@code engine} sorts (tests give one of their own). */
  public SortTrial(SortTrialSpec spec, SortEngine engine, TempRegistry temps) {
    this(spec, temps, output -> engineMethod(spec).runner(engine, spec.data(), output, temps));
  }

  /** A trial of secmem's own sort of the spec, run by {@code sorter} (tests give their own). */
  public SortTrial(SortTrialSpec spec, ExternalSorter sorter) {
    this(
        spec,
        TempRegistry.none(),
        output -> ownMethod(spec).runner(sorter, spec.data(), output, TempRegistry.none()));
  }

  private static EngineMethod engineMethod(SortTrialSpec spec) {
    if (spec.method() instanceof EngineMethod e) {
      return e;
    }
    throw new IllegalArgumentException("the spec names secmem's own sort, not an engine");
  }

  private static OwnSort ownMethod(SortTrialSpec spec) {
    if (spec.method() instanceof OwnSort own) {
      return own;
    }
    throw new IllegalArgumentException("the spec names another engine, not secmem's own sort");
  }

  private SortTrial(
      SortTrialSpec spec, TempRegistry temps, Function<Path, SortRunner> runnerForOutput) {
    this.spec = spec;
    this.data = spec.data();
    this.temps = temps;
    this.previousOutput = new PreviousOutput(temps);
    this.output = data.output().orElseGet(() -> SortRunner.scratch(data, "sort-output"));
    this.n = data.input().isPresent() ? intsIn(data.input().get()) : data.n();
    this.runner = runnerForOutput.apply(output);
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
        + spec.method().describe(n < 0 ? "?" : Units.typedInts(n))
        + (data.order() == SortOrder.DESCENDING ? ", descending" : "")
        + (data.online() ? ", online, a key every " + data.arrivalNanos() + " ns" : "");
  }

  @Override
  public ResultRow.Builder configuration() {
    ResultRow.Builder row =
        ResultRow.builder(spec.method().rowKind())
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
    runner.prepare(in);
  }

  @Override
  public List<Path> workFolders() {
    return data.workDirs().isEmpty()
        ? List.of(output.toAbsolutePath().getParent())
        : data.workDirs();
  }

  @Override
  public TrialOutcome run() throws IOException {
    return runner.run();
  }

  /** Re-reads the output: in the asked order and the same values as the input. */
  @Override
  public Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    FileScan scan = DataFiles.scan(output, Optional.of(data.order()));
    Checksum in = outcome.checksum();
    return Optional.of(scan.inOrder() && scan.checksum().sameAs(in));
  }

  /** One pass over its ints (as for another engine: no pass count), and their arrival. */
  @Override
  public double secondsAtLeast() {
    return n < 0
        ? 0
        : n * (double) data.arrivalNanos() / 1e9 + TimeEstimate.sortSeconds(n, Math.max(1, n), 2);
  }

  @Override
  public OptionalLong predictedIos() {
    return n < 0 ? OptionalLong.empty() : spec.method().predictedIos(n);
  }

  @Override
  public void finish() throws IOException {
    previousOutput.release();
    if (data.output().isEmpty()) {
      Ownership.discardTemporary(output); // this process's scratch name (SortRunner.scratch)
    }
    runner.finish();
  }

  /** Closes the runner (another engine's context in this JVM) when the batch is over. */
  @Override
  public void close() {
    runner.close();
  }
}
