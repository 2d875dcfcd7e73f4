package org.secmem.menu;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.secmem.admission.Admission;
import org.secmem.admission.Machine;
import org.secmem.admission.Parameter;
import org.secmem.admission.PathProblems;
import org.secmem.admission.Problem;
import org.secmem.admission.RefusedException;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.data.Shape;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.StreamsConfig;
import org.secmem.results.ResultFiles;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.UserText;
import org.secmem.sort.CostModel;
import org.secmem.sort.SortPreset;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import org.secmem.units.Units;

/**
 * The interactive menu, in the spirit of the seed report's Figure 3: numbered choices, each
 * experiment run with defaults, with values entered one by one, or from a parameter file. Every
 * choice becomes an ordinary command line, run through the same commands (and checks) as the CLI.
 */
public final class Menu {

  private static final List<String> STREAMS =
      Arrays.stream(StreamType.values()).map(StreamType::cliName).toList();
  private static final List<String> SHAPES =
      Arrays.stream(Shape.values()).map(Shape::cliName).toList();

  /** The menu's name for the buffer-tree sort: a sort command with its own dialogue. */
  private static final String TREE = "tree";

  private static final String CLASSIC_STREAMS =
      String.join(",", StreamType.CLASSIC.stream().map(StreamType::cliName).toList());

  private final Prompter prompt;
  private final PrintWriter out;
  private final MenuTranscript transcript;
  private final Function<List<String>, Integer> execute;
  private final Supplier<Machine> machine;

  /**
   * @param execute runs one secmem command line, printing to {@link #out()}, and returns its exit
   *     code ({@link ExitCodes#INTERRUPTED} when Ctrl-C stopped it)
   */
  public Menu(BufferedReader in, PrintWriter out, Function<List<String>, Integer> execute) {
    this(in, out, execute, Machine::current);
  }

  /**
   * As above, each answer judged against {@code machine}, as the command line judges the command it
   * builds.
   */
  public Menu(
      BufferedReader in,
      PrintWriter out,
      Function<List<String>, Integer> execute,
      Supplier<Machine> machine) {
    this.transcript = new MenuTranscript(out);
    this.out = new PrintWriter(transcript, true);
    this.prompt = new Prompter(in, this.out);
    this.execute = execute;
    this.machine = machine;
  }

  /** Where the commands the menu runs print, so that it sees where their results went. */
  public PrintWriter out() {
    return out;
  }

  /** Runs until Quit or the end of input; returns 0. */
  public int run() throws IOException {
    out.println("secmem — algorithms in secondary memory");
    try {
      boolean show = true;
      while (true) {
        if (show) {
          out.println();
          out.println("Main menu");
          out.println("  1) Write streams");
          out.println("  2) Read streams");
          out.println("  3) External merge sort");
          out.println("  4) Generate data");
          out.println("  5) Run a parameter file");
          out.println("  6) Chart results");
          out.println("  7) Buffer-tree sort (seed 004)");
          out.println("  0) Quit");
        }
        String choice = prompt.line("Choice: ");
        // A wrong key or a bare Enter asks again without printing the whole menu once more.
        show = false;
        switch (choice.toLowerCase(Locale.ROOT)) {
          case "1":
            experiment("write");
            show = true;
            break;
          case "2":
            experiment("read");
            show = true;
            break;
          case "3":
            experiment("sort");
            show = true;
            break;
          case "4":
            generate();
            show = true;
            break;
          case "5":
            runParamFile();
            show = true;
            break;
          case "6":
            chart();
            show = true;
            break;
          case "7":
            experiment(TREE);
            show = true;
            break;
          case "0":
          case "q":
          case "quit":
            out.println("bye");
            out.flush();
            return ExitCodes.OK;
          case "":
            break;
          default:
            out.println("  '" + UserText.line(choice) + "' is not a choice: type 0 to 7");
        }
      }
    } catch (Prompter.Back e) {
      throw new AssertionError("B is handled in each sequence", e);
    } catch (Prompter.EndOfInput e) {
      out.println("end of input — bye");
      out.flush();
      return ExitCodes.OK;
    }
  }

  private void experiment(String name) throws Prompter.EndOfInput, IOException, Prompter.Back {
    while (true) {
      out.println();
      out.println(title(name));
      out.println("  1) Run with defaults (" + defaultsText(name) + ")");
      out.println("  2) Enter own values");
      out.println("  3) Import a parameter file");
      out.println("  B) Back");
      String choice = prompt.line("Choice: ");
      switch (choice.toLowerCase(Locale.ROOT)) {
        case "1":
          runCommand(defaults(name));
          offerChart();
          return;
        case "2":
          try {
            out.println("  (Enter takes the default; B goes back)");
            List<String> args = ownValues(name);
            if (!args.isEmpty()) {
              runCommand(args);
              offerChart();
            }
            return;
          } catch (Prompter.Back back) {
            continue;
          }
        case "3":
          try {
            Set<Experiment> kinds = EnumSet.noneOf(Experiment.class);
            String file =
                prompt.ask(
                    "parameter file",
                    name.equals(TREE)
                        ? "configs/seed004-bts-laptop.csv"
                        : "configs/" + name + "-seed.csv",
                    "",
                    text -> {
                      // Read and admitted here: a file that cannot run is refused at the prompt.
                      kinds.clear();
                      kinds.addAll(MenuFiles.experimentsOf(name, text, machine.get()));
                      return text;
                    });
            // The tree's files are header CSV (a line per algorithm), and a file with lines of
            // other experiments is the user's whole plan: run them as 'secmem run' does.
            boolean whole =
                name.equals(TREE) || !kinds.equals(Set.of(MenuFiles.experimentOf(name)));
            if (whole && !name.equals(TREE)) {
              out.println(
                  "  ("
                      + UserText.line(file)
                      + " has "
                      + kinds.stream().map(Experiment::cliName).sorted().toList()
                      + " lines: running the whole file,"
                      + " as 'secmem run' does)");
            }
            runCommand(whole ? List.of("run", file) : List.of(name, "--params", file));
            offerChart();
            return;
          } catch (Prompter.Back back) {
            continue;
          }
        case "b":
        case "back":
          return;
        default:
          out.println("  '" + UserText.line(choice) + "' is not a choice: type 1, 2, 3 or B");
      }
    }
  }

  private static String title(String name) {
    switch (name) {
      case "write":
        return "Write streams";
      case "read":
        return "Read streams";
      case TREE:
        return "Buffer-tree sort (seed 004)";
      default:
        return "External merge sort";
    }
  }

  private static String defaultsText(String name) {
    if (name.equals(TREE)) {
      return "N = "
          + Units.typedInts(SortPreset.DEFAULT_N)
          + ", M = "
          + Units.typedInts(TreeDefaults.MEMORY_INTS)
          + ", B = "
          + Units.bytes(TreeDefaults.BUFFER_BYTES)
          + " (m = "
          + TreeDefaults.BLOCKS
          + " blocks, as in seed 004), fanout m/8, user-buffer streams";
    }
    if (name.equals("sort")) {
      long runs = CostModel.runs(SortPreset.DEFAULT_N, SortPreset.CLASSIC_DEFAULT_M);
      int passes = CostModel.mergePasses(runs, SortPreset.CLASSIC.fanIn());
      return "N = "
          + Units.typedInts(SortPreset.DEFAULT_N)
          + ", M = "
          + Units.typedInts(SortPreset.CLASSIC_DEFAULT_M)
          + ", d = "
          + SortPreset.CLASSIC.fanIn()
          + ": "
          + runs
          + " runs, "
          + passes
          + " merge passes; "
          + SortPreset.CLASSIC.streams()
          + " streams, B = "
          + Units.bytes(SortPreset.CLASSIC.bufferBytes())
          + " (the classic preset)";
    }
    return "the four classic stream types, N = "
        + Units.typedInts(StreamsConfig.DEFAULT_N)
        + ", k = 1, B = "
        + Units.bytes(StreamOptions.DEFAULT_BUFFER_BYTES)
        + ", 3 reps after 1 warm-up";
  }

  private static List<String> defaults(String name) {
    if (name.equals(TREE)) {
      // Every value the buffer tree's own defaults (seed 004's M and B), as on the command line.
      return List.of("sort", "--algorithm", "buffer-tree");
    }
    if (name.equals("sort")) {
      return List.of("sort"); // every value the classic preset's, N the sort's default
    }
    return List.of(name, "--stream", CLASSIC_STREAMS);
  }

  private List<String> ownValues(String name)
      throws Prompter.EndOfInput, IOException, Prompter.Back {
    List<String> args = new ArrayList<>();
    args.add(name.equals(TREE) ? "sort" : name);
    List<String> generateFirst = List.of();
    if (name.equals(TREE)) {
      new SortDialogue(prompt, machine).treeValues(args);
    } else if (name.equals("sort")) {
      generateFirst = new SortDialogue(prompt, machine).sortValues(args);
    } else {
      streamValues(name, args);
    }
    args.addAll(List.of("--reps", Long.toString(prompt.number("repetitions", 3, Parameter.REPS))));
    args.addAll(
        List.of("--warmup", Long.toString(prompt.number("warm-up runs", 1, Parameter.WARMUP))));
    args.addAll(
        List.of(
            "--cache",
            prompt.choice(
                "page cache before each run", "as-is", List.of("cold", "warm", "as-is"))));
    // A read writes nothing: only write and sort have writes to force.
    if (!name.equals("read") && prompt.yesNo("force writes to storage (sync)", false)) {
      args.add("--sync");
    }
    if (!generateFirst.isEmpty()) {
      // Only now, with every value accepted: a B or Ctrl-D above leaves no file behind.
      if (runCommand(generateFirst) != ExitCodes.OK) {
        return List.of(); // generate said why
      }
    }
    return args;
  }

  /** Write and read: stream types, N, k, B; each checked against what was chosen before it. */
  private void streamValues(String name, List<String> args)
      throws Prompter.EndOfInput, IOException, Prompter.Back {
    String streams = prompt.choices("stream types", CLASSIC_STREAMS, STREAMS);
    List<StreamType> types = Arrays.stream(streams.split(",")).map(StreamType::parse).toList();
    args.addAll(List.of("--stream", streams));
    args.addAll(
        List.of("--n", Long.toString(prompt.number("N, ints per file", 1_000_000, Parameter.N))));
    boolean usesB = types.stream().anyMatch(StreamType::usesBufferSize);
    long k =
        prompt.number(
            "k, number of streams",
            1,
            Parameter.K,
            value -> {
              admit(() -> Admission.openFiles(value, machine.get()));
              // Types without B hold fixed buffers (buffered: 8 KiB each): checked here, with k.
              for (StreamType t : types) {
                if (!t.usesBufferSize()) {
                  admit(
                      () ->
                          Admission.streams(
                              t, value, StreamOptions.DEFAULT_BUFFER_BYTES, false, machine.get()));
                }
              }
            });
    args.addAll(List.of("--k", Long.toString(k)));
    if (usesB) {
      long b =
          prompt.number(
              "B, buffer bytes",
              StreamOptions.DEFAULT_BUFFER_BYTES,
              Parameter.B,
              value -> {
                for (StreamType t : types) {
                  if (t.usesBufferSize()) {
                    admit(() -> Admission.streams(t, k, value, false, machine.get()));
                  }
                }
              });
      args.addAll(List.of("--b", Long.toString(b)));
    }
  }

  static void rejectIf(String problem) throws Prompter.Rejected {
    if (problem != null) {
      throw new Prompter.Rejected(problem);
    }
  }

  /**
   * Rejects an answer that admission refuses, naming the parameter as the prompts do ("M: ..."), as
   * the command line names its option and a parameter file its column.
   */
  static void admit(Runnable admission) throws Prompter.Rejected {
    try {
      admission.run();
    } catch (RefusedException e) {
      throw new Prompter.Rejected(text(e.first()));
    }
  }

  /** A problem as the menu says it. */
  static String text(Problem p) {
    return p.parameter().label() + ": " + p.message();
  }

  private void generate() throws Prompter.EndOfInput, IOException {
    out.println();
    out.println("Generate data  (Enter takes the default; B goes back)");
    try {
      generateValues();
    } catch (Prompter.Back back) {
      return;
    }
  }

  private void generateValues() throws Prompter.EndOfInput, IOException, Prompter.Back {
    List<String> args = new ArrayList<>(List.of("generate"));
    args.addAll(
        List.of(
            "--out",
            prompt.ask(
                "output file",
                "data/generated.bin",
                "",
                text -> {
                  rejectIf(PathProblems.outputFileProblem(Paths.get(text)));
                  rejectIf(
                      PathProblems.clobberProblem(
                          Paths.get(text),
                          false,
                          "choose another name, or" + " run 'secmem generate --overwrite'"));
                  return text;
                })));
    args.addAll(List.of("--n", Long.toString(prompt.number("N, ints", 1_000_000, Parameter.N))));
    args.addAll(List.of("--shape", prompt.choice("shape", "uniform", SHAPES)));
    args.addAll(
        List.of(
            "--seed",
            Long.toString(prompt.number("seed", 42, Long.MIN_VALUE, Long.MAX_VALUE, false))));
    runCommand(args);
  }

  private void runParamFile() throws Prompter.EndOfInput, IOException {
    out.println();
    out.println("Run a parameter file  (B goes back)");
    try {
      String file = prompt.existingFile("parameter file", "configs/quick.csv");
      List<String> args = new ArrayList<>(List.of("run"));
      int fields = MenuFiles.seedFields(Paths.get(file));
      if (fields > 0) {
        // The seed report's semicolon format does not say its experiment: its fields tell sort
        // (9) from the streams (5); write or read is the user's to say.
        String experiment;
        if (fields == 5) {
          Optional<String> said = MenuFiles.seedStreamExperiment(Paths.get(file));
          out.println(
              "  "
                  + UserText.line(file)
                  + " is in the seed report's format, with stream lines"
                  + said.map(e -> " (its " + e + "s, it says)").orElse(""));
          experiment = prompt.choice("experiment", said.orElse(null), List.of("write", "read"));
        } else if (fields == 9 || fields == 10) {
          out.println(
              "  "
                  + UserText.line(file)
                  + " is in the seed report's format, with"
                  + " merge-sort lines");
          experiment = "sort";
        } else {
          out.println(
              "  "
                  + UserText.line(file)
                  + " is in the seed report's format ("
                  + fields
                  + " fields)");
          experiment = prompt.choice("experiment", null, List.of("write", "read", "sort"));
        }
        args.addAll(List.of("--experiment", experiment));
      }
      args.add(file);
      runCommand(args);
      offerChart();
    } catch (Prompter.Back back) {
      return;
    }
  }

  private void chart() throws Prompter.EndOfInput, IOException {
    out.println();
    out.println("Chart results  (B goes back)");
    try {
      runCommand(List.of("chart", prompt.resultsFile("results file or folder", newestResults())));
    } catch (Prompter.Back back) {
      return;
    }
  }

  /**
   * The newest raw results file under results/ (each command's in a folder of its own, or one given
   * with --results there), the likeliest one to chart.
   */
  private static String newestResults() {
    return newestResults(Paths.get("results")).map(Path::toString).orElse("results/<file>.csv");
  }

  /**
   * The newest raw results file in {@code dir} or a folder in it: CSV or JSON Lines, not a summary
   * or a comparison written beside one.
   */
  public static Optional<Path> newestResults(Path dir) {
    try (Stream<Path> files = Files.find(dir, 2, (p, a) -> a.isRegularFile())) {
      return files
          .filter(Menu::isRawResults)
          .max(Comparator.comparing(p -> p.toFile().lastModified()));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static boolean isRawResults(Path p) {
    return ResultFiles.isRawResults(p);
  }

  /** Runs one command line; says where its results (and report page) are. */
  private int runCommand(List<String> args) {
    // The command gets the arguments as typed; the terminal gets them escaped and shortened.
    out.println("> secmem " + UserText.line(String.join(" ", args)));
    out.flush();
    transcript.clear();
    int code = execute.apply(args);
    if (code == ExitCodes.INTERRUPTED) {
      out.println("interrupted: back at the menu (Ctrl-C at a prompt quits)");
    } else {
      out.println(code == 0 ? "done." : "(exit code " + code + ")");
    }
    String results = transcript.results();
    if (results != null) {
      out.println("  results: " + UserText.line(results));
    }
    for (String line : transcript.report()) {
      out.println("  " + UserText.line(line));
    }
    out.flush();
    return code;
  }

  /**
   * After a run that measured something but drew no charts: says why. A run charts what it can
   * (lines for a sweep, bars for several types or presets), so charting again would draw nothing
   * more; the menu says so instead of offering it.
   */
  private void offerChart() {
    String results = transcript.results();
    if (results == null || transcript.charted() || !Files.isRegularFile(Paths.get(results))) {
      return;
    }
    out.println(
        "  no charts: nothing to compare (one stream type or preset, one configuration);"
            + " run more than one to chart them");
    out.flush();
  }
}
