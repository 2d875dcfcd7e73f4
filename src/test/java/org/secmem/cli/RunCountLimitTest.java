package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sort whose M makes more runs than the work folder or the heap's bookkeeping allow is refused up
 * front (exit 2), before any input is generated or any row runs, with the M that works.
 */
class RunCountLimitTest {

  @TempDir Path dir;

  /** The command, in a JVM of its own with a 48 MiB heap. */
  @Test
  void sortWithOneIntPerRun_isRefusedUpFront_nothingGenerated_noWorkFolder() throws Exception {
    Path results = dir.resolve("r.csv");
    Run r =
        secmem(
            "-Xmx48m",
            "sort",
            "--n",
            "2^22",
            "--m",
            "1",
            "--d",
            "2",
            "--results",
            results.toString());
    assertEquals(2, r.code, r.err);
    assertTrue(
        r.err.contains("M = 1 int makes 4,194,304 runs of 1 int (23 passes at d = 2)"), r.err);
    assertTrue(r.err.contains("at most 48,"), "the bound for this heap: " + r.err);
    assertTrue(suggestedM(r.err) > 1, r.err);
    assertEquals("", r.out, "no output");
    assertFalse(Files.exists(results), "no results file");
    assertEquals(
        List.of("err.txt", "logs", "out.txt"),
        names(dir),
        "no input generated (data/), no work folder");
  }

  /** A parameter file whose third line asks for 10^8 runs: refused before its second line runs. */
  @Test
  void parameterFileRow_withOneIntPerRun_isRefusedWithItsLine_andNothingRuns() throws Exception {
    Path params = dir.resolve("big.csv");
    Files.writeString(
        params,
        "experiment,n,m,d,reps,warmup\n" + "sort,1000,100,2,1,0\n" + "sort,100000000,1,2,1,0\n");
    Path results = dir.resolve("r.csv");
    Run r = secmem("-Xmx1g", "run", params.toString(), "--results", results.toString());
    assertEquals(2, r.code, r.err);
    assertTrue(r.err.contains(params + ":3: m: M = 1 int makes 100,000,000 runs"), r.err);
    assertTrue(r.err.contains("at most 131,072 runs are allowed"), r.err);
    assertEquals(763, suggestedM(r.err), r.err);
    assertFalse(Files.exists(results), "no row ran: " + r.out);
    assertEquals(
        List.of("big.csv", "err.txt", "logs", "out.txt"),
        names(dir),
        "nothing generated, no work folder");
  }

  private static final class Run {
    final int code;
    final String out;
    final String err;

    Run(int code, String out, String err) {
      this.code = code;
      this.out = out;
      this.err = err;
    }
  }

  /** secmem in a JVM of its own with the given heap, working in the test's folder. */
  private Run secmem(String heap, String... args) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap,
                "-cp",
                System.getProperty("java.class.path"),
                "org.secmem.Main"));
    cmd.addAll(List.of(args));
    Process p =
        new ProcessBuilder(cmd)
            .directory(dir.toFile())
            .redirectOutput(dir.resolve("out.txt").toFile())
            .redirectError(dir.resolve("err.txt").toFile())
            .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "finished in time");
    return new Run(
        p.exitValue(),
        Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
  }

  /**
   * The M the message asks for, as a user pastes it: digits or 2^k, read by the options' parser.
   */
  private static long suggestedM(String message) {
    Matcher m = Pattern.compile("use M = (\\S+) or more").matcher(message);
    assertTrue(m.find(), message);
    return org.secmem.param.NumberParser.parseCount(m.group(1));
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }
}
