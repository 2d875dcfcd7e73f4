package org.secmem.param;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;
import org.secmem.admission.Machine;
import org.secmem.data.DataFiles;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.StreamsConfig;
import org.secmem.stream.StreamOptions;

/**
 * What a parameter file's empty cells mean: the product defaults, or the common options given on
 * the command line. A sort's M, d, B, streams and threads come from its preset ({@link
 * org.secmem.admission.SortResolver}), the one resolution the command line and menu share. With a
 * machine, every configuration is admitted against it; without, a file is only parsed.
 */
public record ParamDefaults(
    RunSettings settings, long n, int k, int b, Path dataDir, Optional<Machine> machine) {

  public static ParamDefaults standard() {
    return new ParamDefaults(
        RunSettings.defaults(),
        StreamsConfig.DEFAULT_N,
        StreamsConfig.DEFAULT_K,
        StreamOptions.DEFAULT_BUFFER_BYTES,
        Paths.get(DataFiles.DEFAULT_FOLDER),
        Optional.empty());
  }

  public ParamDefaults withSettings(RunSettings s) {
    return new ParamDefaults(s, n, k, b, dataDir, machine);
  }

  /**
   * These defaults, with every configuration admitted against {@code m} as its line is read, so
   * that a file that cannot run here is refused, every line at once, before anything runs.
   */
  public ParamDefaults admittingOn(Machine m) {
    return new ParamDefaults(settings, n, k, b, dataDir, Optional.of(m));
  }
}
