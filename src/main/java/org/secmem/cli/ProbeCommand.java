package org.secmem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import org.secmem.admission.DiskSpace;
import org.secmem.admission.FileChecks;
import org.secmem.data.DataFiles;
import org.secmem.fs.Ownership;
import org.secmem.probe.Probe;
import org.secmem.probe.ProbeHistory;
import org.secmem.probe.ProbeStore;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem probe}: measures this machine's ceilings and keeps them for later runs. */
@Command(
    mixinStandardHelpOptions = true,
    name = "probe",
    description = {
      "Measure this machine's ceilings and keep them for later runs.",
      "",
      "Sequential write and read of the device under --dir with O_DIRECT (1 MiB blocks,",
      "1, 2, 4, 8 and 16 requests in flight), the page cache's copy rate, and memory",
      "bandwidth (an array copy on one thread and on every core), each the best of --reps.",
      "The figures are kept per file system with their date; every later results file's",
      "environment record carries those of its data folder (probe.*). Sort rows take their",
      "floor from the best of the file system's last 5 probes (floor_probe names them): a",
      "floor must not be beaten, and one probe can be slow (other work, a host's cache).",
      "Probe three times on a quiet machine and the floor says whether the probes agree."
    },
    footer = {
      "%nExamples:",
      "  secmem probe",
      "  secmem probe --dir /mnt/ssd/data --size 4G",
      "  secmem probe --probes 3          # settle the floor later sorts are held to",
      ExitCodes.HELP
    })
final class ProbeCommand implements Callable<Integer> {

  static final int MAX_REPS = 100;

  @Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      defaultValue = DataFiles.DEFAULT_FOLDER,
      description =
          "The folder whose device is probed, created if missing (default: ${DEFAULT-VALUE}).")
  Path dir;

  @Option(
      names = "--size",
      paramLabel = "BYTES",
      defaultValue = "1G",
      converter = Converters.Bytes.class,
      description =
          "The probe file's size, whole MiB, at least 1M, e.g. 256M or 4G (default:"
              + " ${DEFAULT-VALUE});"
              + " the page-cache copy uses at most a quarter of the memory.")
  long size;

  @Option(
      names = "--reps",
      paramLabel = "N",
      defaultValue = "3",
      description = "Repetitions of each measurement, the best kept (default: ${DEFAULT-VALUE}).")
  int reps;

  @Option(
      names = "--probes",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Probes one after the other, 1 to 5, each kept: three settle a floor when it holds"
              + " within 10 percent over them (default: ${DEFAULT-VALUE}).")
  int probes;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Where the figures are kept, one block per file system (default:"
              + " $XDG_CACHE_HOME/secmem/probe.properties, or ~/.cache/secmem/probe.properties).")
  Path out;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    Probe.sizeProblem(size, given("--size"))
        .ifPresent(
            problem -> {
              throw new BadInputException("--size: " + problem);
            });
    if (reps < 1 || reps > MAX_REPS) {
      throw new BadInputException("--reps: " + reps + " is not in 1 to " + MAX_REPS);
    }
    if (probes < 1 || probes > ProbeHistory.KEPT) {
      throw new BadInputException(
          "--probes: " + probes + " is not in 1 to " + ProbeHistory.KEPT + " (the probes kept)");
    }
    Path kept = out == null ? ProbeStore.defaultFile() : out;
    FileChecks.writableFolder("--dir", dir);
    FileChecks.probeFile("--out", kept);
    DiskSpace.CHECKED.check(
        dir, Probe.diskNeeded(size), "the probe (--size and a page-cache copy)");
    Ownership.createFolders(dir);
    PrintWriter o = cmd.getOut();
    Probe.Series series =
        Probe.series(
            dir,
            size,
            reps,
            probes,
            kept,
            SecmemCommand.cleanupOf(cmd),
            Clock.systemUTC(),
            text -> {
              o.print(text);
              o.flush();
            });
    o.print(series.text());
    o.println("kept in " + kept);
    o.flush();
    return ExitCodes.OK;
  }

  /** {@code option}'s value as the user wrote it. */
  private String given(String option) {
    List<String> v = spec.findOption(option).originalStringValues();
    return v.isEmpty() ? "" : v.get(v.size() - 1);
  }
}
