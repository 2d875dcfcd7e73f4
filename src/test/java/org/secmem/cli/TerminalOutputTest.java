package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;
import org.secmem.runner.UserText;
import org.secmem.sort.WorkDirectory;

/**
 * What commands print to standard output quotes typed paths and planted file names: {@code clean}
 * printed a planted folder's name raw ({@code ESC]0;PWNED BEL} retitled the terminal), and {@code
 * generate --out} its file name. No escape sequence reaches the terminal now, but help colours and
 * progress redraws still do.
 */
class TerminalOutputTest {

  private static final String TITLE = "\u001b]0;PWNED\u0007";

  @TempDir Path dir;

  @Test
  void terminalSafe_showsEscapeSequences_keepsColoursAndCarriageReturns() {
    assertEquals("a\\x1b]0;PWNED\\x07b", UserText.terminalSafe("a" + TITLE + "b"));
    assertEquals("\\x1b[2J", UserText.terminalSafe("\u001b[2J"));
    assertEquals(
        "\u001b[1mbold\u001b[21;0m\r\n", UserText.terminalSafe("\u001b[1mbold\u001b[21;0m\r\n"));
    assertEquals("plain text: 12 ms\n", UserText.terminalSafe("plain text: 12 ms\n"));
  }

  @Test
  void plantedAndTypedNames_areShownEscaped_byCleanAndGenerate() throws Exception {
    Path planted = Files.createDirectories(dir.resolve(WorkDirectory.PREFIX + "55-" + TITLE));
    Files.write(planted.resolve("pass1-run0.bin"), new byte[4]);
    Files.setLastModifiedTime(planted, FileTime.from(Instant.now().minusSeconds(600)));
    String clean = secmem("clean", dir.toString());
    assertFalse(clean.contains("\u001b") || clean.contains("\u0007"), clean);
    assertTrue(clean.contains("\\x1b]0;PWNED\\x07"), clean);
    String gen = secmem("generate", "--out", "g" + TITLE + ".bin", "--n", "10");
    assertFalse(gen.contains("\u001b") || gen.contains("\u0007"), gen);
    assertTrue(gen.contains("g\\x1b]0;PWNED\\x07.bin"), gen);
  }

  private String secmem(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(MarkerHolder.javaCommand("org.secmem.Main"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
    assertEquals(0, p.exitValue(), out);
    return out;
  }
}
