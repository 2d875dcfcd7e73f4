package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;

/**
 * A Spark task that runs out of heap fails the sort with one line and exit 1, in a process of its
 * own: Spark's executor would otherwise call System.exit on the OutOfMemoryError, and secmem, whose
 * JVM it is in local mode, said "interrupted" (the shutdown looked like Ctrl-C) and exited 52.
 */
class SparkOutOfHeapTest {

  @TempDir Path dir;

  @Test
  void aTaskOutOfHeap_failsTheSortWithOneLine_notTheJvm() throws Exception {
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, 1 << 24, 42);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-Xms520m", "-Xmx520m", "-XX:+AlwaysPreTouch"));
    // The options Spark needs on Java 17, as this test JVM has them.
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-opens") || a.startsWith("-Dio.netty") || a.startsWith("-Djdk.")
          || a.startsWith("-XX:+IgnoreUnrecognized")) {
        cmd.add(a);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
        "-Dsecmem.logdir=" + dir.resolve("logs"), "org.secmem.Main",
        "sort", "--engine", "spark", "--master", "local[2]", "--in", in.toString(),
        "--out", dir.resolve("out.bin").toString(), "--reps", "1", "--warmup", "0",
        "--results", dir.resolve("r.csv").toString(),
        // Spark believes it has the whole heap: its sorters' pages outgrow it.
        "--conf", "spark.memory.fraction=0.999", "--conf", "spark.testing.reservedMemory=0",
        "--conf", "spark.memory.storageFraction=0.01"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve("out.txt").toFile()).start();
    assertTrue(p.waitFor(240, TimeUnit.SECONDS), "finished in time");
    String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
    assertEquals(1, p.exitValue(), out);
    assertTrue(out.contains("secmem sort: Spark sort failed: its tasks ran out of heap (520 MiB"),
        out);
    assertFalse(out.contains("interrupted"), out);
    assertFalse(out.contains("\tat "), out);
    assertFalse(Files.exists(dir.resolve("out.bin")), "no output");
    try (var files = Files.list(dir)) {
      assertEquals(List.of(), files.map(f -> f.getFileName().toString())
          .filter(f -> f.startsWith(".secmem")).toList(), "no temporaries");
    }
  }
}
