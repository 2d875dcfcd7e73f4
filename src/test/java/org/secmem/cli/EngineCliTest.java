package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.engine.EngineJvm;

/**
 * {@code sort --engine} in the core alone (the spark module is not on this class path): every
 * mistake exits 2 before anything runs, with one line that names the option, and nothing is
 * written. The spark module's own tests run the engine.
 */
class EngineCliTest {

  @TempDir Path dir;

  private CliTest.Result sort(String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "sort",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                dir.resolve("r.csv").toString()));
    all.addAll(List.of(args));
    return CliTest.run(all.toArray(String[]::new));
  }

  private void assertRefused(CliTest.Result r, String... says) {
    assertEquals(2, r.code(), r.out() + r.err());
    for (String s : says) {
      assertTrue(r.err().contains(s), "says '" + s + "': " + r.err());
    }
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(Files.exists(dir.resolve("r.csv")), "no results file");
  }

  /** Why spark cannot run in these tests: its module is not on the core's class path. */
  private static String sparkMissing() {
    return SPARK_RUNS_HERE ? "the spark engine is not on the class path" : "Spark needs JDK 17–23";
  }

  private static final boolean SPARK_RUNS_HERE = EngineJvm.runsHere("spark");

  @Test
  void sparkWithoutItsModule_saysHowToGetIt() {
    assumeTrue(SPARK_RUNS_HERE, "JDK 24+ refuses spark before looking for its module");
    assertRefused(
        sort("--n", "1000", "--engine", "spark"),
        "the spark engine is not on the class path",
        "scripts/secmem");
  }

  @Test
  void sparkOnJdk24AndLater_isRefusedInOneLineNamingTheJvm() throws IOException {
    assumeTrue(!SPARK_RUNS_HERE, "Spark runs on JDK " + Runtime.version().feature());
    CliTest.Result r = sort("--n", "1000", "--engine", "spark");
    assertRefused(
        r,
        "--engine",
        "Spark needs JDK 17–23, and this is JDK " + System.getProperty("java.version"));
    assertEquals(1, r.err().strip().lines().count(), r.err());
    Path params = dir.resolve("p.csv");
    Files.writeString(params, "experiment,n,engine\nsort,1000,spark\n");
    assertRefused(
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString()),
        "p.csv:2",
        "engine",
        "Spark needs JDK 17–23");
  }

  @Test
  void anUnknownEngine_namesTheAllowedOnes() {
    assertRefused(sort("--n", "1000", "--engine", "hadoop"), "--engine", "secmem, spark");
  }

  @Test
  void ownSortOptions_doNotApplyToAnotherEngine() {
    for (String[] own :
        List.of(
            new String[] {"--d", "8"},
            new String[] {"--preset", "fast"},
            new String[] {"--read-stream", "mapped"},
            new String[] {"--threads", "2"},
            new String[] {"--algorithm", "in-memory"},
            new String[] {"--b", "8192"})) {
      List<String> args = new ArrayList<>(List.of("--n", "1000", "--engine", "spark"));
      args.addAll(List.of(own));
      assertRefused(
          sort(args.toArray(String[]::new)), own[0] + ": does not apply to engine" + " spark");
    }
  }

  @Test
  void engineOptions_needTheSparkEngine() {
    assertRefused(
        sort("--n", "1000", "--master", "local[2]"), "--master: applies to engine spark only");
    assertRefused(
        sort("--n", "1000", "--partitions", "4"), "--partitions: applies to engine spark only");
    assertRefused(
        sort("--n", "1000", "--conf", "spark.x=1"), "--conf: applies to engine spark only");
  }

  @Test
  void aSettingThatIsNotKeyEqualsValue_isRefused() {
    assertRefused(
        sort("--n", "1000", "--engine", "spark", "--conf", "spark.x"),
        "--conf",
        "'spark.x' is not KEY=VALUE");
  }

  @Test
  void localIsAnotherNameOfSecmemsOwnSort() throws IOException {
    CliTest.Result r = sort("--n", "2000", "--m", "500", "--d", "4", "--engine", "local");
    assertEquals(0, r.code(), r.err());
    assertTrue(Files.readString(dir.resolve("r.csv")).contains(",secmem,"), "engine column");
  }

  @Test
  void aParameterLineWithSpark_isCheckedBeforeAnythingRuns() throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(params, "experiment,n,engine,d\nsort,1000,spark,8\n");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertRefused(r, "p.csv:2", "d", "does not apply to engine spark");
    Files.writeString(params, "experiment,n,engine,master\nsort,1000,secmem,local[2]\n");
    assertRefused(
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString()),
        "p.csv:2",
        "master",
        "applies to engine spark only");
    Files.writeString(params, "experiment,n,engine,partitions\nsort,1000,spark,4\n");
    assertRefused(
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString()),
        "p.csv:2",
        "engine",
        sparkMissing());
  }
}
