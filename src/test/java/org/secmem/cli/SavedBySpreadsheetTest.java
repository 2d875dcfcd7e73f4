package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results file saved again by a spreadsheet as "CSV UTF-8" starts with a byte-order mark: it is
 * charted, compared and appended to exactly as the file secmem wrote.
 */
class SavedBySpreadsheetTest {

  @TempDir Path dir;

  private Path params;
  private Path original;
  private Path saved;

  @BeforeAll
  static void headless() {
    System.setProperty("java.awt.headless", "true");
  }

  @BeforeEach
  void measureTwoConfigurations_andSaveThemWithABom() throws IOException {
    params =
        Files.writeString(
            dir.resolve("sweep.csv"),
            "experiment,stream,n,b,reps,warmup,dir\nwrite,user-buffer,1000,64|128,2,0,data\n");
    original = dir.resolve("original.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", original.toString());
    assertEquals(0, r.code(), r.err());
    Path folder = Files.createDirectories(dir.resolve("saved"));
    saved = folder.resolve("original.csv");
    byte[] bytes = Files.readAllBytes(original);
    byte[] withBom = new byte[bytes.length + 3];
    withBom[0] = (byte) 0xef;
    withBom[1] = (byte) 0xbb;
    withBom[2] = (byte) 0xbf;
    System.arraycopy(bytes, 0, withBom, 3, bytes.length);
    Files.write(saved, withBom);
  }

  @Test
  void chart_summarisesByConfiguration_asForTheOriginal() throws IOException {
    CliTest.Result r = CliTest.run("chart", saved.toString());

    assertEquals(0, r.code(), r.err());
    assertFalse(r.err().contains("warning"), r.err());
    List<String> summary = Files.readAllLines(dir.resolve("saved/original-summary.csv"));
    assertEquals(Files.readAllLines(dir.resolve("original-summary.csv")), summary);
    assertEquals(1 + 2, summary.size(), "a header and one line per configuration: " + summary);
  }

  @Test
  void compare_withTheOriginal_findsTheSameConfigurations() {
    CliTest.Result r = CliTest.run("compare", original.toString(), saved.toString(), "--no-files");

    assertEquals(0, r.code(), r.out() + r.err());
    assertFalse((r.out() + r.err()).contains("\\ufeff"), r.out() + r.err());
  }

  @Test
  void run_appendsBelowTheSavedRows_keepingOneBom() throws IOException {
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", saved.toString());

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("(8 rows, 4 of them from this run)"), r.out());
    String text = Files.readString(saved, StandardCharsets.UTF_8);
    assertTrue(text.startsWith("\uFEFFwhen,experiment,"), text.substring(0, 20));
    assertEquals(1, text.chars().filter(c -> c == '\uFEFF').count(), "one BOM, at the start");
    assertEquals(1 + 8, text.lines().count(), text);
  }
}
