package org.secmem.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.secmem.report.ResultColumn;
import org.secmem.report.ResultRow;

/**
 * A trial whose rows name the sweep that produced them (the {@code sweep} column): everything else
 * is the wrapped trial's.
 */
public final class SweptTrial implements Trial {

  private final Trial trial;
  private final String sweep;

  private SweptTrial(Trial trial, String sweep) {
    this.trial = trial;
    this.sweep = sweep;
  }

  /**
   * {@code trial}, its rows marked with {@code sweep}: the subcommand's name for a command line,
   * {@code FILE:LINE} for a parameter-file row.
   */
  public static Trial of(Trial trial, String sweep) {
    if (sweep == null || sweep.isBlank()) {
      throw new IllegalArgumentException("a sweep must be named");
    }
    Trial inner = trial instanceof SweptTrial s ? s.trial : trial;
    return new SweptTrial(inner, sweep);
  }

  @Override
  public String describe() {
    return trial.describe();
  }

  @Override
  public ResultRow.Builder configuration() {
    return trial.configuration().set(ResultColumn.SWEEP, sweep);
  }

  @Override
  public List<Path> inputs() {
    return trial.inputs();
  }

  @Override
  public void prepare() throws IOException {
    trial.prepare();
  }

  @Override
  public TrialOutcome run() throws IOException {
    return trial.run();
  }

  @Override
  public Optional<Boolean> verify(TrialOutcome outcome) throws IOException {
    return trial.verify(outcome);
  }

  @Override
  public OptionalLong predictedIos() {
    return trial.predictedIos();
  }

  @Override
  public List<Path> workFolders() {
    return trial.workFolders();
  }

  @Override
  public void finish() throws IOException {
    trial.finish();
  }

  @Override
  public void close() {
    trial.close();
  }
}
