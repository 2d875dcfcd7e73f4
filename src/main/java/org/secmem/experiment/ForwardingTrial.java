package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.results.ResultRow;

/**
 * A trial that wraps another and changes only a little of it (its sweep, the JVM it runs on):
 * everything it does not override is the wrapped trial's.
 */
interface ForwardingTrial extends Trial {

  /** The wrapped trial. */
  Trial inner();

  @Override
  default String describe() {
    return inner().describe();
  }

  @Override
  default ResultRow.Builder configuration() {
    return inner().configuration();
  }

  @Override
  default List<Path> inputs() {
    return inner().inputs();
  }

  @Override
  default void prepare() throws IOException {
    inner().prepare();
  }

  @Override
  default TrialOutcome run() throws IOException {
    return inner().run();
  }

  @Override
  default Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    return inner().verify(outcome);
  }

  @Override
  default OptionalLong predictedIos() {
    return inner().predictedIos();
  }

  @Override
  default double secondsAtLeast() {
    return inner().secondsAtLeast();
  }

  @Override
  default List<Path> workFolders() {
    return inner().workFolders();
  }

  @Override
  default void finish() throws IOException {
    inner().finish();
  }

  @Override
  default void close() {
    inner().close();
  }
}
