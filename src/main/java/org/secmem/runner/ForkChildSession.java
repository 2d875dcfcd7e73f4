package org.secmem.runner;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.experiment.BatchOptions;
import org.secmem.experiment.BatchStep;
import org.secmem.experiment.CacheController;
import org.secmem.experiment.ExperimentRunner;
import org.secmem.experiment.ExperimentRunner.Runs;
import org.secmem.experiment.ForkChild;
import org.secmem.experiment.LinuxPageCache;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunListener;
import org.secmem.experiment.RunOrder;
import org.secmem.experiment.RunSettings;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.ResultSink;

/**
 * The forked JVM's side of {@code --fork}: measures one configuration's warm-ups and repetitions,
 * one after another, and hands each row to the parent as one line on standard output ({@value
 * #ROW_PREFIX} and the row as CSV in {@link ResultColumn} order), numbered as the parent's schedule
 * says. It writes no file: the parent records every row as it arrives, so a row is kept as soon as
 * it is measured, as in one JVM.
 */
final class ForkChildSession {

  /** Starts a row line on the child's standard output. */
  static final String ROW_PREFIX = "secmem-row:";

  /**
   * Set by the parent in a fork's environment: the fork's standard input is a pipe from the parent,
   * which ends when the parent does.
   */
  static final String PARENT_PIPE_ENV = "SECMEM_FORK_PARENT_PIPE";

  private static final Logger LOG = LogManager.getLogger(ForkChildSession.class);

  private ForkChildSession() {}

  /**
   * In a fork started by a parent that holds its standard input open ({@link #PARENT_PIPE_ENV}): a
   * daemon thread waits for the end of that input, which comes when the parent ends however it ends
   * (kill -9 too), and then ends this JVM as SIGTERM would: the shutdown hook removes its temporary
   * files and work folders, and no one is left measuring for nobody.
   */
  static void endWithParent() {
    if (System.getenv(PARENT_PIPE_ENV) == null) {
      return;
    }
    Thread t =
        new Thread(
            () -> {
              try {
                while (System.in.read() >= 0) {
                  // the parent sends nothing; whatever comes is ignored
                }
                LOG.warn("The parent of this fork is gone: stopping");
              } catch (IOException e) {
                LOG.warn("The pipe from this fork's parent failed: stopping", e);
              }
              System.exit(ExitCodes.TERMINATED);
            },
            "secmem-fork-parent-watch");
    t.setDaemon(true);
    t.start();
  }

  static int run(Invocation call, List<PlannedTrial> plan, ForkChild child, BatchOptions batch)
      throws IOException {
    endWithParent();
    if (child.config() >= plan.size()) {
      throw new IllegalStateException(
          "fork of configuration "
              + (child.config() + 1)
              + " of a"
              + " batch of "
              + plan.size()
              + ": the parent planned another batch");
    }
    PlannedTrial planned = plan.get(child.config());
    RunSettings s = planned.settings();
    RunSettings mine =
        new RunSettings(child.reps().size(), child.warmups().size(), s.cache(), s.sync(), s.seed());
    List<Integer> warmups = List.copyOf(child.warmups());
    SortedSet<Integer> recorded = new TreeSet<>();
    for (int i = 0; i < warmups.size(); i++) {
      if (child.recordedWarmups().contains(warmups.get(i))) {
        recorded.add(i + 1);
      }
    }
    Runs runs = new Runs(recorded, Runs.numbers(child.reps().size()));
    PrintWriter out = call.out();
    ResultSink sink =
        row -> {
          out.println(ROW_PREFIX + csv(renumber(row, child, warmups)));
          out.flush();
        };
    RunListener quiet = RunListener.silent();
    new ExperimentRunner(sink, quiet, new CacheController(new LinuxPageCache(), quiet))
        .run(
            List.of(new BatchStep(child.config(), new PlannedTrial(planned.trial(), mine), runs)),
            new BatchOptions(RunOrder.SEQUENTIAL, batch.orderSeed(), batch.flush())
                .withSteady(batch.steady()));
    return ExitCodes.OK;
  }

  /** The row under the parent's numbers: warm-up and rep, position, round, and the fork. */
  static ResultRow renumber(ResultRow row, ForkChild child, List<Integer> warmups) {
    boolean warmup = Boolean.parseBoolean(row.get(ResultColumn.WARMUP));
    int local = Integer.parseInt(row.get(ResultColumn.REP));
    int rep = warmup ? warmups.get(local - 1) : List.copyOf(child.reps()).get(local - 1);
    long position = child.position() + Long.parseLong(row.get(ResultColumn.ORDER_INDEX)) - 1;
    int round = child.round() + Integer.parseInt(row.get(ResultColumn.ROUND)) - 1;
    ResultRow.Builder b =
        row.toBuilder()
            .set(ResultColumn.REP, rep)
            .set(ResultColumn.ORDER_INDEX, position)
            .set(ResultColumn.ROUND, round)
            .set(ResultColumn.FORK, child.fork());
    if (child.sentinel()) {
      b.set(ResultColumn.SENTINEL, true).set(ResultColumn.ROUND, (String) null);
    }
    return b.build();
  }

  /** The row as one CSV record (no line end), every column in order. */
  static String csv(ResultRow row) {
    StringWriter w = new StringWriter();
    try (CSVPrinter p =
        new CSVPrinter(w, CSVFormat.RFC4180.builder().setRecordSeparator("").build())) {
      p.printRecord(row.cellsInColumnOrder());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return w.toString();
  }
}
