package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.secmem.admission.HeapLayout;
import org.secmem.admission.Machine;
import org.secmem.menu.Menu;
import org.secmem.runner.ShutdownCleanup;
import picocli.CommandLine;

/**
 * One problem, found at any way in, reads the same after its location prefix: {@code --m: } on the
 * command line, {@code p.csv:2: m: } in a parameter file, {@code M: } at the menu's prompt. All
 * three run in this JVM through the one admission, judged against one {@link Machine}: a 128 MiB
 * heap and an open-file limit of 256, as a user's small JVM would have.
 */
class AdmissionAcrossWaysInTest {

  /** The machine every way in is judged against. */
  private static final Machine SMALL =
      new Machine(128L << 20, 128L << 20, 256, 20, new HeapLayout("G1", 2, 2, 1L << 20));

  @TempDir Path dir;

  /** Runs secmem's command line judged against {@link #SMALL}; its output and error text. */
  private static String secmem(String... args) {
    StringWriter text = new StringWriter();
    PrintWriter w = new PrintWriter(text, true);
    CommandLine cmd = SecmemCommand.commandLine(w, w, new ShutdownCleanup(w, false), () -> SMALL);
    SecmemProcess.execute(cmd, args);
    return text.toString();
  }

  /**
   * Answers the menu's questions with {@code answers} (it quits at their end), judged against
   * {@link #SMALL}; a command line the menu would run is run the same way.
   */
  private static String menu(String answers) throws IOException {
    StringWriter text = new StringWriter();
    PrintWriter w = new PrintWriter(text, true);
    new Menu(
            new BufferedReader(new StringReader(answers)),
            w,
            args -> {
              CommandLine cmd =
                  SecmemCommand.commandLine(w, w, new ShutdownCleanup(w, false), () -> SMALL);
              return SecmemProcess.execute(cmd, args.toArray(String[]::new));
            },
            () -> SMALL)
        .run();
    return text.toString();
  }

  /** The message after {@code prefix} on the line that has it; the free descriptors masked. */
  private static String after(String out, String prefix, String end) {
    int i = out.indexOf(prefix);
    assertTrue(i >= 0, "'" + prefix + "' in:\n" + out);
    int from = i + prefix.length();
    int to = end.isEmpty() ? out.indexOf('\n', from) : out.indexOf(end, from);
    assertTrue(to > from, out);
    // The files a process has open now differ a little between the three.
    return out.substring(from, to).replaceAll("\\d+ free", "N free");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // case | option | column | menu label | command-line options | file header | file row
        // | menu answers (empty: the menu cannot ask for it)
        "M too large for the heap|--m|m|M|--n 2^26 --m 2^26|n,m|2^26,2^26"
            + "|3\\n2\\nin.bin\\n2^26\\nout.bin\\n\\n\\n2^26\\n",
        "d over the open-file limit|--d|d|d|--n 2^20 --m 1024 --d 1000|n,m,d|2^20,1024,1000"
            + "|3\\n2\\nin.bin\\n2^20\\nout.bin\\n\\n\\n1024\\n1000\\n",
        "B unusable by direct|--b|b|B|--n 1000 --read-stream direct --b 1000"
            + "|n,read_stream,b|1000,direct,1000"
            + "|3\\n2\\nin.bin\\n1000\\nout.bin\\n\\n\\n\\n\\n\\ndirect\\n\\n\\n1000\\n",
        "B unusable by the merges' direct reads|--b|b|B"
            + "|--n 1000 --merge-read-stream direct --b 1000"
            + "|n,merge_read_stream,b|1000,direct,1000"
            + "|3\\n2\\nin.bin\\n1000\\nout.bin\\n\\n\\n\\n\\n\\n\\n\\ndirect\\n1000\\n",
        "the merges' read stream on the buffer tree|--merge-read-stream|merge_read_stream|"
            + "|--n 1000 --algorithm buffer-tree --merge-read-stream direct"
            + "|n,algorithm,merge_read_stream|1000,buffer-tree,direct|",
        "buffer-tree M too small|--m|m|M|--n 1000 --algorithm buffer-tree --m 100 --b 4096"
            + "|n,algorithm,m,b|1000,buffer-tree,100,4096|7\\n2\\n1000\\n100\\n4096\\n",
        "a Spark option on the merge sort|--partitions|partitions||--n 1000 --partitions 4"
            + "|n,partitions|1000,4|",
        // The menu's prompt names M itself: its range problem has no label of its own.
        "M out of range|--m|m||--n 1000 --m 0|n,m|1000,0"
            + "|3\\n2\\nin.bin\\n1000\\nout.bin\\n\\n\\n0\\n",
        "B out of range|--b|b||--n 1000 --b 2G|n,b|1000,2G"
            + "|3\\n2\\nin.bin\\n1000\\nout.bin\\n\\n\\n\\n\\n\\n\\n\\n\\n2G\\n"
      })
  void aProblem_readsTheSame_atEveryWayIn(
      String name,
      String option,
      String column,
      String label,
      String cliOptions,
      String header,
      String row,
      String menu)
      throws Exception {
    String results = dir.resolve("r.csv").toString();
    String data = dir.resolve("data").toString();
    List<String> cli = new ArrayList<>(List.of("sort", "--dir", data, "--results", results));
    cli.addAll(List.of(cliOptions.split(" ")));
    String fromCli = secmem(cli.toArray(String[]::new));
    assertTrue(fromCli.contains("secmem sort: " + option + ": "), fromCli);
    String cliMessage = after(fromCli, "secmem sort: " + option + ": ", "");

    Path params =
        Files.writeString(dir.resolve("p.csv"), "experiment," + header + "\nsort," + row + "\n");
    String fromFile = secmem("run", params.toString(), "--results", results);
    assertEquals(cliMessage, after(fromFile, "p.csv:2: " + column + ": ", ""), name);
    assertTrue(fromFile.contains("nothing was run"), fromFile);

    if (menu != null && !menu.isEmpty()) {
      String fromMenu =
          menu(
              menu.replace("\\n", "\n")
                  .replace("in.bin", dir.resolve("in.bin").toString())
                  .replace("out.bin", dir.resolve("out.bin").toString()));
      // The answer's rejection follows its prompt ("...: ") on the same line.
      String menuMessage =
          after(fromMenu, ":     " + (label == null ? "" : label + ": "), " — try again");
      assertEquals(cliMessage, menuMessage, name);
    }
    assertFalse(Files.exists(dir.resolve("r.csv")), "nothing ran");
    assertFalse(Files.exists(dir.resolve("in.bin")), "the menu generated nothing");
    assertNotNull(cliMessage);
  }

  /** A problem the command line once prefixed with an option the user never wrote. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"--b-over-m 100|--b-over-m", "--fanout 9,8|--fanout"})
  void theFanout_isNamedAsTheUserGaveIt(String given, String named) throws Exception {
    List<String> cli =
        new ArrayList<>(
            List.of(
                "sort",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                dir.resolve("r.csv").toString(),
                "--n",
                "1000",
                "--algorithm",
                "buffer-tree",
                "--m",
                "65536",
                "--b",
                "4096"));
    cli.addAll(List.of(given.split(" ")));
    String out = secmem(cli.toArray(String[]::new));
    Matcher m = Pattern.compile("secmem sort: (--[a-z-]+): ").matcher(out);
    assertTrue(m.find(), out);
    assertEquals(named, m.group(1), out);
  }

  /** The messages admission writes name no way in: no option, so the menu and files read well. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--n 2^26 --m 2^26",
        "--n 2^20 --m 1 --d 2",
        "--n 2^25 --algorithm in-memory",
        "--n 1000 --algorithm buffer-tree --m 100 --b 4096"
      })
  void admissionMessages_nameNoOption(String options) throws Exception {
    List<String> cli =
        new ArrayList<>(
            List.of(
                "sort",
                "--dir",
                dir.resolve("data").toString(),
                "--results",
                dir.resolve("r.csv").toString()));
    cli.addAll(List.of(options.split(" ")));
    String out = secmem(cli.toArray(String[]::new));
    Matcher m = Pattern.compile("secmem sort: --[a-z-]+: (.*)").matcher(out);
    assertTrue(m.find(), out);
    assertFalse(m.group(1).contains("--"), "a message naming an option: " + m.group(1));
  }
}
