package org.secmem.param;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.secmem.admission.Admission;
import org.secmem.admission.Parameter;
import org.secmem.admission.Problem;
import org.secmem.admission.RefusedException;
import org.secmem.data.Shape;
import org.secmem.data.SortOrder;
import org.secmem.engine.EngineChecks;
import org.secmem.engine.EngineSettings;
import org.secmem.experiment.EngineMethod;
import org.secmem.experiment.RunSettings;
import org.secmem.experiment.SortData;
import org.secmem.experiment.SortTrialSpec;

/**
 * A parameter line's configurations for another sort engine: its master, partitions, engine
 * settings and M, crossed with the line's sizes, orders, shapes and run settings, each admitted by
 * the engine's own checks.
 */
final class EngineRows {

  private EngineRows() {}

  /**
   * Another engine's configurations of a line: one per master, partitions, engine settings, M (when
   * given), n, order, shape, run settings and work folders; the engine checks its settings.
   */
  static List<RunConfig> configs(
      RowChecker check,
      ParamDefaults defaults,
      Map<String, String> cells,
      String engine,
      List<Long> ns,
      Optional<Path> input,
      Optional<Path> output,
      List<SortOrder> orders,
      List<Shape> shapes,
      List<RunSettings> runSettings,
      List<List<Path>> workDirs) {
    List<Optional<String>> masters = check.optionalWords(Parameter.MASTER, String::trim, "");
    List<Optional<Long>> parts = check.optionalNumbers(Parameter.PARTITIONS);
    List<Optional<Long>> ms = check.optionalNumbers(Parameter.M);
    List<Map<String, String>> confs = new ArrayList<>();
    if (check.blank(Parameter.ENGINE_CONF)) {
      confs.add(Map.of());
    } else {
      for (String alternative : check.cell(Parameter.ENGINE_CONF).split("\\|", -1)) {
        try {
          confs.add(
              EngineChecks.conf(
                  List.of(alternative.trim().split("\\s+")).stream()
                      .filter(s -> !s.isEmpty())
                      .toList()));
        } catch (IllegalArgumentException e) {
          check.problem(
              Parameter.ENGINE_CONF,
              e.getMessage()
                  + " (the cell is KEY=VALUE settings separated by spaces, | between"
                  + " alternatives)");
          return List.of();
        }
      }
    }
    if (!check.ok()) {
      return List.of();
    }
    List<RunConfig> out = new ArrayList<>();
    for (Optional<String> master : masters) {
      for (Optional<Long> p : parts) {
        for (Map<String, String> conf : confs) {
          for (Optional<Long> m : ms) {
            for (List<Path> work : workDirs) {
              EngineSettings es =
                  new EngineSettings(
                      master,
                      m.map(OptionalLong::of).orElse(OptionalLong.empty()),
                      p.map(x -> OptionalInt.of(x.intValue())).orElse(OptionalInt.empty()),
                      conf,
                      work);
              try {
                Admission.engine(engine, es);
              } catch (RefusedException e) {
                for (Problem problem : e.problems()) {
                  check.problem(problem.parameter().column(), problem.message());
                }
                return List.of();
              }
              for (long n : ns) {
                for (SortOrder o : orders) {
                  for (Shape shape : shapes) {
                    for (RunSettings rs : runSettings) {
                      if (!RowExpander.add(
                          out,
                          check,
                          check.config(
                              new SortTrialSpec(
                                  SortData.of(
                                      input, output, n, shape, o, rs, defaults.dataDir(), work, 0),
                                  new EngineMethod(engine, es)),
                              rs,
                              null))) {
                        return List.of();
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return out;
  }
}
