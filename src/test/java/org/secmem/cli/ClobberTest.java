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
 * An output replaces an existing file only when it is an int file secmem wrote, or the user says
 * so: a parameter file's output of ../victim.txt replaced a text file with ints without a word.
 */
class ClobberTest {

  @TempDir Path dir;

  @Test
  void parameterFile_outputOverATextFile_isRefusedUpFront_unlessTheOverwriteColumnSaysSo()
      throws IOException {
    Path victim = Files.writeString(dir.resolve("victim.txt"), "my notes\n");
    Path sub = Files.createDirectories(dir.resolve("p"));
    Path params =
        Files.writeString(
            sub.resolve("p.csv"),
            "experiment,n,m,output,reps,warmup\n"
                + "sort,1000,100,ok.bin,1,0\n"
                + "sort,1000,100,../victim.txt,1,0\n");
    CliTest.Result r =
        CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(
        r.err().contains("p.csv:3: output: ")
            && r.err().contains("exists and is not an int file secmem wrote"),
        r.err());
    assertTrue(r.err().contains("overwrite column"), r.err());
    assertEquals("my notes\n", Files.readString(victim));
    assertFalse(Files.exists(sub.resolve("ok.bin")), "no line ran");

    Files.writeString(
        params,
        "experiment,n,m,output,overwrite,reps,warmup\n" + "sort,1000,100,../victim.txt,true,1,0\n");
    r = CliTest.run("run", params.toString(), "--results", dir.resolve("r.csv").toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(4000, Files.size(victim), "replaced, as asked");
  }

  @Test
  void sortAndGenerate_refuseToReplaceAFileSecmemDidNotWrite_andReplaceTheirOwn()
      throws IOException {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "keep me");
    CliTest.Result g = CliTest.run("generate", "--out", notes.toString(), "--n", "100");
    assertEquals(2, g.code(), g.err());
    assertTrue(g.err().contains("give --overwrite"), g.err());
    assertEquals("keep me", Files.readString(notes));

    Path in = dir.resolve("in.dat");
    assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "1000").code());
    // Its own file, even under a name that is not *.bin: generated again, and sorted into.
    assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "1000").code());
    Path out = dir.resolve("out.dat");
    for (int i = 0; i < 2; i++) {
      CliTest.Result s =
          CliTest.run(
              "sort",
              "--in",
              in.toString(),
              "--out",
              out.toString(),
              "--m",
              "100",
              "--reps",
              "1",
              "--warmup",
              "0",
              "--results",
              dir.resolve("r.csv").toString());
      assertEquals(0, s.code(), s.err());
    }
    CliTest.Result s =
        CliTest.run(
            "sort",
            "--in",
            in.toString(),
            "--out",
            notes.toString(),
            "--m",
            "100",
            "--reps",
            "1",
            "--warmup",
            "0",
            "--results",
            dir.resolve("r.csv").toString());
    assertEquals(2, s.code(), s.err());
    assertTrue(
        s.err().contains("--out: " + notes + " exists and is not an int file secmem" + " wrote"),
        s.err());
    assertEquals("keep me", Files.readString(notes));
  }

  @Test
  void aDeviceIsNeverReplaced_evenWithOverwrite() {
    Path dev = Path.of("/dev/null");
    CliTest.Result g =
        CliTest.run("generate", "--out", dev.toString(), "--n", "100", "--overwrite");
    assertEquals(2, g.code(), g.err());
    assertTrue(g.err().contains("is not a regular file"), g.err());
    assertTrue(Files.exists(dev));
  }
}
