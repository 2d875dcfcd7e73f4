package org.secmem.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;

/**
 * What a sort sorts and where, the same whichever algorithm or engine sorts it.
 *
 * @param input the file to sort; empty to generate one of {@code n} ints of {@code shape}
 * @param output where the sorted file goes; empty for a scratch file removed after the runs
 * @param n ints to generate when there is no input file (0 with one)
 * @param shape the shape of generated keys
 * @param seed the generator's seed
 * @param order ascending or descending
 * @param sync whether the output (and every stream's writes) are forced to storage
 * @param dataDir where generated inputs and scratch outputs live
 * @param workDirs where temporary files go, spread over the folders in turn (several disks); empty
 *     for a folder beside the output
 * @param arrivalNanos 0: the input file exists before the clock starts; more: online sorting, the
 *     generated keys arrive one every so many nanoseconds on the clock (seed 004 Figure 7)
 */
public record SortData(
    Optional<Path> input,
    Optional<Path> output,
    long n,
    Shape shape,
    long seed,
    SortOrder order,
    boolean sync,
    Path dataDir,
    List<Path> workDirs,
    long arrivalNanos) {

  /** The most nanoseconds between two arriving keys: a millisecond. */
  public static final long MAX_ARRIVAL_NANOS = 1_000_000;

  public SortData {
    if (input == null || output == null || shape == null || order == null || dataDir == null) {
      throw new IllegalArgumentException("input, output, shape, order and dataDir must be given");
    }
    workDirs = List.copyOf(workDirs);
    if (n < 0) {
      throw new IllegalArgumentException("n (" + n + ") must be >= 0");
    }
    if (arrivalNanos < 0 || arrivalNanos > MAX_ARRIVAL_NANOS) {
      throw new IllegalArgumentException(
          "arrivalNanos (" + arrivalNanos + ") must be between 0 and " + MAX_ARRIVAL_NANOS);
    }
    if (arrivalNanos > 0 && input.isPresent()) {
      throw new IllegalArgumentException("online sorting generates its keys: no input file");
    }
  }

  /** The data of a sort measured with {@code settings}: their seed and sync. */
  public static SortData of(
      Optional<Path> input,
      Optional<Path> output,
      long n,
      Shape shape,
      SortOrder order,
      RunSettings settings,
      Path dataDir,
      List<Path> workDirs,
      long arrivalNanos) {
    return new SortData(
        input,
        output,
        n,
        shape,
        settings.seed(),
        order,
        settings.sync(),
        dataDir,
        workDirs,
        arrivalNanos);
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
