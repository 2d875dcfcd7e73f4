package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.fs.MarkerHolder;
import org.secmem.results.RawResults;

/**
 * User text that lands in a results or summary cell ({@code sort --in '=1+1.bin'}, {@code
 * --work-dir '=wd'}) was written as is, a formula for the spreadsheet that opens the file: it is
 * written as text ({@code '=1+1.bin}), read back by secmem as it was, and numbers stay numbers.
 */
class FormulaCellsTest {

  @TempDir Path dir;

  @Test
  void userTextStartingAFormula_isWrittenAsText_andReadBackAsItWas() throws Exception {
    assertEquals(0, secmem("generate", "--out", "=1+1.bin", "--n", "1000"));
    assertEquals(
        0,
        secmem(
            "sort",
            "--in",
            "=1+1.bin",
            "--out",
            "@SUM(1).bin",
            "--m",
            "100",
            "--reps",
            "2",
            "--warmup",
            "0",
            "--work-dir",
            "+wd",
            "--results",
            "r.csv"));
    List<String> bad = new ArrayList<>();
    for (String file : List.of("r.csv", "r-summary.csv")) {
      try (CSVParser p =
          CSVParser.parse(dir.resolve(file), StandardCharsets.UTF_8, CSVFormat.RFC4180)) {
        for (CSVRecord rec : p) {
          for (String cell : rec) {
            if (!cell.isEmpty()
                && "=+-@\t\r".indexOf(cell.charAt(0)) >= 0
                && !cell.matches("[+-]?[0-9.eE+-]+")) {
              bad.add(file + ": " + cell);
            }
          }
        }
      }
    }
    assertEquals(List.of(), bad, "no cell a spreadsheet would run");
    String raw = Files.readString(dir.resolve("r.csv"));
    assertTrue(raw.contains("'=1+1.bin") && raw.contains("'+wd"), raw);
    RawResults read = RawResults.read(dir.resolve("r.csv"));
    assertEquals("=1+1.bin", read.rows().get(0).get("input"));
    assertEquals("+wd", read.rows().get(0).get("work_dir"));
  }

  private int secmem(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(MarkerHolder.javaCommand("org.secmem.Main"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
    assertEquals(0, p.exitValue(), out);
    return p.exitValue();
  }
}
