package org.secmem.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.FileChecks;
import org.secmem.admission.Parameter;
import org.secmem.admission.QueueRequest;
import org.secmem.data.Shape;
import org.secmem.experiment.PqImpl;
import org.secmem.experiment.PqTrial;
import org.secmem.experiment.PqTrialSpec;
import org.secmem.experiment.PqWorkload;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SweptTrial;
import org.secmem.experiment.TimeEstimate;
import org.secmem.experiment.Trial;
import org.secmem.runner.BadInputException;
import org.secmem.runner.ExitCodes;
import org.secmem.runner.ExperimentSession;
import org.secmem.stream.StreamOptions;
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
      ExitCodes.HELP
    })
final class PqCommand implements Callable<Integer> {

  @Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--n")
  Long n = DEFAULT_N;

  @Mixin PqQueueOptions queue;

  @Option(names = "--shape")
  Shape shape;

  @Mixin DataFolderOption data;

  @Mixin CommonOptions common;

  /** N when none is given: 2^20 keys, 8 times the default M, so the tree spills to its files. */
  static final long DEFAULT_N = 1 << 20;

  @Override
  public Integer call() throws Exception {
    CommandLine cmd = spec.commandLine();
    RunSettings settings = common.settings(cmd);
    Refusals.between(cmd, "--n", n, 1, Parameter.N.range().max(), "ints");
    PqWorkload w = queue.workload(cmd);
    double ratio = queue.ratio(cmd, w);
    Set<PqImpl> impls = queue.impls(cmd);
    boolean tree = impls.contains(PqImpl.BUFFER_TREE);
    QueueRequest q = queue.request(cmd, n, tree);
    if (tree) {
      FileChecks.writableFolder("--dir", data.dir);
      // The tree holds each key once in a buffer or a leaf; a leaf merge writes a copy.
      common
          .disk()
          .check(
              data.dir, 2 * n * Integer.BYTES + 64L * q.bufferBytes(), "the buffer tree's files");
    }
    if (impls.contains(PqImpl.JAVA)) {
      String problem = Admission.javaQueue(n, SecmemCommand.machineOf(cmd)).orElse(null);
      if (problem != null) {
        if (queue.implGiven()) {
          throw new BadInputException("--impl java: " + problem);
        }
        impls.remove(PqImpl.JAVA);
        cmd.getOut().println("note: java left out: " + problem);
        cmd.getOut().flush();
      }
    }
    PqTrial.oracleNote(n, w)
        .ifPresent(
            note -> {
              cmd.getOut().println("note: " + note);
              cmd.getOut().flush();
            });
    StreamOptions options = new StreamOptions(q.bufferBytes(), settings.sync());
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
              q.memoryInts(),
              q.fanout(),
              q.read(),
              q.write(),
              options,
              data.dir);
      trials.add(SweptTrial.of(new PqTrial(s, SecmemCommand.cleanupOf(cmd)), "pq"));
      seconds +=
          settings.totalRuns()
              * (i == PqImpl.BUFFER_TREE
                  ? TimeEstimate.sortSeconds(n, q.memoryInts(), 8)
                  : TimeEstimate.sortSeconds(n, n, 2));
    }
    common.checkDuration(cmd, seconds, settings.totalRuns() * trials.size());
    return ExperimentSession.run(
        CommandInvocation.of(cmd),
        trials,
        settings,
        common.batch(tree ? Admission.direct(q) : DirectNeed.NONE),
        common.resultsFile(cmd, "pq"),
        data.dir);
  }
}
