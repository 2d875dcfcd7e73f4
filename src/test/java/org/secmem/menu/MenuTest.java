package org.secmem.menu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.UserText;

/** The menu driven by scripted input; commands are recorded instead of run. */
class MenuTest {

  @TempDir Path tmp;

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
                  Path f = Paths.get(args.get(2));
                  Files.createDirectories(f.toAbsolutePath().getParent());
                  Files.write(f, new byte[16]);
                  f.toFile().deleteOnExit();
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
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
    assertEquals(
        List.of(List.of("write", "--stream", "simple,buffered,user-buffer,mapped")), executed);
  }

  @Test
  void ownValues_badValueIsReasked_defaultsTakenOnEmptyAnswers() throws IOException {
    // read -> own values: streams, N (bad, then good), k, B (bad, then 2^12), reps, warm-up,
    // cache, sync.
    drive("2\n2\nmapped,simpel\nmapped\n-5\n2^10\n\n3\n4K\n2\n\nwarm\n0\n");
    String text = out.toString();
    assertTrue(text.contains("'simpel' is not one of"), text);
    assertTrue(text.contains("-5 is below the minimum"), text);
    assertTrue(text.contains("3 is below the minimum"), text);
    assertEquals(1, executed.size(), executed.toString());
    assertEquals(
        List.of(
            "read",
            "--stream",
            "mapped",
            "--n",
            "1024",
            "--k",
            "1",
            "--b",
            "4096",
            "--reps",
            "2",
            "--warmup",
            "1",
            "--cache",
            "warm"),
        executed.get(0));
    assertTrue(text.contains("N, ints per file [1000000] (1 .."), text);
  }

  /**
   * Issue 49, item 7: the menu takes a parameter file's list separator {@code |} and the counts the
   * files and options take ({@code 16Ki} for N, as the run line prints it), the same as they do.
   */
  @Test
  void ownValues_takeTheFilesListSeparator_andSuffixedCounts() throws IOException {
    drive("2\n2\nmapped|user-buffer\n16Ki\n\n64 KiB\n2\n\nwarm\n0\n");
    String text = out.toString();
    assertTrue(text.contains("comma or | separated"), text);
    assertEquals(1, executed.size(), text);
    List<String> line = executed.get(0);
    assertEquals("mapped,user-buffer", line.get(line.indexOf("--stream") + 1), line.toString());
    assertEquals("16384", line.get(line.indexOf("--n") + 1), line.toString());
    assertEquals("65536", line.get(line.indexOf("--b") + 1), line.toString());
  }

  @Test
  void importParameterFile_missingFileReasked_andBack() throws IOException {
    Path f = Files.createTempFile("menu", ".csv");
    Files.writeString(f, "experiment,n\nsort,1000\n");
    drive("3\nB\n3\n3\nno/such.csv\n" + f + "\n0\n");
    assertTrue(out.toString().contains("no/such.csv does not exist"), out.toString());
    assertEquals(List.of(List.of("sort", "--params", f.toString())), executed);
    Files.delete(f);
  }

  @Test
  void bAtAValuePrompt_goesBackToTheExperimentMenu() throws IOException {
    drive("1\n2\nsimple\nB\nB\n0\n");
    assertTrue(executed.isEmpty(), executed.toString());
    assertTrue(out.toString().contains("B goes back"));
    assertEquals(2, out.toString().split("1\\) Run with defaults", -1).length - 1, out.toString());
  }

  @Test
  void sortOwnValues_missingInput_isGeneratedAfterTheDialogue_andOutputEqualInputReasked()
      throws IOException {
    String in = tmp.resolve("menu-in.bin").toString();
    String outFile = tmp.resolve("out.bin").toString();
    // input, N, output (= input: re-asked), output, preset, merger, M, d, threads, read, write,
    // merge read, B, order, reps, warm-up, cache, sync
    drive(
        "3\n2\n"
            + in
            + "\n5000\n"
            + in
            + "\n"
            + outFile
            + "\n\n\n1000\n4\n\n\n\n\n\n\n\n\n\nn\n0\n");
    assertTrue(out.toString().contains("is the input file"), out.toString());
    assertEquals(List.of("generate", "--out", in, "--n", "5000"), executed.get(0));
    assertEquals(
        List.of(
            "sort",
            "--in",
            in,
            "--out",
            outFile,
            "--preset",
            "classic",
            "--m",
            "1000",
            "--d",
            "4",
            "--threads",
            "1"),
        executed.get(1).subList(0, 13));
    // "done." of the generate comes after the last prompt, not in the middle of the dialogue.
    String text = out.toString();
    // Defaults in the words the menu's own text and the run line use, and that can be typed back.
    assertTrue(text.contains("N, ints to generate into " + in + " [2^24]"), text);
    assertTrue(text.contains("M = 2^20 ints, d = "), text);
    assertTrue(text.indexOf("done.") > text.indexOf("force writes to storage"), text);
  }

  @Test
  void bufferTree_defaults_andOwnValues_checkedAsTheSortCommandChecksThem() throws IOException {
    // Defaults: the sort command's own for the buffer tree, seed 004's m = 125 blocks of 4K.
    drive("7\n1\n0\n");
    assertEquals(List.of("sort", "--algorithm", "buffer-tree"), executed.get(0));
    assertTrue(
        out.toString().contains("M = 128000 ints, B = 4 KiB (m = 125 blocks"), out.toString());
    executed.clear();
    out.getBuffer().setLength(0);
    // Own values: N, M, B (1M leaves m = 0: refused), B, fanout 9,8 (refused), fanout 4,16,
    // read stream, write stream direct (refused), user-buffer, order, reps, warm-up, cache, sync.
    drive(
        "7\n2\n50000\n65536\n1M\n4K\n9,8\n4,16\n\ndirect\nchannel\ndescending\n"
            + "2\n0\n\nn\n0\n");
    String text = out.toString();
    assertTrue(text.contains("needs M to hold at least 4 blocks"), text);
    assertTrue(text.contains("b (8) must be at least 2a (18)"), text);
    assertTrue(text.contains("the buffer tree appends to its buffer files"), text);
    assertFalse(text.contains("is not a choice"), text);
    assertEquals(
        List.of(
            "sort",
            "--algorithm",
            "buffer-tree",
            "--n",
            "50000",
            "--m",
            "65536",
            "--b",
            "4096",
            "--fanout",
            "4,16",
            "--read-stream",
            "user-buffer",
            "--write-stream",
            "channel",
            "--descending",
            "--reps",
            "2",
            "--warmup",
            "0",
            "--cache",
            "as-is"),
        executed.get(0));
  }

  @Test
  void sortDialogue_goneBackFromAtTheEnd_generatesNothing() throws IOException {
    String in = tmp.resolve("never.bin").toString();
    // input (missing), N, output, preset, merger, M, d, threads, read, write, merge read, B,
    // order, then B at the repetitions prompt.
    drive("3\n2\n" + in + "\n5000\n\n\n\n\n\n\n\n\n\n\n\nB\nB\n0\n");
    assertTrue(executed.isEmpty(), executed.toString());
    assertFalse(Files.exists(tmp.resolve("never.bin")));
  }

  @Test
  void sortDialogue_asksPresetAndMerger() throws IOException {
    String in = tmp.resolve("in2.bin").toString();
    drive(
        "3\n2\n"
            + in
            + "\n1000\n"
            + tmp.resolve("o.bin")
            + "\nfast\nheap\nloser-tree\n\n\n"
            + "\n\n\n\n\n\n\n\n\nn\n0\n");
    String text = out.toString();
    assertTrue(text.contains("merger [radix] (priority-queue, loser-tree, radix)"), text);
    assertTrue(text.contains("'heap' is not one of"), text);
    List<String> sort = executed.get(1);
    assertEquals("fast", sort.get(sort.indexOf("--preset") + 1), sort.toString());
    assertEquals("loser-tree", sort.get(sort.indexOf("--merger") + 1), sort.toString());
  }

  @Test
  void direct_withABufferNotOfWholeBlocks_isRefusedAtTheBPrompt() throws IOException {
    // write -> own values: direct, N, k, B = 6 (refused: direct needs whole 4096-byte blocks),
    // then 8K; reps, warm-up, cache, sync.
    drive("1\n2\ndirect\n1000\n1\n6\n8K\n\n\n\nn\n0\n");
    String text = out.toString();
    assertTrue(text.contains("direct needs B to be a multiple of 4096"), text);
    assertEquals(1, executed.size(), executed.toString());
    List<String> write = executed.get(0);
    assertEquals("8192", write.get(write.indexOf("--b") + 1), write.toString());
  }

  @Test
  void sortDirectStreams_withABufferNotOfWholeBlocks_isRefusedAtTheBPrompt() throws IOException {
    String in = tmp.resolve("in3.bin").toString();
    // input, N, output, preset, merger, M, d, threads, read = direct, write, merge read, B = 6
    // then 4K, ...
    drive(
        "3\n2\n"
            + in
            + "\n1000\n"
            + tmp.resolve("o3.bin")
            + "\n\n\n\n\n\ndirect\n\n\n6\n4K\n"
            + "\n\n\n\nn\n0\n");
    String text = out.toString();
    assertTrue(text.contains("direct needs B to be a multiple of 4096"), text);
    List<String> sort = executed.get(1);
    assertEquals("4096", sort.get(sort.indexOf("--b") + 1), sort.toString());
  }

  @Test
  void sortDialogue_asksTheMergesReadStream_defaultingToTheReadStream() throws IOException {
    String in = tmp.resolve("in5.bin").toString();
    // input, N, output, preset, merger, M, d, threads, read = channel, write, merge read = direct,
    // B = 6 (refused: the merges' direct reads need whole blocks) then 8K, order, reps, ...
    drive(
        "3\n2\n"
            + in
            + "\n1000\n"
            + tmp.resolve("o5.bin")
            + "\n\n\n\n\n\nchannel\n\ndirect\n6\n8K\n"
            + "\n\n\n\nn\n0\n");
    String text = out.toString();
    assertTrue(text.contains("merge read stream type [channel]"), text);
    assertTrue(text.contains("direct needs B to be a multiple of 4096"), text);
    List<String> sort = executed.get(1);
    assertEquals("direct", sort.get(sort.indexOf("--merge-read-stream") + 1), sort.toString());
    assertEquals("channel", sort.get(sort.indexOf("--read-stream") + 1), sort.toString());
    executed.clear();
    out.getBuffer().setLength(0);
    String in6 = tmp.resolve("in6.bin").toString();
    drive(
        "3\n2\n"
            + in6
            + "\n1000\n"
            + tmp.resolve("o6.bin")
            + "\n\n\n\n\n\nchannel\n\n\n\n"
            + "\n\n\n\nn\n0\n");
    assertFalse(
        executed.get(1).contains("--merge-read-stream"),
        "Enter keeps the read stream, and the command line says nothing of it: " + executed.get(1));
  }

  @Test
  void buffersTheHeapCannotHold_areRefusedAtTheBPrompt() throws IOException {
    // read -> own values: user-buffer, N, k = 100, B = 1G (100 GiB of heap), then 4K.
    drive("2\n2\nuser-buffer\n1000\n100\n1G\n4K\n\n\n\n0\n");
    String text = out.toString();
    assertTrue(text.contains("of heap buffers, but the heap is"), text);
    List<String> read = executed.get(0);
    assertEquals("4096", read.get(read.indexOf("--b") + 1), read.toString());
  }

  @Test
  void sortMemoryTheHeapCannotHold_isRefusedAtTheMPrompt() throws IOException {
    String in = tmp.resolve("in4.bin").toString();
    long tooMuch = Runtime.getRuntime().maxMemory(); // ints: four times the heap
    drive(
        "3\n2\n"
            + in
            + "\n"
            + tooMuch
            + "\n"
            + tmp.resolve("o4.bin")
            + "\n\n\n"
            + tooMuch
            + "\n1000000\n\n\n\n\n\n\n\n\n\n\nn\n0\n");
    String text = out.toString();
    assertTrue(text.contains("MiB of heap"), text);
    List<String> sort = executed.get(1);
    assertEquals("1000000", sort.get(sort.indexOf("--m") + 1), text);
    int asked = text.split("M, ints in memory", -1).length - 1;
    assertEquals(2, asked, text);
  }

  @Test
  void anOutputFileInAFolderThatCannotBeMade_isRefusedAtItsPrompt() throws IOException {
    Path file = Files.createFile(tmp.resolve("plain"));
    drive("4\n" + file.resolve("x.bin") + "\n" + tmp.resolve("g.bin") + "\n10\n\n\n0\n");
    String text = out.toString();
    assertTrue(text.contains("is a file, not a folder"), text);
    assertEquals(tmp.resolve("g.bin").toString(), executed.get(0).get(2));
  }

  @Test
  void runAParameterFile_inTheSeedFormat_asksOrTellsTheExperiment() throws IOException {
    Path streams = tmp.resolve("streams.csv");
    Files.writeString(streams, "# seed lines\nBuffer;1000;1;1,6;2\n");
    Path sort = tmp.resolve("sort.csv");
    Files.writeString(sort, "Mapping;Mapping;10;1000;20,20;5;in.bin;out.bin;true\n");
    Path header = tmp.resolve("h.csv");
    Files.writeString(header, "experiment,stream,n\nwrite,simple,10\n");
    drive("5\n" + streams + "\nread\n5\n" + sort + "\n5\n" + header + "\n0\n");
    assertEquals(
        List.of(
            List.of("run", "--experiment", "read", streams.toString()),
            List.of("run", "--experiment", "sort", sort.toString()),
            List.of("run", header.toString())),
        executed);
    assertTrue(out.toString().contains("seed report's format"), out.toString());
  }

  @Test
  void aSeedFileOfReads_defaultsToRead_andAFileThatSaysNothing_hasNoDefault() throws IOException {
    // configs/read-seed.csv's comment names 'secmem read': Enter runs reads, not writes.
    Path reads = tmp.resolve("mine.csv");
    Files.writeString(reads, "# 'secmem read --params mine.csv'\nBuffer;1000;1;1,6;2\n");
    Path writes = tmp.resolve("write-lines.csv");
    Files.writeString(writes, "Buffer;1000;1;1,6;2\n");
    Path silent = tmp.resolve("lines.csv");
    Files.writeString(silent, "Buffer;1000;1;1,6;2\n");
    drive("5\n" + reads + "\n\n5\n" + writes + "\n\n5\n" + silent + "\n\nwrite\n0\n");
    String text = out.toString();
    assertEquals(
        List.of(
            List.of("run", "--experiment", "read", reads.toString()),
            List.of("run", "--experiment", "write", writes.toString()),
            List.of("run", "--experiment", "write", silent.toString())),
        executed,
        text);
    assertTrue(text.contains("experiment [read] (write, read): "), text);
    // Nothing says which: no default, and Enter asks again.
    assertTrue(text.contains("  experiment (write, read): "), text);
    assertTrue(text.contains("there is no default here: type write, read"), text);
  }

  @Test
  void theSortsDefaults_sortEnoughToMergeInTwoPasses() throws IOException {
    drive("3\n1\n0\n");
    assertEquals(List.of("sort"), executed.get(0));
    assertTrue(
        out.toString().contains("N = 2^24 ints, M = 2^20 ints, d = 4: 16 runs, 2 merge passes"),
        out.toString());
  }

  @Test
  void afterARun_theMenuSaysWhereTheResultsAre_andWhyThereIsNoChart() throws IOException {
    Path results = Files.createFile(tmp.resolve("r.csv"));
    Menu[] self = {null};
    self[0] =
        new Menu(
            new BufferedReader(new StringReader("1\n1\n0\n")),
            new PrintWriter(out, true),
            args -> {
              executed.add(args);
              if (args.get(0).equals("write")) {
                self[0].out().println("[1/1] write simple  rep 1: 1 ms");
                self[0].out().println("results: " + results + " (4 rows)");
                self[0].out().println("summary: x-summary.csv");
                self[0].out().println("report: " + tmp.resolve("r-report.html"));
              }
              return 0;
            });
    self[0].run();
    String text = out.toString();
    assertTrue(
        text.contains(
            "done.\n  results: " + results + "\n  report: " + tmp.resolve("r-report.html")),
        text);
    assertTrue(text.contains("no charts: nothing to compare"), text);
    assertEquals(1, executed.size(), "charting again would draw nothing: not offered");
  }

  @Test
  void aRunThatDrewCharts_isNotOfferedAChart() throws IOException {
    Path results = Files.createFile(tmp.resolve("r2.csv"));
    Menu[] self = {null};
    self[0] =
        new Menu(
            new BufferedReader(new StringReader("1\n1\n0\n")),
            new PrintWriter(out, true),
            args -> {
              executed.add(args);
              self[0].out().println("results: " + results + " (4 rows)");
              self[0].out().println("charts: somewhere (2 charts, PNG and SVG)");
              return 0;
            });
    self[0].run();
    assertEquals(1, executed.size(), out.toString());
    assertFalse(out.toString().contains("chart " + results + " now"), out.toString());
  }

  @Test
  void aRunStoppedByCtrlC_returnsToTheMenu() throws IOException {
    Menu menu =
        new Menu(
            new BufferedReader(new StringReader("1\n1\n1\n1\n0\n")),
            new PrintWriter(out, true),
            args -> {
              executed.add(args);
              return executed.size() == 1 ? ExitCodes.INTERRUPTED : 0;
            });
    assertEquals(0, menu.run());
    assertTrue(out.toString().contains("interrupted: back at the menu"), out.toString());
    assertEquals(2, executed.size());
  }

  @Test
  void generate_andRunFile_buildTheirCommands() throws IOException {
    // A new file: one that is there and not secmem's would not be replaced without --overwrite.
    Path gen = Files.createTempDirectory("menu").resolve("gen.bin");
    // The project's own file, by absolute path: tests run in a folder of their own.
    String quick =
        Paths.get(System.getProperty("secmem.root", "."), "configs", "quick.csv")
            .toAbsolutePath()
            .toString();
    drive("4\n" + gen + "\n1000\nwavy\nsorted\n7\n5\n" + quick + "\n0\n");
    assertTrue(out.toString().contains("'wavy' is not one of"));
    assertEquals(
        List.of(
            "generate", "--out", gen.toString(), "--n", "1000", "--shape", "sorted", "--seed", "7"),
        executed.get(0));
    assertEquals(List.of("run", quick), executed.get(1));
  }

  // ---- what the user typed, shown back -------------------------------------------------------

  /** Clears the screen and sets the window title, typed or pasted in the middle of a line. */
  private static final String ESCAPES = "a\u001b[2J\u001b]0;owned\u0007b\u009b31m";

  private static final String LONG = "x".repeat(5000);

  @Test
  void escapesAndLongLinesTyped_atEveryPrompt_areShownEscapedAndShortened() throws IOException {
    drive(
        ESCAPES
            + "\n"
            + LONG
            + "\n" // main menu
            + "1\n"
            + ESCAPES
            + "\n"
            + LONG
            + "\n" // experiment menu
            + "2\n"
            + ESCAPES
            + "\n"
            + LONG
            + "\n"
            + "simple\n" // stream types (a choice)
            + ESCAPES
            + "\n"
            + LONG
            + "\n"
            + "B\nB\n" // N (a number)
            + "6\n"
            + ESCAPES
            + "\n"
            + LONG
            + "\nB\n" // results CSV (an existing file)
            + "0\n");
    String text = out.toString();
    assertSafe(text);
    assertTrue(text.contains("'a\\x1b[2J\\x1b]0;owned\\x07b\\x9b31m' is not a choice"), text);
    assertTrue(text.contains("x[...4920 characters...]x"), text);
    assertTrue(executed.isEmpty(), executed.toString());
  }

  @Test
  void pathsTyped_reachTheCommandAsTyped_andAreShownEscaped() throws IOException {
    Path odd = tmp.resolve("in" + ESCAPES + ".bin");
    Path seed = Files.writeString(tmp.resolve("p" + ESCAPES + ".csv"), "Simple;1000;1;10,12;1\n");
    Path file = Files.createFile(tmp.resolve("a-file"));
    // generate: refused (a file where a folder must be), then accepted
    drive(
        "4\n"
            + file.resolve(ESCAPES + LONG)
            + "\n"
            + odd
            + "\n10\n\n\n"
            + "3\n2\n"
            + tmp.resolve("s" + ESCAPES + ".bin")
            + "\nB\nB\n" // sort: "generate into"
            + "5\n"
            + seed
            + "\nwrite\n" // seed-format file
            + "0\n");
    String text = out.toString();
    assertSafe(text);
    assertEquals(
        List.of(
            "generate", "--out", odd.toString(), "--n", "10", "--shape", "uniform", "--seed", "42"),
        executed.get(0));
    assertEquals(List.of("run", "--experiment", "write", seed.toString()), executed.get(1));
    assertTrue(text.contains("> secmem generate --out " + tmp + "/in" + "a\\x1b[2J"), text);
  }

  @Test
  void whatACommandPrints_isShownEscapedToo() throws IOException {
    Menu[] self = {null};
    self[0] =
        new Menu(
            new BufferedReader(new StringReader("1\n1\n0\n")),
            new PrintWriter(out, true),
            args -> {
              self[0].out().println("wrote " + ESCAPES);
              self[0].out().println("results: " + ESCAPES + ".csv (1 row)");
              return 0;
            });
    self[0].run();
    assertSafe(out.toString());
    assertTrue(out.toString().contains("wrote a\\x1b[2J"), out.toString());
  }

  /** No control character but the line break, and no line longer than a terminal can follow. */
  private static void assertSafe(String text) {
    text.codePoints()
        .forEach(
            c ->
                assertFalse(
                    (c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f),
                    () -> String.format("control character U+%04X in:%n%s", c, text)));
    for (String line : text.split("\n")) {
      assertTrue(
          line.length() <= 2 * UserText.MAX_LINE,
          () -> "a line of " + line.length() + " characters: " + line.substring(0, 200) + "...");
    }
  }

  /**
   * "Import a parameter file" under write took configs/sweep-small.csv (write and read lines) and
   * then failed with "use 'secmem run'": such a file now runs whole, and a file that cannot run is
   * refused at the prompt, naming its line and column, before anything runs.
   */
  @Test
  void importingAFile_runsItWholeWhenItHasOtherExperiments_andRefusesABadOneAtThePrompt()
      throws IOException {
    Path mixed =
        Files.writeString(
            tmp.resolve("mixed.csv"),
            "experiment,stream,n,k\nwrite,simple,100,1\nread,simple,100,1\n");
    Path writes =
        Files.writeString(tmp.resolve("writes.csv"), "experiment,stream,n,k\nwrite,simple,100,1\n");
    Path bad =
        Files.writeString(
            tmp.resolve("bad.csv"), "experiment,stream,n,k,b\nwrite,direct,100,1,1000\n");
    drive("1\n3\n" + bad + "\n" + mixed + "\n1\n3\n" + writes + "\n0\n");
    String text = out.toString();
    assertTrue(text.contains("bad.csv:2: b: direct needs B to be a multiple of 4096"), text);
    assertTrue(text.contains("running the whole file, as 'secmem run' does"), text);
    assertEquals(
        List.of(List.of("run", mixed.toString()), List.of("write", "--params", writes.toString())),
        executed);
  }

  @Test
  void chartPrompt_takesTheFolderARunMade_andNamesTheChoiceInAFolderOfTwo() throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("20261128-005411-quick"));
    Path raw = Files.writeString(folder.resolve("20261128-005411-quick.csv"), "x\n");
    Files.writeString(folder.resolve("20261128-005411-quick-summary.csv"), "x\n");
    Path two = Files.createDirectories(tmp.resolve("two"));
    Files.writeString(two.resolve("a.csv"), "x\n");
    Files.writeString(two.resolve("b.jsonl"), "x\n");

    assertEquals(0, drive("6\n" + two + "\n" + folder + "\n0\n"));

    assertTrue(
        out.toString().contains("2 raw results files: name one (a.csv, b.jsonl)"), out.toString());
    assertEquals(List.of(List.of("chart", folder.toString())), executed, out.toString());
    assertTrue(Files.exists(raw));
  }
}
