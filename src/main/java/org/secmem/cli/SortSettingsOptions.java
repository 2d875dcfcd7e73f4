package org.secmem.cli;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.secmem.admission.Admission;
import org.secmem.admission.DirectNeed;
import org.secmem.admission.DiskSpace;
import org.secmem.admission.InputRule;
import org.secmem.admission.Machine;
import org.secmem.admission.Parameter;
import org.secmem.admission.RefusedException;
import org.secmem.admission.SortPlan;
import org.secmem.admission.SortRequest;
import org.secmem.admission.SortResolver;
import org.secmem.buffertree.FanoutRule;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortMethod;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import org.secmem.sort.WorkDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * How {@code secmem sort} sorts: the algorithm, the preset and every option that changes one of its
 * settings (M, B, the streams, d, the merger, the run sort, threads, the buffer tree's fanout). The
 * settings no mixin binds are made from the registry ({@link RegistryOptions.WithSortSettings});
 * all are read from the command's model by entry.
 */
final class SortSettingsOptions {

  @Mixin BlockMemoryOptions memory;

  @Option(names = "--preset")
  String preset;

  @Option(names = "--algorithm")
  String algorithm;

  @Mixin FanoutOptions fanout;

  /** The preset of --preset. */
  private SortPreset preset() {
    try {
      return SortPreset.parse(preset);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(Parameter.PRESET.option() + ": " + e.getMessage(), e);
    }
  }

  /** The algorithm of --algorithm. */
  SortAlgorithm algorithm(CommandLine cmd) {
    try {
      return SortAlgorithm.parse(algorithm);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, "--algorithm: " + e.getMessage());
    }
  }

  /** The buffer tree's fanout rule of --fanout or --b-over-m. */
  FanoutRule fanoutRule(CommandLine cmd) {
    return fanout.rule(cmd);
  }

  /**
   * The settings this command line asks for: the preset's, with every option given applied by the
   * one resolution parameter files and the menu go through.
   */
  SortSettings resolve(CommandLine cmd, SortAlgorithm algo) {
    try {
      Map<Parameter, Object> given = given(cmd);
      return SortResolver.resolve(preset(), algo, given);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, e.getMessage());
    }
  }

  /**
   * The sort settings given on {@code cmd}, by registry entry: each option's value as it was read,
   * a word (--merger, --run-sort) read by its entry.
   */
  private static Map<Parameter, Object> given(CommandLine cmd) {
    Map<Parameter, Object> out = new EnumMap<>(Parameter.class);
    for (Parameter p : SortResolver.SETTINGS) {
      OptionSpec o = cmd.getCommandSpec().findOption(p.options().get(0));
      Object value = o == null ? null : o.getValue();
      if (value instanceof String word) {
        try {
          value = p.parse(word);
        } catch (IllegalArgumentException e) {
          // Named as a parameter file names its column: "--merger: unknown merger ...".
          throw new IllegalArgumentException(p.option() + ": " + e.getMessage(), e);
        }
      }
      if (value != null) {
        out.put(p, value);
      }
    }
    return out;
  }

  /** A sort by secmem's own algorithms, admitted, and the direct memory its streams hold. */
  record Admitted(SortTrialSpec spec, DirectNeed direct) {}

  /**
   * The sort these options and {@code input} ask for, admitted on this machine: the settings
   * resolved, the input, arrival, work folders and disk checked, the estimated duration accepted.
   */
  Admitted admit(
      CommandLine cmd, RunSettings settings, SortInputOptions input, CommonOptions common)
      throws IOException {
    SortAlgorithm algo = algorithm(cmd);
    SortSettings chosen = resolve(cmd, algo);
    Refusals.refuseAny(
        cmd, Admission.applicability(Refusals.given(cmd), true, Optional.empty(), Set.of(algo)));
    FanoutRule fanoutRule = fanoutRule(cmd);
    // Its range is checked with every registry option's (InputChecks.checkRanges).
    Refusals.refuseAny(
        cmd, InputRule.arrival(input.arrivalNanos(), !input.generated()).stream().toList());
    long ints = input.ints(cmd);
    // One view of this machine: the d chosen below is the d admitted against it.
    Machine machine = SecmemCommand.machineOf(cmd);
    if (algo == SortAlgorithm.MERGE) {
      // The fast preset's own d grows to merge a large input's runs in fewer passes.
      chosen = chosen.forInput(ints, machine.freeDescriptors());
    }
    List<Path> work = input.workFolders();
    List<Optional<FileStore>> stores = work.stream().map(WorkDirectory::fileStore).toList();
    DiskSpace.sharedDisks("--work-dir", work, stores)
        .ifPresent(
            note -> {
              cmd.getErr().println("note: " + note);
              cmd.getErr().flush();
            });
    input.checkDataFolder();
    SortPlan plan;
    try {
      plan =
          Admission.sort(
              new SortRequest(
                  ints, chosen, algo, fanoutRule, memory.m().isPresent(), input.arrivalNanos()),
              machine);
    } catch (RefusedException e) {
      throw Refusals.of(cmd, e);
    }
    common
        .disk()
        .sort(
            algo == SortAlgorithm.IN_MEMORY, ints, input.generated(), input.outDir(), work, stores);
    SortTrialSpec trialSpec =
        new SortTrialSpec(
            input.sortData(settings, ints, work, input.arrivalNanos()),
            SortMethod.of(chosen, algo, fanoutRule));
    common.checkDuration(
        cmd, settings.totalRuns() * plan.request().seconds(), settings.totalRuns());
    return new Admitted(trialSpec, Admission.direct(plan));
  }
}
