package org.secmem.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.SortEngines;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * One configuration of the sort experiment.
 *
 * @param input the file to sort; empty to generate one of {@code n} ints of {@code shape}
 * @param output where the sorted file goes; empty for a scratch file removed after the runs
 * @param n ints to generate when there is no input file
 * @param dataDir where generated inputs and scratch outputs live
 * @param workDirs where the sort's temporary runs go, spread over the folders in turn (several
 *     disks); empty for a folder beside the output
 * @param tuning the composition of the sort's parts
 * @param preset what the row calls the composition: classic, fast or custom
 * @param algorithm the merge sort, the in-memory baseline (which uses of M, d and the tuning only
 *     its access and threads), or the buffer-tree sort (M, B and the fanout; no d or tuning)
 * @param fanout the buffer tree's (a, b) rule; ignored by the other algorithms
 * @param arrivalNanos 0: the input file exists before the clock starts; more: online sorting, the
 *     generated keys arrive one every so many nanoseconds on the clock (seed 004 Figure 7)
 * @param engine which engine sorts: {@code secmem} (every field above applies) or another, {@code
 *     spark}, which takes the input, output, order, sync, work folders and, when {@code
 *     memoryGiven}, M, and ignores the stream types, B, d, the tuning and the algorithm
 * @param engineSettings how another engine runs (master, M when given, partitions, its own
 *     settings, and the same work folders as {@code workDirs}); the defaults for secmem's own
 */
public record SortTrialSpec(
    Optional<Path> input,
    Optional<Path> output,
    long n,
    Shape shape,
    long seed,
    long m,
    int d,
    StreamType readType,
    StreamType writeType,
    StreamOptions options,
    SortOrder order,
    Path dataDir,
    List<Path> workDirs,
    SortTuning tuning,
    String preset,
    SortAlgorithm algorithm,
    FanoutRule fanout,
    long arrivalNanos,
    String engine,
    EngineSettings engineSettings) {

  /** The most nanoseconds between two arriving keys: a millisecond. */
  public static final long MAX_ARRIVAL_NANOS = 1_000_000;

  /** A configuration of secmem's own sort. */
  public SortTrialSpec(
      Optional<Path> input,
      Optional<Path> output,
      long n,
      Shape shape,
      long seed,
      long m,
      int d,
      StreamType readType,
      StreamType writeType,
      StreamOptions options,
      SortOrder order,
      Path dataDir,
      List<Path> workDirs,
      SortTuning tuning,
      String preset,
      SortAlgorithm algorithm,
      FanoutRule fanout,
      long arrivalNanos) {
    this(
        input,
        output,
        n,
        shape,
        seed,
        m,
        d,
        readType,
        writeType,
        options,
        order,
        dataDir,
        workDirs,
        tuning,
        preset,
        algorithm,
        fanout,
        arrivalNanos,
        SortEngines.SECMEM,
        EngineSettings.defaults());
  }

  /** An offline configuration: the input exists before the clock starts. */
  public SortTrialSpec(
      Optional<Path> input,
      Optional<Path> output,
      long n,
      Shape shape,
      long seed,
      long m,
      int d,
      StreamType readType,
      StreamType writeType,
      StreamOptions options,
      SortOrder order,
      Path dataDir,
      Optional<Path> workDir,
      SortTuning tuning,
      String preset,
      SortAlgorithm algorithm,
      FanoutRule fanout) {
    this(
        input,
        output,
        n,
        shape,
        seed,
        m,
        d,
        readType,
        writeType,
        options,
        order,
        dataDir,
        workDir.map(List::of).orElse(List.of()),
        tuning,
        preset,
        algorithm,
        fanout,
        0);
  }

  /** A configuration of the merge sort. */
  public SortTrialSpec(
      Optional<Path> input,
      Optional<Path> output,
      long n,
      Shape shape,
      long seed,
      long m,
      int d,
      StreamType readType,
      StreamType writeType,
      StreamOptions options,
      SortOrder order,
      Path dataDir,
      Optional<Path> workDir,
      SortTuning tuning,
      String preset) {
    this(
        input,
        output,
        n,
        shape,
        seed,
        m,
        d,
        readType,
        writeType,
        options,
        order,
        dataDir,
        workDir,
        tuning,
        preset,
        SortAlgorithm.MERGE,
        FanoutRule.DEFAULT);
  }

  public SortTrialSpec {
    workDirs = List.copyOf(workDirs);
    if (algorithm == null || fanout == null) {
      throw new IllegalArgumentException("algorithm and fanout must be given");
    }
    if (m < 1) {
      throw new IllegalArgumentException("m (" + m + ") must be >= 1");
    }
    if (d < 2) {
      throw new IllegalArgumentException("d (" + d + ") must be >= 2");
    }
    if (tuning == null) {
      throw new IllegalArgumentException("tuning must be given");
    }
    if (n < 0) {
      throw new IllegalArgumentException("n (" + n + ") must be >= 0");
    }
    if (arrivalNanos < 0 || arrivalNanos > MAX_ARRIVAL_NANOS) {
      throw new IllegalArgumentException(
          "arrivalNanos (" + arrivalNanos + ") must be between 0" + " and " + MAX_ARRIVAL_NANOS);
    }
    if (arrivalNanos > 0 && input.isPresent()) {
      throw new IllegalArgumentException("online sorting generates its keys: no input file");
    }
    if (engine == null || engineSettings == null) {
      throw new IllegalArgumentException("engine and engineSettings must be given");
    }
    if (!engine.equals(SortEngines.SECMEM) && !engineSettings.workDirs().equals(workDirs)) {
      throw new IllegalArgumentException("the engine's work folders must be the spec's");
    }
    if (!engine.equals(SortEngines.SECMEM) && arrivalNanos > 0) {
      throw new IllegalArgumentException("online sorting is secmem's own: not with " + engine);
    }
  }

  /** Whether an engine other than secmem's own sorts. */
  public boolean otherEngine() {
    return !engine.equals(SortEngines.SECMEM);
  }

  /** Whether the keys arrive on the clock (online sorting) rather than from a file made before. */
  public boolean online() {
    return arrivalNanos > 0;
  }

  /** The input file: as given, or the generated one for n, shape and seed. */
  public Path inputFile() {
    return input.orElseGet(
        () -> dataDir.resolve(GeneratedInputs.sortInputName(n, shape.cliName(), seed)));
  }
}
