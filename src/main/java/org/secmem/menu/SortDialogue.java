package org.secmem.menu;

import static org.secmem.menu.Menu.admit;
import static org.secmem.menu.Menu.rejectIf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.secmem.admission.Admission;
import org.secmem.admission.Machine;
import org.secmem.admission.Parameter;
import org.secmem.admission.PathProblems;
import org.secmem.admission.SortRequest;
import org.secmem.admission.SortResolver;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.sort.Merger;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.stream.StreamType;
import org.secmem.stream.Streams;

/**
 * The menu's questions for a sort: the merge sort's (input, output, preset, merger, M, d, threads,
 * streams, the merges' read stream, B) and the buffer tree's (N, M, B, fanout, streams, order),
 * each answer checked as the sort command would check it, with the values asked so far.
 */
final class SortDialogue {

  private final Supplier<Machine> machine;

  private final Prompter prompt;

  SortDialogue(Prompter prompt, Supplier<Machine> machine) {
    this.machine = machine;
    this.prompt = prompt;
  }

  /**
   * Sort: input, output, preset, merger, M, d, threads, stream types, B, order; every value checked
   * as the sort command checks it. Returns the generate command to run first when the input is
   * missing (run only once the whole dialogue is answered), else an empty list.
   */
  List<String> sortValues(List<String> args)
      throws Prompter.EndOfInput, IOException, Prompter.Back {
    String input =
        prompt.ask(
            "input file (generated when missing)",
            "data/sort-input.bin",
            "",
            text -> {
              Path p = Paths.get(text);
              if (Files.exists(p)) {
                if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                  throw new Prompter.Rejected(text + " is not a readable file");
                }
                try {
                  Streams.intCount(p);
                } catch (IOException | RuntimeException e) {
                  throw new Prompter.Rejected(String.valueOf(e.getMessage()));
                }
              } else {
                rejectIf(PathProblems.outputFileProblem(p));
              }
              return text;
            });
    Path in = Paths.get(input);
    List<String> generateFirst = List.of();
    long ints;
    if (Files.exists(in)) {
      ints = Streams.intCount(in);
    } else {
      ints = prompt.number("N, ints to generate into " + input, SortPreset.DEFAULT_N, Parameter.N);
      generateFirst = List.of("generate", "--out", input, "--n", Long.toString(ints));
    }
    args.addAll(List.of("--in", input));
    String output =
        prompt.ask(
            "output file",
            "data/sort-output.bin",
            "",
            text -> {
              rejectIf(PathProblems.isTheInput(Paths.get(text), in));
              rejectIf(PathProblems.outputFileProblem(Paths.get(text)));
              rejectIf(
                  PathProblems.clobberProblem(
                      Paths.get(text),
                      false,
                      "choose another name, or" + " run 'secmem sort --overwrite'"));
              return text;
            });
    args.addAll(List.of("--out", output));
    String presetName =
        prompt.choice(
            "preset",
            SortPreset.CLASSIC.cliName(),
            List.of(SortPreset.CLASSIC.cliName(), SortPreset.FAST.cliName()));
    SortPreset preset = SortPreset.parse(presetName);
    args.addAll(List.of("--preset", presetName));
    Merger presetMerger =
        SortResolver.resolve(preset, SortAlgorithm.MERGE, Map.of()).tuning().merger();
    String merger =
        prompt.choice(
            "merger",
            presetMerger.cliName(),
            Arrays.stream(Merger.values()).map(Merger::cliName).toList());
    if (!merger.equals(presetMerger.cliName())) {
      args.addAll(List.of("--merger", merger));
    }
    Optional<Merger> chosenMerger =
        merger.equals(presetMerger.cliName())
            ? Optional.empty()
            : Optional.of(Merger.parse(merger));
    // Each value is checked with the preset's for those not asked yet, as the command would.
    SortAnswers a = new SortAnswers(preset, chosenMerger, ints);
    a.m =
        prompt.number(
            "M, ints in memory",
            preset.memoryInts(),
            Parameter.M,
            value -> a.check(value, a.d, a.threads, a.read, a.write, a.mergeRead, a.b));
    args.addAll(List.of("--m", Long.toString(a.m)));
    a.d =
        (int)
            prompt.number(
                preset == SortPreset.FAST
                    ? "d, merge fan-in (grows to merge many runs in one pass)"
                    : "d, merge fan-in",
                preset.fanIn(),
                Parameter.D,
                value -> a.check(a.m, (int) value, a.threads, a.read, a.write, a.mergeRead, a.b));
    if (preset != SortPreset.FAST || a.d != preset.fanIn()) {
      // Fast's own d stays unsaid, as on the command line: the preset raises it for many runs.
      args.addAll(List.of("--d", Integer.toString(a.d)));
    }
    a.threads =
        (int)
            prompt.number(
                "threads",
                preset.threads(),
                Parameter.THREADS,
                value -> a.check(a.m, a.d, (int) value, a.read, a.write, a.mergeRead, a.b));
    args.addAll(List.of("--threads", Integer.toString(a.threads)));
    a.read =
        prompt.streamType(
            Parameter.READ_STREAM,
            preset.streams(),
            t -> a.check(a.m, a.d, a.threads, t, a.write, t, a.b));
    a.mergeRead = a.read; // until asked, the merges read the runs as the input is read
    args.addAll(List.of("--read-stream", a.read.cliName()));
    a.write =
        prompt.streamType(
            Parameter.WRITE_STREAM,
            preset.streams(),
            t -> a.check(a.m, a.d, a.threads, a.read, t, a.mergeRead, a.b));
    args.addAll(List.of("--write-stream", a.write.cliName()));
    a.mergeRead =
        prompt.streamType(
            Parameter.MERGE_READ_STREAM,
            a.read,
            t -> a.check(a.m, a.d, a.threads, a.read, a.write, t, a.b));
    if (a.mergeRead != a.read) {
      args.addAll(List.of("--merge-read-stream", a.mergeRead.cliName()));
    }
    a.b =
        (int)
            prompt.number(
                "B, buffer bytes",
                preset.bufferBytes(),
                Parameter.B,
                value -> a.check(a.m, a.d, a.threads, a.read, a.write, a.mergeRead, (int) value));
    args.addAll(List.of("--b", Integer.toString(a.b)));
    if (prompt
        .choice("order", "ascending", List.of("ascending", "descending"))
        .equals("descending")) {
      args.add("--descending");
    }
    return generateFirst;
  }

  /**
   * Buffer-tree sort of generated data: N, M, B, fanout, stream types, order; M, B and the fanout
   * checked together as the sort command checks them (a tree of m >= 4 blocks, b within 2a .. m,
   * the heap), and direct refused as the write stream.
   */
  void treeValues(List<String> args) throws Prompter.EndOfInput, IOException, Prompter.Back {
    args.addAll(List.of("--algorithm", "buffer-tree"));
    long n =
        prompt.number(
            "N, ints to sort (generated)",
            SortPreset.DEFAULT_N,
            1,
            Parameter.N.range().max(),
            false);
    long m = prompt.number("M, ints of memory", TreeDefaults.MEMORY_INTS, Parameter.M);
    long b =
        prompt.number(
            "B, block and buffer bytes",
            TreeDefaults.BUFFER_BYTES,
            Parameter.B,
            value ->
                treeProblem(
                    n,
                    m,
                    (int) value,
                    FanoutRule.ratio(1),
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER));
    String fanout =
        prompt.ask(
            "fanout",
            "m/8",
            "m, m/K or a,b",
            text -> {
              try {
                treeProblem(
                    n,
                    m,
                    (int) b,
                    FanoutRule.parse(text),
                    StreamType.USER_BUFFER,
                    StreamType.USER_BUFFER);
              } catch (IllegalArgumentException e) {
                throw new Prompter.Rejected(e.getMessage());
              }
              return text.trim();
            });
    StreamType read =
        prompt.streamType(
            Parameter.READ_STREAM,
            StreamType.USER_BUFFER,
            t -> treeProblem(n, m, (int) b, FanoutRule.parse(fanout), t, StreamType.USER_BUFFER));
    StreamType write =
        prompt.streamType(
            Parameter.WRITE_STREAM,
            StreamType.USER_BUFFER,
            t -> treeProblem(n, m, (int) b, FanoutRule.parse(fanout), read, t));
    args.addAll(
        List.of(
            "--n",
            Long.toString(n),
            "--m",
            Long.toString(m),
            "--b",
            Long.toString(b),
            "--fanout",
            fanout,
            "--read-stream",
            read.cliName(),
            "--write-stream",
            write.cliName()));
    if (prompt
        .choice("order", "ascending", List.of("ascending", "descending"))
        .equals("descending")) {
      args.add("--descending");
    }
  }

  /** What the sort command refuses of a buffer tree: too few blocks, a bad (a, b), the heap. */
  private void treeProblem(
      long n, long m, int b, FanoutRule rule, StreamType read, StreamType write)
      throws Prompter.Rejected {
    SortSettings settings;
    try {
      settings =
          SortResolver.resolve(
              SortPreset.CLASSIC,
              SortAlgorithm.BUFFER_TREE,
              Map.of(
                  Parameter.READ_STREAM,
                  read,
                  Parameter.WRITE_STREAM,
                  write,
                  Parameter.B,
                  b,
                  Parameter.M,
                  m));
    } catch (IllegalArgumentException e) {
      throw new Prompter.Rejected(e.getMessage());
    }
    admit(
        () ->
            Admission.sort(
                new SortRequest(n, settings, SortAlgorithm.BUFFER_TREE, rule, true, 0),
                machine.get()));
  }

  /** The sort values answered so far (the preset's until answered), checked together. */
  private final class SortAnswers {
    final SortPreset preset;
    final Optional<Merger> merger;
    final long ints;
    long m;
    int d;
    int threads;
    StreamType read;
    StreamType write;
    StreamType mergeRead;
    int b;

    SortAnswers(SortPreset preset, Optional<Merger> merger, long ints) {
      this.preset = preset;
      this.merger = merger;
      this.ints = ints;
      this.m = preset.memoryInts();
      this.d = preset.fanIn();
      this.threads = preset.threads();
      this.read = preset.streams();
      this.write = preset.streams();
      this.mergeRead = preset.streams();
      this.b = preset.bufferBytes();
    }

    /** What SortCommand checks before it runs: B per type, combinations, heap, open files. */
    void check(
        long m, int d, int threads, StreamType read, StreamType write, StreamType mergeRead, int b)
        throws Prompter.Rejected {
      SortSettings s;
      try {
        s =
            SortResolver.resolve(
                preset, SortAlgorithm.MERGE, given(m, d, threads, read, write, mergeRead, b));
      } catch (IllegalArgumentException e) {
        throw new Prompter.Rejected(e.getMessage());
      }
      admit(
          () ->
              Admission.sort(
                  new SortRequest(ints, s, SortAlgorithm.MERGE, FanoutRule.DEFAULT, true, 0),
                  machine.get()));
    }

    /** The answers as the resolver takes them, by registry entry. */
    private Map<Parameter, Object> given(
        long m,
        int d,
        int threads,
        StreamType read,
        StreamType write,
        StreamType mergeRead,
        int b) {
      Map<Parameter, Object> out = new EnumMap<>(Parameter.class);
      out.put(Parameter.READ_STREAM, read);
      out.put(Parameter.WRITE_STREAM, write);
      out.put(Parameter.B, b);
      out.put(Parameter.D, d);
      out.put(Parameter.M, m);
      out.put(Parameter.THREADS, threads);
      out.put(Parameter.MERGE_READ_STREAM, mergeRead);
      merger.ifPresent(x -> out.put(Parameter.MERGER, x));
      return out;
    }
  }
}
