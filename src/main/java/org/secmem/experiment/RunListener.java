package org.secmem.experiment;

import org.secmem.results.ResultRow;

/** Hears what the runner does, for progress display; the runner itself prints nothing. */
public interface RunListener {

  /**
   * A run is about to start.
   *
   * @param config 1-based index of the configuration in the batch
   * @param configs how many configurations the batch has
   * @param run 1-based index of the run within the configuration, warm-ups first
   * @param runs warm-ups plus repetitions of this configuration
   */
  default void runStarting(String what, int config, int configs, int run, int runs) {}

  /** A run was measured and recorded. */
  default void runFinished(ResultRow row) {}

  /**
   * A warm-up ran again but was not recorded: the results file already holds its row (a resumed
   * configuration warms up again, since the process is fresh).
   */
  default void runNotRecorded(ResultRow row) {}

  /** Something the user should know once (e.g. the cache could not be dropped). */
  default void warning(String message) {}

  static RunListener silent() {
    return new RunListener() {};
  }
}
