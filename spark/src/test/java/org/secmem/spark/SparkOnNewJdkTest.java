package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.secmem.engine.EngineJvm;
import org.secmem.engine.EngineProblem;
import org.secmem.engine.EngineSettings;

/**
 * On JDK 24 and later Spark cannot start (Hadoop calls {@code Subject.getSubject}): the engine's
 * own checks refuse it with the one line that names the JVM, whatever the settings.
 */
class SparkOnNewJdkTest {

  @Test
  void onJdk24AndLater_theEngineRefusesWithOneLineNamingTheJvm() {
    assumeTrue(!EngineJvm.runsHere("spark"), "Spark runs on JDK " + Runtime.version().feature());
    List<EngineProblem> problems;
    try (SparkSortEngine engine = new SparkSortEngine()) {
      problems =
          engine.problems(
              new EngineSettings(
                  Optional.of("local[1]"),
                  OptionalLong.of(1 << 20),
                  OptionalInt.empty(),
                  Map.of(),
                  List.of()));
    }
    assertEquals(1, problems.size(), problems.toString());
    assertEquals(EngineProblem.Setting.ENGINE, problems.get(0).setting());
    String message = problems.get(0).message();
    assertTrue(message.startsWith("Spark needs JDK 17–23, and this is JDK "), message);
    assertTrue(message.contains(System.getProperty("java.version")), message);
    assertTrue(!message.contains("\n"), message);
  }
}
