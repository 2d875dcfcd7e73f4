package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.admission.InputRule;
import org.secmem.admission.Parameter;
import org.secmem.admission.Problem;

/**
 * A sort's input is a file or N generated ints, and online sorting generates them: each rule is
 * worded once ({@link InputRule}), and the command line and a parameter file say it in the same
 * words, each prefixed with its own name for the parameter.
 */
class InputRuleTest {

  @TempDir Path dir;

  @Test
  void theRules_blameTheParameterToChange() {
    assertEquals(
        Optional.of(new Problem(Parameter.N, "5", InputRule.BOTH)), InputRule.inputOrN("f", "5"));
    assertEquals(Optional.empty(), InputRule.inputOrN("f", null));
    assertEquals(Optional.empty(), InputRule.inputOrN(null, "5"));
    assertEquals(
        Optional.of(new Problem(Parameter.ARRIVAL, "10", InputRule.ARRIVAL)),
        InputRule.arrival(10, true));
    assertEquals(Optional.empty(), InputRule.arrival(0, true), "0: the input exists already");
    assertEquals(Optional.empty(), InputRule.arrival(10, false));
  }

  @Test
  void anInputFileAndN_areRefusedInTheSameWords_onTheCommandLineAndInAFile() throws IOException {
    Path in = dir.resolve("in.bin");
    assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "100").code());

    CliTest.Result cli = CliTest.run("sort", "--in", in.toString(), "--n", "5");
    assertEquals(2, cli.code(), cli.err());
    assertTrue(cli.err().contains("secmem sort: --n: " + InputRule.BOTH), cli.err());

    Path params = dir.resolve("p.csv");
    Files.writeString(params, "experiment,input,n\nsort," + in + ",5\n");
    CliTest.Result file = CliTest.run("run", params.toString());
    assertEquals(2, file.code(), file.err());
    assertTrue(file.err().contains(params + ":2: n: " + InputRule.BOTH), file.err());
  }

  @Test
  void onlineSortingOfAnInputFile_isRefusedInTheSameWords_onTheCommandLineAndInAFile()
      throws IOException {
    Path in = dir.resolve("in.bin");
    assertEquals(0, CliTest.run("generate", "--out", in.toString(), "--n", "100").code());

    CliTest.Result cli = CliTest.run("sort", "--in", in.toString(), "--arrival-ns", "10");
    assertEquals(2, cli.code(), cli.err());
    assertTrue(cli.err().contains("secmem sort: --arrival-ns: " + InputRule.ARRIVAL), cli.err());

    Path params = dir.resolve("p.csv");
    Files.writeString(params, "experiment,input,arrival_ns_per_key\nsort," + in + ",10\n");
    CliTest.Result file = CliTest.run("run", params.toString());
    assertEquals(2, file.code(), file.err());
    assertTrue(
        file.err().contains(params + ":2: arrival_ns_per_key: " + InputRule.ARRIVAL), file.err());
  }
}
