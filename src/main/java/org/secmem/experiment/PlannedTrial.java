package org.secmem.experiment;

/** A configuration and how to run it: what a batch is made of. */
public record PlannedTrial(Trial trial, RunSettings settings) {

  public PlannedTrial {
    if (trial == null || settings == null) {
      throw new IllegalArgumentException("trial and settings must be given");
    }
  }
}
