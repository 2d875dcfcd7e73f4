package org.secmem.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the command line, parameter files and the menu check of another sort engine's settings
 * before anything runs: its module on the class path, its settings as the engine judges them, the
 * {@code key=value} form of its further settings, and the disk its sort needs.
 */
public final class EngineChecks {

  /** The most parts a sorted output may be cut into. */
  public static final int MAX_PARTITIONS = 100_000;

  private EngineChecks() {}

  /**
   * {@code key=value} settings in the order given.
   *
   * @throws IllegalArgumentException for one without {@code =}, with an empty key, or a key given
   *     twice, naming it
   */
  public static Map<String, String> conf(List<String> pairs) {
    Map<String, String> conf = new LinkedHashMap<>();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "'"
                + pair
                + "' is not KEY=VALUE (e.g. "
                + KnownEngines.ALL.stream()
                    .map(KnownEngine::confExample)
                    .collect(Collectors.joining(" or "))
                + ")");
      }
      String key = pair.substring(0, eq).trim();
      if (conf.put(key, pair.substring(eq + 1).trim()) != null) {
        throw new IllegalArgumentException(key + " is given twice");
      }
    }
    return conf;
  }

  /**
   * Every problem with these settings, each naming the setting: a JVM the engine cannot run on
   * ({@link EngineJvm}), the engine's module missing from the class path, or what the engine finds;
   * empty when it can run.
   */
  public static List<EngineProblem> problems(String engineName, EngineSettings settings) {
    Optional<String> jvm = EngineJvm.problem(engineName);
    if (jvm.isPresent()) { // nothing else matters: the engine cannot start here
      return List.of(new EngineProblem(EngineProblem.Setting.ENGINE, jvm.get()));
    }
    try (SortEngine engine = SortEngines.load(engineName)) {
      return engine.problems(settings);
    } catch (EngineUnavailableException e) {
      return List.of(new EngineProblem(EngineProblem.Setting.ENGINE, e.getMessage()));
    }
  }

  /**
   * Bytes another engine's sort may hold on disk at its peak: the shuffle (compressed, about 1.5
   * times the data for random ints), the sorted parts and the output they are joined into.
   */
  public static long peakDiskBytes(long ints) {
    return ints * Integer.BYTES * 4;
  }
}
