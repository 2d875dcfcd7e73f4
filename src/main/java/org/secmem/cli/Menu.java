package org.secmem.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.secmem.sort.SortPreset;
import java.util.function.Function;
import org.secmem.data.Shape;
import org.secmem.param.NumericField;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;

/**
 * The interactive menu, in the spirit of the seed report's Figure 3: numbered choices, each
 * experiment run with defaults, with values entered one by one, or from a parameter file. Every
 * choice becomes an ordinary command line, run through the same commands (and checks) as the CLI.
 */
final class Menu {

  private static final List<String> STREAMS =
      Arrays.stream(StreamType.values()).map(StreamType::cliName).toList();
  private static final List<String> SHAPES =
      Arrays.stream(Shape.values()).map(Shape::cliName).toList();
  private static final String CLASSIC_STREAMS =
      String.join(",", StreamType.CLASSIC.stream().map(StreamType::cliName).toList());

  private final Prompter prompt;
  private final PrintWriter out;
  private final Function<List<String>, Integer> execute;

  /**
   * @param execute runs one secmem command line and returns its exit code
   */
  Menu(BufferedReader in, PrintWriter out, Function<List<String>, Integer> execute) {
    this.prompt = new Prompter(in, out);
    this.out = out;
    this.execute = execute;
  }

  /** Runs until Quit or the end of input; returns 0. */
  int run() throws IOException {
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
          out.println("  0) Quit");
        }
        String choice = prompt.line("Choice: ");
        // A wrong key or a bare Enter asks again without printing the whole menu once more.
        show = false;
        switch (choice.toLowerCase(java.util.Locale.ROOT)) {
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
          case "0":
          case "q":
          case "quit":
            out.println("bye");
            out.flush();
            return ExitCodes.OK;
          case "":
            break;
          default:
            out.println("  '" + choice + "' is not a choice: type 0 to 6");
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
      switch (choice.toLowerCase(java.util.Locale.ROOT)) {
        case "1":
          runCommand(defaults(name));
          return;
        case "2":
          try {
            out.println("  (Enter takes the default; B goes back)");
            runCommand(ownValues(name));
            return;
          } catch (Prompter.Back back) {
            continue;
          }
        case "3":
          try {
            String file = prompt.existingFile("parameter file", "configs/" + name + "-seed.csv");
            runCommand(List.of(name, "--params", file));
            return;
          } catch (Prompter.Back back) {
            continue;
          }
        case "b":
        case "back":
          return;
        default:
          out.println("  '" + choice + "' is not a choice: type 1, 2, 3 or B");
      }
    }
  }

  private static String title(String name) {
    switch (name) {
      case "write":
        return "Write streams";
      case "read":
        return "Read streams";
      default:
        return "External merge sort";
    }
  }

  private static String defaultsText(String name) {
    if (name.equals("sort")) {
      return "N = 1000000 uniform ints, M = " + SortPreset.CLASSIC_DEFAULT_M + ", d = "
          + SortPreset.CLASSIC.fanIn() + ", " + SortPreset.CLASSIC.streams() + " streams, B = "
          + SortPreset.CLASSIC.bufferBytes() + " (the classic preset)";
    }
    return "the four classic stream types, N = 1000000, k = 1, B = 65536, 3 reps after 1"
        + " warm-up";
  }

  private static List<String> defaults(String name) {
    if (name.equals("sort")) {
      return List.of("sort", "--n", "1000000"); // every other value the preset's
    }
    return List.of(name, "--stream", CLASSIC_STREAMS);
  }

  private List<String> ownValues(String name)
      throws Prompter.EndOfInput, IOException, Prompter.Back {
    List<String> args = new ArrayList<>();
    args.add(name);
    if (name.equals("sort")) {
      String input = prompt.text("input file (generated when missing)", "data/sort-input.bin");
      java.nio.file.Path in = java.nio.file.Paths.get(input);
      if (!java.nio.file.Files.exists(in)) {
        long n = prompt.number("N, ints to generate into " + input, 1_000_000,
            NumericField.N.min(), NumericField.N.max(), false);
        // Made first, so the sort reads exactly the file the user named.
        runCommand(List.of("generate", "--out", input, "--n", Long.toString(n)));
        if (!java.nio.file.Files.exists(in)) {
          return List.of("sort", "--in", input); // generate said why; the sort repeats it
        }
      }
      args.addAll(List.of("--in", input));
      String output = prompt.ask("output file", "data/sort-output.bin", "", text -> {
        if (java.nio.file.Paths.get(text).toAbsolutePath().normalize()
            .equals(in.toAbsolutePath().normalize())) {
          throw new Prompter.Rejected(text + " is the input file; write the output elsewhere");
        }
        return text;
      });
      args.addAll(List.of("--out", output));
      String presetName = prompt.choice("preset", SortPreset.CLASSIC.cliName(),
          List.of(SortPreset.CLASSIC.cliName(), SortPreset.FAST.cliName()));
      SortPreset preset = SortPreset.parse(presetName);
      args.addAll(List.of("--preset", presetName));
      args.addAll(List.of("--m", Long.toString(prompt.number("M, ints in memory",
          preset.memoryInts(), NumericField.M.min(), NumericField.M.max(), false))));
      args.addAll(List.of("--d", Long.toString(prompt.number("d, merge fan-in", preset.fanIn(),
          NumericField.D.min(), NumericField.D.max(), false))));
      args.addAll(List.of("--threads", Long.toString(prompt.number("threads", preset.threads(),
          NumericField.THREADS.min(), NumericField.THREADS.max(), false))));
      args.addAll(List.of("--read-stream", prompt.choice("read stream type",
          preset.streams().cliName(), STREAMS)));
      args.addAll(List.of("--write-stream", prompt.choice("write stream type",
          preset.streams().cliName(), STREAMS)));
      args.addAll(List.of("--b", Long.toString(bufferBytes(preset.bufferBytes()))));
      if (prompt.choice("order", "ascending", List.of("ascending", "descending"))
          .equals("descending")) {
        args.add("--descending");
      }
    } else {
      String streams = prompt.choices("stream types", CLASSIC_STREAMS, STREAMS);
      args.addAll(List.of("--stream", streams));
      args.addAll(List.of("--n", Long.toString(prompt.number("N, ints per file", 1_000_000,
          NumericField.N.min(), NumericField.N.max(), false))));
      args.addAll(List.of("--k", Long.toString(prompt.number("k, number of streams", 1,
          NumericField.K.min(), NumericField.K.max(), false))));
      if (streams.contains("user-buffer") || streams.contains("mapped")
          || streams.contains("channel") || streams.contains("direct")
          || streams.contains("async")) {
        args.addAll(List.of("--b", Long.toString(bufferBytes())));
      }
    }
    args.addAll(List.of("--reps", Long.toString(prompt.number("repetitions", 3,
        NumericField.REPS.min(), NumericField.REPS.max(), false))));
    args.addAll(List.of("--warmup", Long.toString(prompt.number("warm-up runs", 1,
        NumericField.WARMUP.min(), NumericField.WARMUP.max(), false))));
    args.addAll(List.of("--cache", prompt.choice("page cache before each run", "as-is",
        List.of("cold", "warm", "as-is"))));
    // A read writes nothing: only write and sort have writes to force.
    if (!name.equals("read") && prompt.yesNo("force writes to storage (sync)", false)) {
      args.add("--sync");
    }
    return args;
  }

  private long bufferBytes() throws Prompter.EndOfInput, IOException, Prompter.Back {
    return bufferBytes(StreamOptions.DEFAULT_BUFFER_BYTES);
  }

  private long bufferBytes(long def) throws Prompter.EndOfInput, IOException, Prompter.Back {
    return prompt.number("B, buffer bytes", def,
        StreamOptions.MIN_BUFFER_BYTES, StreamOptions.MAX_BUFFER_BYTES, true);
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
    args.addAll(List.of("--out", prompt.text("output file", "data/generated.bin")));
    args.addAll(List.of("--n", Long.toString(prompt.number("N, ints", 1_000_000,
        NumericField.N.min(), NumericField.N.max(), false))));
    args.addAll(List.of("--shape", prompt.choice("shape", "uniform", SHAPES)));
    args.addAll(List.of("--seed", Long.toString(
        prompt.number("seed", 42, Long.MIN_VALUE, Long.MAX_VALUE, false))));
    runCommand(args);
  }

  private void runParamFile() throws Prompter.EndOfInput, IOException {
    out.println();
    out.println("Run a parameter file  (B goes back)");
    try {
      runCommand(List.of("run", prompt.existingFile("parameter file", "configs/quick.csv")));
    } catch (Prompter.Back back) {
      return;
    }
  }

  private void chart() throws Prompter.EndOfInput, IOException {
    out.println();
    out.println("Chart results  (B goes back)");
    try {
      runCommand(List.of("chart", prompt.existingFile("results CSV", newestResults())));
    } catch (Prompter.Back back) {
      return;
    }
  }

  /** The newest raw results file under results/, the likeliest one to chart. */
  private static String newestResults() {
    java.nio.file.Path dir = java.nio.file.Paths.get("results");
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
      return files
          .filter(p -> p.toString().endsWith(".csv") && !p.toString().endsWith("-summary.csv"))
          .max(java.util.Comparator.comparing(p -> p.toFile().lastModified()))
          .map(java.nio.file.Path::toString)
          .orElse("results/<file>.csv");
    } catch (IOException e) {
      return "results/<file>.csv";
    }
  }

  private void runCommand(List<String> args) {
    out.println("> secmem " + String.join(" ", args));
    out.flush();
    int code = execute.apply(args);
    out.println(code == 0 ? "done." : "(exit code " + code + ")");
    out.flush();
  }
}
