package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.secmem.admission.Machine;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.UserText;
import org.secmem.sort.InsufficientMemoryException;
import picocli.CommandLine;

/**
 * Issue 12's cases on input, limits and exit codes: every value refused up front names itself and
 * its range (exit 2) and leaves nothing behind; everything valid runs; a bug is not bad input.
 */
class InputLimitsTest {

  @TempDir Path dir;

  private CliTest.Result run(String... args) {
    return CliTest.run(args);
  }

  private List<Path> everything() throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> !p.equals(dir)).sorted().toList();
    }
  }

  private static void assertOneCleanError(CliTest.Result r) {
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
    assertFalse(
        r.err().chars().anyMatch(c -> c < 0x20 && c != '\n' && c != '\r'),
        "no raw control characters: " + r.err());
  }

  // ---- numbers ---------------------------------------------------------------------------

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "write --stream simple --n 1,000|--n: '1,000' has a thousands separator; write 1000 or"
            + " 1_000",
        "write --stream simple --n 10 --k 1,000|--k: '1,000' has a thousands separator",
        "write --stream simple --n 2,500,000|write 2500000 or 2_500_000",
        "write --stream simple --n 10 --reps 2000000|--reps: 2000000 is above the maximum 1000000"
            + " (allowed: 1 .. 1000000)",
        "write --stream simple --n 10 --warmup 2^30|--warmup: 1073741824 is above the maximum",
        "write --stream simple --n 10 --k 2^40|'2^40' is too large",
        "sort --n 10 --d 1|--d: 1 is below the minimum 2 (allowed: 2 ..",
        "sort --n 10 --d two|'two' is not a number",
      })
  void badNumbers_exit2_nothingLeft(String args, String expected) throws IOException {
    List<String> a = new ArrayList<>(List.of(args.split(" ")));
    a.addAll(
        List.of(
            "--dir", dir.resolve("data").toString(), "--results", dir.resolve("r.csv").toString()));
    CliTest.Result r = run(a.toArray(String[]::new));
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains(expected), r.err());
    assertOneCleanError(r);
    assertEquals(List.of(), everything(), "a refused command leaves nothing");
  }

  @Test
  void powersOfTwo_acceptedFor_k_d_reps_warmup_threads() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result w =
        run(
            "write",
            "--stream",
            "simple",
            "--n",
            "2^4",
            "--k",
            "2^1",
            "--reps",
            "2^1",
            "--warmup",
            "2^0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            results.toString());
    assertEquals(0, w.code(), w.err());
    CliTest.Result s =
        run(
            "sort",
            "--n",
            "2^12",
            "--m",
            "2^8",
            "--d",
            "2^3",
            "--threads",
            "2^0",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            results.toString());
    assertEquals(0, s.code(), s.err());
    List<String> lines = Files.readAllLines(results);
    // write: 1 warm-up + 2 reps; sort: 1 rep.
    assertEquals(1 + 3 + 1, lines.size(), String.join("\n", lines));
    String header = lines.get(0);
    List<String> cols = List.of(header.split(","));
    String sortRow = lines.get(4);
    assertEquals("8", sortRow.split(",", -1)[cols.indexOf("d")], sortRow);
  }

  @Test
  void aListOfThousands_withoutSeparators_stillRunsEveryValue() throws IOException {
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        run(
            "write",
            "--stream",
            "simple",
            "--n",
            "1000,2000",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            results.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(1 + 2, Files.readAllLines(results).size());
  }

  // ---- estimated time ----------------------------------------------------------------------

  @Test
  void aSweepOfMoreThanADay_isRefusedWithItsEstimate_unlessYes() throws IOException {
    CliTest.Result r =
        run(
            "write",
            "--stream",
            "simple",
            "--n",
            "2^40",
            "--skip-disk-check",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("this would take at least"), r.err());
    assertTrue(r.err().contains(" d "), "in days: " + r.err());
    assertTrue(r.err().contains("--yes"), r.err());
    assertEquals(List.of(), everything());

    CommonOptions yes = new CommonOptions();
    yes.yes = true;
    StringWriter out = new StringWriter();
    CommandLine cmd =
        SecmemCommand.commandLine(
            new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
    yes.checkDuration(cmd, 3 * 86_400.0, 4);
    assertTrue(out.toString().contains("estimate: at least 3 d 0 h for 4 runs"), out.toString());
    CommonOptions no = new CommonOptions();
    try {
      no.checkDuration(cmd, 3 * 86_400.0, 4);
      throw new AssertionError("refused without --yes");
    } catch (BadInputException expected) {
      assertTrue(expected.getMessage().contains("--yes"));
    }
  }

  @Test
  void aSweepFileOfMoreThanADay_isRefusedBeforeItsFirstRow() throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,stream,n,reps,warmup,dir\n"
            + "write,simple,100,1,0,data\n"
            + "read,simple,2^42,1,0,data\n");
    CliTest.Result r =
        run(
            "run",
            params.toString(),
            "--results",
            dir.resolve("r.csv").toString(),
            "--skip-disk-check");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("this would take at least"), r.err());
    assertFalse(Files.exists(dir.resolve("r.csv")), "the first row did not run");
    assertFalse(Files.exists(dir.resolve("data")), "the first row did not run");
  }

  // ---- paths found bad late --------------------------------------------------------------

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "generate --out DIR --n 10|--out: DIR is a folder; name a file",
        "generate --out DIR/afile/x.bin --n 10|is a file, not a folder",
        "write --stream simple --n 10 --dir DIR/afile|--dir: DIR/afile is a file, not a folder",
        "read --stream simple --n 10 --dir DIR/afile|--dir: DIR/afile is a file, not a folder",
        "sort --n 100 --work-dir DIR/afile|--work-dir: DIR/afile is a file, not a folder",
        "sort --n 100 --dir DIR/afile|--dir: DIR/afile is a file, not a folder",
        "sort --n 100 --out DIR|--out: DIR is a folder; name a file",
        "sort --n 100 --out DIR/afile/o.bin|is a file, not a folder",
      })
  void badPaths_refusedBeforeAnythingRuns(String args, String expected) throws IOException {
    Files.writeString(dir.resolve("afile"), "x");
    List<String> a = new ArrayList<>();
    for (String s : args.split(" ")) {
      a.add(s.replace("DIR", dir.toString()));
    }
    if (!a.get(0).equals("generate")) {
      a.addAll(List.of("--results", dir.resolve("r.csv").toString()));
    }
    CliTest.Result r = run(a.toArray(String[]::new));
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains(expected.replace("DIR", dir.toString())), r.err());
    assertOneCleanError(r);
    assertEquals(
        List.of(dir.resolve("afile")), everything(), "no results, environment or data file");
  }

  @Test
  void readOnlyFolders_refusedBeforeAnythingRuns() throws Exception {
    Path ro = dir.resolve("ro");
    Files.createDirectories(ro);
    int mounted =
        exec(List.of("mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", ro.toString()), Map.of())
            .code();
    assumeTrue(mounted == 0, "cannot mount a read-only tmpfs here (needs root)");
    try {
      String results = dir.resolve("r.csv").toString();
      for (List<String> args :
          List.of(
              List.of("generate", "--out", ro.resolve("x.bin").toString(), "--n", "10"),
              List.of(
                  "write",
                  "--stream",
                  "simple",
                  "--n",
                  "10",
                  "--dir",
                  ro.toString(),
                  "--results",
                  results),
              List.of(
                  "read",
                  "--stream",
                  "simple",
                  "--n",
                  "10",
                  "--dir",
                  ro.toString(),
                  "--results",
                  results),
              List.of(
                  "sort",
                  "--n",
                  "100",
                  "--work-dir",
                  ro.resolve("w").toString(),
                  "--results",
                  results),
              List.of(
                  "sort",
                  "--n",
                  "100",
                  "--out",
                  ro.resolve("o.bin").toString(),
                  "--results",
                  results))) {
        CliTest.Result r = run(args.toArray(String[]::new));
        assertEquals(2, r.code(), args + ": " + r.err());
        assertTrue(r.err().contains("is not writable"), r.err());
        assertFalse(Files.exists(dir.resolve("r.csv")), args.toString());
      }
    } finally {
      exec(List.of("umount", ro.toString()), Map.of());
    }
  }

  // ---- memory of k streams -----------------------------------------------------------------

  @Test
  void streamBuffersTheHeapOrDirectMemoryCannotHold_areRefusedUpFront() throws Exception {
    Path results = dir.resolve("r.csv");
    Path data = dir.resolve("data");
    Proc heap =
        secmem(
            List.of("-Xmx128m"),
            "write",
            "--stream",
            "user-buffer",
            "--b",
            "64M",
            "--k",
            "3",
            "--n",
            "10",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            data.toString(),
            "--results",
            results.toString());
    assertEquals(2, heap.code(), heap.out());
    assertTrue(
        heap.out()
            .contains(
                "--b: k = 3 user-buffer streams of B = 64 MiB"
                    + " hold 192 MiB of heap buffers, but the heap is"),
        heap.out());
    assertTrue(heap.out().contains("SECMEM_HEAP="), heap.out());
    Proc direct =
        secmem(
            List.of("-Xmx128m"),
            "read",
            "--stream",
            "channel",
            "--b",
            "64M",
            "--k",
            "3",
            "--n",
            "1000",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            data.toString(),
            "--results",
            results.toString());
    assertEquals(2, direct.code(), direct.out());
    assertTrue(direct.out().contains("192 MiB of direct (off-heap) buffers"), direct.out());
    assertTrue(direct.out().contains("-XX:MaxDirectMemorySize="), direct.out());
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,stream,n,k,b,reps,warmup,dir\n"
            + "write,simple,100,1,64K,1,0,data\n"
            + "write,async,100,2,64M,1,0,data\n");
    Proc file =
        secmem(List.of("-Xmx128m"), "run", params.toString(), "--results", results.toString());
    assertEquals(2, file.code(), file.out());
    assertTrue(file.out().contains(params + ":3: b: k = 2 async streams"), file.out());
    assertFalse(Files.exists(results), "no results file");
    assertFalse(Files.exists(data), "no data file: nothing ran");
    // One 64 MiB array fits the 128 MiB heap's total, but not one of G1's two GC threads' shares:
    // admitted, it ran out of heap in 1 of about 60 JVMs (the full GC before the run had left live
    // objects in the middle of the heap).
    Proc split = oneUserBufferIn128MiBOfG1("64M", data, results);
    assertEquals(2, split.code(), split.out());
    assertTrue(
        split.out().contains("a 128 MiB heap can be counted on for one array of at most 47 MiB"),
        split.out());
    assertTrue(split.out().contains("-Xmx162m"), split.out());
    assertFalse(Files.exists(results), "no results file");
    // What fits runs.
    Proc fits = oneUserBufferIn128MiBOfG1("40M", data, results);
    assertEquals(0, fits.code(), fits.out());
  }

  /** One user-buffer stream of B writing 10 ints in a 128 MiB G1 heap with 2 GC threads. */
  private Proc oneUserBufferIn128MiBOfG1(String b, Path data, Path results) throws Exception {
    return secmem(
        List.of("-Xmx128m", "-XX:+UseG1GC", "-XX:ParallelGCThreads=2"),
        "write",
        "--stream",
        "user-buffer",
        "--b",
        b,
        "--k",
        "1",
        "--n",
        "10",
        "--reps",
        "1",
        "--warmup",
        "0",
        "--dir",
        data.toString(),
        "--results",
        results.toString());
  }

  // ---- exit codes and messages ---------------------------------------------------------------

  @Test
  void anInternalIllegalArgument_isExit1_butBadInputAndMemoryAreExit2() {
    ErrorHandler h = new ErrorHandler();
    StringWriter err = new StringWriter();
    CommandLine cmd =
        SecmemCommand.commandLine(
            new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
    assertEquals(
        1,
        h.handleExecutionException(
            new IllegalArgumentException("Self-suppression not permitted"), cmd, null));
    assertTrue(err.toString().contains("internal error"), err.toString());
    assertEquals(2, h.handleExecutionException(new BadInputException("--x: bad"), cmd, null));
    assertEquals(
        2, h.handleExecutionException(new InsufficientMemoryException("M too big"), cmd, null));
  }

  @Test
  void errorLines_escapeControlCharacters_andShortenLongInput() throws IOException {
    String evil = "sim\u001b[31mple\u0007\r";
    CliTest.Result r = run("write", "--stream", evil, "--n", "10");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("sim\\x1b[31mple\\x07\\x0d"), r.err());
    assertOneCleanError(r);
    String huge = "9".repeat(5000);
    CliTest.Result h = run("write", "--stream", "simple", "--n", huge);
    assertEquals(2, h.code());
    String first = h.err().lines().findFirst().orElseThrow();
    assertTrue(first.length() < 400, first.length() + ": " + first);
    assertTrue(first.contains("characters...]"), first);
    String manyWords = "a ".repeat(3000);
    String line = UserText.line("--x: '" + manyWords + "' is bad (allowed: 1 .. 2)");
    assertTrue(line.length() < 500, "" + line.length());
    assertTrue(line.endsWith("is bad (allowed: 1 .. 2)"), "the range is kept: " + line);
    assertTrue(UserText.line("\u202Eevil").startsWith("\\u202e"), "a bidi override is shown");
  }

  @Test
  void verify_ofAFileThatIsNotInts_isExit2_asItsHelpSays() throws IOException {
    Path odd = dir.resolve("odd.bin");
    Files.write(odd, new byte[10]);
    CliTest.Result r = run("verify", odd.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("not a multiple of 4"), r.err());
    String help = run("verify", "--help").out();
    assertTrue(help.contains("2 when the") && help.contains("not a multiple of 4"), help);
    assertTrue(help.contains("143  stopped by SIGTERM"), help);
  }

  @Test
  void aParameterFileWithAByteOrderMark_isRead() throws IOException {
    Path params = dir.resolve("bom.csv");
    byte[] text =
        ("experiment,stream,n,reps,warmup,dir\nwrite,simple,10,1,0,data\n")
            .getBytes(StandardCharsets.UTF_8);
    byte[] withBom = new byte[text.length + 3];
    withBom[0] = (byte) 0xEF;
    withBom[1] = (byte) 0xBB;
    withBom[2] = (byte) 0xBF;
    System.arraycopy(text, 0, withBom, 3, text.length);
    Files.write(params, withBom);
    CliTest.Result r = run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(2, Files.readAllLines(dir.resolve("r.csv")).size());
  }

  @Test
  void aNonAsciiPath_underLangC_getsAClearMessage() throws Exception {
    Map<String, String> c = Map.of("LANG", "C", "LC_ALL", "C");
    Proc opt =
        secmemEnv(
            c,
            List.of(),
            "write",
            "--stream",
            "simple",
            "--n",
            "10",
            "--dir",
            dir.resolve("donn\u00e9es").toString(),
            "--results",
            dir.resolve("r.csv").toString());
    assumeTrue(!opt.out().contains("unsupported locale"), "no C locale");
    assertEquals(2, opt.code(), opt.out());
    assertTrue(opt.out().contains("cannot be used as a file name under this locale"), opt.out());
    assertTrue(opt.out().contains("LC_ALL=C.UTF-8"), opt.out());
    assertFalse(opt.out().contains("InvalidPathException"), opt.out());
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params, "experiment,stream,n,dir\nwrite,simple,10,donn\u00e9es\n", StandardCharsets.UTF_8);
    Proc file =
        secmemEnv(
            c, List.of(), "run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(2, file.code(), file.out());
    assertTrue(file.out().contains(":2: dir: 'donn"), file.out());
    assertFalse(file.out().contains("Exception"), file.out());
  }

  /**
   * ulimit -n 64 as the product sees it: scripts/secmem runs one jar, this test a class path of
   * about 50 jars that the JVM keeps open, so the limit gets one descriptor more per further entry
   * (at a bare 64 a JDK 25 in CI ran out of descriptors: it could not spawn 'sync', then exited
   * 139).
   */
  @Test
  void aLowOpenFileLimit_stillRunsOneStream() throws Exception {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = FaultsTest.classpath();
    long limit = 64 + classpath.split(":").length - 1;
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "bash",
                "-c",
                "ulimit -n " + limit + " && exec \"$@\"",
                "bash",
                java,
                "-Xmx128m",
                "-cp",
                classpath,
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main",
                "write",
                "--stream",
                "simple,user-buffer",
                "--k",
                "1",
                "--n",
                "1000",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                dir.resolve("r.csv").toString()));
    Proc p = exec(cmd, Map.of());
    assertEquals(0, p.code(), p.out());
    assertEquals(3, Files.readAllLines(dir.resolve("r.csv")).size());
    assertEquals(8, Machine.spareDescriptors(64));
    assertEquals(64, Machine.spareDescriptors(1 << 20));
  }

  /** The open-file refusal of a parameter file named "k or d": it names the line and column. */
  @Test
  void aParameterLineOpeningTooManyFiles_isNamedByFileLineAndColumn() throws Exception {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,stream,n,k,dir\nwrite,simple,10,2,data\n" + "write,simple,10,500,data\n",
        StandardCharsets.UTF_8);
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "bash",
                "-c",
                "ulimit -n 64 && exec \"$@\"",
                "bash",
                java,
                "-Xmx128m",
                "-cp",
                FaultsTest.classpath(),
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main",
                "run",
                params.toString(),
                "--results",
                dir.resolve("r.csv").toString()));
    Proc p = exec(cmd, Map.of());
    assertEquals(2, p.code(), p.out());
    assertTrue(p.out().contains(params + ":3: k: 500 files open at once exceed"), p.out());
    assertFalse(Files.exists(dir.resolve("r.csv")), "nothing ran");
  }

  @Test
  void sigterm_exits143_asTheHelpAndReadmeSay() throws Exception {
    Path results = dir.resolve("r.csv");
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                FaultsTest.classpath(),
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main",
                "write",
                "--stream",
                "simple",
                "--n",
                "2^26",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--skip-disk-check",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("out.txt").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!Files.exists(results) && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(20);
      }
      Thread.sleep(300);
      assertEquals(0, exec(List.of("kill", "-TERM", Long.toString(p.pid())), Map.of()).code());
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    } finally {
      p.destroyForcibly();
    }
    assertEquals(ExitCodes.TERMINATED, p.exitValue(), Files.readString(dir.resolve("out.txt")));
  }

  // ---- subprocesses ----------------------------------------------------------------------

  record Proc(int code, String out) {}

  private Proc secmem(List<String> jvm, String... args) throws Exception {
    return secmemEnv(Map.of(), jvm, args);
  }

  private Proc secmemEnv(Map<String, String> env, List<String> jvm, String... args)
      throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvm);
    cmd.addAll(
        List.of(
            "-cp",
            FaultsTest.classpath(),
            "-Dsecmem.logdir=" + dir.resolve("logs"),
            "org.secmem.Main"));
    cmd.addAll(List.of(args));
    Proc p = exec(cmd, env);
    // The logs folder is the test's, not the command's.
    FileUtils.deleteDirectory(dir.resolve("logs").toFile());
    return p;
  }

  private static Proc exec(List<String> command, Map<String, String> env) throws Exception {
    ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
    b.environment().putAll(env);
    Process p = b.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    return new Proc(p.exitValue(), out);
  }
}
