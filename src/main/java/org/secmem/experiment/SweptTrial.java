package org.secmem.experiment;

import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;

/**
 * A trial whose rows name the sweep that produced them (the {@code sweep} column): everything else
 * is the wrapped trial's.
 */
public final class SweptTrial implements ForwardingTrial {

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
  public Trial inner() {
    return trial;
  }

  @Override
  public ResultRow.Builder configuration() {
    return trial.configuration().set(ResultColumn.SWEEP, sweep);
  }
}
