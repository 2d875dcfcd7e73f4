package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.engine.EngineException;
import org.secmem.engine.EngineProblem;
import org.secmem.engine.EngineSettings;

/**
 * What a master that is not local changes: the engine's jar shipped to the executors, the driver on
 * loopback for a loopback master, and work folders refused (they never reach the executors).
 */
@ExtendWith(SparkRunsHere.class)
class SparkClusterSettingsTest {

  @TempDir Path dir;

  private static EngineSettings settings(String master, Map<String, String> conf, List<Path> work) {
    return new EngineSettings(
        Optional.of(master), OptionalLong.empty(), OptionalInt.empty(), conf, work);
  }

  @Test
  void aClusterGetsTheEnginesJar_unlessSparkJarsIsSetAlready() throws IOException {
    Path jar = Files.createFile(dir.resolve("secmem-spark.jar"));
    EngineSettings cluster = settings("spark://h:7077", Map.of(), List.of());
    assertEquals(
        Optional.of(jar.toAbsolutePath().toString()),
        EngineJar.toShip(cluster, false, Map.of(), jar));
    // Local mode: the executor is this JVM.
    assertEquals(
        Optional.empty(),
        EngineJar.toShip(settings("local[2]", Map.of(), List.of()), true, Map.of(), jar));
    // The user's own jars (a connector) go first; spark-submit ships the application's jar.
    assertEquals(
        Optional.of("/x.jar," + jar.toAbsolutePath()),
        EngineJar.toShip(
            settings("spark://h:7077", Map.of("spark.jars", "/x.jar"), List.of()),
            false,
            Map.of(),
            jar));
    assertEquals(
        Optional.empty(),
        EngineJar.toShip(cluster, false, Map.of("spark.jars", "file:/app.jar"), jar));
  }

  @Test
  void classesInAFolder_cannotBeShipped_andTheMessageSaysWhatToDo() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    EngineException e =
        assertThrows(
            EngineException.class,
            () ->
                EngineJar.toShip(
                    settings("spark://h:7077", Map.of(), List.of()), false, Map.of(), classes));
    assertTrue(e.getMessage().contains(classes.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("--conf spark.jars=JAR"), e.getMessage());
    // Running from a jar, the engine finds it.
    assertTrue(EngineJar.code().toString().length() > 0);
  }

  @Test
  void aLoopbackMaster_getsALoopbackDriver_anotherMasterDoesNot() {
    Map<String, String> loop =
        SparkConfPlan.of(
            settings("spark://127.0.0.1:7077", Map.of(), List.of()), List.of(), 1L << 30);
    assertEquals("127.0.0.1", loop.get("spark.driver.host"), loop.toString());
    assertEquals("127.0.0.1", loop.get("spark.driver.bindAddress"), loop.toString());
    Map<String, String> localhost =
        SparkConfPlan.of(
            settings("spark://localhost:7077", Map.of(), List.of()), List.of(), 1L << 30);
    assertEquals("127.0.0.1", localhost.get("spark.driver.host"), localhost.toString());
    Map<String, String> remote =
        SparkConfPlan.of(
            settings("spark://192.0.2.77:7077", Map.of(), List.of()), List.of(), 1L << 30);
    assertFalse(remote.containsKey("spark.driver.host"), remote.toString());
    // The user's setting wins.
    Map<String, String> given =
        SparkConfPlan.of(
            settings("spark://127.0.0.1:7077", Map.of("spark.driver.host", "10.1.2.3"), List.of()),
            List.of(),
            1L << 30);
    // ... and the driver then binds where Spark binds it, not to loopback.
    assertFalse(given.containsKey("spark.driver.bindAddress"), given.toString());
    assertEquals(
        "10.1.2.3",
        SparkConfPlan.toSparkConf(
                given,
                settings(
                    "spark://127.0.0.1:7077", Map.of("spark.driver.host", "10.1.2.3"), List.of()))
            .get("spark.driver.host"));
  }

  @Test
  void theWaitForTheFirstExecutor_isSixtySeconds_orWhatTheSettingSays_inWholeSeconds() {
    assertEquals(60, JobWatch.firstExecutor(Map.of()).toSeconds());
    assertEquals(
        5, JobWatch.firstExecutor(Map.of(JobWatch.FIRST_EXECUTOR_SETTING, "5")).toSeconds());
    assertEquals(
        90, JobWatch.firstExecutor(Map.of(JobWatch.FIRST_EXECUTOR_SETTING, "90s")).toSeconds());
    for (String bad : new String[] {"0", "-1", "1.5", "5m", "", "999999999", "x"}) {
      List<EngineProblem> problems =
          SparkProblems.of(
              settings("spark://h:7077", Map.of(JobWatch.FIRST_EXECUTOR_SETTING, bad), List.of()),
              1L << 30);
      assertEquals(1, problems.size(), bad + ": " + problems);
      assertEquals(EngineProblem.Setting.CONF, problems.get(0).setting());
      assertTrue(problems.get(0).message().contains("whole seconds from 1"), problems.toString());
    }
  }

  @Test
  void workFolders_areRefusedOnACluster_namingWhatDecidesThere() {
    List<EngineProblem> problems =
        SparkProblems.of(settings("spark://h:7077", Map.of(), List.of(dir)), 1L << 30);
    assertEquals(1, problems.size(), problems.toString());
    assertEquals(EngineProblem.Setting.WORK_DIRS, problems.get(0).setting());
    assertTrue(problems.get(0).message().contains("SPARK_LOCAL_DIRS"), problems.toString());
    assertEquals(
        List.of(),
        SparkProblems.of(settings("local[2]", Map.of(), List.of(dir)), 1L << 30),
        "local mode takes them");
  }
}
