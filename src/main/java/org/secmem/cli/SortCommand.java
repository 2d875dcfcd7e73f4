package org.secmem.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortTrial;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.param.NumericField;
import org.secmem.sort.CostModel;
import org.secmem.sort.SortProgress;
import org.secmem.sort.Merger;
import org.secmem.sort.RunSort;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortTuning;
import org.secmem.sort.MemoryCheck;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem sort}: the external merge sort experiment. */
@Command(
    name = "sort",
    mixinStandardHelpOptions = true,
    description = {
      "Sort a file of ints with an external d-way merge sort, and time it.",
      "",
      "Run formation reads M ints at a time, sorts them and writes a run; merge passes combine",
      "up to d runs through a PriorityQueue until one is left. The output is moved into place",
      "only when complete, then re-read and checked (order and same values as the input)."
    },
    footer = {
      "%nExamples:",
      "  secmem sort --in data/in.bin --out data/out.bin --m 2^20 --d 16",
      "  secmem sort --n 2^24 --m 2^20 --d 8 --read-stream mapped --write-stream user-buffer",
      "  secmem sort --params configs/sort-seed.csv",
      ExitCodes.HELP_SECTION
    })
final class SortCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--in", paramLabel = "FILE", description = "File to sort.")
  Path in;

  @Option(
      names = "--n",
      paramLabel = "N",
      converter = Converters.Count.class,
      description = "Without --in: sort a generated file of N ints (of --shape, --seed).")
  Long n;

  @Option(
      names = "--shape",
      paramLabel = "SHAPE",
      converter = Converters.ShapeName.class,
      description = "Shape of generated input (default: ${DEFAULT-VALUE}).",
      defaultValue = "uniform")
  Shape shape;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Sorted output (default: a scratch file, removed after the runs).")
  Path out;

  @Option(
      names = "--m",
      paramLabel = "M",
      converter = Converters.Count.class,
      description = "Ints in memory for run formation, >= 1 (default: ${DEFAULT-VALUE}).",
      defaultValue = "1000000")
  long m;

  @Option(
      names = "--d",
      paramLabel = "D",
      description = "Merge fan-in, >= 2 (default: 16, or 64 with --preset fast).")
  Integer d;

  @Option(
      names = "--read-stream",
      paramLabel = "TYPE",
      converter = Converters.Stream.class,
      description = "Stream type for reading (default: user-buffer, or channel with --preset"
          + " fast).")
  StreamType readStream;

  @Option(
      names = "--write-stream",
      paramLabel = "TYPE",
      converter = Converters.Stream.class,
      description = "Stream type for writing (default: user-buffer, or channel with --preset"
          + " fast).")
  StreamType writeStream;

  @Option(
      names = "--b",
      paramLabel = "BYTES",
      converter = Converters.Bytes.class,
      description = "Buffer size B in bytes, 4 .. 1G (default: 64K, or 1M with --preset fast).")
  Long b;

  @Option(
      names = "--preset",
      paramLabel = "NAME",
      description = "classic: the seed reports' algorithm (readNext per int, Arrays.sort runs,"
          + " PriorityQueue merge); fast: bulk block I/O, parallel radix runs, radix merge,"
          + " overlapped I/O, and its own defaults for d, B and streams (default: classic).",
      defaultValue = "classic")
  String preset;

  @Option(
      names = "--merger",
      paramLabel = "NAME",
      description = "How runs are merged: priority-queue, loser-tree or radix (value ranges of"
          + " all runs radix-sorted in cache-sized chunks) (default: the"
          + " preset's).")
  String merger;

  @Option(
      names = "--run-sort",
      paramLabel = "NAME",
      description = "How runs are sorted in memory: arrays, radix or parallel (default: the"
          + " preset's).")
  String runSort;

  @Option(
      names = "--overlap",
      negatable = true,
      description = "Overlap I/O with computing: reader and writer threads (default: the"
          + " preset's).")
  Boolean overlap;

  @Option(
      names = "--parallel-merge",
      negatable = true,
      description = "Merge value ranges of the runs on every core at once (loser tree only;"
          + " default: the preset's).")
  Boolean parallelMerge;

  @Option(names = "--descending", description = "Sort in descending order.")
  boolean descending;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      description = "Where temporary runs go (default: a fresh folder beside the output).")
  Path workDir;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description = "Folder of generated inputs and scratch outputs (default: ${DEFAULT-VALUE}).",
      defaultValue = "data")
  Path dir;

  @Option(names = "--params", paramLabel = "FILE", description = "Parameter file (seed format"
      + " ReadType;WriteType;d;M;a,b;loops;input;output;ascending, or a header-based CSV).")
  Path params;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    RunSettings settings = common.settings(cmd);
    if (params != null) {
      return ParamsRunner.run(cmd, params, Experiment.SORT, common);
    }
    SortPreset presetChoice;
    Optional<SortTuning> tuning;
    try {
      presetChoice = SortPreset.parse(preset);
      tuning = presetChoice.tuning(
          Optional.ofNullable(merger).map(Merger::parse),
          Optional.ofNullable(runSort).map(RunSort::parse),
          Optional.ofNullable(overlap),
          Optional.ofNullable(parallelMerge));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, e.getMessage());
    }
    int d = this.d != null ? this.d : presetChoice.fanIn();
    long b = this.b != null ? this.b : presetChoice.bufferBytes();
    StreamType readStream = this.readStream != null ? this.readStream : presetChoice.streams();
    StreamType writeStream =
        this.writeStream != null ? this.writeStream : presetChoice.streams();
    Limits.between(cmd, "--m", m, NumericField.M.min(), NumericField.M.max(), "ints");
    Limits.between(cmd, "--d", d, NumericField.D.min(), NumericField.D.max(), "");
    Limits.between(cmd, "--b", b, StreamOptions.MIN_BUFFER_BYTES,
        StreamOptions.MAX_BUFFER_BYTES, "bytes");
    for (StreamType t : List.of(readStream, writeStream)) {
      String problem = t.bufferProblem(b);
      if (problem != null) {
        throw new CommandLine.ParameterException(cmd, "--b: " + problem);
      }
    }
    long ints;
    if (in != null) {
      if (n != null) {
        throw new CommandLine.ParameterException(cmd, "give --in FILE or --n N, not both");
      }
      if (!Files.isRegularFile(in)) {
        throw new BadInputException("--in: " + in + " does not exist or is not a file");
      }
      if (!Files.isReadable(in)) {
        throw new BadInputException("--in: " + in + " is not readable");
      }
      ints = Streams.intCount(in);
    } else if (n != null) {
      Limits.between(cmd, "--n", n, NumericField.N.min(), NumericField.N.max(), "ints");
      ints = n;
    } else {
      throw new CommandLine.ParameterException(cmd,
          "Missing input: give --in FILE, or --n N to sort generated data");
    }
    if (out != null) {
      checkOutput(out, in);
    }
    Resources.checkOpenFiles(cmd, "--d", (long) d + 2);
    MemoryCheck.requireHeapFor(m, ints, d, (int) b);
    long data = ints * Integer.BYTES;
    long generated = in == null ? data : 0;
    Path outDir = (out != null ? out : dir.resolve("scratch")).toAbsolutePath().getParent();
    if (workDir == null) {
      common.checkDisk(outDir, CostModel.peakDiskBytes(ints) + generated,
          "the sort (runs and output beside it)");
    } else {
      common.checkDisk(workDir, CostModel.peakDiskBytes(ints), "the sort's runs");
      common.checkDisk(outDir, data + generated, "the sorted output");
    }
    SortTrialSpec trialSpec =
        new SortTrialSpec(Optional.ofNullable(in), Optional.ofNullable(out), n == null ? 0 : n,
            shape, settings.seed(), m, d, readStream, writeStream,
            new StreamOptions((int) b, settings.sync()),
            descending ? SortOrder.DESCENDING : SortOrder.ASCENDING, dir,
            Optional.ofNullable(workDir), tuning, presetChoice.label(tuning));
    SortTrial trial = new SortTrial(trialSpec,
        SortTrial.sorterFor(trialSpec, SecmemCommand.cleanupOf(cmd)), SortProgress.none());
    return ExperimentSession.run(cmd, List.of(trial), settings, common.resultsFile("sort"), dir);
  }

  private static void checkOutput(Path out, Path in) {
    Path abs = out.toAbsolutePath().normalize();
    if (in != null && abs.equals(in.toAbsolutePath().normalize())) {
      throw new BadInputException("--out: " + out + " is the input file; write the output"
          + " elsewhere");
    }
    if (Files.isDirectory(abs)) {
      throw new BadInputException("--out: " + out + " is a folder; name a file");
    }
    Path ancestor = abs.getParent();
    while (ancestor != null && !Files.exists(ancestor)) {
      ancestor = ancestor.getParent();
    }
    if (ancestor == null || !Files.isDirectory(ancestor) || !Files.isWritable(ancestor)) {
      throw new BadInputException("--out: the folder of " + out + " cannot be created ("
          + ancestor + " is not a writable folder)");
    }
  }
}
