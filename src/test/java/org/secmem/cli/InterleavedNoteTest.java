package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * An interleaved batch says once, before its first run, that its runs are interleaved; a sequential
 * one does not.
 */
class InterleavedNoteTest {

  @Test
  void anInterleavedBatch_saysSoOnce_atItsStart(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    String[] args = {
      "write",
      "--stream",
      "channel,user-buffer",
      "--n",
      "1024",
      "--reps",
      "2",
      "--warmup",
      "0",
      "--dir",
      dir.resolve("data").toString(),
      "--results",
      dir.resolve("r.csv").toString()
    };
    CliTest.Result r = CliTest.run(args);
    assertEquals(0, r.code(), r.err());
    assertEquals(1, r.out().split("runs are interleaved", -1).length - 1, r.out());
    assertTrue(r.out().indexOf("runs are interleaved") < r.out().indexOf("run 1 of 4"), r.out());

    String[] sequential = java.util.Arrays.copyOf(args, args.length + 2);
    sequential[args.length] = "--order";
    sequential[args.length + 1] = "sequential";
    CliTest.Result s = CliTest.run(sequential);
    assertEquals(0, s.code(), s.err());
    assertTrue(!s.out().contains("runs are interleaved"), s.out());
  }
}
