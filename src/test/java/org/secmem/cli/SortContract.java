package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * What every sort engine owes the user, run through the command line on the same inputs (the
 * fixtures of {@code test-data/}): each good input sorted, in either order, into a file that {@code
 * secmem verify} accepts as a sorted permutation of it, with a row that says so (its {@code n},
 * {@code verified} and engine); each bad input refused before anything runs with exit 2 and the
 * same line from every engine, and no output left. {@link SortContractTest} holds secmem's own
 * sorts to it, and the spark module holds Spark's (its {@code SparkSortContractTest}).
 */
public abstract class SortContract {

  @TempDir Path dir;

  /** The engines under test: a name, and the options of {@code sort} that choose it. */
  protected abstract Map<String, List<String>> engines();

  /** The good fixtures and how many ints each holds. */
  private static final Map<String, Long> GOOD =
      Map.of(
          "ints-10000-uniform.bin", 10_000L,
          "ints-1000-sorted.bin", 1_000L,
          "ints-1000-reverse.bin", 1_000L,
          "ints-1000-few-distinct.bin", 1_000L);

  /** The real command line, as {@link CliTest} runs it. */
  private static CliTest.Result run(List<String> args) {
    return CliTest.run(args.toArray(String[]::new));
  }

  /** A file of the repository's {@code test-data/}, found from the folder the tests run in. */
  static Path fixture(String name) {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path f = p.resolve("test-data").resolve(name);
      if (Files.isRegularFile(f)) {
        return f;
      }
    }
    throw new AssertionError("test-data/" + name + " not found above " + Path.of(""));
  }

  private CliTest.Result sort(String engine, Path in, Path out, Path results, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "sort",
                "--in",
                in.toString(),
                "--out",
                out.toString(),
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString()));
    args.addAll(engines().get(engine));
    args.addAll(List.of(more));
    return run(args);
  }

  @TestFactory
  List<DynamicTest> everyGoodInput_isSortedIntoAVerifiedPermutation_eitherWay() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String engine : engines().keySet()) {
      for (Map.Entry<String, Long> f : GOOD.entrySet()) {
        for (boolean descending : new boolean[] {false, true}) {
          String name = engine + ": " + f.getKey() + (descending ? ", descending" : "");
          tests.add(
              dynamicTest(
                  name, () -> sortsAndVerifies(engine, f.getKey(), f.getValue(), descending)));
        }
      }
    }
    return tests;
  }

  private void sortsAndVerifies(String engine, String fixture, long n, boolean descending)
      throws IOException {
    Path in = fixture(fixture);
    Path work = Files.createTempDirectory(dir, "sort");
    Path out = work.resolve("out.bin");
    Path results = work.resolve("r.csv");
    CliTest.Result r =
        descending
            ? sort(engine, in, out, results, "--descending")
            : sort(engine, in, out, results);
    assertEquals(0, r.code(), engine + " " + fixture + ": " + r.err());
    assertEquals(Files.size(in), Files.size(out));
    CliTest.Result v =
        run(
            List.of(
                "verify",
                out.toString(),
                descending ? "--descending" : "--sorted",
                "--same-as",
                in.toString()));
    assertEquals(0, v.code(), "secmem verify: " + v.out() + v.err());
    List<RawRow> rows = RawResults.read(results).rows();
    assertEquals(1, rows.size());
    RawRow row = rows.get(0);
    assertEquals(Long.toString(n), row.get("n"));
    assertEquals("true", row.get("verified"), row.cells().toString());
    assertEquals(descending ? "descending" : "ascending", row.get("order"));
    assertFalse(row.get("engine").isBlank());
    assertTrue(Double.parseDouble(row.get("elapsed_ns")) > 0);
  }

  @TestFactory
  List<DynamicTest> everyBadInput_isRefusedAlike_byEveryEngine_leavingNothing() {
    Map<String, String> bad = new LinkedHashMap<>();
    bad.put("not-ints-10-bytes.bin", "length 10 bytes is not a multiple of 4");
    bad.put("no-such-file.bin", "no-such-file.bin");
    List<DynamicTest> tests = new ArrayList<>();
    for (Map.Entry<String, String> b : bad.entrySet()) {
      tests.add(
          dynamicTest(
              b.getKey(),
              () -> {
                Path in =
                    b.getKey().startsWith("no-such")
                        ? dir.resolve(b.getKey())
                        : fixture(b.getKey());
                Map<String, String> said = new LinkedHashMap<>();
                for (String engine : engines().keySet()) {
                  Path work = Files.createTempDirectory(dir, "bad");
                  CliTest.Result r =
                      sort(engine, in, work.resolve("out.bin"), work.resolve("r.csv"));
                  assertEquals(2, r.code(), engine + ": " + r.err());
                  assertTrue(r.err().contains(b.getValue()), engine + ": " + r.err());
                  assertFalse(r.err().contains("\tat "), r.err());
                  try (var left = Files.list(work)) {
                    assertEquals(List.of(), left.toList(), engine + " left files");
                  }
                  said.put(engine, r.err().lines().findFirst().orElse(""));
                }
                assertEquals(
                    1,
                    said.values().stream().distinct().count(),
                    "every engine says the same: " + said);
              }));
    }
    // An input of no ints: nothing to sort, said alike, no output made.
    tests.add(
        dynamicTest(
            "empty.bin",
            () -> {
              Map<String, String> said = new LinkedHashMap<>();
              for (String engine : engines().keySet()) {
                Path work = Files.createTempDirectory(dir, "empty");
                CliTest.Result r =
                    sort(
                        engine,
                        fixture("empty.bin"),
                        work.resolve("out.bin"),
                        work.resolve("r.csv"));
                assertTrue(r.err().contains("holds no ints"), engine + ": " + r.err());
                assertFalse(Files.exists(work.resolve("out.bin")), engine);
                said.put(engine, r.code() + " " + r.err().lines().findFirst().orElse(""));
              }
              assertEquals(
                  1, said.values().stream().distinct().count(), "every engine alike: " + said);
            }));
    return tests;
  }
}
