package org.secmem.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.FileChecks;
import org.secmem.experiment.DataSet;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.ReadTrial;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.StreamTrialSpec;
import org.secmem.experiment.TimeEstimate;
import org.secmem.runner.ExitCodes;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem read}: the read experiment. */
@Command(
    modelTransformer = RegistryOptions.class,
    abbreviateSynopsis = true,
    mixinStandardHelpOptions = true,
    name = "read",
    description = {
      "Read k files round-robin and time it.",
      "",
      "Reads one int from each file in turn until all are at the end;",
      "every int goes into a checksum. Either name the files (--files) or give N and k:",
      "then the files 'write' leaves in --dir are read, and written first when missing."
    },
    footer = {
      "%nExamples:",
      "  secmem read --stream mapped --n 2^20 --k 8 --b 64K",
      "  secmem read --stream buffered --files data/a.bin data/b.bin",
      ExitCodes.HELP
    })
final class ReadCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Mixin StreamOptionsMixin stream;

  @Option(
      names = "--files",
      paramLabel = "FILE",
      arity = "1..*",
      description = "Data files to read (instead of --n/--k/--dir).")
  List<Path> files;

  @Option(
      names = "--bulk",
      description =
          "Read a block of B bytes' worth of ints per call from each stream in turn, instead of"
              + " one int per call: what a fast reader does (recorded as access=block).")
  boolean bulk;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    RunSettings settings = common.settings(cmd);
    if (stream.params != null) {
      return ParamsRunner.run(cmd, stream.params, Experiment.READ, common);
    }
    List<Integer> bs = stream.bufferSizes(cmd);
    List<ReadTrial> trials = new ArrayList<>();
    double seconds = 0;
    DirectNeed direct = DirectNeed.NONE;
    if (files != null && !files.isEmpty()) {
      Refusals.openFiles(cmd, "--files", files.size());
      long n = FileChecks.intFiles("--files", files);
      for (StreamType type : stream.streams(cmd)) {
        for (int b : type.usesBufferSize() ? bs : bs.subList(0, 1)) {
          Refusals.streamMemory(cmd, "--files", type, files.size(), b, bulk);
          direct = direct.max(Admission.direct(type, files.size(), b));
          seconds +=
              settings.totalRuns() * TimeEstimate.streamSeconds(type, false, n, files.size(), b);
          StreamOptions options = new StreamOptions(b, false);
          trials.add(
              new ReadTrial(
                  new StreamTrialSpec(
                      type,
                      n,
                      files.size(),
                      options,
                      stream.data.dir,
                      files,
                      settings.seed(),
                      bulk),
                  SecmemCommand.cleanupOf(cmd)));
        }
      }
    } else {
      FileChecks.notAFile("--dir", stream.data.dir);
      long missingBytes = 0;
      List<Long> ns = stream.ns(cmd);
      List<Integer> ks = stream.ks(cmd);
      for (long n : ns) {
        for (int k : ks) {
          for (Path f : DataSet.files(stream.data.dir, n, k, settings.seed())) {
            if (!Files.exists(f)) {
              missingBytes += n * Integer.BYTES;
            }
          }
          for (StreamType type : stream.streams(cmd)) {
            for (int b : type.usesBufferSize() ? bs : bs.subList(0, 1)) {
              Refusals.streamMemory(cmd, "--k", type, k, b, bulk);
              direct = direct.max(Admission.direct(type, k, b));
              seconds += settings.totalRuns() * TimeEstimate.streamSeconds(type, false, n, k, b);
              StreamOptions options = new StreamOptions(b, false);
              trials.add(
                  new ReadTrial(
                      new StreamTrialSpec(
                          type, n, k, options, stream.data.dir, List.of(), settings.seed(), bulk),
                      SecmemCommand.cleanupOf(cmd)));
            }
          }
        }
      }
      if (missingBytes > 0) {
        FileChecks.writableFolder(
            "--dir (the missing data files are generated there)", stream.data.dir);
      }
      common.disk().check(stream.data.dir, missingBytes, "generating the missing data files");
    }
    return stream.runSweep(cmd, Experiment.READ, trials, seconds, direct, settings, common);
  }
}
