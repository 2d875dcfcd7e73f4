package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;

/**
 * What sorts in a {@link SortTrial}: one of secmem's own algorithms or another engine, behind one
 * face. Each {@link SortMethod} makes its own ({@link SortMethod#runner}), so the trial has no
 * branch per algorithm or engine: it prepares the data, runs this on the clock and checks the
 * output, whatever sorted it.
 *
 * <p>A runner is made for one trial (its data and output) and used for every repetition of it.
 */
public interface SortRunner extends AutoCloseable {

  /**
   * Untimed, before each run of a sort of a file already in place ({@code input}, of the data's
   * {@code n} ints): whatever the sort needs ready that is not the sort (another engine's context,
   * the input's checksum for the output check). Not called for an online sort.
   */
  default void prepare(Path input) throws IOException {}

  /** The sort, on the clock: the data's input (or its arriving keys) into the trial's output. */
  TrialOutcome run() throws IOException;

  /** Untimed, after each run's check: removes what the run left besides its output. */
  default void finish() throws IOException {}

  /** When the trial's batch is over: stops what {@link #prepare} started. */
  @Override
  default void close() {}

  /**
   * Set once per process: with the PID it makes a scratch name that no other process uses, in
   * another PID namespace either (where the same PID may run at the same time).
   */
  String PROCESS = java.util.UUID.randomUUID().toString().substring(0, 8);

  /** The temporary file {@code name} of this process, in the data's folder. */
  static Path scratch(SortData data, String name) {
    return data.dataDir()
        .resolve(name + "-" + ProcessHandle.current().pid() + "-" + PROCESS + ".bin");
  }
}
