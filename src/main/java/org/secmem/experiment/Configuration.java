package org.secmem.experiment;

/**
 * One configuration of an experiment, typed by what it is: the streams of write and read ({@link
 * StreamsConfig}) or a sort ({@link SortTrialSpec}). Each holds only the parameters that apply to
 * it; how often and how it is measured ({@link RunSettings}) is beside it.
 */
public sealed interface Configuration permits StreamsConfig, SortTrialSpec {

  /** The experiment it is a configuration of. */
  Experiment experiment();
}
