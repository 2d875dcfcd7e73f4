package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Tab completion as bash runs it, and the suggestion for a mistyped command or option. */
class CompletionTest {

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "secmem sort --merger ''|priority-queue loser-tree radix",
        "secmem sort --preset ''|classic fast",
        "secmem sort --run-sort ''|arrays radix",
        "secmem sort --read-stream ''|simple buffered user-buffer mapped channel direct async",
        "secmem sort --write-stream ''|simple buffered user-buffer mapped channel direct async",
        "secmem write --stream ''|simple buffered user-buffer mapped channel direct async all",
        "secmem read --cache ''|cold warm as-is",
        "secmem advise --experiment ''|write read sort",
        "secmem adv|advise",
        "secmem sort --no-ov|--no-overlap",
        "secmem sort --no-par|--no-parallel-merge",
      })
  void bashCompletes(String words, String expected) throws Exception {
    CliTest.Result script = CliTest.run("generate-completion");
    assertEquals(0, script.code(), script.err());
    Path file = dir.resolve("secmem-completion.bash");
    Files.writeString(file, script.out());
    String driver =
        "source "
            + file
            + " 2>/dev/null\n"
            + "COMP_WORDS=("
            + words
            + "); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ));"
            + " COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE}; COMPREPLY=();"
            + " _complete_secmem secmem \"${COMP_WORDS[-1]}\" \"${COMP_WORDS[-2]}\" 2>/dev/null;"
            + " echo \"${COMPREPLY[*]}\"\n";
    Process p;
    try {
      p = new ProcessBuilder("bash", "-c", driver).redirectErrorStream(false).start();
    } catch (IOException e) {
      assumeTrue(false, "no bash here");
      return;
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(expected, out);
  }

  @Test
  void aMistypedCommand_suggestsTheNearest() {
    CliTest.Result r = CliTest.run("wrte", "--stream", "simple");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("Did you mean: secmem write"), r.err());
    CliTest.Result o = CliTest.run("write", "--stram", "simple");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("--stream"), o.err());
    assertTrue(List.of(o.err().split("\n")).size() <= 4, o.err());
  }
}
