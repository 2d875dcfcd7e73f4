package org.secmem.spark;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.Map;
import java.util.Optional;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineSettings;

/**
 * The engine's own jar, which a cluster's executors must load: the sort's functions ({@link
 * BigEndianInt}, {@link PartWriter}) travel to them as serialized lambdas and objects of this
 * module's classes. Without it every task failed with "cannot assign instance of
 * java.lang.invoke.SerializedLambda to field MapPartitionsRDD.f".
 */
final class EngineJar {

  /** Spark's setting for the jars that executors fetch from the driver. */
  static final String JARS = "spark.jars";

  private EngineJar() {}

  /**
   * The {@code spark.jars} to put in a plan, if any: for a master that is not local, the engine's
   * jar, after the user's own {@code --conf spark.jars=…} where given (a connector, say); nothing
   * under {@code spark-submit}, which ships the application's jar itself.
   *
   * @param code where this engine's classes are (a jar, or a folder of classes)
   * @throws EngineException when they must be shipped but are not in a jar
   */
  static Optional<String> toShip(
      EngineSettings settings, boolean local, Map<String, String> systemSpark, Path code)
      throws EngineException {
    if (local || systemSpark.containsKey(JARS)) {
      return Optional.empty();
    }
    if (!Files.isRegularFile(code) || !code.getFileName().toString().endsWith(".jar")) {
      throw new EngineException(
          "a cluster's executors load the Spark engine's classes from a jar, but they are in "
              + code
              + ": build the jar (mvn -pl core,spark package, as scripts/secmem does) or name one"
              + " with --conf "
              + JARS
              + "=JAR");
    }
    String own = code.toAbsolutePath().toString();
    String given = settings.conf().getOrDefault(JARS, "").trim();
    return Optional.of(given.isEmpty() ? own : given + "," + own);
  }

  /** Where this module's classes were loaded from. */
  static Path code() {
    CodeSource source = EngineJar.class.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return Paths.get("(unknown)");
    }
    try {
      return Paths.get(source.getLocation().toURI());
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Paths.get(source.getLocation().getPath());
    }
  }
}
