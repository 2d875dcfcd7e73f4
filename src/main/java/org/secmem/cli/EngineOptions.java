package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.secmem.admission.Admission;
import org.secmem.admission.RefusedException;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.EngineMethod;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.experiment.TimeEstimate;
import org.secmem.runner.BadInputException;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Which engine {@code secmem sort} runs and its settings: {@code --engine}, {@code --master},
 * {@code --partitions}, {@code --conf}; their help is the engine registry's ({@link
 * SortEngineHelp}).
 */
final class EngineOptions {

  @Option(names = "--engine", paramLabel = "ENGINE", descriptionKey = "engine")
  String engine;

  @Option(names = "--master", paramLabel = "URL", descriptionKey = "master")
  String master;

  @Option(names = "--partitions", paramLabel = "P", descriptionKey = "partitions")
  Integer partitions;

  @Option(names = "--conf", paramLabel = "KEY=VALUE", descriptionKey = "conf")
  List<String> engineConf;

  /** The engine of --engine, by its one name. */
  String name(CommandLine cmd) {
    try {
      return SortEngines.parse(engine);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--engine: " + e.getMessage());
    }
  }

  /** The engine's settings of --conf KEY=VALUE. */
  Map<String, String> conf(CommandLine cmd) {
    try {
      return EngineChecks.conf(engineConf == null ? List.of() : engineConf);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--conf: " + e.getMessage());
    }
  }

  /** The engine's settings: these options', with M per executor and the work folders. */
  EngineSettings settings(OptionalLong m, Map<String, String> conf, List<Path> work) {
    return new EngineSettings(
        Optional.ofNullable(master),
        m,
        partitions == null ? OptionalInt.empty() : OptionalInt.of(partitions),
        conf,
        work);
  }

  /**
   * A sort by another engine, admitted: its module found, its settings checked (exit 2 before
   * anything runs), the same input, output, disk and duration checks as secmem's own sort.
   */
  SortTrialSpec admit(
      CommandLine cmd,
      RunSettings settings,
      String engineName,
      SortInputOptions input,
      OptionalLong m,
      CommonOptions common)
      throws IOException {
    Refusals.refuseAny(
        cmd,
        Admission.applicability(Refusals.given(cmd), false, Optional.of(engineName), Set.of()));
    Map<String, String> conf = conf(cmd);
    long ints = input.ints(cmd);
    List<Path> work = input.workFolders();
    input.checkDataFolder();
    EngineSettings engineSettings = settings(m, conf, work);
    try {
      Admission.engine(engineName, engineSettings);
    } catch (RefusedException e) {
      throw new BadInputException(
          String.join("; ", e.problems().stream().map(p -> Refusals.text(cmd, p)).toList()), e);
    }
    long generated = input.generated() ? ints * Integer.BYTES : 0;
    common
        .disk()
        .check(
            work.isEmpty() ? input.outDir() : work.get(0),
            EngineChecks.peakDiskBytes(ints) + generated,
            "the " + engineName + " sort (its shuffle, the sorted parts and the output)");
    SortTrialSpec trialSpec =
        new SortTrialSpec(
            input.sortData(settings, ints, work, 0), new EngineMethod(engineName, engineSettings));
    common.checkDuration(
        cmd,
        settings.totalRuns() * TimeEstimate.sortSeconds(ints, Math.max(1, ints), 2),
        settings.totalRuns());
    return trialSpec;
  }
}
