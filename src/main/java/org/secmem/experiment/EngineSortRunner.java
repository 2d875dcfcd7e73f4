package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.secmem.data.Checksum;
import org.secmem.data.DataFiles;
import org.secmem.engine.EngineJob;
import org.secmem.engine.EngineStats;
import org.secmem.engine.SortEngine;
import org.secmem.fs.TempRegistry;

/**
 * Another engine ({@link SortEngine}) sorting: started (or its running instance reused) before each
 * run, outside the clock, and stopped when the batch is over; its figures fill the row. secmem's
 * own sorts compute the input's checksum as they read; another engine is not asked to, so it is
 * computed here, untimed, once per state of the input file.
 */
final class EngineSortRunner implements SortRunner {

  private final EngineMethod method;
  private final SortEngine engine;
  private final SortData data;
  private final Path output;
  private final TempRegistry temps;

  /** Nanoseconds the engine took to start before the coming run (0: reused). */
  private long startNanos;

  /** The input's checksum for the output check, and the file state it is of. */
  private Checksum inputChecksum;

  private String inputChecksumOf;

  EngineSortRunner(
      EngineMethod method, SortEngine engine, SortData data, Path output, TempRegistry temps) {
    this.method = method;
    this.engine = engine;
    this.data = data;
    this.output = output;
    this.temps = temps;
  }

  @Override
  public void prepare(Path input) throws IOException {
    String state =
        input.toAbsolutePath()
            + "|"
            + Files.size(input)
            + "|"
            + Files.getLastModifiedTime(input).toMillis();
    if (!state.equals(inputChecksumOf)) {
      inputChecksum = DataFiles.scan(input, Optional.empty()).checksum();
      inputChecksumOf = state;
    }
    if (data.output().isEmpty()) {
      Files.createDirectories(output.toAbsolutePath().getParent()); // the scratch output's
    }
    startNanos = engine.start(method.settings());
  }

  @Override
  public TrialOutcome run() throws IOException {
    EngineStats s =
        engine.sort(
            new EngineJob(
                data.inputFile(), output, data.order(), data.sync(), method.settings(), temps));
    TrialOutcome outcome = SortOutcomes.engine(s, startNanos, inputChecksum);
    startNanos = 0;
    return outcome;
  }

  @Override
  public void close() {
    engine.close();
  }
}
