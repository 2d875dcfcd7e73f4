package org.secmem.engine;

import java.util.Optional;

/**
 * Whether an engine can run on this JVM at all: an engine whose registry entry names a first JDK it
 * fails on ({@link KnownEngine#failsFrom}) is refused on that JDK and later before anything starts,
 * with one line naming the JVM, whether or not its module is on the class path.
 */
public final class EngineJvm {

  /** The oldest JDK secmem (and so every engine through it) runs on. */
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

  /** Whether engine {@code name} can run on this JVM (tests of it skip where it cannot). */
  public static boolean runsHere(String name) {
    return problem(name).isEmpty();
  }

  /**
   * Why engine {@code name} cannot run on a JVM of this feature release (version and home only name
   * it in the message).
   */
  public static Optional<String> problem(String name, int feature, String version, String home) {
    Optional<KnownEngine> engine = KnownEngines.named(name);
    Optional<KnownEngine.JdkLimit> limit = engine.flatMap(KnownEngine::failsFrom);
    if (limit.isEmpty() || feature < limit.get().feature()) {
      return Optional.empty();
    }
    int from = limit.get().feature();
    return Optional.of(
        engine.get().title()
            + " needs JDK "
            + OLDEST
            + "–"
            + (from - 1)
            + ", and this is JDK "
            + version
            + " ("
            + home
            + "; "
            + limit.get().why()
            + " since JDK "
            + from
            + "): set JAVA_HOME to such a JDK");
  }
}
