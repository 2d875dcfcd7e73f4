package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;

/**
 * The Spark engine on a real standalone cluster: a Master and a Worker on 127.0.0.1, started from
 * the module's own libraries ({@code spark/target/lib}, linked into a temporary {@code
 * SPARK_HOME/jars} for the executors the Worker launches), driven the ways the README gives: {@code
 * scripts/secmem sort --engine spark --master spark://…}, and {@code spark-submit} with the submit
 * jar ({@code SparkSubmit}'s class called directly, as no {@code spark-submit} is installed here).
 * Both outputs pass {@code secmem verify}. A Worker that cannot launch executors (no {@code
 * SPARK_HOME}) makes the Master remove the application: the sort fails with one line and exit 1
 * within 60 s (it hung in 4 of 11 tries before). The daemons are stopped by PID.
 *
 * <p>Runs after {@code package} (failsafe), on the jars {@code scripts/secmem} runs.
 */
@ExtendWith(SparkRunsHere.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkClusterIT {

  @TempDir static Path dir;

  private static final Path ROOT =
      Paths.get(System.getProperty("secmem.root", "..")).toAbsolutePath().normalize();
  private static final Path LIB = ROOT.resolve("spark/target/lib");
  private static final Path SUBMIT_JAR = ROOT.resolve("spark/target/secmem-spark-submit.jar");
  private static final Path SCRIPT = ROOT.resolve("scripts/secmem");
  private static final String JAVA =
      Paths.get(System.getProperty("java.home"), "bin", "java").toString();

  private static final List<Process> daemons = new ArrayList<>();
  private static Process worker;
  private static String master;
  private static Path in;

  record Run(int code, String out, double seconds) {}

  @BeforeAll
  static void startCluster() throws Exception {
    assertTrue(Files.isDirectory(LIB), LIB + ": the module is packaged before this test");
    Path jars = Files.createDirectories(dir.resolve("spark-home/jars"));
    try (DirectoryStream<Path> libs = Files.newDirectoryStream(LIB, "*.jar")) {
      for (Path jar : libs) {
        Files.createSymbolicLink(jars.resolve(jar.getFileName()), jar);
      }
    }
    Files.createDirectories(dir.resolve("daemons"));
    Files.createDirectories(dir.resolve("client"));
    int port = freePort();
    master = "spark://127.0.0.1:" + port;
    daemons.add(
        daemon(
            "master",
            Map.of(),
            "org.apache.spark.deploy.master.Master",
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(port),
            "--webui-port",
            Integer.toString(freePort())));
    awaitLine("master", "I have been elected leader");
    worker = startWorker("worker", true);
    in = dir.resolve("client/in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 20, 17);
  }

  @AfterAll
  static void stopCluster() throws InterruptedException {
    for (Process p : daemons) {
      stop(p);
    }
  }

  @Test
  @Order(1)
  void theReadmesClusterCommand_sortsOnTheCluster_andVerifies() throws Exception {
    Path out = dir.resolve("client/out.bin");
    Run sort = readmeSort(out, 120);
    assertEquals(0, sort.code(), sort.out());
    assertTrue(sort.out().contains("verified true"), sort.out());
    assertVerified(out);
    // The executors fetched the engine's jar from the driver: the Worker ran them.
    assertTrue(workerLog("worker").contains("Asked to launch executor"), workerLog("worker"));
    // The daemons kept their own logging: secmem's configuration is not one Log4j finds itself.
    assertFalse(Files.exists(dir.resolve("daemons/logs")), "a daemon wrote secmem's log");
    assertTrue(workerLog("master").contains("INFO Master:"), workerLog("master"));
  }

  @Test
  @Order(2)
  void sparkSubmit_withTheSubmitJar_sortsAndVerifies_withoutSparksInfoLines() throws Exception {
    Path out = dir.resolve("client/out-submit.bin");
    List<String> command = new ArrayList<>(List.of(JAVA, "-Xmx1g"));
    command.addAll(opens());
    command.addAll(
        List.of(
            "-cp",
            LIB + "/*",
            "org.apache.spark.deploy.SparkSubmit",
            "--master",
            master,
            "--class",
            "org.secmem.Main",
            SUBMIT_JAR.toString(),
            "sort",
            "--engine",
            "spark",
            "--in",
            in.toString(),
            "--out",
            out.toString(),
            "--results",
            dir.resolve("client/submit.csv").toString()));
    Run sort = run(command, 120);
    assertEquals(0, sort.code(), sort.out());
    assertTrue(sort.out().contains("verified true"), sort.out());
    assertVerified(out);
    // Before: 140 lines of Spark's INFO log on the terminal (spark-submit starts Log4j with
    // Spark's configuration, and Spark put it back when the session started).
    assertEquals(
        List.of(),
        sort.out().lines().filter(l -> l.contains(" INFO ")).toList(),
        "Spark's INFO lines reached the terminal");
  }

  @Test
  @Order(3)
  void aClusterThatRemovesTheApplication_failsTheSort_inOneLine_within60s() throws Exception {
    stop(worker);
    daemons.remove(worker);
    // No SPARK_HOME: the Worker cannot build an executor's command ("Cannot find any build
    // directories"), each executor fails, and the Master removes the application.
    worker = startWorker("worker-without-home", false);
    Path out = dir.resolve("client/out-failed.bin");
    Run sort = readmeSort(out, 90);
    assertEquals(1, sort.code(), sort.out());
    assertTrue(sort.seconds() < 60, sort.seconds() + " s: " + sort.out());
    List<String> secmemLines = sort.out().lines().filter(l -> l.startsWith("secmem ")).toList();
    assertEquals(1, secmemLines.size(), sort.out());
    assertTrue(secmemLines.get(0).contains("Spark stopped while sorting on " + master), sort.out());
    assertFalse(sort.out().contains("\tat "), sort.out());
    assertFalse(Files.exists(out), "no output");
    try (Stream<Path> left = Files.list(dir.resolve("client"))) {
      assertEquals(
          List.of(),
          left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".secmem")).toList(),
          "the parts and temporary files are removed");
    }
  }

  @Test
  @Order(4)
  void aClusterThatStartsNoExecutor_failsTheSort_afterTheWaitAsked() throws Exception {
    stop(worker);
    daemons.remove(worker);
    // 512 MiB: no room for an executor of Spark's default 1 GiB; the application waits forever.
    worker = startWorker("worker-too-small", true, "512m");
    Path out = dir.resolve("client/out-waiting.bin");
    Run sort =
        readmeSort(
            out,
            90,
            "--reps",
            "1",
            "--warmup",
            "0",
            "--conf",
            JobWatch.FIRST_EXECUTOR_SETTING + "=5");
    assertEquals(1, sort.code(), sort.out());
    assertTrue(sort.seconds() < 40, sort.seconds() + " s: " + sort.out());
    List<String> secmemLines = sort.out().lines().filter(l -> l.startsWith("secmem ")).toList();
    assertEquals(1, secmemLines.size(), sort.out());
    assertTrue(
        secmemLines.get(0).contains("no Spark executor started within 5 s on " + master),
        sort.out());
    assertFalse(Files.exists(out), "no output");
  }

  /** The README's cluster command, with {@code extra} options after it. */
  private static Run readmeSort(Path out, int timeoutSeconds, String... extra) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                SCRIPT.toString(),
                "sort",
                "--engine",
                "spark",
                "--master",
                master,
                "--in",
                in.toString(),
                "--out",
                out.toString()));
    command.addAll(Arrays.asList(extra));
    return run(command, timeoutSeconds);
  }

  // ---- the cluster --------------------------------------------------------------------------

  private static Process startWorker(String name, boolean withHome) throws Exception {
    return startWorker(name, withHome, "2g");
  }

  private static Process startWorker(String name, boolean withHome, String memory)
      throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("SPARK_SCALA_VERSION", "2.13");
    if (withHome) {
      env.put("SPARK_HOME", dir.resolve("spark-home").toString());
    }
    Process p =
        daemon(
            name,
            env,
            "org.apache.spark.deploy.worker.Worker",
            "--host",
            "127.0.0.1",
            "--cores",
            "2",
            "--memory",
            memory,
            "--webui-port",
            Integer.toString(freePort()),
            "--work-dir",
            Files.createDirectories(dir.resolve(name + "-work")).toString(),
            master);
    daemons.add(p);
    awaitLine(name, "Successfully registered with master");
    return p;
  }

  private static Process daemon(String name, Map<String, String> env, String main, String... args)
      throws IOException {
    List<String> command = new ArrayList<>(List.of(JAVA, "-Xmx512m"));
    command.addAll(opens());
    command.addAll(List.of("-cp", LIB + "/*", main));
    command.addAll(Arrays.asList(args));
    ProcessBuilder b =
        new ProcessBuilder(command)
            .directory(dir.resolve("daemons").toFile())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(name + ".log").toFile());
    clearSparkEnvironment(b);
    b.environment().putAll(env);
    Process p = b.start();
    // Stopped with the test JVM too, should it be ended before @AfterAll runs (SIGTERM).
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  p.descendants().forEach(ProcessHandle::destroyForcibly);
                  p.destroyForcibly();
                }));
    return p;
  }

  private static void awaitLine(String name, String text) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < end) {
      if (workerLog(name).contains(text)) {
        return;
      }
      Thread.sleep(200);
    }
    fail(name + " did not say '" + text + "' within 60 s:\n" + workerLog(name));
  }

  private static String workerLog(String name) throws IOException {
    Path log = dir.resolve(name + ".log");
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
  }

  /** Stops a daemon by its PID, and what it started (a Worker's executors). */
  private static void stop(Process p) throws InterruptedException {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    if (!p.waitFor(15, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** What the machine's environment might say to Spark: this test decides it all. */
  private static void clearSparkEnvironment(ProcessBuilder b) {
    for (String name :
        List.of(
            "SPARK_HOME", "SPARK_CONF_DIR", "SPARK_LOCAL_IP", "SPARK_LOCAL_DIRS", "SPARK_MASTER")) {
      b.environment().remove(name);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static List<String> opens() {
    String opens = System.getProperty("secmem.spark.opens", "").trim();
    return opens.isEmpty() ? List.of() : Arrays.asList(opens.split("\\s+"));
  }

  // ---- the client ---------------------------------------------------------------------------

  private static Run run(List<String> command, int timeoutSeconds) throws Exception {
    ProcessBuilder b =
        new ProcessBuilder(command)
            .directory(dir.resolve("client").toFile())
            .redirectErrorStream(true);
    b.environment().put("SECMEM_JAVA", JAVA);
    clearSparkEnvironment(b);
    long t0 = System.nanoTime();
    Process p = b.start();
    byte[][] out = new byte[1][];
    Thread reader =
        new Thread(
            () -> {
              try {
                out[0] = p.getInputStream().readAllBytes();
              } catch (IOException e) {
                out[0] = ("(output not read: " + e + ")").getBytes(StandardCharsets.UTF_8);
              }
            });
    reader.start();
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor();
      reader.join(5000);
      fail(
          String.join(" ", command)
              + " did not end within "
              + timeoutSeconds
              + " s:\n"
              + (out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8)));
    }
    reader.join();
    double seconds = (System.nanoTime() - t0) / 1e9;
    return new Run(p.exitValue(), new String(out[0], StandardCharsets.UTF_8), seconds);
  }

  private static void assertVerified(Path out) throws Exception {
    Run verify =
        run(
            List.of(
                SCRIPT.toString(),
                "verify",
                "--sorted",
                "--same-as",
                in.toString(),
                out.toString()),
            60);
    assertEquals(0, verify.code(), verify.out());
    assertTrue(verify.out().contains("OK"), verify.out());
  }
}
