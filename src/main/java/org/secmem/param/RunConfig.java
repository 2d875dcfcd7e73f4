package org.secmem.param;

import java.nio.file.Path;
import java.util.OptionalLong;
import org.secmem.admission.Request;
import org.secmem.experiment.Configuration;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.RunSettings;

/**
 * One configuration read from a parameter file, checked and ready to run: where it came from, the
 * typed configuration (a single value for every parameter that applies to it; a row with lists or
 * ranges gives one of these per combination) and how it is measured.
 *
 * @param source the parameter file
 * @param line the line it came from
 * @param configuration what runs: streams of write or read, or a sort
 * @param settings repetitions, warm-up, cache, sync, seed
 * @param request what {@link org.secmem.admission.Admission} judges of it before anything runs;
 *     null for another engine, which judges its own settings
 * @param memoryLimit the memory cgroup (bytes) its forks are measured in ({@code memory_limit});
 *     empty for the command line's {@code --memory-limit}, or none
 */
public record RunConfig(
    Path source,
    long line,
    Configuration configuration,
    RunSettings settings,
    Request request,
    OptionalLong memoryLimit) {

  public RunConfig {
    if (configuration == null || settings == null) {
      throw new IllegalArgumentException("configuration and settings must be given");
    }
    memoryLimit = memoryLimit == null ? OptionalLong.empty() : memoryLimit;
  }

  /** The experiment it is a configuration of. */
  public Experiment experiment() {
    return configuration.experiment();
  }

  /** This configuration measured under {@code limit} (a {@code memory_limit} cell's value). */
  public RunConfig withMemoryLimit(OptionalLong limit) {
    return new RunConfig(source, line, configuration, settings, request, limit);
  }

  /** Where this configuration came from, e.g. {@code configs/quick.csv:4}. */
  public String origin() {
    return source + ":" + line;
  }
}
