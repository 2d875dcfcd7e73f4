package org.secmem.engine;

import java.util.Optional;

/**
 * Whether an engine can run on this JVM at all. Spark (3.5, through Hadoop's {@code
 * UserGroupInformation}, which calls {@code Subject.getSubject}) fails on JDK 24 and later, where
 * that method throws {@code UnsupportedOperationException} (JEP 486): the sort is refused before
 * anything starts, with one line naming the JVM, whether or not the Spark module is on the class
 * path.
 */
public final class EngineJvm {

  /** The first JDK on which Spark fails. */
  public static final int SPARK_FAILS_FROM = 24;

  /** The oldest JDK secmem (and so Spark through it) runs on. */
  public static final int OLDEST = 17;

  private EngineJvm() {}

  /** Why engine {@code name} cannot run on this JVM, if it cannot. */
  public static Optional<String> problem(String name) {
    return problem(
        name,
        Runtime.version().feature(),
        System.getProperty("java.version", "?"),
        System.getProperty("java.home", "?"));
  }

  /**
   * Why engine {@code name} cannot run on a JVM of this feature release (version and home only name
   * it in the message).
   */
  public static Optional<String> problem(String name, int feature, String version, String home) {
    if (!name.equals("spark") || feature < SPARK_FAILS_FROM) {
      return Optional.empty();
    }
    return Optional.of(
        "Spark needs JDK "
            + OLDEST
            + "–"
            + (SPARK_FAILS_FROM - 1)
            + ", and this is JDK "
            + version
            + " ("
            + home
            + "; Hadoop's Subject.getSubject fails since JDK "
            + SPARK_FAILS_FROM
            + "): set JAVA_HOME to such a JDK");
  }
}
