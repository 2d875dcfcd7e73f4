package org.secmem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.FileChecks;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.StreamTrialSpec;
import org.secmem.experiment.TimeEstimate;
import org.secmem.experiment.WriteTrial;
import org.secmem.runner.ExitCodes;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** {@code secmem write}: the write experiment. */
@Command(
    modelTransformer = RegistryOptions.class,
    abbreviateSynopsis = true,
    mixinStandardHelpOptions = true,
    name = "write",
    description = {
      "Write k files of N ints round-robin and time it.",
      "",
      "Writes one int to each stream in turn.",
      "Files are named ints-n<N>-s<seed>-<j>.bin under --dir, where 'read' finds them."
    },
    footer = {
      "%nExamples:",
      "  secmem write --stream user-buffer --n 1000000 --k 4 --b 64K",
      "  secmem write --stream simple,buffered,user-buffer,mapped --n 2^20 --reps 5",
      ExitCodes.HELP
    })
final class WriteCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Mixin StreamOptionsMixin stream;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    RunSettings settings = common.settings(cmd);
    if (stream.params != null) {
      return ParamsRunner.run(cmd, stream.params, Experiment.WRITE, common);
    }
    FileChecks.writableFolder("--dir", stream.data.dir);
    List<Integer> bs = stream.bufferSizes(cmd);
    long maxBytes = 0;
    double seconds = 0;
    DirectNeed direct = DirectNeed.NONE;
    List<Long> ns = stream.ns(cmd);
    List<Integer> ks = stream.ks(cmd);
    List<WriteTrial> trials = new ArrayList<>();
    for (StreamType type : stream.streams(cmd)) {
      for (long n : ns) {
        for (int k : ks) {
          for (int b : type.usesBufferSize() ? bs : bs.subList(0, 1)) {
            Refusals.streamMemory(cmd, "--k", type, k, b, false);
            direct = direct.max(Admission.direct(type, k, b));
            StreamOptions options = new StreamOptions(b, settings.sync());
            trials.add(
                new WriteTrial(
                    new StreamTrialSpec(
                        type, n, k, options, stream.data.dir, List.of(), settings.seed(), false),
                    SecmemCommand.cleanupOf(cmd)));
            maxBytes = Math.max(maxBytes, n * k * Integer.BYTES);
            seconds += settings.totalRuns() * TimeEstimate.streamSeconds(type, true, n, k, b);
          }
        }
      }
    }
    common.disk().check(stream.data.dir, maxBytes, "writing the data files");
    return stream.runSweep(cmd, Experiment.WRITE, trials, seconds, direct, settings, common);
  }
}
