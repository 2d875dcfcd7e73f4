package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.results.ResultRow;

/** One configuration of an experiment, run once per repetition by {@link ExperimentRunner}. */
public interface Trial {

  /**
   * A short description for progress lines, e.g. {@code read user-buffer N=1000000 k=1 B=65536}.
   */
  String describe();

  /** The cells that name this configuration (experiment, stream types, N, k, B, ...). */
  ResultRow.Builder configuration();

  /** The files the timed run reads, which the cache settings apply to. */
  List<Path> inputs();

  /** Untimed set-up before each run: creating inputs, removing old outputs. */
  void prepare() throws IOException;

  /** The measured work, and nothing else. */
  TrialOutcome run() throws IOException;

  /**
   * Untimed check of what the run produced (e.g. a sorted output re-read from disk); by default
   * what the run itself said.
   */
  default Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    return outcome.verified();
  }

  /** The I/O count the cost model predicts for one run, when it has one. */
  OptionalLong predictedIos();

  /**
   * A lower bound on one run's seconds ({@link TimeEstimate}: the cost model at rates faster than
   * any machine here), from which a fork's watchdog allows the fork its time; 0 where there is
   * none, which leaves a fork only the watchdog's floor.
   */
  default double secondsAtLeast() {
    return 0;
  }

  /**
   * The folders its runs make work folders in: swept for leftovers when a JVM running it was killed
   * ({@code --fork}, the OOM killer); none by default.
   */
  default List<Path> workFolders() {
    return List.of();
  }

  /** Untimed clean-up after each run of this configuration (e.g. outputs not kept). */
  default void finish() throws IOException {}

  /**
   * When the whole batch is over (or stopped): releases what outlives a run, e.g. another sort
   * engine's context that its runs shared. Must not throw.
   */
  default void close() {}
}
