package org.secmem.spark;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.spark.SparkContext;
import org.secmem.engine.EngineException;

/**
 * Runs Spark's part of a sort in a thread of its own and watches the context meanwhile, so that a
 * cluster that gives up on the application fails the sort within seconds instead of leaving it
 * waiting forever.
 *
 * <p>Found on a standalone cluster whose worker could not launch executors: the master removed the
 * application and Spark stopped the context, and in 4 of 11 runs the thread that had asked for the
 * input ({@code binaryRecords}, broadcasting the Hadoop configuration) then waited for a block lock
 * that nothing would release, with no output, until killed. The watcher does not wait on Spark: it
 * looks every {@link #POLL} at whether the context stopped, and whether any executor ever came.
 */
final class JobWatch {

  private static final Logger LOG = LogManager.getLogger(JobWatch.class);

  static final Duration POLL = Duration.ofMillis(200);

  /** How long a failed cluster sort waits to see whether Spark is stopping its context. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(3);

  /** How long a cluster may take to give the application its first executor, by default. */
  static final Duration FIRST_EXECUTOR = Duration.ofSeconds(60);

  /**
   * The setting that changes {@link #FIRST_EXECUTOR}, in whole seconds ({@code 60} or {@code 60s}):
   * secmem's own, read from the engine's {@code --conf}; Spark ignores it.
   */
  static final String FIRST_EXECUTOR_SETTING = "spark.secmem.firstExecutorTimeout";

  private static final long MAX_WAIT_SECONDS = 24L * 3600;

  /** The wait for the first executor these settings ask for. */
  static Duration firstExecutor(Map<String, String> conf) {
    String v = conf.get(FIRST_EXECUTOR_SETTING);
    return v == null ? FIRST_EXECUTOR : Duration.ofSeconds(parseSeconds(v));
  }

  /** Why the {@link #FIRST_EXECUTOR_SETTING} in these settings is wrong, if it is. */
  static Optional<String> firstExecutorProblem(Map<String, String> conf) {
    String v = conf.get(FIRST_EXECUTOR_SETTING);
    if (v == null) {
      return Optional.empty();
    }
    try {
      parseSeconds(v);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(
          FIRST_EXECUTOR_SETTING
              + "="
              + v
              + ": whole seconds from 1 to "
              + MAX_WAIT_SECONDS
              + " (e.g. 60 or 60s), how long a cluster may take to start the first executor");
    }
  }

  private static long parseSeconds(String v) {
    String digits = v.trim().toLowerCase(Locale.ROOT);
    if (digits.endsWith("s")) {
      digits = digits.substring(0, digits.length() - 1);
    }
    if (!digits.matches("[0-9]{1,6}")) {
      throw new IllegalArgumentException(v);
    }
    long seconds = Long.parseLong(digits);
    if (seconds < 1 || seconds > MAX_WAIT_SECONDS) {
      throw new IllegalArgumentException(v);
    }
    return seconds;
  }

  /** Spark's part of a sort. */
  interface SparkWork {
    void run() throws Exception;
  }

  private JobWatch() {}

  /**
   * Runs {@code work} and returns when it ends, throwing what it threw.
   *
   * @param firstExecutor how long to wait for the first executor on a cluster
   * @throws EngineException when the context stops before the work ends, or no executor came within
   *     {@code firstExecutor} (the work's jobs are cancelled; its thread, a daemon, may stay
   *     blocked inside Spark)
   * @throws InterruptedException when this thread is interrupted while waiting
   */
  static void run(SparkContext sc, String group, SparkWork work, Duration firstExecutor)
      throws Exception {
    CountDownLatch done = new CountDownLatch(1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t =
        new Thread(
            () -> {
              try {
                sc.setJobGroup(group, "secmem sort", false);
                work.run();
              } catch (Throwable e) { // handed to the waiting thread, which rethrows it
                failure.set(e);
              } finally {
                done.countDown();
              }
            },
            "secmem-spark-sort");
    t.setDaemon(true);
    t.start();
    long start = System.nanoTime();
    // Only a standalone master is waited on: YARN or Kubernetes may queue an application for
    // longer, and a local one runs its tasks in this JVM.
    boolean executorSeen = sc.isLocal() || !sc.master().startsWith("spark://");
    while (!done.await(POLL.toMillis(), TimeUnit.MILLISECONDS)) {
      if (sc.isStopped()) {
        throw new EngineException(stopped(sc));
      }
      if (!executorSeen) {
        executorSeen = executors(sc) > 0;
        if (!executorSeen && System.nanoTime() - start > firstExecutor.toNanos()) {
          cancel(sc, group);
          throw new EngineException(
              "no Spark executor started within "
                  + firstExecutor.toSeconds()
                  + " s on "
                  + sc.master()
                  + ": no worker has the free cores and memory the application asks for"
                  + " (spark.executor.cores, spark.executor.memory), or none can launch"
                  + " executors; the master's log says which ("
                  + FIRST_EXECUTOR_SETTING
                  + " sets how long to wait)");
        }
      }
    }
    Throwable f = failure.get();
    if (f != null && !sc.isLocal()) {
      // A master that removes the application aborts the running jobs first and stops the
      // context a moment later, from a thread of its own.
      long until = System.nanoTime() + STOP_GRACE.toNanos();
      while (!sc.isStopped() && System.nanoTime() < until) {
        Thread.sleep(50);
      }
    }
    if (f != null && sc.isStopped()) {
      // What the work says then is "Cannot call methods on a stopped SparkContext".
      throw new EngineException(stopped(sc), f);
    }
    if (f instanceof Exception e) {
      throw e;
    }
    if (f instanceof Error e) {
      throw e;
    }
    if (f != null) {
      throw new IllegalStateException(f);
    }
  }

  /** Why a sort failed when Spark stopped its context under it. */
  static String stopped(SparkContext sc) {
    return "Spark stopped while sorting"
        + (sc.isLocal()
            ? ""
            : " on "
                + sc.master()
                + ": the master removed the application (its executors could not start, or kept"
                + " failing); the master's and the workers' logs say why");
  }

  /** The executors the application has now (the driver, also listed, not counted). */
  static int executors(SparkContext sc) {
    return Math.max(0, sc.statusTracker().getExecutorInfos().length - 1);
  }

  private static void cancel(SparkContext sc, String group) {
    try {
      sc.cancelJobGroup(group);
    } catch (RuntimeException e) {
      LOG.warn("could not cancel Spark's jobs of group {}", group, e);
    }
  }
}
