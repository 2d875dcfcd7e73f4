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
import org.secmem.buffertree.TreeStats;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code sort --algorithm buffer-tree} (seed 004): its rows say which (a, b) ran and what the tree
 * did, the bound beside the blocks it moved; a parameter line sweeps fanouts beside the other
 * algorithms; online sorting puts the keys' arrival on the clock; bad choices are refused, naming
 * the option or file, line and field, before anything runs.
 */
class BufferTreeSortCliTest {

  @TempDir Path dir;

  private CliTest.Result sort(Path results, String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "sort",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString()));
    all.addAll(List.of(args));
    return CliTest.run(all.toArray(String[]::new));
  }

  private static long cell(RawRow r, String column) {
    return Long.parseLong(r.get(column));
  }

  /** The buffer tree silently ignored --d and --merger; Spark refuses them: refused alike. */
  @Test
  void mergeOnlyOptions_areRefusedForTheBufferTree_onTheCommandLineAndInAParameterLine()
      throws IOException {
    for (List<String> opt :
        List.of(List.of("--d", "8"), List.of("--merger", "loser-tree"), List.of("--no-overlap"))) {
      List<String> args =
          new ArrayList<>(
              List.of(
                  "sort",
                  "--algorithm",
                  "buffer-tree",
                  "--n",
                  "10000",
                  "--m",
                  "4000",
                  "--reps",
                  "1",
                  "--warmup",
                  "0",
                  "--dir",
                  dir.resolve("data").toString(),
                  "--results",
                  dir.resolve("r.csv").toString()));
      args.addAll(opt);
      CliTest.Result r = CliTest.run(args.toArray(String[]::new));
      assertEquals(2, r.code(), opt + ": " + r.err());
      String named =
          opt.get(0).startsWith("--no-") ? "--[no-]" + opt.get(0).substring(5) : opt.get(0);
      assertTrue(r.err().contains(named + ": applies to the merge sort only"), r.err());
    }
    Path params =
        Files.writeString(
            dir.resolve("p.csv"),
            "experiment,n,m,d,algorithm\nsort,2^16,2^12,8,buffer-tree\nsort,2^16,2^12,8,"
                + "merge|buffer-tree\n");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("p.csv:2: d: applies to the merge sort only"), r.err());
    assertFalse(r.err().contains("p.csv:3: d:"), "a line sweeping both may give d: " + r.err());
    assertFalse(Files.exists(dir.resolve("r.csv")), "nothing ran");
  }

  @Test
  void aBufferTreeRow_saysWhichTreeRan_andWhatItDid() throws IOException {
    Path results = dir.resolve("r.csv");
    // M = 4096 ints, B = 64 bytes (16 ints): m = 256 blocks; m/8 gives (8, 32).
    CliTest.Result r =
        sort(
            results,
            "--algorithm",
            "buffer-tree",
            "--n",
            "60000",
            "--m",
            "4096",
            "--b",
            "64",
            "--fanout",
            "m/8",
            "--descending");
    assertEquals(0, r.code(), r.err());
    RawRow row = RawResults.read(results).rows().get(0);
    assertEquals("buffer-tree", row.get("algorithm"));
    assertEquals("true", row.get("verified"));
    assertEquals("8", row.get("fanout_a"));
    assertEquals("32", row.get("fanout_b"));
    assertEquals("", row.get("d"), "d does not apply to the buffer tree");
    assertEquals("", row.get("merger"));
    assertEquals("", row.get("passes"));
    assertEquals("descending", row.get("order"));
    assertTrue(cell(row, "tree_height") >= 2, "60000 ints over leaves of 512: more than a root");
    assertTrue(cell(row, "tree_leaves") >= 60000 / 512);
    assertTrue(cell(row, "block_pushes") >= cell(row, "internal_emptyings"));
    assertTrue(cell(row, "leaf_emptyings") >= 1);
    assertTrue(cell(row, "rebalances") >= cell(row, "tree_leaves") - 1);
    // Every int is read and written at least once (input, output): n = 3750 blocks each way.
    assertTrue(cell(row, "blocks_read") >= 3750 && cell(row, "blocks_written") >= 3750);
    assertEquals(TreeStats.ioBound(60000, 16, 256), cell(row, "predicted_ios"));
    long insert = cell(row, "insert_ns");
    assertTrue(cell(row, "insert_internal_ns") + cell(row, "insert_leaf_ns") <= insert);
    assertTrue(
        insert + cell(row, "force_empty_ns") + cell(row, "output_ns") <= cell(row, "elapsed_ns"),
        "the activities are parts of the clocked run");
    assertTrue(cell(row, "model_heap_bytes") > 4 * 4096);
    assertEquals("", row.get("arrival_ns_per_key"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--fanout|4,16|--fanout: applies to the buffer-tree algorithm only|merge",
        "--fanout|9,8|b (8) must be at least 2a (18)|buffer-tree",
        "--fanout|4,100|b = 100 is more than m = M/B = 64 blocks|buffer-tree",
        "--fanout|x|must be m, m/K (e.g. m/8) or a,b|buffer-tree",
        "--b-over-m|100|--b-over-m: b = m/100 = 0 is below 2|buffer-tree",
        "--write-stream|direct|--write-stream: the buffer tree appends|buffer-tree",
        "--m|100|--m: the buffer tree needs M to hold at least 4 blocks|buffer-tree",
        "--arrival-ns|-1|--arrival-ns|buffer-tree"
      })
  void badChoices_areExit2_namingTheOption(
      String option, String value, String message, String algorithm) throws IOException {
    Path results = dir.resolve("r.csv");
    List<String> args =
        new ArrayList<>(List.of("--algorithm", algorithm, "--n", "1000", "--b", "4096"));
    if (!option.equals("--m")) {
      args.addAll(List.of("--m", "65536"));
    }
    args.addAll(List.of(option, value));
    CliTest.Result r = sort(results, args.toArray(String[]::new));
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains(message), r.err());
    assertFalse(Files.exists(results), "nothing ran");
  }

  @Test
  void theRunLine_saysMAsTheMenuAndTheOptionsWriteIt() throws IOException {
    // The menu offers M = 128000 ints; the run line said M=125Ki ints.
    CliTest.Result r =
        sort(
            dir.resolve("r.csv"),
            "--algorithm",
            "buffer-tree",
            "--n",
            "4096",
            "--m",
            "128000",
            "--b",
            "4K");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("N=2^12 ints, M=128000 ints, fanout="), r.out());
  }

  @Test
  void anOnlineSortWithAnInputFile_isRefused() throws IOException {
    Path in = dir.resolve("in.bin");
    assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "100").code());
    CliTest.Result r = sort(dir.resolve("r.csv"), "--in", in.toString(), "--arrival-ns", "10");
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().contains("--arrival-ns: online sorting generates its keys as they arrive"),
        r.err());
  }

  @Test
  void onlineSorting_putsTheArrivalOnTheClock_forEveryAlgorithm() throws IOException {
    Path results = dir.resolve("r.csv");
    for (String algorithm : List.of("buffer-tree", "merge", "in-memory")) {
      CliTest.Result r =
          sort(
              results,
              "--algorithm",
              algorithm,
              "--n",
              "20000",
              "--m",
              "2048",
              "--b",
              "64",
              "--arrival-ns",
              "2000");
      assertEquals(0, r.code(), r.err());
    }
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(3, rows.size());
    for (RawRow row : rows) {
      assertEquals("true", row.get("verified"), row.get("algorithm"));
      assertEquals("2000", row.get("arrival_ns_per_key"));
      // 20,000 keys, one every 2 µs: the last arrives 40 ms after the first, on the clock.
      long generate = cell(row, "generate_ns");
      assertTrue(generate >= 40_000_000L, row.get("algorithm") + ": " + generate);
      assertTrue(generate <= cell(row, "elapsed_ns"));
      assertEquals("", row.get("input_bytes"), "there was no input file before the clock");
    }
    // The buffer tree inserted as the keys came: its insert phase is the arrival.
    assertTrue(cell(rows.get(0), "insert_ns") >= 40_000_000L);
    try (Stream<Path> left = Files.list(dir.resolve("data"))) {
      assertEquals(
          List.of(),
          left.filter(p -> p.getFileName().toString().contains("online")).toList(),
          "the arriving keys' file is removed after each run");
    }
  }

  @Test
  void aParameterLine_sweepsFanouts_besideTheMergeSort_oneConfigurationPerTree()
      throws IOException {
    Path params = dir.resolve("p.csv");
    // m = 2048 / 16 = 128 blocks: m/8 is (4, 16), the same tree as the fixed 4:16.
    Files.writeString(
        params,
        "experiment,n,m,b,algorithm,fanout,reps,warmup\n"
            + "sort,3000|9000,2048,64,buffer-tree|merge,m|m/8|4:16,1,0\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r =
        CliTest.run(
            "run", params.toString(), "--results", results.toString(), "--order", "sequential");
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    // (32, 128) and (4, 16) at two N, and the merge sort at two N: m/8 and 4:16 are one.
    assertEquals(6, rows.size(), r.out());
    assertEquals(
        List.of("128", "128", "16", "16", "", ""),
        rows.stream().map(x -> x.get("fanout_b")).toList());
    assertTrue(rows.stream().allMatch(x -> x.get("verified").equals("true")));
    assertTrue(r.out().contains("charts:"), r.out());
  }

  @Test
  void badParameterLines_nameFileLineAndField() throws IOException {
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,n,m,b,algorithm,fanout,reps,warmup\n"
            + "sort,3000,2048,64,merge,m/8,1,0\n"
            + "sort,3000,2048,64,buffer-tree,9:8,1,0\n"
            + "sort,3000,10,64,buffer-tree,m/8,1,0\n"
            + "sort,3000,512,256,buffer-tree,,1,0\n");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().contains("p.csv:2: fanout: applies to the buffer-tree algorithm only"), r.err());
    assertTrue(r.err().contains("p.csv:3: fanout: b (8) must be at least 2a"), r.err());
    assertTrue(
        r.err().contains("p.csv:4: m: the buffer tree needs M to hold at least 4 blocks"), r.err());
    // 8 blocks, too few for any tree: M is to blame, not the fanout column (it was blamed, and
    // left empty).
    assertTrue(r.err().contains("p.csv:5: m: b = m/8 = 1 is below 2"), r.err());
    assertFalse(Files.exists(dir.resolve("r.csv")));
  }
}
