package org.secmem.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.FileChecks;
import org.secmem.admission.Machine;
import org.secmem.admission.Parameter;
import org.secmem.admission.QueueRequest;
import org.secmem.admission.RefusedException;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.data.Shape;
import org.secmem.experiment.PqImpl;
import org.secmem.experiment.PqTrial;
import org.secmem.experiment.PqTrialSpec;
import org.secmem.experiment.PqWorkload;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SweptTrial;
import org.secmem.experiment.TimeEstimate;
import org.secmem.experiment.Trial;
import org.secmem.names.Names;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExperimentSession;
import org.secmem.sort.SortMemory;
import org.secmem.stream.StreamOptions;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code secmem pq}: the priority-queue experiment. */
@Command(
    modelTransformer = RegistryOptions.class,
    abbreviateSynopsis = true,
    name = "pq",
    mixinStandardHelpOptions = true,
    description = {
      "Time a priority queue on N inserts and N delete-mins.",
      "",
      "buffer-tree is the external priority queue on Arge's buffer tree (seed 004): the smallest",
      "keys in memory (b blocks of B ints), the rest in a buffer tree of M ints whose files go in"
          + " a",
      "work folder under --dir, removed after each run. java is java.util.PriorityQueue<Integer>,",
      "the in-memory baseline; each queue is its own configuration of the same session, so one",
      "run compares them. Keys are generated from --seed as the run goes. Every key delete-min",
      "returns is kept in an order-sensitive hash chain; after the clock stops the sequence is",
      "replayed on an in-memory oracle (a sorted array, or a TreeMap) and the row says verified.",
      "ns_per_int is ns per operation (2N operations)."
    },
    footer = {
      "%nExamples:",
      "  secmem pq --n 1000000 --m 100000 --b 4096 --impl buffer-tree,java",
      "  secmem pq --n 2^22 --workload interleaved --fanout m/4",
      "  secmem pq --n 2^20 --workload ratio --insert-ratio 0.6 --impl both",
      HelpSections.EXIT_CODES
    })
final class PqCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--n")
  Long n = DEFAULT_N;

  @Option(
      names = "--workload",
      paramLabel = "WORKLOAD",
      completionCandidates = PqCommand.Workloads.class,
      description =
          "insert-then-delete: N inserts, then N delete-mins; interleaved: N/2 inserts, then insert"
              + " and delete-min alternately, then the queue drained; ratio: each operation an"
              + " insert with probability --insert-ratio until N inserts are done, then the queue"
              + " drained (default: ${DEFAULT-VALUE}).",
      defaultValue = "insert-then-delete")
  String workload;

  @Option(
      names = "--insert-ratio",
      paramLabel = "R",
      description =
          "With --workload ratio: the probability that an operation is an insert,"
              + " 0 < R <= 1 (an empty queue always inserts).")
  Double insertRatio;

  @Option(
      names = "--impl",
      paramLabel = "IMPL[,IMPL]",
      description =
          "Queues to time, each its own configuration: buffer-tree, java, a comma"
              + " list or both (default: buffer-tree,java; java is left out, with a note, when the"
              + " heap cannot hold N boxed keys).")
  String impl;

  @Mixin BlockMemoryOptions memory;

  /** The tree's (a, b); the queue also needs b >= 4. */
  @Mixin FanoutOptions fanout;

  @Option(names = "--shape", defaultValue = "uniform")
  Shape shape;

  @Mixin DataFolderOption data;

  @Mixin CommonOptions common;

  /** N when none is given: 2^20 keys, 8 times the default M, so the tree spills to its files. */
  static final long DEFAULT_N = 1 << 20;

  /** Workload names for tab completion. */
  static final class Workloads implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(PqWorkload.values()).map(PqWorkload::cliName).iterator();
    }
  }

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    RunSettings settings = common.settings(cmd);
    Limits.between(cmd, "--n", n, 1, Parameter.N.range().max(), "ints");
    PqWorkload w;
    try {
      w = PqWorkload.parse(workload);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--workload: " + e.getMessage());
    }
    double ratio = Double.NaN;
    if (w == PqWorkload.RATIO) {
      if (insertRatio == null) {
        throw new CommandLine.ParameterException(
            cmd, "--workload ratio needs --insert-ratio R, 0 < R <= 1");
      }
      if (!(insertRatio > 0 && insertRatio <= 1)) {
        throw new CommandLine.ParameterException(
            cmd, "--insert-ratio: " + insertRatio + " is out of range (allowed: 0 < R <= 1)");
      }
      ratio = insertRatio;
    } else if (insertRatio != null) {
      throw new CommandLine.ParameterException(
          cmd, "--insert-ratio applies to --workload ratio only");
    }
    boolean implGiven = impl != null;
    Set<PqImpl> impls = impls(cmd, implGiven ? impl : "buffer-tree,java");
    boolean tree = impls.contains(PqImpl.BUFFER_TREE);
    if (!tree) {
      refuseTreeOption(cmd);
    }
    // The buffer tree's own defaults (seed 004's), as the sort's buffer tree takes them.
    long bytes = memory.b().orElse(TreeDefaults.BUFFER_BYTES);
    long memInts = memory.m().orElse(TreeDefaults.memoryInts((int) bytes));
    StreamType read = memory.readStream().orElse(StreamType.USER_BUFFER);
    StreamType write = memory.writeStream().orElse(StreamType.USER_BUFFER);
    FanoutRule rule = fanout.rule(cmd);
    if (tree) {
      checkTree(cmd, memInts, bytes, read, write, rule);
      FileChecks.writableFolder("--dir", data.dir);
      // The tree holds each key once in a buffer or a leaf; a leaf merge writes a copy.
      common.disk().check(data.dir, 2 * n * Integer.BYTES + 64L * bytes, "the buffer tree's files");
    }
    if (impls.contains(PqImpl.JAVA)) {
      String problem = Admission.javaQueue(n, Machine.current()).orElse(null);
      if (problem != null) {
        if (implGiven) {
          throw new BadInputException("--impl java: " + problem);
        }
        impls.remove(PqImpl.JAVA);
        cmd.getOut().println("note: java left out: " + problem);
        cmd.getOut().flush();
      }
    }
    if (!PqTrial.oracleFits(n, w)) {
      cmd.getOut()
          .println(
              String.format(
                  Locale.ROOT,
                  "note: the oracle for N = %d (%s) needs about %d MiB of heap, more than the %d"
                      + " MiB there is: rows leave verified blank",
                  n,
                  w,
                  PqTrial.oracleHeapBytes(n, w) >> 20,
                  SortMemory.maxHeap() >> 20));
      cmd.getOut().flush();
    }
    StreamOptions options = new StreamOptions((int) bytes, settings.sync());
    List<Trial> trials = new ArrayList<>();
    double seconds = 0;
    for (PqImpl i : impls) {
      PqTrialSpec s =
          new PqTrialSpec(
              n,
              shape,
              settings.seed(),
              w,
              ratio,
              i,
              memInts,
              rule,
              read,
              write,
              options,
              data.dir);
      trials.add(SweptTrial.of(new PqTrial(s, SecmemCommand.cleanupOf(cmd)), "pq"));
      seconds +=
          settings.totalRuns()
              * (i == PqImpl.BUFFER_TREE
                  ? TimeEstimate.sortSeconds(n, memInts, 8)
                  : TimeEstimate.sortSeconds(n, n, 2));
    }
    common.checkDuration(cmd, seconds, settings.totalRuns() * trials.size());
    return ExperimentSession.run(
        CommandInvocation.of(cmd),
        trials,
        settings,
        common.batch(
            tree
                ? Admission.direct(new QueueRequest(n, memInts, (int) bytes, rule, read, write))
                : DirectNeed.NONE),
        common.resultsFile(cmd, "pq"),
        data.dir);
  }

  /** The queues of {@code text}: names separated by commas, or both; each once, in order. */
  private static Set<PqImpl> impls(CommandLine cmd, String text) {
    Set<PqImpl> out = new LinkedHashSet<>();
    for (String part : text.split(",", -1)) {
      String t = part.trim().toLowerCase(Locale.ROOT);
      if (t.equals("both")) {
        out.add(PqImpl.BUFFER_TREE);
        out.add(PqImpl.JAVA);
        continue;
      }
      try {
        out.add(PqImpl.parse(t));
      } catch (IllegalArgumentException e) {
        // "both" is a word of this option, not a queue: the message adds it to the queues' names.
        throw new CommandLine.ParameterException(
            cmd,
            "--impl: "
                + Names.unknown(
                        "priority queue", part.trim(), Names.allowed(PqImpl.class) + ", both")
                    .getMessage());
      }
    }
    return out;
  }

  /** Options of the buffer tree, refused when no buffer tree runs. */
  private void refuseTreeOption(CommandLine cmd) {
    String given =
        memory
            .sizeGiven()
            .or(() -> Optional.ofNullable(fanout.given()))
            .or(memory::streamGiven)
            .orElse(null);
    if (given != null) {
      throw new CommandLine.ParameterException(
          cmd,
          given
              + " applies to --impl buffer-tree"
              + " only (the java queue has no memory bound, blocks or files)");
    }
  }

  /** Refuses, before anything runs, a buffer tree the options cannot make or the heap hold. */
  private void checkTree(
      CommandLine cmd,
      long memInts,
      long bytes,
      StreamType read,
      StreamType write,
      FanoutRule rule) {
    Limits.within(cmd, Parameter.M, memInts);
    Limits.within(cmd, Parameter.B, bytes);
    try {
      Admission.queue(
          new QueueRequest(n, memInts, (int) bytes, rule, read, write), Machine.current());
    } catch (RefusedException e) {
      throw Refusals.of(cmd, e);
    }
  }
}
