package org.secmem.probe;

import java.util.Locale;
import java.util.OptionalDouble;
import org.secmem.units.Units;

/**
 * What {@code secmem probe} prints: a probe's table of rates, a one-line summary, a warning when
 * other work was busy, and the floor later sorts take from the kept probes with its verdict.
 */
public final class ProbeReport {

  private ProbeReport() {}

  /**
   * "device read, slowest of 3 at that depth ... 410.2 (the best x1.43)": how far the probe's own
   * repetitions spread, where the best was measured; a floor keeps the best.
   */
  private static String spread(String what, OptionalDouble best, OptionalDouble slowest, int reps) {
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
  public static String table(Figures f) {
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
  public static String summary(Figures f) {
    DeviceFigures d = f.device();
    return String.format(
        Locale.ROOT,
        "device read %s, write %s, page-cache copy %s MiB/s%n",
        d.bestRead().isPresent() ? Throughput.format(d.bestRead().getAsDouble()) : "-",
        d.bestWrite().isPresent() ? Throughput.format(d.bestWrite().getAsDouble()) : "-",
        Throughput.format(f.cacheCopy()));
  }

  /** A warning when other work kept the machine busy while it was probed; else nothing. */
  public static String busy(double cores) {
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
  public static String floor(ProbeHistory h) {
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
}
