package org.secmem.param;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.admission.Request;
import org.secmem.buffertree.FanoutRule;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortTuning;
import org.secmem.stream.StreamType;

/**
 * One configuration read from a parameter file, checked and ready to run: a single value for every
 * parameter (a row with lists or ranges gives one of these per combination).
 *
 * @param source the parameter file
 * @param line the line it came from
 * @param stream the stream type, for write and read
 * @param readStream the read stream type, for sort
 * @param writeStream the write stream type, for sort
 * @param n ints per file (write, read) or ints to generate as sort input (when no input file)
 * @param k streams, for write and read
 * @param b buffer bytes B
 * @param m ints in memory, for sort
 * @param d merge fan-in, for sort
 * @param shape shape of generated sort input
 * @param input sort input file, when given
 * @param output sort output file, when given
 * @param order sort order
 * @param dir folder of the write/read data files
 * @param tuning the sort's composition; null for write and read
 * @param preset the sort preset's name (classic, fast, custom); empty for write and read
 * @param algorithm the sort's algorithm (merge, in-memory or buffer-tree); null for write and read
 * @param fanout the buffer tree's (a, b) rule; null for write and read
 * @param arrivalNanos sort: 0, or online sorting's nanoseconds between two arriving keys
 * @param workDirs sort: the work folders; empty for one beside the output
 * @param engine sort: {@code secmem} (its own) or another engine, {@code spark}
 * @param engineSettings sort with another engine: master, M when given, partitions, settings
 * @param request what {@link org.secmem.admission.Admission} judges of it before anything runs;
 *     null for another engine, which judges its own settings
 * @param memoryLimit the memory cgroup (bytes) its forks are measured in ({@code memory_limit});
 *     empty for the command line's {@code --memory-limit}, or none
 */
public record RunConfig(
    Path source,
    long line,
    Experiment experiment,
    StreamType stream,
    StreamType readStream,
    StreamType writeStream,
    long n,
    int k,
    int b,
    long m,
    int d,
    Shape shape,
    Optional<Path> input,
    Optional<Path> output,
    SortOrder order,
    Path dir,
    RunSettings settings,
    SortTuning tuning,
    String preset,
    SortAlgorithm algorithm,
    FanoutRule fanout,
    long arrivalNanos,
    List<Path> workDirs,
    String engine,
    EngineSettings engineSettings,
    Request request,
    OptionalLong memoryLimit) {

  public RunConfig {
    memoryLimit = memoryLimit == null ? OptionalLong.empty() : memoryLimit;
    workDirs = workDirs == null ? List.of() : List.copyOf(workDirs);
    engine = engine == null ? SortEngines.SECMEM : engine;
    engineSettings = engineSettings == null ? EngineSettings.defaults() : engineSettings;
  }

  /** A configuration of write, read or secmem's own sort. */
  public RunConfig(
      Path source,
      long line,
      Experiment experiment,
      StreamType stream,
      StreamType readStream,
      StreamType writeStream,
      long n,
      int k,
      int b,
      long m,
      int d,
      Shape shape,
      Optional<Path> input,
      Optional<Path> output,
      SortOrder order,
      Path dir,
      RunSettings settings,
      SortTuning tuning,
      String preset,
      SortAlgorithm algorithm,
      FanoutRule fanout,
      long arrivalNanos,
      List<Path> workDirs,
      Request request) {
    this(
        source,
        line,
        experiment,
        stream,
        readStream,
        writeStream,
        n,
        k,
        b,
        m,
        d,
        shape,
        input,
        output,
        order,
        dir,
        settings,
        tuning,
        preset,
        algorithm,
        fanout,
        arrivalNanos,
        workDirs,
        SortEngines.SECMEM,
        EngineSettings.defaults(),
        request,
        OptionalLong.empty());
  }

  /** This configuration measured under {@code limit} (a {@code memory_limit} cell's value). */
  public RunConfig withMemoryLimit(OptionalLong limit) {
    return new RunConfig(
        source,
        line,
        experiment,
        stream,
        readStream,
        writeStream,
        n,
        k,
        b,
        m,
        d,
        shape,
        input,
        output,
        order,
        dir,
        settings,
        tuning,
        preset,
        algorithm,
        fanout,
        arrivalNanos,
        workDirs,
        engine,
        engineSettings,
        request,
        limit);
  }

  /** Whether another engine than secmem's own sorts. */
  public boolean otherEngine() {
    return !engine.equals(SortEngines.SECMEM);
  }

  /** Where this configuration came from, e.g. {@code configs/quick.csv:4}. */
  public String origin() {
    return source + ":" + line;
  }
}
