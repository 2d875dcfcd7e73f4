package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.sort.CostModel;

/**
 * {@code sort --algorithm in-memory}: its rows fill the merge sort's columns honestly, a parameter
 * line sweeps both algorithms, and a sort the heap cannot hold is refused before anything runs.
 */
class InMemorySortCliTest {

  @TempDir Path dir;

  private List<RawRow> sort(Path results, String... args) throws IOException {
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
    CliTest.Result r = CliTest.run(all.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    return RawResults.read(results).rows();
  }

  @Test
  void anInMemoryRow_saysWhatRan_andIsVerified() throws IOException {
    Path results = dir.resolve("r.csv");
    List<RawRow> rows =
        sort(
            results,
            "--n",
            "5000",
            "--algorithm",
            "in-memory",
            "--read-stream",
            "mapped",
            "--write-stream",
            "buffered",
            "--b",
            "4K",
            "--descending",
            "--shape",
            "few-distinct");
    RawRow r = rows.get(0);
    assertEquals("in-memory", r.get("algorithm"));
    assertEquals("mapped", r.get("read_stream"));
    assertEquals("buffered", r.get("write_stream"));
    assertEquals("true", r.get("verified"));
    assertEquals("1", r.get("passes"));
    assertEquals("1", r.get("runs"));
    assertEquals("", r.get("m"), "M does not apply; run_ints says what it held");
    assertEquals("", r.get("d"));
    assertEquals("", r.get("merger"));
    assertEquals("arrays", r.get("run_sort"));
    assertEquals("descending", r.get("order"));
    assertEquals("classic", r.get("preset"));
    assertEquals("int", r.get("access"));
    assertEquals("5000", r.get("run_ints"));
    assertEquals(
        Long.toString(CostModel.inMemoryBlockTransfers(5000, 4096)), r.get("predicted_ios"));
    long formation = Long.parseLong(r.get("run_formation_ns"));
    long write = Long.parseLong(r.get("merge_ns"));
    assertTrue(formation > 0 && write > 0);
    assertTrue(formation + write <= Long.parseLong(r.get("elapsed_ns")), "inside the clock");
    assertTrue(Long.parseLong(r.get("model_heap_bytes")) >= 4 * 5000);

    // The fast preset's run sort, radix, sorts the one array on its threads (it used to be
    // taken and ignored); arrays on two threads says parallel; the merge sort's row says merge.
    rows =
        sort(
            results,
            "--n",
            "5000",
            "--algorithm",
            "in-memory",
            "--preset",
            "fast",
            "--threads",
            "2");
    assertEquals("radix", rows.get(1).get("run_sort"));
    assertEquals("2", rows.get(1).get("threads"));
    assertEquals("block", rows.get(1).get("access"));
    assertEquals("true", rows.get(1).get("verified"));
    rows =
        sort(
            results,
            "--n",
            "300000",
            "--algorithm",
            "in-memory",
            "--run-sort",
            "arrays",
            "--threads",
            "2");
    assertEquals("parallel", rows.get(2).get("run_sort"));
    assertEquals("true", rows.get(2).get("verified"));
    rows = sort(results, "--n", "300000", "--algorithm", "in-memory", "--run-sort", "radix");
    assertEquals("radix", rows.get(3).get("run_sort"));
    assertEquals("1", rows.get(3).get("threads"));
    assertEquals("true", rows.get(3).get("verified"));
    rows = sort(results, "--n", "5000", "--m", "1000", "--d", "4");
    assertEquals("merge", rows.get(4).get("algorithm"));
    assertEquals("true", rows.get(4).get("verified"));
  }

  @Test
  void aParameterLine_sweepsBothAlgorithms_andTheirChecksumsAgree() throws IOException {
    Path in = dir.resolve("in.bin");
    assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "4000").code());
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,input,output,m,d,stream,algorithm,reps,warmup,order\n"
            + "sort,in.bin,out.bin,500|1000,4,channel,merge|in-memory,1,0,descending\n");
    Path results = dir.resolve("r.csv");
    // Sequential: the plan's own order (the in-memory line once, between the two M values).
    CliTest.Result r =
        CliTest.run(
            "run", params.toString(), "--results", results.toString(), "--order", "sequential");
    assertEquals(0, r.code(), r.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(
        List.of("merge", "in-memory", "merge"),
        rows.stream().map(x -> x.get("algorithm")).toList());
    assertTrue(rows.stream().allMatch(x -> x.get("verified").equals("true")));
    assertEquals(1, rows.stream().map(x -> x.get("checksum")).distinct().count());
    assertTrue(rows.stream().allMatch(x -> x.get("sweep").equals(params + ":2")));
  }

  @Test
  void aBadAlgorithm_isExit2_withTheAllowedValues() {
    CliTest.Result r =
        CliTest.run("sort", "--n", "100", "--algorithm", "quick", "--dir", dir.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().contains("unknown algorithm 'quick' (allowed: merge, in-memory, buffer-tree)"),
        r.err());
  }

  @Test
  void anInMemorySortTheHeapCannotHold_isRefusedUpFront_inAFileBeforeItsFirstRow()
      throws Exception {
    Path results = dir.resolve("r.csv");
    Path data = dir.resolve("data"); // the subprocess runs in dir: parameter files' data/
    // 2^26 ints are 256 MiB: more than a 128 MiB heap.
    Proc cli =
        secmem(
            "sort",
            "--n",
            "2^26",
            "--algorithm",
            "in-memory",
            "--dir",
            data.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            results.toString());
    assertEquals(2, cli.code(), cli.out());
    assertTrue(cli.out().contains("the in-memory sort of N = 2^26 ints needs about"), cli.out());
    assertTrue(cli.out().contains("but the heap is"), cli.out());
    assertTrue(cli.out().contains("SECMEM_HEAP="), cli.out());
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,n,m,stream,algorithm,reps,warmup\n"
            + "sort,1000,100,channel,merge|in-memory,1,0\n"
            + "sort,2^26,,channel,in-memory,1,0\n");
    Proc file = secmem("run", params.toString(), "--results", results.toString());
    assertEquals(2, file.code(), file.out());
    assertTrue(
        file.out().contains(params + ":3: algorithm: the in-memory sort of N = 2^26 ints"),
        file.out());
    assertTrue(file.out().contains("SECMEM_HEAP="), file.out());
    assertFalse(Files.exists(results), "no results file: nothing ran");
    assertFalse(Files.exists(data), "no data generated: nothing ran");
  }

  record Proc(int code, String out) {}

  private Proc secmem(String... args) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-cp",
                FaultsTest.classpath(),
                "-Dsecmem.logdir=" + dir.resolve("logs"),
                "org.secmem.Main"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    return new Proc(p.exitValue(), out);
  }
}
