package org.secmem.experiment;

import org.secmem.names.CliName;

/** The kinds of experiment, with the names used in result files and parameter files. */
public enum Experiment implements CliName {
  WRITE("write"),
  READ("read"),
  SORT("sort"),
  /** The priority-queue experiment ({@code secmem pq}); not in parameter files. */
  PQ("pq");

  private final String cliName;

  Experiment(String cliName) {
    this.cliName = cliName;
  }

  @Override
  public String cliName() {
    return cliName;
  }

  @Override
  public String toString() {
    return cliName;
  }
}
