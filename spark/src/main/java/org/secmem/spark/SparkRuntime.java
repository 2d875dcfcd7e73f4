package org.secmem.spark;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.internal.Logging$;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.artifact.ArtifactManager$;
import org.apache.spark.util.ShutdownHookManager;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineSettings;
import org.secmem.fs.Ownership;

/**
 * One running Spark session, for one set of engine settings: its context, its statistics listener,
 * and the {@code spark.local.dir} folder it made (when no work folder was given), which {@link
 * #close} removes.
 */
final class SparkRuntime implements AutoCloseable {

  private static final Logger LOG = LogManager.getLogger(SparkRuntime.class);

  /** Spark and its libraries log at INFO a lot; secmem's log keeps their warnings. */
  private static final List<String> QUIET_LOGGERS =
      List.of(
          "org.apache.spark",
          "org.sparkproject",
          "org.apache.hadoop",
          "org.apache.parquet",
          "io.netty",
          "org.eclipse.jetty",
          "org.apache.ivy",
          "org.apache.zookeeper",
          "org.apache.curator",
          "com.zaxxer");

  /** The name of secmem's own Log4j configuration (secmem-log4j2.xml). */
  private static final String SECMEM_LOGGING = "secmem";

  private final EngineSettings settings;
  private final SparkSession session;
  private final SortStatsListener listener;
  private final Optional<SparkScratch> ownLocalDir;

  /** What the given work folders held before Spark started: Spark's folders are the others. */
  private final Map<Path, Set<Path>> workDirsBefore;

  private SparkRuntime(
      EngineSettings settings,
      SparkSession session,
      SortStatsListener listener,
      Optional<SparkScratch> ownLocalDir,
      Map<Path, Set<Path>> workDirsBefore) {
    this.settings = settings;
    this.session = session;
    this.listener = listener;
    this.ownLocalDir = ownLocalDir;
    this.workDirsBefore = workDirsBefore;
  }

  /**
   * Starts Spark for these settings (already checked by {@link SparkProblems}).
   *
   * @throws EngineException when the master cannot be reached or Spark does not start
   */
  static SparkRuntime start(EngineSettings settings) throws EngineException {
    // First: the master's probe below already starts Spark's RPC (and its INFO lines).
    quietSparkLogging();
    MasterUrl master = SparkConfPlan.masterUrl(settings);
    if (!master.isLocal() && !master.endpoints().isEmpty()) { // YARN, Kubernetes: Spark's to reach
      MasterProbe.check(master.endpoints(), MasterProbe.TIMEOUT);
      // Spark's own settings (system properties), then the user's: security and the wait.
      SparkConf probeConf = new SparkConf(true);
      settings.conf().forEach(probeConf::set);
      MasterProbe.checkAnswers(master, probeConf);
    }
    Optional<String> jars =
        EngineJar.toShip(settings, master.isLocal(), sparkSystemProperties(), EngineJar.code());
    handOver();
    quietSparkLogging(); // again: the probe's first Spark class may have put Spark's defaults in
    Optional<SparkScratch> ownLocalDir = Optional.empty();
    List<Path> localDirs = new ArrayList<>(settings.workDirs());
    Map<Path, Set<Path>> before = new LinkedHashMap<>();
    try {
      for (Path dir : localDirs) {
        before.put(dir, entries(dir));
      }
      if (localDirs.isEmpty()) {
        // Its folder is owned and marked: one a killed run left is removed here, by the next.
        Path tmp = Paths.get(System.getProperty("java.io.tmpdir"));
        SparkScratch.removeStale(tmp);
        SparkScratch scratch = SparkScratch.create(tmp, SparkScratch.LOCAL);
        ownLocalDir = Optional.of(scratch);
        Path made = scratch.path();
        // Removed at JVM exit too (after Spark's own hook stops the context) when close() is
        // never called: a test or a caller that forgets, an interrupt.
        ShutdownHookManager.registerShutdownDeleteDir(made.toFile());
        localDirs.add(made);
        keepArtifactsIn(Optional.of(made));
      } else {
        // Spark's own, in the temporary folder: not an earlier session's scratch folder, gone.
        keepArtifactsIn(Optional.empty());
      }
      Map<String, String> plan =
          SparkConfPlan.of(settings, localDirs, Runtime.getRuntime().maxMemory());
      jars.ifPresent(j -> plan.put(EngineJar.JARS, j));
      SparkConf conf = SparkConfPlan.toSparkConf(plan, settings);
      LOG.info("starting Spark with {}", plan);
      // Spark caches the first context's spark.local.dir roots for the JVM's lifetime (for its
      // spark-* folders): without this, a later session would recreate an earlier one's removed
      // folder instead of using its own.
      org.apache.spark.util.Utils$.MODULE$.clearLocalRootDirs();
      SparkSession session = SparkSession.builder().config(conf).getOrCreate();
      SortStatsListener listener = new SortStatsListener();
      session.sparkContext().addSparkListener(listener);
      LOG.info(
          "Spark {} started on {} ({} cores)",
          session.version(),
          session.sparkContext().master(),
          session.sparkContext().defaultParallelism());
      return new SparkRuntime(settings, session, listener, ownLocalDir, before);
    } catch (Exception | LinkageError e) {
      LOG.error("Spark did not start", e);
      ownLocalDir.ifPresent(SparkRuntime::remove);
      throw new EngineException("Spark did not start: " + Failures.rootLine(e), e);
    }
  }

  /**
   * Puts Spark's folder of session artifacts in {@code scratch}, the run's own folder, which goes
   * with the run and which {@code secmem clean} removes after a kill. Spark makes that folder once
   * per JVM in the JVM's temporary folder ({@code artifacts-<uuid>}, {@code
   * ArtifactManager.artifactRootDirectory}, a lazy value no setting moves, short of changing {@code
   * java.io.tmpdir} for the whole JVM) and removes it only in a shutdown hook, so a sort killed
   * with kill -9 left it there for good. Set anew for every session, as each has a scratch folder
   * of its own; without one (work folders given), one an earlier session put in its scratch folder,
   * now removed, is forgotten, and Spark makes its own again when it needs one. Where Spark's
   * internals differ (another version), its own folder is used and a warning logged.
   */
  private static void keepArtifactsIn(Optional<Path> scratch) {
    Optional<Path> root = scratch.map(s -> s.resolve("artifacts"));
    try {
      if (root.isPresent()) {
        Ownership.createFolders(root.get());
      }
      Field dir = ArtifactManager$.class.getDeclaredField("artifactRootDirectory");
      Field computed = ArtifactManager$.class.getDeclaredField("bitmap$0");
      dir.setAccessible(true);
      computed.setAccessible(true);
      // The lazy value is computed under the object's monitor.
      synchronized (ArtifactManager$.MODULE$) {
        if (root.isPresent()) {
          dir.set(null, root.get());
          computed.setBoolean(null, true);
        } else if (computed.getBoolean(null) && inScratch((Path) dir.get(null))) {
          dir.set(null, null);
          computed.setBoolean(null, false);
        }
      }
      LOG.debug("Spark's artifacts go to {}", root.map(Path::toString).orElse("Spark's folder"));
    } catch (IOException | ReflectiveOperationException | RuntimeException e) {
      LOG.warn(
          "could not choose Spark's artifacts folder ({}): Spark makes its own in the temporary"
              + " folder, which a killed run leaves behind",
          root.map(Path::toString).orElse("Spark's own"),
          e);
    }
  }

  /** Whether {@code root} is in a scratch folder of this module's. */
  private static boolean inScratch(Path root) {
    Path parent = root == null ? null : root.getParent();
    return parent != null && parent.getFileName().toString().startsWith(SparkScratch.PREFIX);
  }

  /** The {@code spark.*} system properties: what spark-submit set for the application. */
  private static Map<String, String> sparkSystemProperties() {
    Map<String, String> found = new LinkedHashMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("spark.")) {
        found.put(name, System.getProperty(name));
      }
    }
    return found;
  }

  /**
   * Spark allows one context per JVM. One left running by another configuration of the same batch
   * (another master or memory; its engine restarts it when its turn comes) is stopped; one already
   * stopped is forgotten, so that the builder does not hand back a dead session.
   */
  private static void handOver() {
    for (scala.Option<SparkSession> s :
        List.of(SparkSession.getActiveSession(), SparkSession.getDefaultSession())) {
      if (s.isDefined() && !s.get().sparkContext().isStopped()) {
        LOG.info(
            "stopping the Spark session of another configuration ({})",
            s.get().sparkContext().master());
        s.get().stop();
      }
    }
    SparkSession.clearActiveSession();
    SparkSession.clearDefaultSession();
  }

  /** Whether this runtime's context still runs (another configuration may have stopped it). */
  boolean running() {
    return !session.sparkContext().isStopped();
  }

  /**
   * Sends Spark's INFO lines nowhere: its warnings still reach secmem's log file.
   *
   * <p>Under {@code spark-submit}, Spark set up its default logging (INFO on the terminal) before
   * secmem's main put secmem's in place, and it keeps a flag that makes it put its own back when
   * the session starts: 140 lines of Spark's INFO log reached the terminal. Where secmem's
   * configuration runs, Spark's flag is cleared first.
   */
  private static void quietSparkLogging() {
    if (LogManager.getContext(LogManager.class.getClassLoader(), false)
            instanceof LoggerContext context
        && SECMEM_LOGGING.equals(context.getConfiguration().getName())) {
      try {
        // Spark's private[spark] flag, set when it installed its defaults; uninitialize() keeps
        // it set.
        Logging$.MODULE$.org$apache$spark$internal$Logging$$defaultSparkLog4jConfig_$eq(false);
      } catch (LinkageError e) { // another Spark version: its logging stays as it is
        LOG.warn("could not keep Spark from replacing secmem's logging", e);
      }
    }
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
    return ownLocalDir.map(SparkScratch::path);
  }

  @Override
  public void close() {
    try {
      session.stop();
    } catch (RuntimeException e) {
      LOG.warn("stopping Spark failed", e);
    } finally {
      ownLocalDir.ifPresent(SparkRuntime::remove);
      workDirsBefore.forEach(SparkRuntime::removeSparksFolders);
    }
  }

  /**
   * Removes the folders Spark made in a work folder ({@code blockmgr-*}, {@code spark-*}: a
   * driver's {@code spark-*} folder would stay until the JVM exits).
   */
  private static void removeSparksFolders(Path dir, Set<Path> before) {
    try {
      for (Path p : entries(dir)) {
        String name = p.getFileName().toString();
        if (!before.contains(p) && (name.startsWith("spark-") || name.startsWith("blockmgr-"))) {
          remove(p);
        }
      }
    } catch (IOException e) {
      LOG.warn("could not list the work folder {}", dir, e);
    }
  }

  private static Set<Path> entries(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Set.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.collect(Collectors.toSet());
    }
  }

  private static void remove(SparkScratch scratch) {
    ShutdownHookManager.removeShutdownDeleteDir(scratch.path().toFile());
    try {
      scratch.close();
    } catch (IOException e) {
      LOG.warn("could not remove Spark's folder {}", scratch.path(), e);
    }
  }

  private static void remove(Path dir) {
    ShutdownHookManager.removeShutdownDeleteDir(dir.toFile());
    try {
      if (Files.isDirectory(dir)) {
        PathUtils.deleteDirectory(dir);
      }
    } catch (IOException e) {
      LOG.warn("could not remove Spark's folder {}", dir, e);
    }
  }
}
