package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output that is the input under another name (a symbolic or hard link, a linked folder) is
 * refused up front, exit 2, before anything runs: it was found only mid-run ("internal error:
 * IllegalArgumentException", exit 1), and in a parameter file only after earlier lines ran.
 */
class OutputIsInputTest {

  @TempDir Path dir;

  @Test
  void sort_outputALinkToTheInput_isRefusedUpFront() throws IOException {
    Path in = input();
    Path sym = Files.createSymbolicLink(dir.resolve("sym.bin"), in);
    Path hard = Files.createLink(dir.resolve("hard.bin"), in);
    Path linkedFolder = Files.createSymbolicLink(dir.resolve("again"), dir);
    for (Path out : new Path[] {sym, hard, linkedFolder.resolve("in.bin")}) {
      CliTest.Result r =
          CliTest.run(
              "sort",
              "--in",
              in.toString(),
              "--out",
              out.toString(),
              "--m",
              "1000",
              "--reps",
              "1",
              "--warmup",
              "0",
              "--results",
              dir.resolve("r.csv").toString());
      assertEquals(2, r.code(), out + ": " + r.out() + r.err());
      assertTrue(r.err().contains("is the input file"), r.err());
      assertFalse(Files.exists(dir.resolve("r.csv")), "nothing ran");
    }
    assertEquals(4000, Files.size(in), "the input is untouched");
  }

  @Test
  void runFile_aLaterLineWritingOverTheInput_isRefusedBeforeTheFirstLineRuns() throws IOException {
    Path in = input();
    Files.createLink(dir.resolve("hard.bin"), in);
    Path params =
        Files.writeString(
            dir.resolve("p.csv"),
            "experiment,input,output,m,reps,warmup\n"
                + "sort,in.bin,out.bin,1000,1,0\n"
                + "sort,in.bin,hard.bin,1000,1,0\n");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(2, r.code(), r.out() + r.err());
    assertTrue(r.err().contains("p.csv:3: output: ") && r.err().contains("hard link"), r.err());
    assertFalse(Files.exists(dir.resolve("out.bin")), "the first line did not run");
    assertFalse(Files.exists(dir.resolve("r.csv")));
  }

  private Path input() throws IOException {
    CliTest.Result g =
        CliTest.run("generate", "--out", dir.resolve("in.bin").toString(), "--n", "1000");
    assertEquals(0, g.code(), g.err());
    return dir.resolve("in.bin");
  }
}
