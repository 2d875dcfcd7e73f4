package org.secmem.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.StreamTrialSpec;
import org.secmem.experiment.WriteTrial;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem write}: the write experiment. */
@Command(
    mixinStandardHelpOptions = true,
    name = "write",
    description = {
      "Write k files of N ints round-robin, one int to each stream in turn, and time it.",
      "Files are named ints-n<N>-s<seed>-<j>.bin under --dir, where 'read' finds them."
    },
    footer = {
      "%nExamples:",
      "  secmem write --stream user-buffer --n 1000000 --k 4 --b 64K",
      "  secmem write --stream simple,buffered,user-buffer,mapped --n 2^20 --reps 5",
      ExitCodes.HELP_SECTION
    })
final class WriteCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Mixin StreamOptionsMixin stream;

  @Option(
      names = "--n",
      paramLabel = "N",
      split = ",",
      converter = Converters.Count.class,
      description = "Ints per file, >= 0, e.g. 1000000 or 2^20 (default: ${DEFAULT-VALUE}).",
      defaultValue = "1000000")
  List<Long> ns;

  @Option(
      names = "--k",
      paramLabel = "K",
      split = ",",
      description = "Number of streams (files), >= 1 (default: ${DEFAULT-VALUE}).",
      defaultValue = "1")
  List<Integer> ks;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description = "Folder of the data files (default: ${DEFAULT-VALUE}).",
      defaultValue = "data")
  Path dir;

  @Option(
      names = "--params",
      paramLabel = "FILE",
      description =
          "Parameter file (the seed report's semicolon format, or a header-based CSV); its"
              + " lines replace --stream, --n, --k and --b.")
  Path params;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    RunSettings settings = common.settings(cmd);
    if (params != null) {
      return ParamsRunner.run(cmd, params, org.secmem.experiment.Experiment.WRITE, common);
    }
    List<Integer> bs = stream.bufferSizes(cmd);
    long maxBytes = 0;
    for (long n : ns) {
      Limits.between(cmd, "--n", n, 0, Long.MAX_VALUE / 4 / 65536, "ints");
    }
    for (int k : ks) {
      Limits.atLeast(cmd, "--k", k, 1, "");
      Resources.checkOpenFiles(cmd, "--k", k);
    }
    List<WriteTrial> trials = new ArrayList<>();
    for (StreamType type : stream.streams(cmd)) {
      for (long n : ns) {
        for (int k : ks) {
          for (int b : type.usesBufferSize() ? bs : bs.subList(0, 1)) {
            StreamOptions options = new StreamOptions(b, settings.sync());
            trials.add(
                new WriteTrial(
                    new StreamTrialSpec(type, n, k, options, dir, List.of(), settings.seed())));
            maxBytes = Math.max(maxBytes, n * k * Integer.BYTES);
          }
        }
      }
    }
    common.checkDisk(dir, maxBytes, "writing the data files");
    return ExperimentSession.run(cmd, trials, settings, common.resultsFile("write"), dir);
  }
}
