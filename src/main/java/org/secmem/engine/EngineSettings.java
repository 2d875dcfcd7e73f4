package org.secmem.engine;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * How an engine runs, as the command line or a parameter row gives it.
 *
 * @param master where it runs: empty for the engine's default (see {@link
 *     KnownEngine#defaultMaster} and {@link KnownEngine#masterProperty}); else e.g. {@code
 *     local[2]} or a cluster's URL
 * @param memoryInts M, when given: the sort's memory budget in ints (for an engine of executors,
 *     the execution memory of each); empty for the engine's default
 * @param partitions how many parts the sorted output is cut into; empty for the engine's choice
 * @param conf further engine settings, {@code key -> value} in the order given
 * @param workDirs where the engine's temporary files go (its local folders); empty for a folder
 *     beside the output
 */
public record EngineSettings(
    Optional<String> master,
    OptionalLong memoryInts,
    OptionalInt partitions,
    Map<String, String> conf,
    List<Path> workDirs) {

  public EngineSettings {
    if (master == null
        || memoryInts == null
        || partitions == null
        || conf == null
        || workDirs == null) {
      throw new IllegalArgumentException("every engine setting must be given (empty for none)");
    }
    conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
    workDirs = List.copyOf(workDirs);
  }

  /** The engine's defaults everywhere. */
  public static EngineSettings defaults() {
    return new EngineSettings(
        Optional.empty(), OptionalLong.empty(), OptionalInt.empty(), Map.of(), List.of());
  }
}
