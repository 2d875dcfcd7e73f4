package org.secmem.engine;

import java.io.IOException;
import java.util.List;

/**
 * A sort engine other than secmem's own, found on the class path by {@link #name()} through {@link
 * java.util.ServiceLoader}. It sorts a file of big-endian 32-bit ints into another in the same
 * format, which {@code secmem verify --sorted --same-as} accepts.
 *
 * <p>Its lifecycle follows the sort experiment's: {@link #problems} before anything runs (bad
 * settings exit 2), {@link #start} untimed before each run (starting, or reusing, what the sort
 * runs on), {@link #sort} on the clock, {@link #close} when the command ends.
 */
public interface SortEngine extends AutoCloseable {

  /** What the command line, parameter files and the {@code engine} column call it. */
  String name();

  /**
   * What is wrong with these settings (a malformed master URL, an engine setting it does not know),
   * each naming the setting and saying what is allowed; empty when they can run.
   */
  List<EngineProblem> problems(EngineSettings settings);

  /**
   * Untimed: starts what the sort runs on (a context in this JVM, a connection to a cluster), or
   * reuses the one started for the same settings.
   *
   * @return nanoseconds spent starting, 0 when reused
   * @throws EngineException when it cannot start (a master that cannot be reached)
   */
  long start(EngineSettings settings) throws IOException;

  /**
   * Sorts {@code job.input()} into {@code job.output()}. On failure no file is left at the output
   * path (a file already there is left as it was) and the engine's temporary files are removed.
   *
   * @throws EngineException when the engine fails, with one line that says why
   */
  EngineStats sort(EngineJob job) throws IOException;

  /** Stops what {@link #start} started. */
  @Override
  void close();
}
