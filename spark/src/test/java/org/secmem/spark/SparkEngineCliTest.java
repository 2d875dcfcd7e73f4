package org.secmem.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.cli.SecmemCommand;
import org.secmem.data.DataFiles;
import org.secmem.data.Shape;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code secmem sort --engine spark} and a parameter file's engine column, end to end through the
 * command line with the Spark module on the class path, as scripts/secmem runs it: rows say what
 * Spark did, its output passes {@code verify}, and bad input gets one line and exit 2 (or 1 for a
 * master that cannot be reached) with no output left behind.
 */
@ExtendWith(SparkRunsHere.class)
class SparkEngineCliTest {

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

  private Path input(long n) throws IOException {
    Path in = dir.resolve("in.bin");
    DataFiles.generate(in, Shape.UNIFORM, n, 11);
    return in;
  }

  private Result sort(String... args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "sort",
                "--engine",
                "spark",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                dir.resolve("r.csv").toString()));
    all.addAll(List.of(args));
    return run(all.toArray(String[]::new));
  }

  private static void assertOneLine(Result r) {
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(r.err().contains("I/O error"), "an engine's failure says what it is: " + r.err());
    assertEquals(1, r.err().lines().filter(l -> l.startsWith("secmem ")).count(), r.err());
  }

  private List<String> leftovers() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(f -> !List.of("in.bin", "r.csv", "data", "logs", "out.bin").contains(f))
          .filter(f -> !f.startsWith("r-") && !f.startsWith("r."))
          .toList();
    }
  }

  @Test
  void aSparkSort_rowSaysWhatRan_andVerifyAcceptsItsOutput() throws IOException {
    Path in = input(200_000);
    Path out = dir.resolve("out.bin");
    Result r =
        sort(
            "--master", "local[2]", "--in", in.toString(), "--out", out.toString(), "--descending");
    assertEquals(0, r.code(), r.out() + r.err());
    List<RawRow> rows = RawResults.read(dir.resolve("r.csv")).rows();
    assertEquals(1, rows.size());
    RawRow row = rows.get(0);
    assertEquals("spark", row.get("engine"));
    assertEquals("local[2]", row.get("master"));
    assertEquals("true", row.get("verified"));
    assertEquals("descending", row.get("order"));
    assertEquals("2", row.get("threads"));
    assertTrue(row.get("engine_version").startsWith("4."), row.get("engine_version"));
    assertTrue(Long.parseLong(row.get("shuffle_write_bytes")) > 0, "shuffle written");
    assertTrue(Long.parseLong(row.get("reduce_stage_ns")) > 0, "reduce stage timed");
    assertEquals("", row.get("read_stream"), "no secmem stream ran");
    assertEquals("", row.get("d"));
    assertEquals(
        0, run("verify", out.toString(), "--descending", "--same-as", in.toString()).code());
    assertEquals(List.of(), leftovers(), "no temporary files left");
  }

  @Test
  void aParameterLine_sweepsSecmemAgainstSpark() throws IOException {
    Path in = input(100_000);
    Path params = dir.resolve("p.csv");
    Files.writeString(
        params,
        "experiment,input,output,engine,master,m,d\n"
            + "sort,"
            + in
            + ","
            + dir.resolve("out.bin")
            + ",secmem|spark,local[2],2^22,\n");
    Result r =
        run(
            "run",
            params.toString(),
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(0, r.code(), r.out() + r.err());
    List<RawRow> rows = RawResults.read(dir.resolve("r.csv")).rows();
    assertEquals(
        List.of("secmem", "spark"), rows.stream().map(x -> x.get("engine")).sorted().toList());
    rows.forEach(x -> assertEquals("true", x.get("verified"), x.get("engine")));
  }

  @Test
  void anExistingOutput_isReplacedOnlyByACompleteSort() throws IOException {
    Path in = input(5000);
    Path out = dir.resolve("out.bin");
    Files.writeString(out, "keep me");
    // Not an int file secmem wrote: refused up front unless the user says to replace it.
    Result refused = sort("--master", "local[1]", "--in", in.toString(), "--out", out.toString());
    assertEquals(2, refused.code(), refused.err());
    assertTrue(refused.err().contains("--overwrite"), refused.err());
    Result failed =
        sort(
            "--master",
            "spark://127.0.0.1:1",
            "--in",
            in.toString(),
            "--out",
            out.toString(),
            "--overwrite");
    assertEquals(1, failed.code(), failed.err());
    assertEquals("keep me", Files.readString(out), "left as it was by a sort that failed");
    Result first =
        sort("--master", "local[1]", "--in", in.toString(), "--out", out.toString(), "--overwrite");
    assertEquals(0, first.code(), first.err());
    // The second replaces an output secmem wrote: no --overwrite needed.
    Result again = sort("--master", "local[1]", "--in", in.toString(), "--out", out.toString());
    assertEquals(0, again.code(), again.err());
    assertEquals(0, run("verify", out.toString(), "--sorted", "--same-as", in.toString()).code());
    assertEquals(List.of(), leftovers(), "no temporary files left");
  }

  @Test
  void aMalformedMaster_exitsTwo() throws IOException {
    Path in = input(1000);
    Result r =
        sort(
            "--master",
            "lokal[2]",
            "--in",
            in.toString(),
            "--out",
            dir.resolve("out.bin").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--master"), r.err());
    assertOneLine(r);
  }

  /**
   * A bad engine setting reads the same on the command line and in a parameter file after the name
   * each gives the setting: the file's column was once recovered by parsing "--master" out of the
   * engine's own message.
   */
  @Test
  void aBadEngineSetting_readsTheSame_onTheCommandLineAndInAFile() throws IOException {
    Path in = input(1000);
    String[][] cases = {
      {"--master", "lokal[2]", "master", "lokal[2]"},
      {"--m", "20000", "m", "20000"},
      {"--partitions", "100001", "partitions", "100001"}
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("--master", "local[2]", "--in", in.toString()));
      if (c[0].equals("--master")) {
        args = new ArrayList<>(List.of("--in", in.toString()));
      }
      args.addAll(List.of(c[0], c[1]));
      Result cli = sort(args.toArray(String[]::new));
      assertEquals(2, cli.code(), cli.err());
      String prefix = "secmem sort: " + c[0] + ": ";
      assertTrue(cli.err().contains(prefix), cli.err());
      String said =
          cli.err()
              .substring(cli.err().indexOf(prefix) + prefix.length())
              .lines()
              .findFirst()
              .orElseThrow();
      String header = "experiment,engine,input,master," + c[2];
      if (c[2].equals("master")) {
        header = "experiment,engine,input,master";
      }
      String row = "sort,spark," + in + "," + (c[2].equals("master") ? c[3] : "local[2]," + c[3]);
      Path params = Files.writeString(dir.resolve("p.csv"), header + "\n" + row + "\n");
      Result file = run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
      assertEquals(2, file.code(), file.err());
      assertTrue(
          file.err().contains("p.csv:2: " + c[2] + ": " + said), said + " in\n" + file.err());
      assertFalse(said.contains("--"), "the engine's message names no option: " + said);
    }
  }

  /** Spark sets a cluster's executors' folders from their workers: --work-dir would not reach. */
  @Test
  void workFoldersWithAClusterMaster_exitTwo_onTheCommandLineAndInAFile() throws IOException {
    Path in = input(1000);
    Path work = Files.createDirectories(dir.resolve("work"));
    String said = "the work folders of a Spark sort reach its executors only in local mode";
    Result cli =
        sort(
            "--master",
            "spark://127.0.0.1:7077",
            "--in",
            in.toString(),
            "--work-dir",
            work.toString());
    assertEquals(2, cli.code(), cli.err());
    assertTrue(cli.err().contains("secmem sort: --work-dir: " + said), cli.err());
    assertOneLine(cli);
    Path params =
        Files.writeString(
            dir.resolve("p.csv"),
            "experiment,engine,input,master,work_dir\nsort,spark,"
                + in
                + ",spark://127.0.0.1:7077,"
                + work
                + "\n");
    Result file = run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(2, file.code(), file.err());
    assertTrue(file.err().contains("p.csv:2: work_dir: " + said), file.err());
  }

  @Test
  void aMasterThatCannotBeReached_exitsOneWithOneLine_andLeavesNoOutput() throws IOException {
    Path in = input(1000);
    Path out = dir.resolve("out.bin");
    long t0 = System.nanoTime();
    Result r =
        sort("--master", "spark://127.0.0.1:1", "--in", in.toString(), "--out", out.toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("127.0.0.1:1"), r.err());
    assertOneLine(r);
    assertFalse(Files.exists(out));
    assertTrue(System.nanoTime() - t0 < 30e9, "gives up in seconds, not minutes");
  }

  @Test
  void tooLittleMemoryPerCore_exitsTwoBeforeSparkStarts() throws IOException {
    Path in = input(1000);
    Result r =
        sort(
            "--master",
            "local[2]",
            "--m",
            "20000",
            "--in",
            in.toString(),
            "--out",
            dir.resolve("out.bin").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--m: M = 20000 ints is too little for Spark on 2 cores"), r.err());
  }

  @Test
  void aMissingInput_exitsTwo() {
    Result r =
        sort(
            "--in", dir.resolve("nope.bin").toString(), "--out", dir.resolve("out.bin").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("nope.bin"), r.err());
    assertOneLine(r);
  }
}
