package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.secmem.admission.FileChecks;
import org.secmem.admission.InputRule;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortData;
import org.secmem.runner.BadInputException;
import org.secmem.sort.SortPreset;
import org.secmem.stream.Streams;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What {@code secmem sort} sorts and where, for every engine: {@code --in} or {@code --n} ints of
 * {@code --shape}, {@code --out}, {@code --dir}, {@code --work-dir}, the order and online arrival.
 */
final class SortInputOptions {

  @Option(names = "--in")
  Path in;

  @Option(names = "--n")
  Long n;

  @Option(names = "--shape")
  Shape shape;

  @Option(names = "--out")
  Path out;

  @Option(names = "--overwrite")
  boolean overwrite;

  @Option(names = "--arrival-ns")
  Integer arrivalNs;

  @Option(names = "--descending")
  boolean descending;

  @Option(names = "--work-dir")
  List<String> workDirs;

  @Mixin DataFolderOption data;

  /** The nanoseconds between two keys' arrival; 0 (the input exists before the clock starts). */
  int arrivalNanos() {
    return arrivalNs == null ? 0 : arrivalNs;
  }

  /**
   * The ints to sort, from --in (a readable file) or --n; the output checked against the input.
   * Every engine's checks.
   */
  long ints(CommandLine cmd) throws IOException {
    long ints;
    if (in != null) {
      Refusals.refuseAny(
          cmd,
          InputRule.inputOrN(in.toString(), n == null ? null : Long.toString(n)).stream().toList());
      FileChecks.readableInput("--in", in);
      ints = Streams.intCount(in);
      if (ints == 0) {
        // A run that measures nothing leaves no results file.
        throw new BadInputException("--in: " + in + " holds no ints: there is nothing to sort");
      }
    } else if (n != null) {
      ints = n; // in range: InputChecks.checkRanges
    } else {
      ints = SortPreset.DEFAULT_N;
    }
    if (out != null) {
      FileChecks.intOutput("--out", out, in, overwrite, "give --overwrite");
    }
    return ints;
  }

  /** The work folders of --work-dir, each writable and named once; none is fine. */
  List<Path> workFolders() {
    return FileChecks.workFolders("--work-dir", workDirs);
  }

  /** Refuses a --dir that cannot take a generated input or a scratch output, where one goes. */
  void checkDataFolder() {
    if (in == null || out == null) {
      FileChecks.writableFolder("--dir", data.dir);
    }
  }

  /** Whether the input is generated (no --in). */
  boolean generated() {
    return in == null;
  }

  /** The folder the output goes in: --out's, or the scratch output's under --dir. */
  Path outDir() {
    return (out != null ? out : data.dir.resolve("scratch")).toAbsolutePath().getParent();
  }

  /** What this command sorts and where. */
  SortData sortData(RunSettings settings, long ints, List<Path> work, long arrivalNanos) {
    return SortData.of(
        Optional.ofNullable(in),
        Optional.ofNullable(out),
        in == null ? ints : 0,
        shape,
        descending ? SortOrder.DESCENDING : SortOrder.ASCENDING,
        settings,
        data.dir,
        work,
        arrivalNanos);
  }
}
