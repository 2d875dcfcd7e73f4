package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.secmem.engine.EngineProblem;
import org.secmem.engine.EngineSettings;
import org.secmem.experiment.EngineMethod;

/** Master URLs, memory arithmetic, problems and the Spark settings: pure functions. */
@ExtendWith(SparkRunsHere.class)
class SparkSettingsTest {

  private static final long MIB = 1L << 20;
  private static final long HEAP_1G = 1024 * MIB;

  private static EngineSettings settings(String master, Long m, Integer p, Map<String, String> c) {
    return new EngineSettings(
        Optional.ofNullable(master),
        m == null ? OptionalLong.empty() : OptionalLong.of(m),
        p == null ? OptionalInt.empty() : OptionalInt.of(p),
        c,
        List.of());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "local",
        "local[1]",
        "local[2]",
        "local[*]",
        "local[4,3]",
        "local[*,2]",
        "spark://h:7077",
        "spark://h1:7077,h2:7078",
        "spark://10.0.0.1:7077"
      })
  void acceptsTheMastersItRunsOn(String master) {
    MasterUrl.parse(master);
    assertEquals(
        List.of(),
        new SparkSortEngine()
            .problems(settings(master, null, null, Map.of())).stream()
                .filter(p -> p.setting() == EngineProblem.Setting.MASTER)
                .toList());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "locl",
        "local[0]",
        "local[x]",
        "local[2",
        "local[2,]",
        "spark://",
        "spark://host",
        "spark://host:0",
        "spark://host:70000",
        "spark://h:7077,",
        "mesos://h:5050",
        "local-cluster[2,1,1024]",
        ""
      })
  void refusesOtherMastersNamingTheAllowedForms(String master) {
    List<EngineProblem> problems =
        SparkProblems.of(settings(master.isEmpty() ? " " : master, null, null, Map.of()), HEAP_1G);
    if (master.isEmpty()) {
      return; // blank means the default
    }
    assertEquals(1, problems.size(), problems::toString);
    assertEquals(EngineProblem.Setting.MASTER, problems.get(0).setting());
    String said = problems.get(0).message();
    assertTrue(
        said.contains("'" + master + "'")
            && said.contains("local[N]")
            && said.contains("spark://host:port")
            && !said.contains("--master "),
        said);
  }

  /**
   * local[99999] started about 32,000 threads, starved the machine and ended with the wrong advice:
   * N is bounded by the cores, and the limit itself is accepted.
   */
  @Test
  void localMode_isBoundedByTheCores() {
    int max = MasterUrl.maxLocalSlots();
    assertEquals(max, MasterUrl.parse("local[" + max + "]").localCores());
    for (String m : List.of("local[" + (max + 1) + "]", "local[99999]", "local[99999,2]")) {
      List<EngineProblem> problems = SparkProblems.of(settings(m, null, null, Map.of()), HEAP_1G);
      assertEquals(1, problems.size(), problems::toString);
      assertTrue(
          problems.get(0).message().contains("at most local[" + max + "]"),
          problems.get(0).message());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"yarn", "YARN", "k8s://https://api:6443"})
  void yarnAndKubernetesGoThroughSparkSubmit(String master) {
    List<EngineProblem> problems =
        SparkProblems.of(settings(master, null, null, Map.of()), HEAP_1G);
    assertEquals(1, problems.size(), problems::toString);
    String said = problems.get(0).message();
    assertTrue(
        said.contains("spark-submit") && said.contains("spark/target/secmem-spark-submit.jar"),
        said);
  }

  @Test
  void confKeysMustBeSparkSettings() {
    List<EngineProblem> problems =
        SparkProblems.of(
            settings(
                "local[2]",
                null,
                null,
                Map.of("executor.memory", "2g", "spark.executor.cores", "2")),
            HEAP_1G);
    assertEquals(1, problems.size(), problems::toString);
    assertEquals(EngineProblem.Setting.CONF, problems.get(0).setting());
    assertTrue(
        problems.get(0).message().contains("executor.memory")
            && problems.get(0).message().contains("spark."));
  }

  @Test
  void partitionsAreBounded() {
    assertEquals(List.of(), SparkProblems.of(settings("local", null, 1, Map.of()), HEAP_1G));
    assertEquals(List.of(), SparkProblems.of(settings("local", null, 100_000, Map.of()), HEAP_1G));
    assertEquals(
        EngineProblem.Setting.PARTITIONS,
        SparkProblems.of(settings("local", null, 0, Map.of()), HEAP_1G).get(0).setting());
    assertTrue(
        SparkProblems.of(settings("local", null, 100_001, Map.of()), HEAP_1G)
            .get(0)
            .message()
            .contains("1 .. 100000"));
  }

  @Test
  void memoryFractionMakesUnifiedMemoryFourBytesPerInt() {
    // 1 GiB heap: 724 MiB usable; M = 2^26 ints = 256 MiB -> 256/724.
    assertEquals(256.0 / 724, SparkMemory.localFraction(1L << 26, HEAP_1G), 1e-12);
    assertEquals(Optional.empty(), SparkMemory.localProblem(1L << 26, HEAP_1G));
    assertEquals("0.353591", SparkMemory.fractionSetting(256.0 / 724));
  }

  @Test
  void mTooBigForTheHeapIsAProblemSayingWhatHeapItNeeds() {
    long m = 1L << 28; // 1 GiB of ints
    String p = SparkMemory.localProblem(m, HEAP_1G).orElseThrow();
    // 1024 MiB / 0.9 + 300 MiB = 1437.8 -> 1438 MiB.
    assertEquals(
        "M = 268435456 ints (1024 MiB) needs a heap of at least 1438 MiB for Spark"
            + " in local mode; this JVM has 1024 MiB (SECMEM_HEAP sets it)",
        p);
    assertEquals(
        List.of(new EngineProblem(EngineProblem.Setting.MEMORY, p)),
        SparkProblems.of(settings("local[2]", m, null, Map.of()), HEAP_1G));
    // On a cluster the executors' heap is chosen from M instead: no problem here.
    assertEquals(
        List.of(), SparkProblems.of(settings("spark://h:7077", m, null, Map.of()), HEAP_1G));
  }

  @Test
  void sparkRefusesSmallHeaps() {
    assertTrue(SparkMemory.heapProblem(400 * MIB).orElseThrow().contains("450 MiB"));
    assertEquals(Optional.empty(), SparkMemory.heapProblem(450 * MIB));
    assertTrue(
        SparkProblems.of(settings("local", null, null, Map.of()), 400 * MIB)
            .get(0)
            .message()
            .contains("SECMEM_HEAP"));
    assertTrue(SparkMemory.localProblem(1, 400 * MIB).isPresent());
  }

  @Test
  void executorMemoryOnAClusterIsFourMOverTheDefaultFractionPlusReserved() {
    // 2^27 ints = 512 MiB: 512 / 0.6 = 853.33 + 300 = 1153.33 -> 1154m.
    assertEquals("1154m", SparkMemory.executorMemory(1L << 27));
    assertEquals("301m", SparkMemory.executorMemory(1));
    // M = 2^25 ints = 128 MiB: 128 / 0.6 = 213.33 + 300 -> 514m.
    assertEquals("514m", SparkMemory.executorMemory(1L << 25));
  }

  @Test
  void confPlanPutsTheUsersSettingsLast() {
    Map<String, String> user = new LinkedHashMap<>();
    user.put("spark.ui.enabled", "true");
    user.put("spark.sql.shuffle.partitions", "9");
    Map<String, String> plan =
        SparkConfPlan.of(
            settings("local[2]", 1L << 20, 3, user),
            List.of(Path.of("/w1"), Path.of("/w2")),
            HEAP_1G);
    assertEquals("local[2]", plan.get("spark.master"));
    assertEquals("secmem sort", plan.get("spark.app.name"));
    assertEquals("org.apache.spark.serializer.KryoSerializer", plan.get("spark.serializer"));
    assertEquals("true", plan.get("spark.ui.enabled"));
    assertEquals("/w1,/w2", plan.get("spark.local.dir"));
    assertEquals("9", plan.get("spark.sql.shuffle.partitions"));
    assertEquals("false", plan.get("spark.sql.adaptive.coalescePartitions.enabled"));
    assertEquals(
        SparkMemory.fractionSetting(4.0 * (1 << 20) / (724 * MIB)),
        plan.get("spark.memory.fraction"));
    List<String> keys = List.copyOf(plan.keySet());
    assertEquals("spark.sql.shuffle.partitions", keys.get(keys.size() - 1));

    Map<String, String> cluster =
        SparkConfPlan.of(
            settings("spark://h:7077", 1L << 27, null, Map.of()), List.of(Path.of("/w")), HEAP_1G);
    assertEquals("1154m", cluster.get("spark.executor.memory"));
    assertTrue(
        !cluster.containsKey("spark.memory.fraction")
            && !cluster.containsKey("spark.sql.shuffle.partitions"));
  }

  /**
   * In local mode the executor is secmem's own JVM: a task's OutOfMemoryError must fail the sort,
   * not end the process. Without this setting Spark called System.exit(52) and secmem, seeing the
   * JVM shut down, said "interrupted" (measured by hand: exit 52, then 1 with the setting).
   */
  @Test
  void localModeDoesNotLetATaskOutOfHeapEndTheJvm() {
    Map<String, String> local =
        SparkConfPlan.of(
            settings("local[2]", 1L << 22, null, Map.of()), List.of(Path.of("/w")), HEAP_1G);
    assertEquals("0", local.get("spark.executor.killOnFatalError.depth"));
    Map<String, String> cluster =
        SparkConfPlan.of(
            settings("spark://h:7077", 1L << 27, null, Map.of()), List.of(Path.of("/w")), HEAP_1G);
    assertTrue(
        !cluster.containsKey("spark.executor.killOnFatalError.depth"),
        "an executor of a cluster is its own process: Spark's default");
  }

  @Test
  void aTaskOutOfHeap_isToldApartFromOtherFailures() {
    Exception stage =
        new RuntimeException(
            "Job aborted due to stage failure: Task 1 in stage 7.0 failed 1 times, most recent"
                + " failure: Lost task 1.0 in stage 7.0 (TID 39) (192.0.2.2 executor driver):"
                + " java.lang.OutOfMemoryError: Java heap space\n"
                + "\tat x.y(Z.java:1)");
    assertTrue(Failures.outOfHeap(new IllegalStateException("wrapped", stage)));
    assertTrue(Failures.outOfHeap(new RuntimeException(new OutOfMemoryError("Java heap space"))));
    assertTrue(!Failures.outOfHeap(new RuntimeException("Job aborted: no such codec")));
  }

  @Test
  void sparkSubmitsSettingsWinOverTheEnginesDefaultsButNotOverItsSettings() {
    System.setProperty("spark.serializer", "org.apache.spark.serializer.JavaSerializer");
    System.setProperty("spark.jars", "/x/secmem-spark-submit.jar");
    System.setProperty("spark.sql.shuffle.partitions", "7");
    try {
      EngineSettings s = settings("local[2]", null, 3, Map.of());
      SparkConf conf =
          SparkConfPlan.toSparkConf(SparkConfPlan.of(s, List.of(Path.of("/w")), HEAP_1G), s);
      assertEquals("org.apache.spark.serializer.JavaSerializer", conf.get("spark.serializer"));
      assertEquals("/x/secmem-spark-submit.jar", conf.get("spark.jars"));
      assertEquals("3", conf.get("spark.sql.shuffle.partitions"));
      assertEquals("false", conf.get("spark.ui.enabled"));
    } finally {
      System.clearProperty("spark.serializer");
      System.clearProperty("spark.jars");
      System.clearProperty("spark.sql.shuffle.partitions");
    }
  }

  @Test
  void theMasterDefaultsToSparkSubmitsThenLocalStar() {
    String before = System.getProperty("spark.master");
    try {
      System.clearProperty("spark.master");
      assertEquals("local[*]", SparkConfPlan.master(EngineSettings.defaults()));
      System.setProperty("spark.master", "spark://m:7077");
      assertEquals("spark://m:7077", SparkConfPlan.master(EngineSettings.defaults()));
      assertEquals("local[2]", SparkConfPlan.master(settings("local[2]", null, null, Map.of())));
    } finally {
      if (before == null) {
        System.clearProperty("spark.master");
      } else {
        System.setProperty("spark.master", before);
      }
    }
  }

  @Test
  void endpointsOfAStandaloneMaster() {
    MasterUrl m = MasterUrl.parse("spark://a:7077,b:7078");
    assertEquals("[a:7077, b:7078]", m.endpoints().toString());
    assertTrue(MasterUrl.parse("local[*]").isLocal());
    assertThrows(IllegalArgumentException.class, () -> MasterUrl.parse("spark:/a:7077"));
  }

  /**
   * --conf spark.master=local[99999] went around the local[N] guard (26 s of thread creation): a
   * master among the engine's settings is the master, checked as one given by --master.
   */
  @ParameterizedTest
  @ValueSource(strings = {"local[99999]", "local[99999,2]", "spark://127.0.0.1:0", "yarn"})
  void aMasterAmongTheEngineSettingsIsCheckedAsTheMaster(String master) {
    List<EngineProblem> problems =
        SparkProblems.of(settings(null, null, null, Map.of("spark.master", master)), HEAP_1G);
    assertEquals(1, problems.size(), problems::toString);
    assertEquals(EngineProblem.Setting.CONF, problems.get(0).setting());
    assertTrue(
        problems.get(0).message().startsWith("spark.master='" + master + "'"),
        problems.get(0).message());
  }

  /** The guard applies to local[*] and local[N,F] given through spark.master too. */
  @Test
  void aMasterAmongTheEngineSettingsIsWhatRuns() {
    for (String m : List.of("local[*]", "local[2,3]", "spark://10.0.0.1:7077")) {
      EngineSettings s = settings(null, null, null, Map.of("spark.master", m));
      assertEquals(m, SparkConfPlan.master(s));
      assertEquals(m, SparkConfPlan.masterUrl(s).toString());
      assertEquals(m, new EngineMethod("spark", s).master(), "the master the row records");
    }
    assertEquals(
        2,
        SparkConfPlan.masterUrl(settings(null, null, null, Map.of("spark.master", "local[2,3]")))
            .localCores());
  }

  /**
   * --master local[1] --conf spark.master=local[2] recorded master=local[1] and ran on 2 threads:
   * two different masters are refused, naming both; the same one twice is fine.
   */
  @Test
  void twoDifferentMastersAreRefusedNamingBoth() {
    List<EngineProblem> problems =
        SparkProblems.of(
            settings("local[1]", null, null, Map.of("spark.master", "local[2]")), HEAP_1G);
    assertEquals(1, problems.size(), problems::toString);
    assertEquals(EngineProblem.Setting.MASTER, problems.get(0).setting());
    String said = problems.get(0).message();
    assertTrue(said.contains("'local[1]'") && said.contains("spark.master=local[2]"), said);
    assertTrue(
        SparkProblems.of(
                settings("local[2]", null, null, Map.of("spark.master", "local[2]")), HEAP_1G)
            .isEmpty());
  }
}
