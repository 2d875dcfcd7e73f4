package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Black-box tests: the real command line, captured output, exit codes. */
class CliTest {

  @TempDir Path dir;

  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        SecmemCommand.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
            .execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  private static void assertNoStackTrace(Result r) {
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(r.err().contains("Exception in"), r.err());
  }

  @Test
  void help_listsCommandsAndExitCodes() {
    Result r = run("--help");
    assertEquals(0, r.code());
    for (String c : List.of("generate", "verify", "write", "read", "Exit codes")) {
      assertTrue(r.out().contains(c), c);
    }
    Result w = run("write", "--help");
    assertEquals(0, w.code());
    assertTrue(w.out().contains("Examples"));
    assertTrue(w.out().contains("default: 65536"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "write --stream fast --n 10|unknown stream type 'fast'",
        "write --stream simple --n -1|--n: -1 is below the minimum 1",
        "write --stream simple --n 0|--n: 0 is below the minimum 1",
        "sort --n 0|--n: 0 is below the minimum 1",
        "write --stream simple --k 0|--k: 0 is below the minimum 1 (allowed: 1 .. 1000000)",
        "write --stream user-buffer --b 3|--b: 3 is below the minimum 4 (allowed: 4 ..",
        "write --stream mapped --b 2G|--b: 2147483648 is above the maximum",
        "write --stream simple --n lots|'lots' is not a number",
        "write --stream simple --reps 0|--reps: 0 is below the minimum 1 (allowed: 1 .. 1000000)",
        "write --stream simple --cache hot|unknown cache state 'hot'",
        "write --n 10|Missing required option: '--stream=TYPE'",
        "generate --out x.bin --n 10 --shape wavy|unknown shape 'wavy'",
        "frobnicate|Unmatched argument"
      })
  void badArguments_exit2_withOneClearLine(String args, String expected) {
    Result r = run(args.split(" "));
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains(expected), r.err());
    assertNoStackTrace(r);
  }

  @Test
  void read_fileNotMultipleOf4_exit2_namingFileAndLength() throws IOException {
    Path odd = dir.resolve("odd.bin");
    Files.write(odd, new byte[10]);
    Result r =
        run(
            "read",
            "--stream",
            "buffered",
            "--files",
            odd.toString(),
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().contains(odd.toString()) && r.err().contains("not a multiple of 4"), r.err());
    assertNoStackTrace(r);
    assertFalse(Files.exists(dir.resolve("r.csv")), "nothing ran, so no results file");
  }

  @Test
  void read_missingFile_exit2() {
    Result r = run("read", "--stream", "buffered", "--files", dir.resolve("nope.bin").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("does not exist"), r.err());
  }

  @Test
  void writeThenRead_everyType_sameChecksum_oneRowPerRun() throws IOException {
    Path results = dir.resolve("r.csv");
    Path data = dir.resolve("data");
    Result w =
        run(
            "write",
            "--stream",
            "user-buffer",
            "--n",
            "3000",
            "--k",
            "2",
            "--b",
            "6",
            "--reps",
            "2",
            "--warmup",
            "1",
            "--dir",
            data.toString(),
            "--results",
            results.toString());
    assertEquals(0, w.code(), w.err());
    Result r =
        run(
            "read",
            "--stream",
            "simple,buffered,user-buffer,mapped",
            "--n",
            "3000",
            "--k",
            "2",
            "--b",
            "10",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            data.toString(),
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("results: " + results), r.out());
    List<String> lines = Files.readAllLines(results);
    assertEquals(1 + 3 + 4, lines.size());
    int checksumColumn = List.of(lines.get(0).split(",")).indexOf("checksum");
    String expected = lines.get(1).split(",", -1)[checksumColumn];
    for (String line : lines.subList(1, lines.size())) {
      assertEquals(expected, line.split(",", -1)[checksumColumn], line);
    }
  }

  @Test
  void sortPresetFast_recordsWhatRan_andIsVerified() throws IOException {
    Path results = dir.resolve("fast.csv");
    Path in = dir.resolve("in.bin");
    assertEquals(0, run("generate", "--out", in.toString(), "--n", "60000").code());
    Result r =
        run(
            "sort",
            "--in",
            in.toString(),
            "--out",
            dir.resolve("out.bin").toString(),
            "--preset",
            "fast",
            "--m",
            "8192",
            "--b",
            "256",
            "--threads",
            "2",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = Files.readAllLines(results);
    List<String> header = List.of(lines.get(0).split(","));
    String[] row = lines.get(1).split(",");
    Function<String, String> cell = c -> row[header.indexOf(c)];
    assertEquals("fast", cell.apply("preset"));
    assertEquals("channel", cell.apply("read_stream"));
    assertEquals("channel", cell.apply("write_stream"));
    assertEquals("radix", cell.apply("merger"));
    assertEquals("true", cell.apply("parallel_merge"));
    assertEquals("block", cell.apply("access"));
    assertEquals("2", cell.apply("threads"));
    assertEquals("2", cell.apply("merge_threads"));
    assertEquals("true", cell.apply("verified"));
    long runs = Long.parseLong(cell.apply("runs"));
    long runInts = Long.parseLong(cell.apply("run_ints"));
    assertEquals((60000 + runInts - 1) / runInts, runs, "runs actually formed");
    assertTrue(Integer.parseInt(cell.apply("merge_b")) <= 256);
  }

  @Test
  void generateThenVerify_exit0_unsortedFails_exit1() throws IOException {
    Path f = dir.resolve("g.bin");
    Path s = dir.resolve("s.bin");
    Result g = run("generate", "--out", f.toString(), "--n", "2^12");
    assertEquals(0, g.code());
    assertEquals(4 * 4096, Files.size(f));
    // the checksum as the results file's checksum column writes it; ints and bytes in their units
    assertTrue(
        g.out()
            .matches("(?s)wrote 2\\^12 uniform ints \\(16 KiB\\) to .*, checksum x[0-9a-f]{16}\\R"),
        g.out());
    assertEquals(
        0, run("generate", "--out", s.toString(), "--n", "4096", "--shape", "sorted").code());
    Result ok = run("verify", s.toString(), "--sorted");
    assertEquals(0, ok.code(), ok.out());
    Result bad = run("verify", f.toString(), "--sorted");
    assertEquals(1, bad.code());
    assertTrue(bad.out().contains("NOT in ascending order"), bad.out());
    Result same = run("verify", f.toString(), "--same-as", s.toString());
    assertEquals(1, same.code());
    assertTrue(same.out().contains("NOT the same values"), same.out());
    assertEquals(0, run("verify", f.toString(), "--same-as", f.toString()).code());
  }

  @Test
  void completionScript_coversTheSubcommands() {
    Result r = run("generate-completion");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("complete -F"), r.out());
    for (String c :
        List.of("write", "read", "sort", "run", "chart", "compare", "advise", "menu", "clean")) {
      assertTrue(r.out().contains(c), c);
    }
  }

  @Test
  void errorLines_nameTheCommandOnce() {
    Result r = run("write", "--stream", "x");
    assertTrue(r.err().startsWith("secmem write: --stream: unknown stream type 'x'"), r.err());
  }

  @Test
  void verify_fileNotMultipleOf4_exit2() throws IOException {
    Path odd = dir.resolve("odd.bin");
    Files.write(odd, new byte[7]);
    Result r = run("verify", odd.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("7 bytes is not a multiple of 4"), r.err());
  }
}
