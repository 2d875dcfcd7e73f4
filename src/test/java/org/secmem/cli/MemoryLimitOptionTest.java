package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.MemoryLimits;
import org.secmem.cgroup.JvmFootprint;
import org.secmem.cgroup.MadeCgroups;
import org.secmem.cgroup.MemoryCgroup;
import org.secmem.cgroup.MemoryHierarchy;
import org.secmem.fs.MarkerHolder;
import org.secmem.fs.RootOnly;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ForkHeap;
import org.secmem.units.Units;

/**
 * {@code --memory-limit}: each configuration measured in a fork inside a memory cgroup of each
 * size, its rows saying which and how much the cgroup held; refused up front, with nothing run,
 * where the forks' heap would not fit.
 */
class MemoryLimitOptionTest {

  private static final long MIB = 1L << 20;

  @TempDir Path dir;

  private CliTest.Result sort(Path results, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "sort",
                "--n",
                "2^20",
                "--m",
                "2^16",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString()));
    args.addAll(List.of(extra));
    return CliTest.run(args.toArray(String[]::new));
  }

  /** The cgroups this JVM made and left behind. */
  private static List<Path> leftovers(MemoryHierarchy h) throws IOException {
    String mine = MemoryCgroup.PREFIX + ProcessHandle.current().pid() + "-";
    try (Stream<Path> s = Files.list(h.self())) {
      return s.filter(p -> p.getFileName().toString().startsWith(mine)).toList();
    }
  }

  @Test
  void eachLimit_isAForkInACgroupOfThatSize_andRowsSayItAndItsPeak() throws IOException {
    MemoryHierarchy h =
        MemoryHierarchy.locate().filter(x -> Files.isWritable(x.self())).orElse(null);
    assumeTrue(h != null, "no memory cgroup this process may make children in");
    long least = JvmFootprint.leastLimitBytes(ForkHeap.bytes());
    long small = (least / MIB + 64) * MIB;
    long large = small + 512 * MIB;
    Path results = dir.resolve("r.csv");
    CliTest.Result r = sort(results, "--memory-limit", small / MIB + "M|" + large / MIB + "M");
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(2, rows.size(), "one run under each limit");
    Set<Long> limits = new TreeSet<>();
    for (RawRow row : rows) {
      assertEquals("1", row.get("fork"), "measured in a fork (--fork 1 by default)");
      assertEquals("true", row.get("verified"));
      long limit = Long.parseLong(row.get("memory_limit"));
      limits.add(limit);
      long peak = Long.parseLong(row.get("memory_peak_bytes"));
      assertTrue(peak > 4 * MIB && peak <= limit, "peak " + peak + " within " + limit);
    }
    assertEquals(Set.of(small, large), limits);
    assertTrue(r.out().contains("of memory"), "the run line says the limit: " + r.out());
    assertEquals(List.of(), leftovers(h), "every cgroup made was removed");
  }

  @Test
  void aLimitTooSmallForTheHeap_isRefusedUpFront_namingTheHeapThatFits() throws IOException {
    Path results = dir.resolve("r.csv");
    long heap = ForkHeap.bytes();
    long limit = heap / 2;
    CliTest.Result r = sort(results, "--memory-limit", Long.toString(limit));
    assertEquals(2, r.code(), r.out());
    assertTrue(r.err().contains("--memory-limit"), r.err());
    assertTrue(r.err().contains("cannot hold the JVM"), r.err());
    long fits = JvmFootprint.largestHeapBytes(limit) / MIB;
    assertTrue(r.err().contains("-Xmx" + fits + "m"), "says which heap would fit: " + r.err());
    assertFalse(Files.exists(results), "nothing ran");
    assertFalse(Files.exists(dir.resolve("data")), "nothing generated");
  }

  /**
   * Issue 45 #19: channel streams hold their buffers off the heap, so d = 16 runs of B = 32 MiB
   * merged into one output hold 17 × 32 MiB of direct memory beside the heap. A limit that holds
   * the heap but not them was admitted and the fork was killed by the kernel at run time.
   */
  @Test
  void aLimitThatHoldsTheHeapButNotTheDirectBuffers_isRefusedUpFront_namingTheLimitNeeded()
      throws IOException {
    Path results = dir.resolve("r.csv");
    long heap = ForkHeap.bytes();
    long direct = 17 * 32 * MIB;
    long limit = JvmFootprint.leastLimitBytes(heap) + 64 * MIB;
    CliTest.Result r =
        CliTest.run(
            "sort",
            "--n",
            "2^24",
            "--m",
            "2^20",
            "--d",
            "16",
            "--b",
            "32M",
            "--threads",
            "1",
            "--read-stream",
            "channel",
            "--write-stream",
            "channel",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--dir",
            dir.resolve("data").toString(),
            "--results",
            results.toString(),
            "--memory-limit",
            limit / MIB + "M");
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("--memory-limit " + Units.bytes(limit) + " cannot hold"), r.err());
    assertTrue(r.err().contains("544 MiB of direct buffers"), r.err());
    assertTrue(r.err().contains("16 channel readers and 1 channel writer of B = 32 MiB"), r.err());
    long least = JvmFootprint.leastLimitBytes(heap) + direct;
    assertTrue(
        r.err().contains("give a limit of " + least / MIB + "M or more"),
        "names the least limit that runs: " + r.err());
    assertFalse(Files.exists(results), "nothing ran");
    assertFalse(Files.exists(dir.resolve("data")), "nothing generated");
  }

  @Test
  void theLeastLimit_isTheHeapTheJvmBesideItAndTheDirectBuffers() {
    long heap = 256 * MIB;
    DirectNeed direct = new DirectNeed(544 * MIB, "17 channel streams of B = 32 MiB");
    long least = MemoryLimits.leastBytes(heap, direct);
    assertEquals(JvmFootprint.leastLimitBytes(heap) + 544 * MIB, least);
    // A limit that holds them all is admitted; one byte less is refused.
    MemoryLimits.checkFits(least, heap, direct, "--memory-limit");
    MemoryLimits.checkFits(least, heap, DirectNeed.NONE, "--memory-limit");
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> MemoryLimits.checkFits(least - 1, heap, direct, "--memory-limit"));
    assertTrue(
        e.getMessage().contains("give a limit of " + least / MIB + "M or more"), e.getMessage());
  }

  /**
   * Issue 45: picocli dropped a list's empty items, so {@code '|'} ran with no limit and {@code
   * '1g|'} with one limit.
   */
  @Test
  void aListWithAnEmptyItem_isRefused_notReadAsFewerLimits() {
    // A leading or inner empty item ('|1g') already failed picocli's conversion ("no number
    // given").
    for (String given : List.of("|", "1g|", "1g||", "1g|2g|")) {
      Path results = dir.resolve("r.csv");
      CliTest.Result r = sort(results, "--memory-limit", given);
      assertEquals(2, r.code(), given + ": " + r.out() + r.err());
      assertTrue(
          r.err().contains("--memory-limit: the list '" + given + "' has an empty item"),
          given + ": " + r.err());
      assertFalse(Files.exists(results), "nothing ran");
    }
  }

  @Test
  void aRowsMemoryLimit_isItsOwn_andTheOtherRowsHaveNone() throws IOException {
    MemoryHierarchy h =
        MemoryHierarchy.locate().filter(x -> Files.isWritable(x.self())).orElse(null);
    assumeTrue(h != null, "no memory cgroup this process may make children in");
    long limit = (JvmFootprint.leastLimitBytes(ForkHeap.bytes()) / MIB + 64) * MIB;
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,n,m,reps,warmup,memory_limit\n"
            + "sort,2^18,2^14,1,0,"
            + limit / MIB
            + "m\n"
            + "sort,2^18,2^15,1,0,\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(2, rows.size(), rows.toString());
    RawRow limited = rows.stream().filter(x -> x.get("m").equals("16384")).findFirst().get();
    RawRow free = rows.stream().filter(x -> x.get("m").equals("32768")).findFirst().get();
    assertEquals(Long.toString(limit), limited.get("memory_limit"));
    long peak = Long.parseLong(limited.get("memory_peak_bytes"));
    assertTrue(peak > 4 * MIB && peak <= limit, "peak " + peak + " within " + limit);
    assertEquals("", free.get("memory_limit"), "no limit of its own, none from the command line");
    for (RawRow row : rows) {
      assertEquals("1", row.get("fork"), "measured in a fork");
      assertEquals("true", row.get("verified"));
    }
    assertEquals(List.of(), leftovers(h), "every cgroup made was removed");
  }

  /** A row's limit that the forks' heap cannot fit: the file, line and column, nothing run. */
  @Test
  void aRowsLimitTooSmallForTheHeap_isRefusedUpFront_namingFileLineAndColumn() throws IOException {
    long limit = ForkHeap.bytes() / 2;
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,n,m,reps,warmup,memory_limit\n"
            + "sort,2^18,2^14,1,0,\n"
            + "sort,2^18,2^14,1,0,"
            + limit
            + "\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = CliTest.run("run", params.toString(), "--results", results.toString());
    assertEquals(2, r.code(), r.out());
    assertTrue(r.err().contains(params + ":3: memory_limit "), r.err());
    assertTrue(r.err().contains("cannot hold the JVM"), r.err());
    assertFalse(Files.exists(results), "nothing ran, not even the row without a limit");
  }

  /**
   * {@code run --resume} plans as a fresh run does: each configuration once per limit, each fork in
   * its cgroup (before, a resumed sweep started its forks outside any cgroup while their rows named
   * the limit, and with two limits a fork measured another configuration than its parent counted).
   */
  @Test
  void aResumedSweep_measuresEachConfigurationInsideEachLimit() throws IOException {
    MemoryHierarchy h =
        MemoryHierarchy.locate().filter(x -> Files.isWritable(x.self())).orElse(null);
    assumeTrue(h != null, "no memory cgroup this process may make children in");
    long small = (JvmFootprint.leastLimitBytes(ForkHeap.bytes()) / MIB + 64) * MIB;
    long large = small + 256 * MIB;
    Path params = dir.resolve("p.csv");
    Files.writeString(params, "experiment,n,m,reps,warmup\nsort,2^18,2^14|2^15,1,0\n");
    Path results = dir.resolve("r.csv");
    String[] args = {
      "run",
      params.toString(),
      "--memory-limit",
      small / MIB + "M|" + large / MIB + "M",
      "--resume",
      "--results",
      results.toString()
    };
    CliTest.Result r = CliTest.run(args);
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(4, rows.size(), "two configurations under two limits: " + rows);
    Set<String> seen = new TreeSet<>();
    for (RawRow row : rows) {
      long limit = Long.parseLong(row.get("memory_limit"));
      long peak = Long.parseLong(row.get("memory_peak_bytes"));
      assertTrue(peak > 4 * MIB && peak <= limit, "measured in its cgroup: " + peak + " " + limit);
      seen.add(row.get("m") + "@" + limit);
    }
    assertEquals(
        Set.of("16384@" + small, "16384@" + large, "32768@" + small, "32768@" + large), seen);
    CliTest.Result again = CliTest.run(args);
    assertEquals(0, again.code(), again.err());
    assertTrue(again.out().contains("4 of 4 configurations already measured"), again.out());
    assertEquals(4, RawResults.read(results).rows().size());
    assertEquals(List.of(), leftovers(h), "every cgroup made was removed");
  }

  /**
   * Issue 45, item 10: secmem run inside a cgroup of 1 GiB, asked for 2 GiB and 3 GiB: its forks
   * are held to 1 GiB, so their rows record 1 GiB as memory_limit, the run warns once, and a resume
   * finds both configurations measured.
   */
  @Test
  void underATighterOwnCgroup_rowsRecordTheLimitHeldTo_andTheRunWarnsOnce() throws Exception {
    MemoryHierarchy h =
        MemoryHierarchy.locate().filter(x -> Files.isWritable(x.self())).orElse(null);
    RootOnly.require(h != null, "a memory cgroup this process may make children in");
    long ceiling = 1L << 30;
    Path params = dir.resolve("p.csv");
    Files.writeString(params, "experiment,n,m,reps,warmup\nsort,2^18,2^14,1,0\n");
    Path results = dir.resolve("r.csv");
    List<String> cmd = MarkerHolder.javaCommand("org.secmem.Main");
    cmd.add(1, "-Xmx256m");
    cmd.addAll(
        List.of(
            "run",
            params.toString(),
            "--memory-limit",
            "2g|3g",
            "--resume",
            "--results",
            results.toString()));
    try (MemoryCgroup outer = MemoryCgroup.create(h, ceiling, new MadeCgroups())) {
      String first = secmemIn(outer, cmd);
      List<RawRow> rows = RawResults.read(results).rows();
      assertEquals(2, rows.size(), first);
      for (RawRow row : rows) {
        assertEquals(Long.toString(ceiling), row.get("memory_limit"), "held to 1 GiB");
        assertTrue(Long.parseLong(row.get("memory_peak_bytes")) <= ceiling);
      }
      String warning = "is above the 1 GiB that secmem's own cgroup allows";
      assertEquals(1, first.split(java.util.regex.Pattern.quote(warning), -1).length - 1, first);
      String again = secmemIn(outer, cmd);
      assertTrue(again.contains("2 of 2 configurations already measured"), again);
      assertEquals(2, RawResults.read(results).rows().size());
    }
  }

  /** Runs {@code cmd} inside {@code cgroup}; its output, after checking it exits with 0. */
  private String secmemIn(MemoryCgroup cgroup, List<String> cmd) throws Exception {
    Process p =
        new ProcessBuilder(cgroup.enter(cmd))
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    return out;
  }
}
