package org.secmem.experiment;

import java.nio.file.Path;
import java.util.OptionalLong;
import org.secmem.engine.EngineSettings;
import org.secmem.engine.EngineUnavailableException;
import org.secmem.engine.KnownEngine;
import org.secmem.engine.KnownEngines;
import org.secmem.engine.SortEngine;
import org.secmem.engine.SortEngines;
import org.secmem.fs.TempRegistry;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultRow;
import org.secmem.results.RowKind;
import org.secmem.units.Units;

/**
 * A sort by another engine (one of {@link KnownEngines}): it takes the data's input, output, order,
 * sync and work folders, and its own settings; secmem's stream types, B, d and composition do not
 * apply, so its row leaves them blank and records what the engine was told.
 *
 * @param engine the engine's name, as {@code --engine} and the {@code engine} column take it
 * @param settings its master, M when given, partitions, its own settings and work folders
 */
public record EngineMethod(String engine, EngineSettings settings) implements SortMethod {

  public EngineMethod {
    if (engine == null || settings == null) {
      throw new IllegalArgumentException("engine and settings must be given");
    }
    if (engine.equals(SortEngines.SECMEM)) {
      throw new IllegalArgumentException("secmem's own sort is an OwnSort, not an engine");
    }
  }

  /**
   * Where it runs, as the row records it: the master given, else the one among the engine's
   * settings under the name of its launcher's property (the engine refuses the two when they
   * differ), else the one its launcher set (the system property its {@link KnownEngine} entry
   * names), else its default. (The cores it had are in {@code threads}.) The same before and after
   * the run, so that a resumed batch finds the row.
   */
  public String master() {
    return settings
        .master()
        .or(
            () ->
                KnownEngines.named(engine)
                    .map(e -> settings.conf().get(e.masterProperty()))
                    .map(String::trim)
                    .filter(m -> !m.isEmpty()))
        .or(() -> KnownEngines.named(engine).map(e -> System.getProperty(e.masterProperty())))
        .or(() -> KnownEngines.named(engine).map(KnownEngine::defaultMaster))
        .orElse("");
  }

  @Override
  public RowKind rowKind() {
    return RowKind.ENGINE_SORT;
  }

  @Override
  public String describe(String n) {
    OptionalLong m = settings.memoryInts();
    return engine
        + " "
        + master()
        + ", N="
        + n
        + (m.isPresent() ? ", M=" + Units.typedInts(m.getAsLong()) : "")
        + settings.partitions().stream().mapToObj(p -> ", partitions=" + p).findFirst().orElse("");
  }

  @Override
  public void configure(ResultRow.Builder row) {
    row.setIfPresent(ResultColumn.M, settings.memoryInts())
        .set(ResultColumn.MASTER, master())
        .set(
            ResultColumn.PARTITIONS,
            settings.partitions().isPresent()
                ? Integer.toString(settings.partitions().getAsInt())
                : null)
        .set(
            ResultColumn.ENGINE_CONF,
            settings.conf().isEmpty()
                ? null
                : String.join(
                    " ",
                    settings.conf().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .toList()));
  }

  @Override
  public SortRunner runner(SortData data, Path output, TempRegistry temps) {
    try {
      return runner(SortEngines.load(engine), data, output, temps);
    } catch (EngineUnavailableException e) {
      // The command line and parameter files check this before anything runs.
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** The runner of this method on {@code sortEngine} (tests give their own). */
  public SortRunner runner(SortEngine sortEngine, SortData data, Path output, TempRegistry temps) {
    return new EngineSortRunner(this, sortEngine, data, output, temps);
  }

  /** The engine's own I/O is not modelled. */
  @Override
  public OptionalLong predictedIos(long n) {
    return OptionalLong.empty();
  }
}
