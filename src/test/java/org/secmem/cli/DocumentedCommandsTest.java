package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 49: every command in README.md and docs/*.md, in the order each page shows it, run as a
 * user would run it, with the exit code and the output the page documents. A command in a fenced
 * code block is either run as written, run in an explicitly reduced form ({@link #TABLE}, with the
 * reason), or not run ({@link #TABLE}, with the reason); a command the table does not know that is
 * not a {@code scripts/secmem} command fails the test, and so does a table entry no page shows, so
 * that a new or changed command on a page must be classified here.
 *
 * <p>Each page runs in a fresh folder holding what a checkout gives a user (configs/, test-data/,
 * docs/seed-results/) and a {@code scripts/secmem} that starts this build's classes (the real
 * launcher also builds the jar, which the test suite cannot). Commands go through bash, so that
 * globs, brace expansion, quoting, {@code VAR=value} prefixes and {@code source <(...)} work as on
 * the page.
 */
class DocumentedCommandsTest {

  private static final Path ROOT = Path.of(System.getProperty("secmem.root", "."));

  /** How a command that is not run as written is treated. */
  private record Treatment(String runAs, int exit, String reason) {
    static Treatment notRun(String reason) {
      return new Treatment(null, 0, reason);
    }

    static Treatment runAs(String command, String reason) {
      return new Treatment(command, 0, reason);
    }
  }

  /** Reduction appended to measuring commands: one measured run, no warm-up. */
  private static final String ONE = " --reps 1 --warmup 0";

  /**
   * Every documented command not run exactly as written, by its text on the page (comments and
   * {@code \} continuations removed, spaces collapsed). Reductions are explicit: the command run
   * instead is shown in full.
   */
  private static final Map<String, Treatment> TABLE = new LinkedHashMap<>();

  private static void notRun(String command, String reason) {
    TABLE.put(command, Treatment.notRun(reason));
  }

  private static void runAs(String command, String instead, String reason) {
    TABLE.put(command, Treatment.runAs(instead, reason));
  }

  static {
    String reps = "one measured run, no warm-up, to keep the test short";
    String sizeAndReps = "a smaller N, one measured run and no warm-up, to keep the test short";
    String spark =
        "needs the spark module (built by scripts/secmem on demand, 290 MB of libraries), not on"
            + " the core tests' class path; SparkClusterIT and the spark module's tests run it";
    String cluster = "needs a Spark cluster (spark://HEAD:7077, /nfs); SparkClusterIT runs it";
    String runFolder = "the page's <run folder> placeholder: the newest folder under results/";

    // README.md
    notRun(
        "scripts/secmem run configs/quick.csv",
        "about a minute as written, and still near two on a busy 2-core machine with --reps 1"
            + " --warmup 0 (simple's call per int dominates): over this test's budget;"
            + " RunCommandTest runs parameter files");
    notRun("mvn -B -ntp verify", "the build and test suite this test is part of");
    notRun(
        "scripts/secmem sort --engine spark --master spark://HEAD:7077 --in /nfs/in.bin --out"
            + " /nfs/out.bin",
        cluster);
    notRun(
        "spark-submit --master spark://HEAD:7077 --class org.secmem.Main"
            + " spark/target/secmem-spark-submit.jar sort --engine spark --in /nfs/in.bin --out"
            + " /nfs/out.bin",
        cluster);
    runAs(
        "scripts/secmem write --stream user-buffer --n 2^20 --k 4 --b 64K",
        "scripts/secmem write --stream user-buffer --n 2^20 --k 4 --b 64K" + ONE,
        reps);
    runAs(
        "scripts/secmem read --stream mapped --n 2^20 --k 4 --b 4K,64K,1M",
        "scripts/secmem read --stream mapped --n 2^20 --k 4 --b 4K,64K,1M" + ONE,
        reps);
    runAs(
        "scripts/secmem sort --in data/in.bin --out data/out.bin --m 2^20 --d 16",
        "scripts/secmem sort --in data/in.bin --out data/out.bin --m 2^20 --d 16" + ONE,
        reps);
    runAs(
        "scripts/secmem sort --n 2^26 --preset fast",
        "scripts/secmem sort --n 2^22 --preset fast" + ONE,
        sizeAndReps);
    runAs(
        "scripts/secmem sort --n 2^24 --m 128000 --b 4K --algorithm buffer-tree",
        "scripts/secmem sort --n 2^20 --m 128000 --b 4K --algorithm buffer-tree" + ONE,
        sizeAndReps);
    runAs(
        "scripts/secmem pq --n 2^20 --m 100000 --b 4K --impl buffer-tree,java",
        "scripts/secmem pq --n 2^18 --m 100000 --b 4K --impl buffer-tree,java" + ONE,
        sizeAndReps);
    runAs(
        "scripts/secmem chart results/<run folder>",
        "scripts/secmem chart \"$(ls -d results/2*/ | tail -n 1)\"",
        runFolder);
    runAs(
        "scripts/secmem compare results/before.csv results/after.csv",
        "cp \"$(ls results/2*-write/2*-write.csv | head -n 1)\" results/before.csv"
            + " && cp results/before.csv results/after.csv"
            + " && scripts/secmem compare results/before.csv results/after.csv",
        "the page's before.csv and after.csv are the user's own: two results files of the same"
            + " configurations (here the page's write run, twice)");
    runAs(
        "scripts/secmem advise results/<run folder>",
        "scripts/secmem advise \"$(ls -d results/2*/ | tail -n 1)\"",
        runFolder);
    runAs(
        "scripts/secmem probe --dir data",
        "scripts/secmem probe --dir data --size 16M --reps 1",
        "a 16 MiB probe file measured once instead of 1 GiB three times, to keep the test short");

    // docs/measuring.md
    notRun(
        "secmem probe [--dir data] [--size 1G] [--reps 3] [--out FILE]",
        "a synopsis (optional parts in brackets), not a command; README's probe --dir data runs");

    // docs/seed-findings.md
    notRun(
        "scripts/secmem run configs/seed*-laptop.csv --results results/seeds/laptop.csv",
        "the seed runs take hours; their results ship in docs/seed-results/");
    notRun(
        "scripts/secmem run configs/seed*-laptop.csv --fork 1 --results"
            + " results/seeds/laptop-forked.csv",
        "the seed runs take hours; their results ship in docs/seed-results/");
    runAs(
        "scripts/secmem findings results/seeds/laptop.csv results/seeds/laptop-forked.csv",
        "scripts/secmem findings docs/seed-results/laptop.csv docs/seed-results/laptop-forked.csv",
        "judges the shipped results of the two seed runs above instead of fresh ones");

    // docs/spark.md
    notRun("scripts/secmem sort --engine spark --in data/in.bin --out data/out.bin", spark);
    notRun("scripts/secmem sort --engine spark --master 'local[2]' --n 2^26 --reps 3", spark);
    notRun(
        "SECMEM_HEAP=4g scripts/secmem sort --engine spark --m 2^28 --in data/in.bin --out"
            + " data/out.bin",
        spark);
    notRun(
        "scripts/secmem sort --engine spark --master spark://head:7077 --in /nfs/in.bin --out"
            + " /nfs/out.bin",
        cluster);
    notRun(
        "spark-submit --master yarn --class org.secmem.Main spark/target/secmem-spark-submit.jar"
            + " sort --engine spark --in /nfs/in.bin --out /nfs/out.bin --results /nfs/r.csv",
        "needs a YARN cluster");
    notRun(
        "java -cp \"$SPARK_HOME/jars/*\" org.apache.spark.deploy.master.Master --host HEAD --port"
            + " 7077",
        cluster + " (starts its master)");
    notRun(
        "SPARK_SCALA_VERSION=2.13 java -cp \"$SPARK_HOME/jars/*\""
            + " org.apache.spark.deploy.worker.Worker --host HEAD --cores 2 --memory 2g"
            + " spark://HEAD:7077",
        cluster + " (starts its worker)");
    notRun(
        "spark-submit --master spark://HEAD:7077 --class org.secmem.Main"
            + " spark/target/secmem-spark-submit.jar sort --engine spark --in /nfs/in.bin --out"
            + " /nfs/out.bin --results /nfs/r.csv",
        cluster);

    // docs/usage.md (the commands README shares are reduced in the same way)
    runAs(
        "scripts/secmem read --stream buffered --files data/a.bin data/b.bin",
        "scripts/secmem generate --out data/a.bin --n 2^16"
            + " && scripts/secmem generate --out data/b.bin --n 2^16"
            + " && scripts/secmem read --stream buffered --files data/a.bin data/b.bin"
            + ONE,
        "the page's a.bin and b.bin are the user's own files: generated first; " + reps);
    runAs(
        "scripts/secmem read --stream channel,mapped --n 2^28 --b 1M --bulk",
        "scripts/secmem read --stream channel,mapped --n 2^20 --b 1M --bulk" + ONE,
        sizeAndReps + " (1 GiB per file as written)");
    runAs(
        "scripts/secmem sort --n 2^24 --m 2^20 --d 8 --read-stream mapped",
        "scripts/secmem sort --n 2^22 --m 2^20 --d 8 --read-stream mapped" + ONE,
        sizeAndReps);
    runAs(
        "scripts/secmem sort --in data/in.bin --out data/out.bin --m 2^26 --preset fast",
        "scripts/secmem sort --in data/in.bin --out data/out.bin --m 2^26 --preset fast" + ONE,
        reps);
    runAs(
        "scripts/secmem sort --n 2^26 --preset fast --threads 2 --merger loser-tree",
        "scripts/secmem sort --n 2^22 --preset fast --threads 2 --merger loser-tree" + ONE,
        sizeAndReps);
    runAs(
        "scripts/secmem sort --n 2^24 --m 128000 --b 4K --algorithm buffer-tree --fanout m/8",
        "scripts/secmem sort --n 2^20 --m 128000 --b 4K --algorithm buffer-tree --fanout m/8" + ONE,
        sizeAndReps);
    runAs(
        "scripts/secmem sort --n 2^22 --algorithm buffer-tree --arrival-ns 1000",
        "scripts/secmem sort --n 2^16 --algorithm buffer-tree --arrival-ns 1000" + ONE,
        "a key per µs: 2^22 keys take 4 s a run as written; " + sizeAndReps);
    runAs(
        "scripts/secmem sort --n 2^26 --preset fast --work-dir /mnt/a/tmp,/mnt/b/tmp",
        "scripts/secmem sort --n 2^22 --preset fast --work-dir work-a/tmp,work-b/tmp" + ONE,
        "/mnt/a and /mnt/b stand for the user's two disks: two folders here; " + sizeAndReps);
    notRun(
        "scripts/secmem sort --in data/in.bin --out data/out.bin --engine spark --master"
            + " 'local[2]'",
        spark);
  }

  /** A command of a page: its text as run-matched, where it is, and the output shown under it. */
  record Command(String page, int line, String text, List<String> output) {}

  /** The page whose commands README.md repeats (README's copies run there, see below). */
  private static final String USAGE = "docs/usage.md";

  private static final Pattern FENCE = Pattern.compile("^\\s*```.*$");

  /** A line that starts a command (not output): a prompt, a program, a variable assignment. */
  private static final Pattern COMMAND_START =
      Pattern.compile(
          "^(\\$ |scripts/|mvn |java |spark-submit |source |secmem |[A-Z_][A-Z0-9_]*=\\S+ ).*");

  /** The pages, in a fixed order: README.md, then docs/*.md by name. */
  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The commands in a page's fenced code blocks, in order, with the output shown under each. */
  static List<Command> commands(Path page) throws IOException {
    List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
    String name = ROOT.relativize(page).toString();
    List<Command> commands = new ArrayList<>();
    boolean inBlock = false;
    StringBuilder pending = null;
    int pendingLine = 0;
    List<String> output = null;
    for (int i = 0; i < lines.size(); i++) {
      String raw = lines.get(i);
      if (FENCE.matcher(raw).matches()) {
        inBlock = !inBlock;
        output = null;
        continue;
      }
      if (!inBlock) {
        continue;
      }
      String line = raw.strip();
      if (pending != null) { // a continuation of the line above
        pending.append(' ').append(stripContinuation(line));
        if (!line.endsWith("\\")) {
          output = new ArrayList<>();
          commands.add(new Command(name, pendingLine, normalize(pending.toString()), output));
          pending = null;
        }
        continue;
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (COMMAND_START.matcher(line).matches()) {
        String text = withoutComment(line.startsWith("$ ") ? line.substring(2) : line);
        if (text.endsWith("\\")) {
          pending = new StringBuilder(stripContinuation(text));
          pendingLine = i + 1;
        } else {
          output = new ArrayList<>();
          commands.add(new Command(name, i + 1, normalize(text), output));
        }
      } else if (output != null) {
        output.add(line); // shown output of the command above
      }
      // output with no command above it in its block is an excerpt, not a command: not checked
    }
    return commands;
  }

  private static String stripContinuation(String line) {
    String l = withoutComment(line);
    return l.endsWith("\\") ? l.substring(0, l.length() - 1).strip() : l;
  }

  /** A line without its trailing {@code # comment} (a '#' outside quotes after a space). */
  static String withoutComment(String line) {
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '#' && (i == 0 || line.charAt(i - 1) == ' ')) {
        return line.substring(0, i).strip();
      }
    }
    return line.strip();
  }

  private static String normalize(String command) {
    return command.strip().replaceAll("\\s+", " ");
  }

  private static boolean secmemCommand(String text) {
    return text.matches("^([A-Z_][A-Z0-9_]*=\\S+ )*scripts/secmem( .*)?$")
        || text.startsWith("source <(scripts/secmem ");
  }

  @Test
  void everyCommandIsRunOrListed_andEveryListedCommandIsOnAPage() throws IOException {
    Set<String> shown = new HashSet<>();
    List<String> unclassified = new ArrayList<>();
    for (Path page : pages()) {
      for (Command c : commands(page)) {
        shown.add(c.text());
        if (!TABLE.containsKey(c.text()) && !secmemCommand(c.text())) {
          unclassified.add(c.page() + ":" + c.line() + ": " + c.text());
        }
      }
    }
    assertTrue(
        unclassified.isEmpty(),
        "commands on the pages that are neither scripts/secmem commands nor in the table (say"
            + " whether and how each runs): "
            + unclassified);
    List<String> stale = TABLE.keySet().stream().filter(k -> !shown.contains(k)).toList();
    assertTrue(stale.isEmpty(), "table entries that no page shows any more: " + stale);
  }

  @Test
  void parser_readsContinuationsPromptsCommentsAndOutput(@TempDir Path dir) throws IOException {
    Path md = dir.resolve("p.md");
    Files.writeString(
        md,
        String.join(
            "\n",
            "text `scripts/secmem x` not a block",
            "```console",
            "$ scripts/secmem a --b 'c[2]'   # comment",
            "first output line",
            "# a comment line",
            "scripts/secmem d \\",
            "  --e f",
            "```",
            "```",
            "an excerpt with no command",
            "```",
            ""));
    List<Command> cs = commands(md.toAbsolutePath());
    assertEquals(2, cs.size(), cs.toString());
    assertEquals("scripts/secmem a --b 'c[2]'", cs.get(0).text());
    assertEquals(List.of("first output line"), cs.get(0).output());
    assertEquals(3, cs.get(0).line());
    assertEquals("scripts/secmem d --e f", cs.get(1).text());
    assertTrue(cs.get(1).output().isEmpty());
  }

  /** One dynamic test per page: its commands run in order in one fresh folder. */
  @TestFactory
  Stream<DynamicTest> everyPage_runsItsCommandsInOrder(@TempDir Path tmp) throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    Set<String> onUsage = new HashSet<>();
    commands(ROOT.resolve(USAGE)).forEach(c -> onUsage.add(c.text()));
    for (Path page : pages()) {
      List<Command> all = commands(page);
      List<Command> commands = all;
      if (page.getFileName().toString().equals("README.md")) {
        // README's list of subcommands is an excerpt of docs/usage.md's, in the same order: each
        // command both show runs there once, which halves this test's time
        commands = all.stream().filter(c -> !onUsage.contains(c.text())).toList();
      }
      List<Command> run = commands;
      if (run.stream().anyMatch(c -> runAs(c) != null)) {
        String name = ROOT.relativize(page).toString();
        Path dir = tmp.resolve(name.replace('/', '_'));
        tests.add(DynamicTest.dynamicTest(name, () -> runPage(dir, run)));
      }
    }
    return tests.stream();
  }

  /** The command line run for a documented command, or null when it is not run. */
  private static String runAs(Command c) {
    Treatment t = TABLE.get(c.text());
    if (t != null) {
      return t.runAs();
    }
    return secmemCommand(c.text()) ? c.text() : null;
  }

  private static int expectedExit(Command c) {
    Treatment t = TABLE.get(c.text());
    return t == null ? 0 : t.exit();
  }

  private void runPage(Path dir, List<Command> commands) throws Exception {
    setUp(dir);
    Path userProbes = org.secmem.probe.ProbeStore.userFile();
    Optional<FileTime> before = modified(userProbes);
    try (Secmem secmem = new Secmem(dir)) {
      for (Command c : commands) {
        String command = runAs(c);
        if (command == null) {
          continue;
        }
        String where = c.page() + ":" + c.line() + ": `" + command + "`";
        long start = System.nanoTime();
        StringBuilder out = new StringBuilder();
        int code = 0;
        for (String step : command.split(" && ")) {
          Outcome o = secmem.run(step);
          out.append(o.out());
          code = o.code();
          if (code != 0) {
            break;
          }
        }
        System.out.printf("%s: %.1f s, exit %d%n", where, (System.nanoTime() - start) / 1e9, code);
        assertEquals(expectedExit(c), code, where + " printed:\n" + out);
        for (String shown : c.output()) {
          assertTrue(
              stablePattern(shown).matcher(out).find(),
              where + ": the page shows the line\n  " + shown + "\nbut it printed:\n" + out);
        }
        assertEquals(
            before,
            modified(userProbes),
            where + " wrote the user's own kept probe figures, " + userProbes);
      }
    }
  }

  private static Optional<FileTime> modified(Path file) throws IOException {
    try {
      return Optional.of(Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS));
    } catch (java.nio.file.NoSuchFileException e) {
      return Optional.empty();
    }
  }

  record Outcome(int code, String out) {}

  private static final String END = "\u0000exit ";

  /**
   * A page's commands, run in one JVM started in the page's folder (relative paths resolve there as
   * in a user's shell, without a JVM start for each command): a plain {@code scripts/secmem ARGS}
   * step has its arguments expanded by bash (globs, braces, quotes, {@code $(...)}) and runs
   * in-process in that JVM; any other step runs in bash, with the page folder's {@code
   * scripts/secmem} launcher.
   */
  private static final class Secmem implements AutoCloseable {
    private final Path dir;
    private final Process server;
    private final java.io.BufferedReader from;
    private final java.io.Writer to;

    Secmem(Path dir) throws IOException {
      this.dir = dir;
      server =
          new ProcessBuilder(
                  java(),
                  "-Xmx1g",
                  "-Dsecmem.logdir=" + dir.resolve("logs"),
                  // the user's own kept probe figures and ledger stay untouched, as in every test
                  "-Dsecmem.probe.file=" + dir.resolve(".user/cache/secmem/probe.properties"),
                  "-Dsecmem.marks.dir=" + dir.resolve(".user/state/secmem"),
                  "-cp",
                  System.getProperty("java.class.path"),
                  Server.class.getName())
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .start();
      from =
          new java.io.BufferedReader(
              new java.io.InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      to = new java.io.OutputStreamWriter(server.getOutputStream(), StandardCharsets.UTF_8);
    }

    Outcome run(String step) throws Exception {
      Matcher sourced = Pattern.compile("source <\\((scripts/secmem .*)\\)").matcher(step);
      if (sourced.matches()) { // the script that secmem prints, sourced by bash
        Outcome script = run(sourced.group(1));
        if (script.code() != 0) {
          return script;
        }
        Files.writeString(dir.resolve(".sourced"), script.out(), StandardCharsets.UTF_8);
        return bash("set -e; source .sourced");
      }
      if (!step.startsWith("scripts/secmem ")) {
        return bash(step);
      }
      Outcome args = bash("printf '%s\\0' " + step.substring("scripts/secmem ".length()));
      assertEquals(0, args.code(), step + ": bash could not expand its arguments: " + args.out());
      List<String> list = List.of(args.out().split("\u0000"));
      for (String a : list) {
        assertTrue(a.indexOf('\n') < 0, "an argument with a line break: " + a);
      }
      to.write(list.size() + "\n");
      for (String a : list) {
        to.write(a + "\n");
      }
      to.flush();
      StringBuilder out = new StringBuilder();
      CompletableFuture<Void> watchdog =
          CompletableFuture.runAsync(
              server::destroyForcibly, CompletableFuture.delayedExecutor(120, TimeUnit.SECONDS));
      try {
        return answer(step, out);
      } finally {
        watchdog.cancel(false);
      }
    }

    /** The output of the step sent, to its exit code. */
    private Outcome answer(String step, StringBuilder out) throws IOException {
      for (String line = from.readLine(); ; line = from.readLine()) {
        if (line == null) {
          fail(
              step
                  + ": the JVM running the commands ended (or ran over 120 s); it printed:\n"
                  + out);
        }
        int end = line.indexOf(END);
        if (end >= 0) {
          out.append(line, 0, end);
          return new Outcome(Integer.parseInt(line.substring(end + END.length())), out.toString());
        }
        out.append(line).append('\n');
      }
    }

    private Outcome bash(String command) throws Exception {
      Path file = dir.resolve(".out");
      ProcessBuilder pb = new ProcessBuilder("bash", "-c", command);
      pb.environment().put("XDG_CACHE_HOME", dir.resolve(".user/cache").toString());
      pb.environment().put("XDG_STATE_HOME", dir.resolve(".user/state").toString());
      Process p =
          pb.directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(file.toFile())
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        fail("`" + command + "` ran over 120 s");
      }
      return new Outcome(p.exitValue(), Files.readString(file, StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws Exception {
      to.close();
      if (!server.waitFor(30, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  /**
   * The JVM of {@link Secmem}: reads a count and that many argument lines, runs secmem with them as
   * its command line, and ends its output with the exit code after {@link #END}; until its input
   * ends.
   */
  static final class Server {
    public static void main(String[] ignored) throws IOException {
      java.io.BufferedReader in =
          new java.io.BufferedReader(
              new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8));
      java.io.PrintWriter out =
          new java.io.PrintWriter(
              new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
      for (String count = in.readLine(); count != null; count = in.readLine()) {
        String[] args = new String[Integer.parseInt(count.strip())];
        for (int i = 0; i < args.length; i++) {
          args[i] = in.readLine();
        }
        int code = SecmemCommand.commandLine(out, out).execute(args);
        out.flush();
        System.out.flush();
        System.err.flush();
        out.println(END + code);
      }
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * A shown output line as a pattern: its numbers (which differ run to run and machine to machine)
   * match any number; the rest must appear as written.
   */
  static Pattern stablePattern(String shown) {
    Matcher m = Pattern.compile("\\d+(\\.\\d+)?").matcher(shown);
    StringBuilder regex = new StringBuilder();
    int last = 0;
    while (m.find()) {
      regex.append(Pattern.quote(shown.substring(last, m.start()))).append("\\d+(\\.\\d+)?");
      last = m.end();
    }
    regex.append(Pattern.quote(shown.substring(last)));
    return Pattern.compile(regex.toString());
  }

  /**
   * A user's checkout as far as the commands need it: configs/, test-data/, docs/seed-results/ and
   * a scripts/secmem that runs this build's classes with the launcher's heap (SECMEM_HEAP, default
   * 1g, as -Xmx only: pre-touching it would cost every command time).
   */
  private static void setUp(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("scripts"));
    copyTree(ROOT.resolve("configs"), dir.resolve("configs"));
    copyTree(ROOT.resolve("test-data"), dir.resolve("test-data"));
    copyTree(ROOT.resolve("docs/seed-results"), dir.resolve("docs/seed-results"));
    Path launcher = dir.resolve("scripts/secmem");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Files.writeString(
        launcher,
        "#!/usr/bin/env bash\n"
            + "exec '"
            + java
            + "' -Xmx\"${SECMEM_HEAP:-1g}\" -Dsecmem.logdir='"
            + dir.resolve("logs")
            + "' -cp '"
            + System.getProperty("java.class.path")
            + "' org.secmem.Main \"$@\"\n");
    assertTrue(launcher.toFile().setExecutable(true));
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
