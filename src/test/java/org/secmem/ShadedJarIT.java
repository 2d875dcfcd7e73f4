package org.secmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.admission.InputRule;

/**
 * The runnable jar as users get it ({@code target/secmem.jar}, built by {@code package}): the shade
 * plugin keeps only the library classes secmem's own reach, so what it leaves out is found here,
 * not by a user. Each command below touches a library the jar carries (Log4j, picocli, Commons CSV,
 * Jackson, Guava) or starts the jar again (forks).
 */
final class ShadedJarIT {

  /** The size the jar must stay under (issue: the jar carries only what secmem uses). */
  static final long MOST_BYTES = 9_000_000L;

  private static Path jar;

  @TempDir Path dir;

  @BeforeAll
  static void findJar() {
    String property = System.getProperty("secmem.jar");
    assertTrue(property != null && !property.isBlank(), "the build names the jar (secmem.jar)");
    jar = Path.of(property);
    assertTrue(Files.isRegularFile(jar), jar + " is built before the integration tests");
  }

  @Test
  void everyClassTheJarRefersTo_isInIt_whereItsPackageIs() throws IOException {
    Set<String> packages = new TreeSet<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      zip.stream()
          .map(ZipEntry::getName)
          .filter(n -> n.endsWith(".class"))
          .map(n -> n.replaceFirst("^META-INF/versions/\\d+/", ""))
          .filter(n -> n.contains("/"))
          .map(n -> n.substring(0, n.lastIndexOf('/')).replace('/', '.'))
          .forEach(packages::add);
    }
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      jdeps.run(ps, ps, "--multi-release", "17", "--missing-deps", jar.toString());
    }
    // "  a.b.C  -> d.e.F  not found": a missing class of a package the jar holds was cut by the
    // shade plugin's minimisation (a package it lacks altogether is an optional dependency of a
    // library, as before minimisation). Annotations named only by package-info are not loaded.
    List<String> cut = new ArrayList<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 3 || !f[1].equals("->") || f[0].endsWith("package-info")) {
        continue;
      }
      String target = f[2];
      int dot = target.lastIndexOf('.');
      if (dot > 0 && packages.contains(target.substring(0, dot))) {
        cut.add(line.trim());
      }
    }
    assertEquals(List.of(), cut, "classes the jar needs but lacks");
  }

  @Test
  void theJar_staysUnderItsSize() throws IOException {
    long size = Files.size(jar);
    assertTrue(size < MOST_BYTES, jar + " is " + size + " bytes, over " + MOST_BYTES);
  }

  @Test
  void aSweepInJsonLines_isWrittenLoggedAndCharted() throws Exception {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,read_stream,write_stream,n,m,d,reps,warmup\n"
            + "sort,channel,channel,2^14,2^10|2^11,4,1,0\n");
    Path results = dir.resolve("r.jsonl");
    Result run =
        secmem("run", params.toString(), "--format", "jsonl", "--results", results.toString());
    assertEquals(0, run.exit, run.output);
    List<String> lines = Files.readAllLines(results);
    assertEquals(2, lines.size(), "one JSON object per run: " + lines);
    ObjectMapper json = new ObjectMapper();
    for (String line : lines) {
      JsonNode row = json.readTree(line);
      assertEquals("sort", row.get("experiment").asText(), line);
      assertEquals("true", row.get("verified").asText(), line);
    }
    assertTrue(
        Files.readString(dir.resolve("logs").resolve("secmem.log")).contains("INFO"),
        "Log4j wrote the log through the jar's configuration");

    Result chart = secmem("chart", results.toString(), "--out", dir.resolve("charts").toString());
    assertEquals(0, chart.exit, chart.output);
    assertTrue(Files.isRegularFile(dir.resolve("charts/sort-time-vs-m.png")), chart.output);
    Result compare =
        secmem("compare", results.toString(), results.toString(), "--by", "m=1024:2048");
    assertEquals(0, compare.exit, compare.output);
    Result advise = secmem("advise", results.toString());
    assertEquals(0, advise.exit, advise.output);
  }

  @Test
  void aForkedSort_startsTheJarAgain() throws Exception {
    Path results = dir.resolve("f.csv");
    Result sort =
        secmem(
            "sort",
            "--n",
            "2^14",
            "--m",
            "2^10",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--fork",
            "2",
            "--results",
            results.toString());
    assertEquals(0, sort.exit, sort.output);
    List<String> rows = Files.readAllLines(results);
    assertEquals(3, rows.size(), "a header and a row per fork: " + rows);
  }

  @Test
  void badInput_isRefusedWithExitTwo_andTheMenuQuits() throws Exception {
    Result bad = secmem("sort", "--n", "5", "--in", dir.resolve("none.bin").toString());
    assertEquals(2, bad.exit, bad.output);
    assertTrue(bad.output.contains("secmem sort: --n: " + InputRule.BOTH), bad.output);

    Result menu = secmemWithInput("0\n", "menu");
    assertEquals(0, menu.exit, menu.output);
    assertTrue(menu.output.contains("Main menu"), menu.output);
  }

  private record Result(int exit, String output) {}

  private Result secmem(String... args) throws Exception {
    return secmemWithInput("", args);
  }

  /** Runs the jar in {@link #dir} as a user would, with secmem's per-user files kept inside it. */
  private Result secmemWithInput(String input, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    command.add("-Dsecmem.probe.file=" + dir.resolve("probe.properties"));
    command.add("-Dsecmem.marks.dir=" + dir.resolve("marks"));
    command.add("-Dsecmem.logdir=" + dir.resolve("logs"));
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    Path output = dir.resolve("output.txt");
    Process p =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(
          String.join(" ", args) + " did not end in 120 s: " + Files.readString(output));
    }
    String text;
    try (Stream<String> lines = Files.lines(output)) {
      text = lines.collect(Collectors.joining("\n"));
    }
    return new Result(p.exitValue(), text);
  }
}
