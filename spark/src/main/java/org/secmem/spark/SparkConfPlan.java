package org.secmem.spark;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.SparkConf;
import org.secmem.engine.EngineSettings;

/** The Spark settings a sort runs with, from the engine settings, in the order they apply. */
final class SparkConfPlan {

  /** What {@code spark-submit} sets for the application it launches. */
  static final String SUBMIT_MASTER_PROPERTY = "spark.master";

  static final String DEFAULT_MASTER = "local[*]";
  static final String APP_NAME = "secmem sort";

  /**
   * The engine's own choices that yield to a setting already made outside it (spark-submit's {@code
   * --conf} and spark-defaults.conf reach the JVM as {@code spark.*} system properties).
   */
  static final Set<String> YIELDING_KEYS =
      Set.of(
          "spark.serializer",
          "spark.ui.enabled",
          "spark.ui.showConsoleProgress",
          "spark.driver.host",
          "spark.driver.bindAddress");

  private SparkConfPlan() {}

  /**
   * The SparkConf: Spark's own defaults (system properties: what spark-submit passes, e.g. the jars
   * executors load), then this plan, its {@link #YIELDING_KEYS} only where nothing was set.
   */
  static SparkConf toSparkConf(Map<String, String> plan, EngineSettings settings) {
    SparkConf conf = new SparkConf(true);
    plan.forEach(
        (k, v) -> {
          if (YIELDING_KEYS.contains(k) && !settings.conf().containsKey(k)) {
            conf.setIfMissing(k, v);
          } else {
            conf.set(k, v);
          }
        });
    return conf;
  }

  /**
   * The master the settings give: {@code --master}, else a {@code spark.master} among the engine's
   * settings ({@code --conf}); the two are one setting (see {@link #masterConflict}).
   */
  static Optional<String> givenMaster(EngineSettings settings) {
    return settings
        .master()
        .map(String::trim)
        .filter(m -> !m.isEmpty())
        .or(
            () ->
                Optional.ofNullable(settings.conf().get(SUBMIT_MASTER_PROPERTY))
                    .map(String::trim)
                    .filter(m -> !m.isEmpty()));
  }

  /**
   * Whether the master is given twice, differently: as the master and as {@code spark.master} among
   * the engine's settings; the message names both.
   */
  static Optional<String> masterConflict(EngineSettings settings) {
    Optional<String> master = settings.master().map(String::trim).filter(m -> !m.isEmpty());
    String conf = settings.conf().get(SUBMIT_MASTER_PROPERTY);
    if (master.isEmpty() || conf == null || conf.trim().equals(master.get())) {
      return Optional.empty();
    }
    return Optional.of(
        "'"
            + master.get()
            + "' and the engine setting "
            + SUBMIT_MASTER_PROPERTY
            + "="
            + conf
            + " name different masters: give the master once");
  }

  /** The master: as given, else the one spark-submit set, else {@code local[*]}. */
  static String master(EngineSettings settings) {
    return givenMaster(settings)
        .orElseGet(() -> System.getProperty(SUBMIT_MASTER_PROPERTY, DEFAULT_MASTER));
  }

  /**
   * The master checked: one given (either way) must be a form this engine runs on; the one
   * spark-submit set is taken as it is (spark-submit brings what YARN or Kubernetes need).
   *
   * @throws IllegalArgumentException for a given master of no allowed form
   */
  static MasterUrl masterUrl(EngineSettings settings) {
    return givenMaster(settings).isPresent()
        ? MasterUrl.parse(master(settings))
        : MasterUrl.submitted(master(settings));
  }

  /** Whether every endpoint of the master is on this machine's loopback interface. */
  static boolean loopback(MasterUrl master) {
    if (master.isLocal() || master.endpoints().isEmpty()) {
      return false;
    }
    for (MasterUrl.Endpoint e : master.endpoints()) {
      try {
        if (!InetAddress.getByName(e.host()).isLoopbackAddress()) {
          return false;
        }
      } catch (UnknownHostException ex) {
        return false;
      }
    }
    return true;
  }

  /**
   * Every setting, the user's {@code --conf} last so that it wins.
   *
   * @param localDirs the folders for {@code spark.local.dir} (the work folders, or the one the
   *     engine made)
   * @param maxHeapBytes this JVM's heap (the memory of local mode)
   */
  static Map<String, String> of(EngineSettings settings, List<Path> localDirs, long maxHeapBytes) {
    String master = master(settings);
    boolean local = masterUrl(settings).isLocal();
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("spark.master", master);
    conf.put("spark.app.name", APP_NAME);
    conf.put("spark.serializer", "org.apache.spark.serializer.KryoSerializer");
    conf.put("spark.ui.enabled", "false");
    conf.put("spark.ui.showConsoleProgress", "false");
    conf.put(
        "spark.local.dir",
        localDirs.stream()
            .map(p -> p.toAbsolutePath().toString())
            .collect(Collectors.joining(",")));
    if (!local
        && loopback(masterUrl(settings))
        && System.getenv("SPARK_LOCAL_IP") == null
        && !settings.conf().containsKey("spark.driver.host")
        && System.getProperty("spark.driver.host") == null) {
      // Spark skips a host name that resolves to loopback and binds the driver to the machine's
      // outward address, which a cluster on 127.0.0.1 may not reach: a loopback master gets a
      // loopback driver (spark.driver.host, or SPARK_LOCAL_IP, says otherwise).
      conf.put("spark.driver.host", "127.0.0.1");
      conf.put("spark.driver.bindAddress", "127.0.0.1");
    }
    if (local) {
      // The executor is this JVM, which also holds secmem's results: a task's OutOfMemoryError
      // fails the sort (one line, exit 1, rows kept) instead of Spark calling System.exit.
      conf.put("spark.executor.killOnFatalError.depth", "0");
      // No executor connects to a local driver: the loopback address avoids a host name that
      // does not resolve.
      conf.put("spark.driver.host", "127.0.0.1");
      conf.put("spark.driver.bindAddress", "127.0.0.1");
    }
    settings
        .memoryInts()
        .ifPresent(
            m -> {
              if (local) {
                conf.put(
                    "spark.memory.fraction",
                    SparkMemory.fractionSetting(SparkMemory.localFraction(m, maxHeapBytes)));
              } else {
                conf.put("spark.executor.memory", SparkMemory.executorMemory(m));
              }
            });
    settings
        .partitions()
        .ifPresent(
            p -> {
              conf.put("spark.sql.shuffle.partitions", Integer.toString(p));
              conf.put("spark.sql.adaptive.coalescePartitions.enabled", "false");
            });
    settings
        .conf()
        .forEach(
            (k, v) -> {
              conf.remove(k); // moved to the end: the user's settings come last, as they apply
              conf.put(k, v);
            });
    return conf;
  }
}
