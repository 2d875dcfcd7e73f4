package org.secmem.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.functions;
import org.secmem.data.PartFile;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineJob;
import org.secmem.engine.EngineProblem;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.EngineStats;
import org.secmem.engine.SortEngine;
import org.secmem.fs.TempRegistry;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Sorts a file of big-endian ints with Apache Spark: the input read as 4-byte records, a Dataset of
 * ints sorted by Spark SQL (range partitioning, then a sort of each range), each range written by
 * its task to a part file, and the parts joined in order by the driver into the output.
 *
 * <p>Not thread-safe; one per JVM at a time (Spark allows one context per JVM).
 */
public final class SparkSortEngine implements SortEngine {

  private static final Logger LOG = LogManager.getLogger(SparkSortEngine.class);

  /** How long to wait for Spark to report the sort's jobs ended, after they did. */
  private static final long EVENTS_TIMEOUT_MILLIS = 10_000;

  private SparkRuntime runtime;

  /** The registries told of the runtime's local folder: told again when close() removes it. */
  private final Set<TempRegistry> toldOfLocalDir =
      Collections.newSetFromMap(new IdentityHashMap<>());

  @Override
  public String name() {
    return "spark";
  }

  @Override
  public List<EngineProblem> problems(EngineSettings settings) {
    return SparkProblems.of(settings, Runtime.getRuntime().maxMemory());
  }

  @Override
  public long start(EngineSettings settings) throws IOException {
    if (runtime != null && runtime.settings().equals(settings) && runtime.running()) {
      return 0;
    }
    List<EngineProblem> problems = problems(settings);
    if (!problems.isEmpty()) {
      throw new EngineException(problems.get(0).message());
    }
    long t0 = System.nanoTime();
    stopRuntime();
    runtime = SparkRuntime.start(settings);
    return System.nanoTime() - t0;
  }

  @Override
  public EngineStats sort(EngineJob job) throws IOException {
    if (runtime != null && runtime.settings().equals(job.settings()) && !runtime.running()) {
      // Stopped by Spark itself since it started: a cluster's master removed the application.
      throw new EngineException(JobWatch.stopped(runtime.context()));
    }
    if (runtime == null || !runtime.settings().equals(job.settings())) {
      throw new IllegalStateException("start(settings) must come before sort with those settings");
    }
    runtime
        .ownLocalDir()
        .ifPresent(
            dir -> {
              if (toldOfLocalDir.add(job.temps())) {
                job.temps().register(dir);
              }
            });
    Path input = job.input().toAbsolutePath();
    Path output = job.output().toAbsolutePath();
    SparkScratch.removeStale(output.getParent());
    SparkScratch scratch = SparkScratch.create(output.getParent(), SparkScratch.PARTS);
    Path parts = scratch.path();
    job.temps().register(parts);
    String group = "secmem-sort-" + UUID.randomUUID();
    SparkContext sc = runtime.context();
    try {
      long bytes = inputBytes(input);
      runtime.listener().begin(group);
      JobWatch.run(
          sc,
          group,
          () -> runSpark(input, parts, job.order()),
          JobWatch.firstExecutor(job.settings().conf()));
      long j0 = System.nanoTime();
      join(parts, output, bytes, job);
      long joinNanos = System.nanoTime() - j0;
      SortStages stages = stages(sc);
      EngineStats stats = stats(sc, bytes / Integer.BYTES, stages, joinNanos);
      LOG.info("Spark sorted {} into {}: {}", input, output, stats);
      return stats;
    } catch (EngineException e) {
      LOG.error("Spark sort of {} into {} failed", input, output, e);
      throw e;
    } catch (Exception e) {
      LOG.error("Spark sort of {} into {} failed", input, output, e);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      cancel(sc, group);
      if (Failures.outOfHeap(e)) {
        throw new EngineException(
            "Spark sort failed: its tasks ran out of heap ("
                + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MiB in this JVM); give Spark a"
                + " larger heap (SECMEM_HEAP), a smaller --m or more --partitions",
            e);
      }
      throw new EngineException("Spark sort failed: " + Failures.rootLine(e), e);
    } finally {
      removeParts(scratch, job.temps());
    }
  }

  /** Stops what is left of the sort's jobs (after an interrupt they may still run). */
  private static void cancel(SparkContext sc, String group) {
    try {
      sc.cancelJobGroup(group);
    } catch (RuntimeException e) {
      LOG.warn("could not cancel Spark's jobs of group {}", group, e);
    }
  }

  /** The input's size in bytes, which must be a whole number of ints. */
  private static long inputBytes(Path input) throws IOException {
    long bytes;
    try {
      bytes = Files.size(input);
    } catch (IOException e) {
      throw new EngineException("cannot read the input " + input + ": " + Failures.rootLine(e), e);
    }
    if (bytes % Integer.BYTES != 0) {
      throw new EngineException(
          input + " has " + bytes + " bytes, not a whole number of 4-byte" + " ints");
    }
    return bytes;
  }

  /** The timed part on Spark: read, sort, write each range to its part. */
  private void runSpark(Path input, Path parts, SortOrder order) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(runtime.context());
    JavaRDD<Integer> ints =
        jsc.binaryRecords(input.toUri().toString(), Integer.BYTES).map(new BigEndianInt());
    Dataset<Integer> ds = runtime.session().createDataset(ints.rdd(), Encoders.INT());
    Column value = functions.col("value");
    ds.sort(order == SortOrder.DESCENDING ? value.desc() : value.asc())
        .foreachPartition(new PartWriter(parts));
  }

  /**
   * Joins the parts into a temporary file beside the output and moves it into place, replacing what
   * was there only now that the output is complete (as secmem's own sorts do: a repetition rewrites
   * the output of the one before).
   */
  private static void join(Path parts, Path output, long bytes, EngineJob job) throws IOException {
    try (PartFile joined = PartFile.owned(output, job.temps())) {
      PartsJoiner.join(parts, joined.path(), bytes, job.sync());
      joined.commit();
    }
  }

  private SortStages stages(SparkContext sc) throws InterruptedException {
    try {
      // Every event of the sort was posted before its action returned; this waits for their
      // delivery to the listener.
      sc.listenerBus().waitUntilEmpty(EVENTS_TIMEOUT_MILLIS);
    } catch (TimeoutException e) {
      LOG.warn(
          "Spark's events did not arrive within {} ms: the sort's figures may be short",
          EVENTS_TIMEOUT_MILLIS);
    }
    SortStages stages = runtime.listener().await(EVENTS_TIMEOUT_MILLIS);
    if (!stages.complete()) {
      LOG.warn("not every job of the sort was reported ended: its figures may be short");
    }
    return stages;
  }

  private EngineStats stats(SparkContext sc, long ints, SortStages s, long joinNanos) {
    boolean local = sc.isLocal();
    return new EngineStats(
        ints,
        sc.version(),
        sc.master(),
        sc.defaultParallelism(),
        local ? 1 : s.executors(),
        executorMemory(sc, local),
        s.inputPartitions(),
        s.partitions(),
        s.sampleNanos(),
        s.mapNanos(),
        s.reduceNanos(),
        joinNanos,
        s.shuffleWriteBytes(),
        s.shuffleReadBytes(),
        s.spillBytes(),
        s.gcNanos());
  }

  /** The largest executor's memory for execution and storage (local mode: the driver's). */
  private static long executorMemory(SparkContext sc, boolean local) {
    String driver = null;
    if (!local && SparkEnv.get() != null) {
      driver = SparkEnv.get().blockManager().blockManagerId().hostPort();
    }
    long max = -1;
    for (Map.Entry<String, Tuple2<Object, Object>> e :
        CollectionConverters.asJava(sc.getExecutorMemoryStatus()).entrySet()) {
      if (!e.getKey().equals(driver)) {
        max = Math.max(max, (Long) e.getValue()._1());
      }
    }
    return max;
  }

  private static void removeParts(SparkScratch parts, TempRegistry temps) {
    try {
      parts.close();
      temps.release(parts.path());
    } catch (IOException e) {
      LOG.warn("could not remove {}", parts.path(), e);
    }
  }

  @Override
  public void close() {
    stopRuntime();
  }

  private void stopRuntime() {
    if (runtime == null) {
      return;
    }
    SparkRuntime r = runtime;
    runtime = null;
    r.close();
    r.ownLocalDir().ifPresent(dir -> toldOfLocalDir.forEach(t -> t.release(dir)));
    toldOfLocalDir.clear();
  }
}
