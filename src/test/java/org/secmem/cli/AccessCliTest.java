package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;

/**
 * {@code --access} (the registry's ACCESS entry, made into sort's option and a parameter-file
 * column from the entry alone): each preset sorts either way, verified, and the row records what
 * ran; a preset moved off its own access is a custom composition.
 */
class AccessCliTest {

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({
    "classic, , int, classic",
    "classic, block, block, custom",
    "fast, , block, fast",
    "fast, int, int, custom",
  })
  void eachPreset_sortsEitherWay_andTheRowSaysWhichRan(
      String preset, String access, String recorded, String label) throws IOException {
    Path results = dir.resolve(preset + access + ".csv");
    List<String> args =
        new ArrayList<>(
            List.of(
                "sort",
                "--preset",
                preset,
                "--n",
                "2^20",
                "--m",
                "2^17",
                "--b",
                "4096",
                "--d",
                "3",
                "--threads",
                "2",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                results.toString()));
    if (access != null) {
      args.addAll(List.of("--access", access));
    }
    CliTest.Result r = CliTest.run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    RawRow row = RawResults.read(results).rows().get(0);
    assertEquals(recorded, row.get("access"));
    assertEquals(label, row.get("preset"));
    assertEquals("true", row.get("verified"));
    assertTrue(Integer.parseInt(row.get("passes")) > 2, "runs merged in more than one pass");
  }

  @Test
  void aParameterFile_sweepsIt_andTheBufferTreeRefusesIt() throws IOException {
    Path in = dir.resolve("in.bin");
    assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "2^18").code());
    Path file = dir.resolve("p.csv");
    Files.writeString(
        file,
        "experiment,input,output,m,access,reps,warmup\nsort,"
            + in
            + ","
            + dir.resolve("out.bin")
            + ",2^17,int|block,1,0\n");
    Path results = dir.resolve("r.csv");
    CliTest.Result r = CliTest.run("run", file.toString(), "--results", results.toString());
    assertEquals(0, r.code(), r.err());
    List<String> ran = RawResults.read(results).rows().stream().map(x -> x.get("access")).toList();
    assertEquals(List.of("int", "block"), ran);

    CliTest.Result tree =
        CliTest.run("sort", "--n", "1000", "--algorithm", "buffer-tree", "--access", "int");
    assertEquals(2, tree.code(), tree.err());
    assertTrue(tree.err().contains("--access"), tree.err());
  }
}
