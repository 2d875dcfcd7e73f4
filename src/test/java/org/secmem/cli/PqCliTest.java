package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code secmem pq}: every workload on both queues end to end, verified against the oracle, the
 * buffer tree's counters in its rows, nothing left in the work folder, and bad input refused before
 * anything runs with the option named.
 */
class PqCliTest {

  @TempDir Path dir;

  /** M = 256 ints of blocks of 4 (m = 64, (2, 8)): the queue's memory holds 32 keys. */
  private static final List<String> SMALL_TREE = List.of("--m", "256", "--b", "16");

  private CliTest.Result pq(Path results, String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "pq",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("work").toString(),
                "--results",
                results.toString()));
    all.addAll(List.of(args));
    return CliTest.run(all.toArray(String[]::new));
  }

  private List<RawRow> rows(Path results, String... args) throws IOException {
    CliTest.Result r = pq(results, args);
    assertEquals(0, r.code(), r.err());
    return RawResults.read(results).rows();
  }

  private long leftInWorkFolder() throws IOException {
    Path work = dir.resolve("work");
    if (!Files.exists(work)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(work)) {
      return s.count();
    }
  }

  @ParameterizedTest
  @CsvSource({"insert-then-delete,", "interleaved,", "ratio,0.6", "ratio,0.3", "ratio,1"})
  void everyWorkload_bothQueues_verified_withTheTreesCounters(String workload, String ratio)
      throws IOException {
    Path results = dir.resolve("r.csv");
    List<String> args =
        new ArrayList<>(
            List.of("--n", "3000", "--workload", workload, "--impl", "buffer-tree,java"));
    args.addAll(SMALL_TREE);
    if (ratio != null) {
      args.addAll(List.of("--insert-ratio", ratio));
    }
    List<RawRow> rows = rows(results, args.toArray(String[]::new));
    assertEquals(2, rows.size());
    RawRow tree =
        rows.stream()
            .filter(r -> r.get("algorithm").equals("buffer-tree"))
            .findFirst()
            .orElseThrow();
    RawRow java =
        rows.stream().filter(r -> r.get("algorithm").equals("java")).findFirst().orElseThrow();
    for (RawRow r : rows) {
      assertEquals("pq", r.get("experiment"));
      assertEquals("3000", r.get("n"));
      assertEquals(workload, r.get("workload"));
      assertEquals(
          ratio == null ? "" : Double.toString(Double.parseDouble(ratio)), r.get("insert_ratio"));
      assertEquals("true", r.get("verified"), r.get("algorithm"));
      assertEquals("12000", r.get("bytes"), "the keys: 4N bytes");
      double nsPerOp = Double.parseDouble(r.get("ns_per_int"));
      assertEquals(
          Long.parseLong(r.get("elapsed_ns")) / 6000.0,
          nsPerOp,
          0.01,
          "ns per operation: 2N operations");
    }
    assertEquals(tree.get("checksum"), java.get("checksum"), "the same keys came out");
    assertEquals("256", tree.get("m"));
    assertEquals("16", tree.get("b"));
    assertEquals("user-buffer", tree.get("read_stream"));
    assertEquals("2", tree.get("fanout_a"));
    assertEquals("8", tree.get("fanout_b"));
    assertFalse(tree.get("predicted_ios").isEmpty());
    for (String c :
        List.of(
            "refills",
            "spills",
            "memory_inserts",
            "tree_inserts",
            "fuses",
            "shares",
            "root_collapses",
            "refill_ns",
            "block_pushes",
            "internal_emptyings",
            "leaf_emptyings",
            "rebalances",
            "blocks_read",
            "blocks_written",
            "tree_height",
            "tree_leaves",
            "model_heap_bytes")) {
      assertFalse(tree.get(c).isEmpty(), c);
      assertTrue(java.get(c).isEmpty() || c.equals("model_heap_bytes"), c + " is the tree's");
    }
    assertEquals(
        3000,
        Long.parseLong(tree.get("memory_inserts")) + Long.parseLong(tree.get("tree_inserts")));
    if (ratio == null || Double.parseDouble(ratio) >= 0.5) {
      // (Below 1/2 the queue stays near empty: its 32 keys of memory seldom fill.)
      assertTrue(Long.parseLong(tree.get("refills")) > 0, "a memory of 32 keys refills");
    }
    if (workload.equals("insert-then-delete")) {
      // 3000 keys over leaves of 4 to 8 blocks of 4 ints: the tree grew past two levels and to
      // many leaves before the deletes emptied it. The row says the most it had, not the end.
      assertTrue(Long.parseLong(tree.get("tree_height")) >= 3, tree.get("tree_height"));
      // (Not all 3000 are in leaves at once: some wait in buffers and in memory.)
      assertTrue(Long.parseLong(tree.get("tree_leaves")) >= 20, tree.get("tree_leaves"));
    }
    for (String c :
        List.of("m", "b", "read_stream", "write_stream", "fanout_a", "fanout_b", "predicted_ios")) {
      assertEquals("", java.get(c), c + " does not apply to java");
    }
    assertEquals(0, leftInWorkFolder(), "the tree's work folder is removed after each run");
    // The report's files are written.
    assertTrue(Files.exists(dir.resolve("r-summary.csv")));
    assertTrue(Files.exists(dir.resolve("r-report.html")));
  }

  @Test
  void severalRunsOfOneSweep_chartTimeVsNPerQueue() throws IOException {
    Path results = dir.resolve("s.csv");
    for (String n : List.of("500", "1000", "2000")) {
      List<String> args = new ArrayList<>(List.of("--n", n, "--impl", "both"));
      args.addAll(SMALL_TREE);
      rows(results, args.toArray(String[]::new));
    }
    try (Stream<Path> charts = Files.list(dir.resolve("s-charts"))) {
      List<String> names = charts.map(p -> p.getFileName().toString()).toList();
      assertTrue(names.contains("pq-time-vs-n.svg"), names.toString());
      assertEquals(2, names.size(), "one chart (PNG and SVG), both queues in it: " + names);
    }
    String svg = Files.readString(dir.resolve("s-charts/pq-time-vs-n.svg"));
    assertTrue(svg.contains("buffer-tree") && svg.contains("java"), "a series per queue");
  }

  @Test
  void noOptions_runsSeed004sTree_onTheDefaultN() throws IOException {
    // No --n, --m or --b: N = 2^20 keys, M = 125 blocks of B = 4K (128,000 ints), as in seed
    // 004 and as the sort's buffer tree takes them; before, --n was required and M was 10^6.
    Path results = dir.resolve("d.csv");
    List<RawRow> rows = rows(results, "--impl", "buffer-tree");
    assertEquals(1, rows.size());
    RawRow r = rows.get(0);
    assertEquals("1048576", r.get("n"));
    assertEquals("128000", r.get("m"));
    assertEquals("4096", r.get("b"));
    assertEquals("3", r.get("fanout_a"));
    assertEquals("15", r.get("fanout_b"));
    assertEquals("true", r.get("verified"));
  }

  @Test
  void oneQueueAlone_andTheDefaultComparesBoth() throws IOException {
    Path results = dir.resolve("o.csv");
    List<RawRow> rows = rows(results, "--n", "1000", "--impl", "java");
    assertEquals(List.of("java"), rows.stream().map(r -> r.get("algorithm")).toList());
    List<String> args = new ArrayList<>(List.of("--n", "1000"));
    args.addAll(SMALL_TREE);
    rows = rows(results, args.toArray(String[]::new));
    assertEquals(
        List.of("java", "buffer-tree", "java"),
        rows.stream().map(r -> r.get("algorithm")).toList());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--n 100 --workload ratio --insert-ratio 0|--insert-ratio: 0.0 is out of range",
        "--n 100 --workload ratio --insert-ratio 1.5|--insert-ratio: 1.5 is out of range",
        "--n 100 --workload ratio|--workload ratio needs --insert-ratio",
        "--n 100 --insert-ratio 0.5|--insert-ratio applies to --workload ratio only",
        "--n 100 --workload sideways|--workload: unknown workload 'sideways'",
        "--n 100 --write-stream direct|--write-stream:",
        "--n 100 --m 8 --b 16|--m: the buffer tree needs M to hold at least 4 blocks",
        "--n 100 --m 256 --b 16 --fanout 9,8|--fanout:",
        "--n 100 --m 256 --b 16 --fanout 1,3|--fanout: the priority queue needs b >= 4",
        "--n 100 --m 64 --b 16|--m: the priority queue needs b >= 4",
        "--n 0|--n: 0 is below the minimum 1",
        "--n 100 --impl heap|--impl: unknown priority queue 'heap'",
        "--n 100 --impl java --fanout m/4|--fanout applies to --impl buffer-tree only",
        "--n 100 --impl java --m 1000|--m applies to --impl buffer-tree only",
        "--n 100 --impl java --b 4K --fanout m/4|--b applies to --impl buffer-tree only",
        "--n 100 --impl java --read-stream mapped|--read-stream applies to --impl buffer-tree only",
        "--n 100 --impl java --write-stream channel --fanout m/4|--fanout applies to --impl",
        "--n 100 --impl java --write-stream channel|--write-stream applies to --impl buffer-tree",
        "--n 100 --m 2000000000|--m: the buffer-tree priority queue with M = 2000000000 ints",
        "--m 100|--m: the buffer tree needs M to hold at least 4 blocks of B (m = M/B = 100/1024"
      })
  void badInput_exit2_namingTheOption(String args, String expected) throws IOException {
    Path results = dir.resolve("bad.csv");
    CliTest.Result r = pq(results, args.split(" "));
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains(expected), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(Files.exists(results), "nothing ran");
    assertEquals(0, leftInWorkFolder());
  }

  @Test
  void aParameterFileLine_ofPq_isRefusedClearly() throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(params, "experiment,n\npq,1000\n");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", dir.resolve("x.csv").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().contains("p.csv:2: experiment: 'pq' cannot be run from a parameter file"), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
  }
}
