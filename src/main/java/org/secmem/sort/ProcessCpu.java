package org.secmem.sort;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * CPU time of this process, all threads, user and system: beside elapsed time it tells computing
 * from waiting (on two cores, a phase that keeps both busy uses twice its wall time).
 *
 * <p>Two clocks. The JDK's {@link #nanos()} (getProcessCpuTime) counts in ticks of 10 ms on Linux
 * (it reads times(2)), so a 7 ms run reads 0 or 10 ms. A {@link Sample} adds, for every live thread
 * of the process (JVM-internal ones such as GC and JIT included), its own time on a CPU in ns from
 * {@code /proc/self/task/TID/schedstat}. {@link #between(Sample, Sample)} sums the threads'
 * changes, which is exact unless a thread ended between the samples (its time is gone with it); the
 * tick clock, which keeps ended threads' time, tells when that happened, and then the tick figure
 * is used, or nothing when it is too short for ticks to say.
 */
public final class ProcessCpu {

  /** One tick of the kernel's clock_t (USER_HZ = 100 on Linux). */
  static final long TICK_NANOS = 10_000_000L;

  /** A tick figure is used only when ten ticks or more: within 10 % of the truth. */
  static final long MIN_TICK_FIGURE = 10 * TICK_NANOS;

  private static final Path TASKS = Path.of("/proc/self/task");

  private ProcessCpu() {}

  /**
   * One reading of both clocks.
   *
   * @param tickNanos the JDK's process CPU time (10 ms steps), -1 when unknown
   * @param tids the live threads' ids, ascending
   * @param threadNanos each thread's CPU time in ns, as {@code tids}
   * @param perThread whether the per-thread times could be read (Linux)
   */
  public record Sample(long tickNanos, long[] tids, long[] threadNanos, boolean perThread) {}

  /** Reads both clocks now; per-thread times are left out where /proc does not have them. */
  public static Sample sample() {
    long ticks = nanos();
    long[] tids = new long[64];
    long[] times = new long[64];
    int count = 0;
    boolean ok = Files.isDirectory(TASKS);
    if (ok) {
      try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
        for (Path task : tasks) {
          long onCpu = onCpu(task.resolve("schedstat"));
          if (onCpu == -2) {
            continue; // ended while listed: as if it had ended before
          }
          if (onCpu < 0) {
            ok = false;
            break;
          }
          if (count == tids.length) {
            tids = Arrays.copyOf(tids, count * 2);
            times = Arrays.copyOf(times, count * 2);
          }
          tids[count] = Long.parseLong(task.getFileName().toString());
          times[count] = onCpu;
          count++;
        }
      } catch (IOException | RuntimeException e) {
        ok = false;
      }
    }
    if (!ok) {
      return new Sample(ticks, new long[0], new long[0], false);
    }
    long[][] sorted = sortByTid(Arrays.copyOf(tids, count), Arrays.copyOf(times, count));
    return new Sample(ticks, sorted[0], sorted[1], true);
  }

  /**
   * The first field of a schedstat file (ns on a CPU); -2 when the thread is gone, -1 unreadable.
   */
  private static long onCpu(Path schedstat) {
    String text;
    try {
      text = Files.readString(schedstat, StandardCharsets.US_ASCII);
    } catch (NoSuchFileException e) {
      return -2;
    } catch (IOException e) {
      return Files.exists(schedstat.getParent()) ? -1 : -2;
    }
    int end = text.indexOf(' ');
    try {
      return Long.parseLong(end < 0 ? text.trim() : text.substring(0, end));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static long[][] sortByTid(long[] tids, long[] times) {
    Integer[] order = new Integer[tids.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(tids[a], tids[b]));
    long[] t = new long[tids.length];
    long[] n = new long[tids.length];
    for (int i = 0; i < order.length; i++) {
      t[i] = tids[order[i]];
      n[i] = times[order[i]];
    }
    return new long[][] {t, n};
  }

  /**
   * CPU time of the process between two samples in ns: the threads' own times (about 1 µs
   * resolution) when they account for what the tick clock saw, else the tick figure when it is ten
   * ticks or more; -1 when neither can say (too short for ticks, or no clock at all).
   */
  public static long between(Sample before, Sample after) {
    long ticks = between(before.tickNanos(), after.tickNanos());
    if (before.perThread() && after.perThread()) {
      long threads = threadDelta(before, after);
      // The true time lies within one tick of the tick clock's difference: threads that fall
      // short of that lost time with a thread that ended.
      if (ticks < 0 || threads > ticks - TICK_NANOS) {
        return threads;
      }
    }
    return ticks >= MIN_TICK_FIGURE ? ticks : -1;
  }

  /** The sum over the threads alive at {@code after} of their CPU time since {@code before}. */
  private static long threadDelta(Sample before, Sample after) {
    long sum = 0;
    int j = 0;
    long[] bt = before.tids();
    long[] bn = before.threadNanos();
    for (int i = 0; i < after.tids().length; i++) {
      long tid = after.tids()[i];
      while (j < bt.length && bt[j] < tid) {
        j++;
      }
      long was = j < bt.length && bt[j] == tid ? bn[j] : 0;
      sum += Math.max(0, after.threadNanos()[i] - was);
    }
    return sum;
  }

  /** CPU time of this process so far in 10 ms steps (times(2) on Linux), or -1 where unknown. */
  public static long nanos() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      long t = ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
      return t >= 0 ? t : -1;
    }
    return -1;
  }

  /** CPU time between two readings of {@link #nanos()}, or -1 when either is unknown. */
  public static long between(long before, long after) {
    return before < 0 || after < 0 ? -1 : after - before;
  }
}
