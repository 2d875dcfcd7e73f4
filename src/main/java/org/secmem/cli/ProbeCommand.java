package org.secmem.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.secmem.admission.DiskSpace;
import org.secmem.admission.FileChecks;
import org.secmem.fs.Ownership;
import org.secmem.probe.DeviceFigures;
import org.secmem.probe.Figures;
import org.secmem.probe.Probe;
import org.secmem.probe.ProbeHistory;
import org.secmem.probe.ProbeStore;
import org.secmem.probe.Throughput;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.units.Units;
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
      HelpSections.EXIT_CODES
    })
final class ProbeCommand implements Callable<Integer> {

  /** The fewest bytes probed: one block. */
  static final long MIN_SIZE = 1L << 20;

  static final int MAX_REPS = 100;

  @Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      defaultValue = "data",
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
    if (size < MIN_SIZE) {
      throw new BadInputException(
          "--size: " + Units.bytes(size) + " is less than one 1 MiB block; give at least 1M");
    }
    if (size % MIN_SIZE != 0) {
      throw new BadInputException(
          "--size: "
              + given("--size")
              + " is not a whole number of MiB (the probe moves 1 MiB blocks); give e.g. "
              + size / MIN_SIZE
              + "M or "
              + (size / MIN_SIZE + 1)
              + "M");
    }
    if (reps < 1 || reps > MAX_REPS) {
      throw new BadInputException("--reps: " + reps + " is not in 1 to " + MAX_REPS);
    }
    if (probes < 1 || probes > ProbeHistory.KEPT) {
      throw new BadInputException(
          "--probes: " + probes + " is not in 1 to " + ProbeHistory.KEPT + " (the probes kept)");
    }
    Path kept = out == null ? ProbeStore.defaultFile() : out;
    FileChecks.writableFolder("--dir", dir);
    FileChecks.outputFile("--out", kept);
    checkReplaceable(kept);
    DiskSpace.CHECKED.check(
        dir, Probe.diskNeeded(size), "the probe (--size and a page-cache copy)");
    Ownership.createFolders(dir);
    PrintWriter o = cmd.getOut();
    Figures f = null;
    ProbeHistory history = null;
    for (int i = 1; i <= probes; i++) {
      String of = probes == 1 ? "" : "probe " + i + " of " + probes + ": ";
      f =
          Probe.run(
              dir,
              size,
              reps,
              SecmemCommand.cleanupOf(cmd),
              Clock.systemUTC(),
              step -> {
                o.println(of + "measuring " + step + " ...");
                o.flush();
              });
      history = ProbeStore.keepProbe(kept, f);
      if (i < probes) {
        o.print(of + summary(f));
        o.print(busy(f.busyCores()));
      }
    }
    o.print(table(f));
    o.print(busy(f.busyCores()));
    o.print(floor(history));
    o.println("kept in " + kept);
    o.flush();
    return ExitCodes.OK;
  }

  /** {@code option}'s value as the user wrote it. */
  private String given(String option) {
    List<String> v = spec.findOption(option).originalStringValues();
    return v.isEmpty() ? "" : v.get(v.size() - 1);
  }

  /**
   * "device read, slowest of 3 at that depth ... 410.2 (the best x1.43)": how far the probe's own
   * repetitions spread, where the best was measured; a floor keeps the best.
   */
  private static String spread(
      String what, java.util.OptionalDouble best, java.util.OptionalDouble slowest, int reps) {
    if (best.isEmpty() || slowest.isEmpty() || !(slowest.getAsDouble() > 0)) {
      return "";
    }
    return row(
        what + ", slowest of " + reps + " at that depth",
        "",
        Throughput.format(slowest.getAsDouble())
            + String.format(
                Locale.ROOT, " (the best x%.2f)", best.getAsDouble() / slowest.getAsDouble()));
  }

  /** The console's table of {@code f}. */
  static String table(Figures f) {
    StringBuilder sb = new StringBuilder();
    sb.append("secmem probe ").append(f.date()).append('\n');
    sb.append("folder       ").append(f.dir()).append('\n');
    sb.append("file system  ").append(f.fileSystem()).append('\n');
    sb.append(
        String.format(
            Locale.ROOT, "probe file   %s, best of %d%n%n", Units.bytes(f.sizeBytes()), f.reps()));
    sb.append(String.format(Locale.ROOT, "%-44s %9s %9s%n", "measurement", "in flight", "MiB/s"));
    DeviceFigures d = f.device();
    if (!d.supported()) {
      sb.append(row("device write, O_DIRECT, 1 MiB blocks", "-", Figures.UNSUPPORTED));
      sb.append(row("device read, O_DIRECT, 1 MiB blocks", "-", Figures.UNSUPPORTED));
    } else {
      d.write()
          .forEach(
              (depth, r) ->
                  sb.append(
                      row(
                          "device write, O_DIRECT, 1 MiB blocks",
                          depth.toString(),
                          Throughput.format(r))));
      d.read()
          .forEach(
              (depth, r) ->
                  sb.append(
                      row(
                          "device read, O_DIRECT, 1 MiB blocks",
                          depth.toString(),
                          Throughput.format(r))));
      sb.append(row("device write, best", "", Throughput.format(d.bestWrite().orElse(0))));
      sb.append(row("device read, best", "", Throughput.format(d.bestRead().orElse(0))));
      if (f.reps() > 1) {
        sb.append(spread("device write", d.bestWrite(), d.slowestAtBestWrite(), f.reps()));
        sb.append(spread("device read", d.bestRead(), d.slowestAtBestRead(), f.reps()));
      }
    }
    sb.append(
        row(
            "page-cache copy of " + Units.bytes(f.cacheBytes()) + " (read + write)",
            "",
            Throughput.format(f.cacheCopy())));
    sb.append(
        row(
            "memory copy of " + Units.bytes(f.memoryArrayBytes()) + ", 1 thread",
            "",
            Throughput.format(f.memoryOneThread())));
    sb.append(
        row(
            "memory copy of "
                + Units.bytes(f.memoryArrayBytes())
                + ", "
                + f.memoryThreads()
                + (f.memoryThreads() == 1 ? " thread" : " threads"),
            "",
            Throughput.format(f.memoryAllCores())));
    if (!d.supported()) {
      sb.append("O_DIRECT: ").append(d.unsupported()).append('\n');
    }
    sb.append("MiB/s: MiB (2^20 bytes) moved per second; a copy counts the bytes copied once.\n");
    return sb.toString();
  }

  /** One line of a probe's best rates, for all but the last of several. */
  static String summary(Figures f) {
    DeviceFigures d = f.device();
    return String.format(
        Locale.ROOT,
        "device read %s, write %s, page-cache copy %s MiB/s%n",
        d.bestRead().isPresent() ? Throughput.format(d.bestRead().getAsDouble()) : "-",
        d.bestWrite().isPresent() ? Throughput.format(d.bestWrite().getAsDouble()) : "-",
        Throughput.format(f.cacheCopy()));
  }

  /** A warning when other work kept the machine busy while it was probed; else nothing. */
  static String busy(double cores) {
    if (!(cores > Probe.BUSY_CORES)) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "warning: other work kept %.2f cores busy during this probe (more than %.1f): its rates may"
            + " be low; the floor keeps the best of the last probes, so probe again when the"
            + " machine is quiet%n",
        cores,
        Probe.BUSY_CORES);
  }

  /**
   * The floor later sort rows take from this file system's kept probes: each rate the best of them,
   * the probe that measured it, and whether the probes agree within 10 %.
   */
  static String floor(ProbeHistory h) {
    int n = h.probes().size();
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "%nfloor of this file system: %s (sort rows name it in floor_probe)%n",
            n == 1 ? "its only probe" : "the best of its last " + n + " probes"));
    h.deviceRead().ifPresent(r -> sb.append(floorRow("device read", r)));
    h.deviceWrite().ifPresent(r -> sb.append(floorRow("device write", r)));
    h.cacheCopy().ifPresent(r -> sb.append(floorRow("page-cache copy", r)));
    return sb.toString();
  }

  private static String floorRow(String what, ProbeHistory.Rate r) {
    String verdict;
    if (r.probes() < ProbeHistory.TO_SETTLE) {
      verdict =
          r.probes()
              + (r.probes() == 1 ? " probe" : " probes")
              + ": not settled ("
              + ProbeHistory.TO_SETTLE
              + " needed)";
    } else {
      verdict =
          String.format(
              Locale.ROOT,
              "rose x%.2f over the last %d probes, %s; the probes x%.2f apart",
              r.moved(),
              ProbeHistory.TO_SETTLE,
              r.settled() ? "within 10 %: settled" : "more than 10 %: not settled",
              r.spread());
    }
    return String.format(
        Locale.ROOT,
        "  %-16s %9s MiB/s  %s  %s%n",
        what,
        Throughput.format(r.best()),
        r.bestDate(),
        verdict);
  }

  private static String row(String what, String depth, String rate) {
    return String.format(Locale.ROOT, "%-44s %9s %9s%n", what, depth, rate);
  }

  /** What an older version's probe file starts with (it wrote no mark). */
  private static final String PROBE_FILE_START = "# secmem probe:";

  /**
   * Before anything is measured: {@code file} may be replaced only when secmem wrote it (marked,
   * or, written by an older version, a regular file of a few KiB starting as a probe file does).
   */
  private static void checkReplaceable(Path file) {
    if (!Ownership.taken(file) || Ownership.isMade(file, Ownership.Made.WHOLE_FILE)) {
      return;
    }
    try {
      if (olderProbeFile(file)) {
        Ownership.handOver(file, Ownership.Made.WHOLE_FILE);
        return;
      }
    } catch (IOException e) {
      throw new BadInputException("--out: " + file + " cannot be read (" + e.getMessage() + ")");
    }
    throw new BadInputException(
        "--out: "
            + Ownership.notSecmems(file, Ownership.Made.WHOLE_FILE).getMessage()
            + "; name a new file, or one secmem probe wrote");
  }

  private static boolean olderProbeFile(Path file) throws IOException {
    BasicFileAttributes a =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!a.isRegularFile() || a.size() > 1 << 20) {
      return false;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      byte[] head = in.readNBytes(PROBE_FILE_START.length());
      return new String(head, StandardCharsets.US_ASCII).equals(PROBE_FILE_START);
    }
  }
}
