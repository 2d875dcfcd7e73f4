package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;

/**
 * {@code --preset fast} without {@code --m} on a small heap said "use --m 1048580": the fast preset
 * sized M to the heap, so a larger heap is the fix, and the message now says so.
 */
class SmallHeapAdviceTest {

  @TempDir Path dir;

  @Test
  void fastPresetOnATinyHeap_withoutM_advisesAHeap() throws Exception {
    List<String> cmd = new ArrayList<>(MarkerHolder.javaCommand("org.secmem.Main"));
    cmd.add(1, "-Xmx32m");
    cmd.addAll(
        List.of(
            "sort",
            "--preset",
            "fast",
            "--n",
            "2^24",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            dir.resolve("r.csv").toString()));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(2, p.exitValue(), out);
    assertTrue(out.contains("give the JVM more"), out);
    assertFalse(out.contains("use M ="), out);
  }
}
