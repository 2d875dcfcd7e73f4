package org.secmem.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.io.file.PathUtils;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineSettings;

/**
 * One running Spark session, for one set of engine settings: its context, its statistics
 * listener, and the {@code spark.local.dir} folder it made (when no work folder was given), which
 * {@link #close} removes.
 */
final class SparkRuntime implements AutoCloseable {

  private static final Logger LOG = LogManager.getLogger(SparkRuntime.class);

  /** Spark and its libraries log at INFO a lot; secmem's log keeps their warnings. */
  private static final List<String> QUIET_LOGGERS = List.of("org.apache.spark",
      "org.sparkproject", "org.apache.hadoop", "org.apache.parquet", "io.netty", "org.eclipse.jetty",
      "org.apache.ivy", "org.apache.zookeeper", "org.apache.curator", "com.zaxxer");

  private final EngineSettings settings;
  private final SparkSession session;
  private final SortStatsListener listener;
  private final Optional<Path> ownLocalDir;

  private SparkRuntime(EngineSettings settings, SparkSession session, SortStatsListener listener,
      Optional<Path> ownLocalDir) {
    this.settings = settings;
    this.session = session;
    this.listener = listener;
    this.ownLocalDir = ownLocalDir;
  }

  /**
   * Starts Spark for these settings (already checked by {@link SparkProblems}).
   *
   * @throws EngineException when the master cannot be reached or Spark does not start
   */
  static SparkRuntime start(EngineSettings settings) throws EngineException {
    MasterUrl master = MasterUrl.parse(SparkConfPlan.master(settings));
    if (!master.isLocal()) {
      MasterProbe.check(master.endpoints(), MasterProbe.TIMEOUT);
    }
    if (SparkSession.getDefaultSession().isDefined()
        || SparkSession.getActiveSession().isDefined()) {
      throw new EngineException("another Spark session is running in this JVM: one engine at a"
          + " time");
    }
    quietSparkLogging();
    Optional<Path> ownLocalDir = Optional.empty();
    List<Path> localDirs = new ArrayList<>(settings.workDirs());
    try {
      if (localDirs.isEmpty()) {
        Path made = Files.createTempDirectory(Paths.get(System.getProperty("java.io.tmpdir")),
            ".secmem-spark-local-" + ProcessHandle.current().pid() + "-");
        ownLocalDir = Optional.of(made);
        localDirs.add(made);
      }
      Map<String, String> plan =
          SparkConfPlan.of(settings, localDirs, Runtime.getRuntime().maxMemory());
      SparkConf conf = new SparkConf(false);
      plan.forEach(conf::set);
      LOG.info("starting Spark with {}", plan);
      SparkSession session = SparkSession.builder().config(conf).getOrCreate();
      SortStatsListener listener = new SortStatsListener();
      session.sparkContext().addSparkListener(listener);
      LOG.info("Spark {} started on {} ({} cores)", session.version(),
          session.sparkContext().master(), session.sparkContext().defaultParallelism());
      return new SparkRuntime(settings, session, listener, ownLocalDir);
    } catch (Exception | LinkageError e) {
      LOG.error("Spark did not start", e);
      ownLocalDir.ifPresent(SparkRuntime::remove);
      throw new EngineException("Spark did not start: " + Failures.rootLine(e), e);
    }
  }

  /** Sends Spark's INFO lines nowhere: its warnings still reach secmem's log file. */
  private static void quietSparkLogging() {
    for (String name : QUIET_LOGGERS) {
      Configurator.setLevel(name, Level.WARN);
    }
  }

  EngineSettings settings() {
    return settings;
  }

  SparkSession session() {
    return session;
  }

  SparkContext context() {
    return session.sparkContext();
  }

  SortStatsListener listener() {
    return listener;
  }

  /** The {@code spark.local.dir} folder this runtime made, if it made one. */
  Optional<Path> ownLocalDir() {
    return ownLocalDir;
  }

  @Override
  public void close() {
    try {
      session.stop();
    } catch (RuntimeException e) {
      LOG.warn("stopping Spark failed", e);
    } finally {
      ownLocalDir.ifPresent(SparkRuntime::remove);
    }
  }

  private static void remove(Path dir) {
    try {
      if (Files.exists(dir)) {
        PathUtils.deleteDirectory(dir);
      }
    } catch (IOException e) {
      LOG.warn("could not remove Spark's local folder {}", dir, e);
    }
  }
}
