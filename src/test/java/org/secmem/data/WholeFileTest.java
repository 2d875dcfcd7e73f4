package org.secmem.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.Ownership;

/**
 * Files beside the results (summary, environment, comparison, charts, page) are written whole or
 * not at all, and never through a link: on a full disk the summary was left with 0 bytes, and a
 * link planted at its name made secmem overwrite the file it pointed to.
 */
class WholeFileTest {

  @TempDir Path dir;

  @Test
  void aFileSecmemDidNotWrite_isNotReplaced() throws IOException {
    Path f = Files.writeString(dir.resolve("r-summary.csv"), "the user's");
    Ownership.NotSecmemsException e =
        assertThrows(Ownership.NotSecmemsException.class, () -> PartFile.writeWhole(f, "new"));
    assertTrue(e.getMessage().contains("secmem did not make"), e.getMessage());
    assertEquals("the user's", Files.readString(f));
    try (var left = Files.list(dir)) {
      assertEquals(1, left.count(), "no temporary left");
    }
  }

  @Test
  void replacesTheOlderFile_andLeavesNoTemporary() throws IOException {
    Path f = dir.resolve("r-summary.csv");
    Files.writeString(f, "old");
    Ownership.mark(f, Ownership.Made.WHOLE_FILE); // an earlier run's
    PartFile.writeWhole(f, "new\n");
    assertEquals("new\n", Files.readString(f));
    assertEquals(List.of("r-summary.csv"), names());
  }

  @Test
  void aWriteCutShort_leavesTheOlderFileWhole_andNoTemporary() throws IOException {
    Path f = dir.resolve("r-summary.csv");
    Files.writeString(f, "old, complete");
    Ownership.mark(f, Ownership.Made.WHOLE_FILE); // an earlier run's
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                PartFile.writeWhole(
                    f,
                    out -> {
                      out.write(new byte[100_000]);
                      throw new IOException("No space left on device");
                    }));
    assertEquals("No space left on device", e.getMessage());
    assertEquals("old, complete", Files.readString(f), "the older file is untouched");
    assertEquals(List.of("r-summary.csv"), names(), "no temporary left");
  }

  @Test
  void aLinkAtTheName_isRefused_andWhatItPointsToIsUntouched() throws IOException {
    Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
    Path link = Files.createSymbolicLink(dir.resolve("r-environment.txt"), victim);
    IOException e = assertThrows(IOException.class, () -> PartFile.writeWhole(link, "x"));
    assertTrue(
        e.getMessage().contains("symbolic link") && e.getMessage().contains(link.toString()),
        e.getMessage());
    assertEquals("precious", Files.readString(victim));
    assertTrue(Files.isSymbolicLink(link));
  }

  private List<String> names() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
