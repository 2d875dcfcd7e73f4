package org.secmem.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.secmem.cgroup.MadeCgroups;
import org.secmem.cgroup.MemoryCgroup;
import org.secmem.cgroup.MemoryHierarchy;

/** A fork's heap and collector: this JVM's, unless the fork's own options set them. */
class ForkHeapTest {

  @Test
  void aForksHeapAndCollector_areThisJvms_unlessItsOptionsSetThem() {
    List<String> gc = ForkHeap.collector();
    assertEquals(1, gc.size(), "this JVM's collector is known: " + gc);
    List<String> expected =
        new ArrayList<>(List.of("-Dfile.encoding=UTF-8", "-Xmx" + ForkHeap.bytes()));
    expected.addAll(gc);
    assertEquals(expected, ForkHeap.withHeap(List.of("-Dfile.encoding=UTF-8")));
    List<String> set = List.of("-Xms256m", "-Xmx256m", "-XX:+UseParallelGC");
    assertEquals(set, ForkHeap.withHeap(set));
    List<String> percent = List.of("-XX:MaxRAMPercentage=50", "-XX:+UseSerialGC");
    assertEquals(percent, ForkHeap.withHeap(percent));
  }

  @Test
  void aForkInASmallLimit_keepsThisJvmsCollector_notTheSerialOneItWouldChoose() throws Exception {
    MemoryHierarchy h =
        MemoryHierarchy.locate().filter(x -> Files.isWritable(x.self())).orElse(null);
    assumeTrue(h != null, "no memory cgroup this process may make children in");
    assumeTrue(ForkHeap.collector().equals(List.of("-XX:+UseG1GC")), "this JVM runs G1");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    try (MemoryCgroup g = MemoryCgroup.create(h, 1L << 30, new MadeCgroups())) {
      List<String> jvm = new ArrayList<>(List.of(java.toString()));
      jvm.addAll(ForkHeap.withHeap(List.of("-Xmx256m")));
      jvm.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
      Process p = new ProcessBuilder(g.enter(jvm)).redirectErrorStream(true).start();
      String flags = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, p.waitFor());
      assertTrue(flags.matches("(?s).*\\bUseG1GC\\s+= true.*"), "G1 in the cgroup too");
    }
  }

  /**
   * A parameter file's {@code memory_limit} column: the row with a limit is measured in a fork
   * inside a cgroup of that size, the row without it is not limited, and the batch forks for both
   * (--fork 1, as --memory-limit does).
   */
}
