package org.secmem.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import org.secmem.admission.Admission;
import org.secmem.admission.Parameter;
import org.secmem.admission.QueueRequest;
import org.secmem.admission.RefusedException;
import org.secmem.buffertree.FanoutRule;
import org.secmem.buffertree.TreeDefaults;
import org.secmem.experiment.PqImpl;
import org.secmem.experiment.PqWorkload;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The queues {@code secmem pq} times and how: the workload, the queues, and the buffer tree's M, B,
 * streams and fanout, which apply to the buffer tree only.
 */
final class PqQueueOptions {

  @Option(
      names = "--workload",
      paramLabel = "WORKLOAD",
      completionCandidates = PqQueueOptions.Workloads.class,
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

  /** Workload names for tab completion. */
  static final class Workloads implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(PqWorkload.values()).map(PqWorkload::cliName).iterator();
    }
  }

  /** The workload of --workload. */
  PqWorkload workload(CommandLine cmd) {
    try {
      return PqWorkload.parse(workload);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--workload: " + e.getMessage());
    }
  }

  /** --insert-ratio, which {@code w} ratio needs and no other workload takes; NaN without. */
  double ratio(CommandLine cmd, PqWorkload w) {
    if (w == PqWorkload.RATIO) {
      if (insertRatio == null) {
        throw new CommandLine.ParameterException(
            cmd, "--workload ratio needs --insert-ratio R, 0 < R <= 1");
      }
      if (!(insertRatio > 0 && insertRatio <= 1)) {
        throw new CommandLine.ParameterException(
            cmd, "--insert-ratio: " + insertRatio + " is out of range (allowed: 0 < R <= 1)");
      }
      return insertRatio;
    } else if (insertRatio != null) {
      throw new CommandLine.ParameterException(
          cmd, "--insert-ratio applies to --workload ratio only");
    }
    return Double.NaN;
  }

  /** Whether --impl was given (a queue named there is not left out, but refused). */
  boolean implGiven() {
    return impl != null;
  }

  /** The queues of --impl ({@link PqImpl#list}); both when not given. */
  Set<PqImpl> impls(CommandLine cmd) {
    try {
      return PqImpl.list(impl != null ? impl : "buffer-tree,java");
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--impl: " + e.getMessage());
    }
  }

  /**
   * The buffer tree of these options, the tree's own defaults (seed 004's, as the sort's buffer
   * tree takes them) where none is given; admitted when {@code tree} runs, its options refused when
   * it does not.
   */
  QueueRequest request(CommandLine cmd, long n, boolean tree) {
    if (!tree) {
      refuseTreeOptions(cmd);
    }
    long bytes = memory.b().orElse(TreeDefaults.BUFFER_BYTES);
    long memInts = memory.m().orElse(TreeDefaults.memoryInts((int) bytes));
    StreamType read = memory.readStream().orElse(StreamType.USER_BUFFER);
    StreamType write = memory.writeStream().orElse(StreamType.USER_BUFFER);
    FanoutRule rule = fanout.rule(cmd);
    QueueRequest q = new QueueRequest(n, memInts, (int) bytes, rule, read, write);
    if (tree) {
      Refusals.within(cmd, Parameter.M, memInts);
      Refusals.within(cmd, Parameter.B, bytes);
      try {
        Admission.queue(q, SecmemCommand.machineOf(cmd));
      } catch (RefusedException e) {
        throw Refusals.of(cmd, e);
      }
    }
    return q;
  }

  /** Options of the buffer tree, refused when no buffer tree runs. */
  private void refuseTreeOptions(CommandLine cmd) {
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
}
