package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The menu driven by scripted input; commands are recorded instead of run. */
class MenuTest {

  private final List<List<String>> executed = new ArrayList<>();
  private final StringWriter out = new StringWriter();

  private int drive(String input) throws IOException {
    Menu menu =
        new Menu(
            new BufferedReader(new StringReader(input)),
            new PrintWriter(out, true),
            args -> {
              executed.add(args);
              return 0;
            });
    return menu.run();
  }

  @Test
  void wrongChoice_isSaid_andTheMenuGoesOn_untilQuit() throws IOException {
    assertEquals(0, drive("9\nhello\n0\n"));
    assertTrue(out.toString().contains("'9' is not a choice"), out.toString());
    assertTrue(out.toString().contains("'hello' is not a choice"));
    assertTrue(out.toString().contains("bye"));
    assertTrue(executed.isEmpty());
  }

  @Test
  void endOfInput_atAnyPrompt_endsCleanly() throws IOException {
    for (String input : List.of("", "1\n", "1\n2\n", "1\n2\nsimple\n", "3\n2\n")) {
      out.getBuffer().setLength(0);
      assertEquals(0, drive(input), input);
      assertTrue(out.toString().contains("end of input"), input + ": " + out);
    }
    assertTrue(executed.isEmpty());
  }

  @Test
  void runWithDefaults_runsTheExperimentWithEveryStreamType() throws IOException {
    drive("1\n1\n0\n");
    assertEquals(List.of(List.of("write", "--stream", "simple,buffered,user-buffer,mapped")),
        executed);
  }

  @Test
  void ownValues_badValueIsReasked_defaultsTakenOnEmptyAnswers() throws IOException {
    // read -> own values: streams, N (bad, then good), k, B (bad, then 2^12), reps, warm-up,
    // cache, sync.
    drive("2\n2\nmapped,simpel\nmapped\n-5\n2^10\n\n3\n4K\n2\n\nwarm\ny\n0\n");
    String text = out.toString();
    assertTrue(text.contains("'simpel' is not one of"), text);
    assertTrue(text.contains("-5 is out of range"), text);
    assertTrue(text.contains("3 is out of range"), text);
    assertEquals(1, executed.size(), executed.toString());
    assertEquals(List.of("read", "--stream", "mapped", "--n", "1024", "--k", "1", "--b", "4096",
        "--reps", "2", "--warmup", "1", "--cache", "warm", "--sync"), executed.get(0));
    assertTrue(text.contains("N, ints per file [1000000] (0 .."), text);
  }

  @Test
  void importParameterFile_andBack() throws IOException {
    drive("3\nB\n3\n3\nconfigs/sort-seed.csv\n0\n");
    assertEquals(List.of(List.of("sort", "--params", "configs/sort-seed.csv")), executed);
  }

  @Test
  void generate_andRunFile_buildTheirCommands() throws IOException {
    drive("4\ndata/x.bin\n1000\nwavy\nsorted\n7\n5\n\n0\n");
    assertTrue(out.toString().contains("'wavy' is not one of"));
    assertEquals(List.of("generate", "--out", "data/x.bin", "--n", "1000", "--shape", "sorted",
        "--seed", "7"), executed.get(0));
    assertEquals(List.of("run", "configs/quick.csv"), executed.get(1));
  }
}
