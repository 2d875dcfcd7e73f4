package org.secmem.probe;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * How busy the rest of the machine was while this process measured: the CPU time the whole machine
 * spent ({@code /proc/stat}: user, nice, system, irq, softirq, and steal, the time a virtual
 * machine's host gave its CPUs to others) less this process's own, per second of wall time. A probe
 * taken while other work ran measures that work's interference, not the machine's ceilings.
 */
final class CpuLoad {

  /** The cores other work may use during a probe before it is said to have been busy. */
  static final double BUSY_CORES = 0.5;

  /** {@code /proc/stat}'s unit: USER_HZ, 100 on every Linux architecture secmem runs on. */
  static final long TICK_NANOS = 10_000_000L;

  private static final Path PROC_STAT = Path.of("/proc/stat");
  private static final Logger LOG = LogManager.getLogger(CpuLoad.class);

  /**
   * One look at the clocks.
   *
   * @param wallNanos {@link System#nanoTime()}
   * @param machineTicks CPU ticks the machine spent, steal included, since boot
   * @param ownNanos CPU nanoseconds this process spent
   */
  record Sample(long wallNanos, long machineTicks, long ownNanos) {}

  private CpuLoad() {}

  /** Now; empty where {@code /proc/stat} or this process's CPU time cannot be read. */
  static Optional<Sample> sample() {
    long own = ownCpuNanos();
    if (own < 0) {
      return Optional.empty();
    }
    try {
      String first = Files.readAllLines(PROC_STAT, StandardCharsets.US_ASCII).get(0);
      return busyTicks(first).map(t -> new Sample(System.nanoTime(), t, own));
    } catch (IOException | RuntimeException e) {
      LOG.info("probe: the machine's CPU time is unknown ({})", e.toString());
      return Optional.empty();
    }
  }

  /**
   * The busy ticks of {@code /proc/stat}'s first line ({@code cpu user nice system idle iowait irq
   * softirq steal ...}): all but idle and iowait; empty when it is not such a line.
   */
  static Optional<Long> busyTicks(String line) {
    String[] f = line.trim().split("\\s+");
    if (f.length < 9 || !f[0].equals("cpu")) {
      return Optional.empty();
    }
    try {
      long busy = 0;
      for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
        busy = Math.addExact(busy, Long.parseLong(f[i]));
      }
      return Optional.of(busy);
    } catch (NumberFormatException | ArithmeticException e) {
      return Optional.empty();
    }
  }

  /**
   * The cores other work kept busy between {@code start} and {@code end}, at least 0; empty when no
   * time passed.
   */
  static OptionalDouble othersCores(Sample start, Sample end) {
    long wall = end.wallNanos() - start.wallNanos();
    if (wall <= 0) {
      return OptionalDouble.empty();
    }
    double machine = (double) (end.machineTicks() - start.machineTicks()) * TICK_NANOS;
    double own = end.ownNanos() - start.ownNanos();
    return OptionalDouble.of(Math.max(0, (machine - own) / wall));
  }

  /** This process's CPU nanoseconds, -1 where the JVM cannot say. */
  private static long ownCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
