package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.RefusedException;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SweptTrial;
import org.secmem.experiment.Trial;
import org.secmem.runner.ExperimentSession;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options write and read share: --stream, --n, --k, --b, --dir, --params. Lists make one
 * configuration per combination.
 */
final class StreamOptionsMixin {

  @Option(names = "--n", split = ",")
  List<Long> ns;

  @Option(names = "--k", split = ",")
  List<Integer> ks;

  @Mixin DataFolderOption data;

  @Option(
      names = "--params",
      paramLabel = "FILE",
      description =
          "Parameter file (the seed report's semicolon format, or a header-based CSV); its"
              + " lines replace --stream, --n, --k and --b.")
  Path params;

  /** The N values (in range: {@link InputChecks#checkRanges}). */
  List<Long> ns(CommandLine cmd) {
    return ns;
  }

  /** The k values, checked against the open-file limit (the range: {@link InputChecks}). */
  List<Integer> ks(CommandLine cmd) {
    for (int k : ks) {
      Refusals.openFiles(cmd, "--k", k);
    }
    return ks;
  }

  @Option(names = "--stream", split = ",")
  List<String> streams;

  @Option(names = "--b", split = ",")
  List<Long> buffers;

  /** The stream types; required unless a parameter file gives them. */
  List<StreamType> streams(CommandLine cmd) {
    if (streams == null || streams.isEmpty()) {
      throw new CommandLine.ParameterException(
          cmd, "Missing required option: '--stream=TYPE' (or give --params FILE)");
    }
    List<StreamType> types = new ArrayList<>();
    for (String name : streams) {
      if (name.trim().equalsIgnoreCase(StreamType.ALL)) {
        types.addAll(List.of(StreamType.values()));
        continue;
      }
      try {
        types.add(StreamType.parse(name));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cmd, "--stream: " + e.getMessage());
      }
    }
    for (StreamType t : types) {
      for (long b : t.usesBufferSize() ? buffers : List.<Long>of()) {
        try {
          Admission.bufferProblems(t, t, b);
        } catch (RefusedException e) {
          Refusals.refuseAny(cmd, e.problems());
        }
      }
    }
    return types.stream().distinct().toList();
  }

  /** The B values (in range: {@link InputChecks#checkRanges}). */
  List<Integer> bufferSizes(CommandLine cmd) {
    return buffers.stream().map(b -> (int) (long) b).toList();
  }

  /**
   * Runs the trials of one write or read command line as one sweep (its rows differ only in what
   * its options list), once their estimated {@code seconds} are accepted; {@code direct} is the
   * most direct memory one trial's streams hold, which --memory-limit must hold too.
   */
  int runSweep(
      CommandLine cmd,
      Experiment experiment,
      List<? extends Trial> trials,
      double seconds,
      DirectNeed direct,
      RunSettings settings,
      CommonOptions common)
      throws IOException {
    common.checkDuration(cmd, seconds, settings.totalRuns() * trials.size());
    return ExperimentSession.run(
        CommandInvocation.of(cmd),
        trials.stream().map(t -> SweptTrial.of(t, experiment.cliName())).toList(),
        settings,
        common.batch(direct),
        common.resultsFile(cmd, experiment.cliName()),
        data.dir);
  }
}
