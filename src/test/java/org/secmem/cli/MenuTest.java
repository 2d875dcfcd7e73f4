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
              if (args.get(0).equals("generate")) {
                try { // stands in for the real command: the file now exists
                  java.nio.file.Path f = java.nio.file.Paths.get(args.get(2));
                  java.nio.file.Files.createDirectories(f.toAbsolutePath().getParent());
                  java.nio.file.Files.write(f, new byte[16]);
                  f.toFile().deleteOnExit();
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              }
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
  void bareEnterAndWrongKeys_askAgain_withoutReprintingTheMenu() throws IOException {
    drive("\n9\n\n0\n");
    assertEquals(1, out.toString().split("Main menu", -1).length - 1, out.toString());
    assertEquals(4, out.toString().split("Choice: ", -1).length - 1);
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
    drive("2\n2\nmapped,simpel\nmapped\n-5\n2^10\n\n3\n4K\n2\n\nwarm\n0\n");
    String text = out.toString();
    assertTrue(text.contains("'simpel' is not one of"), text);
    assertTrue(text.contains("-5 is out of range"), text);
    assertTrue(text.contains("3 is out of range"), text);
    assertEquals(1, executed.size(), executed.toString());
    assertEquals(List.of("read", "--stream", "mapped", "--n", "1024", "--k", "1", "--b", "4096",
        "--reps", "2", "--warmup", "1", "--cache", "warm"), executed.get(0));
    assertTrue(text.contains("N, ints per file [1000000] (0 .."), text);
  }

  @Test
  void importParameterFile_missingFileReasked_andBack() throws IOException {
    java.nio.file.Path f = java.nio.file.Files.createTempFile("menu", ".csv");
    drive("3\nB\n3\n3\nno/such.csv\n" + f + "\n0\n");
    assertTrue(out.toString().contains("no/such.csv does not exist"), out.toString());
    assertEquals(List.of(List.of("sort", "--params", f.toString())), executed);
    java.nio.file.Files.delete(f);
  }

  @Test
  void bAtAValuePrompt_goesBackToTheExperimentMenu() throws IOException {
    drive("1\n2\nsimple\nB\nB\n0\n");
    assertTrue(executed.isEmpty(), executed.toString());
    assertTrue(out.toString().contains("B goes back"));
    assertEquals(2, out.toString().split("1\\) Run with defaults", -1).length - 1,
        out.toString());
  }

  @Test
  void sortOwnValues_missingInput_isGeneratedFirst_andOutputEqualInputReasked()
      throws IOException {
    String in = "data/menu-test-" + System.nanoTime() + ".bin";
    drive("3\n2\n" + in + "\n5000\n" + in + "\nout.bin\n\n1000\n4\n\n\n\n\n\n\n\n\n\nn\n0\n");
    assertTrue(out.toString().contains("is the input file"), out.toString());
    assertEquals(List.of("generate", "--out", in, "--n", "5000"), executed.get(0));
    assertEquals(List.of("sort", "--in", in, "--out", "out.bin", "--preset", "classic", "--m",
        "1000", "--d", "4", "--threads", "1"), executed.get(1).subList(0, 13));
  }

  @Test
  void generate_andRunFile_buildTheirCommands() throws IOException {
    java.nio.file.Path gen = java.nio.file.Files.createTempFile("menu", ".bin");
    drive("4\n" + gen + "\n1000\nwavy\nsorted\n7\n5\nconfigs/quick.csv\n0\n");
    assertTrue(out.toString().contains("'wavy' is not one of"));
    assertEquals(List.of("generate", "--out", gen.toString(), "--n", "1000", "--shape", "sorted",
        "--seed", "7"), executed.get(0));
    assertEquals(List.of("run", "configs/quick.csv"), executed.get(1));
  }
}
