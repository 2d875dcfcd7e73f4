package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.secmem.admission.Admission;
import org.secmem.admission.Parameter;
import org.secmem.experiment.Experiment;
import org.secmem.param.ParamDefaults;
import org.secmem.param.ParamFiles;
import org.secmem.results.ResultColumn;
import org.secmem.sort.SortAlgorithm;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The parameter registry and the command line cannot drift apart: every option a parameter names is
 * an option of each command whose experiment takes it, and the parameter files' columns are the
 * registry's.
 */
class ParameterRegistryTest {

  private static CommandLine command(Experiment e) {
    CommandLine root =
        SecmemCommand.commandLine(
            new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    return root.getSubcommands().get(e.cliName());
  }

  @Test
  void everyOption_isOnTheCommandOfEachExperimentThatTakesIt() {
    for (Parameter p : Parameter.values()) {
      for (Experiment e : p.experiments()) {
        // A sort's stream column sets both of its stream types; its command line names them.
        if (p.options().isEmpty() || (p == Parameter.STREAM && e == Experiment.SORT)) {
          continue;
        }
        CommandLine cmd = command(e);
        assertNotNull(cmd, e.cliName());
        for (String option : p.options()) {
          assertNotNull(
              cmd.getCommandSpec().findOption(option),
              "secmem " + e.cliName() + " has no " + option + " for " + p);
        }
      }
    }
  }

  /**
   * Every numeric option of an experiment's command is held to its registry range before anything
   * runs, without a check of its own in the command: one past each end is refused with exit 2 in
   * the registry's words.
   */
  @Test
  void everyNumericOption_isRefusedOutsideItsRegistryRange() {
    int checked = 0;
    for (Parameter p : Parameter.values()) {
      if (!p.numeric() || p.options().isEmpty()) {
        continue;
      }
      for (Experiment e : p.experiments()) {
        CommandLine.Model.OptionSpec option =
            command(e).getCommandSpec().findOption(p.options().get(0));
        if (option == null || !numeric(option)) {
          continue; // e.g. --memory-limit 'SIZE|SIZE', a text its own check reads
        }
        for (long outside : outsideOf(p)) {
          StringWriter err = new StringWriter();
          int code =
              SecmemCommand.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err))
                  .execute(e.cliName(), p.option() + "=" + outside);
          assertEquals(2, code, e.cliName() + " " + p.option() + " " + outside + ": " + err);
          assertTrue(
              err.toString().contains(p.option() + ": " + p.problem(outside)),
              e.cliName() + " " + p.option() + " " + outside + ": " + err);
          checked++;
        }
      }
    }
    assertTrue(checked >= 20, "only " + checked + " values checked");
  }

  private static boolean numeric(CommandLine.Model.OptionSpec option) {
    Class<?> t = option.isMultiValue() ? option.auxiliaryTypes()[0] : option.type();
    return Number.class.isAssignableFrom(t) || t == int.class || t == long.class;
  }

  private static List<Long> outsideOf(Parameter p) {
    List<Long> out = new ArrayList<>();
    if (p.range().min() > Long.MIN_VALUE) {
      out.add(p.range().min() - 1);
    }
    if (p.range().max() < Long.MAX_VALUE) {
      out.add(p.range().max() + 1);
    }
    return out;
  }

  @Test
  void theParameterFileColumns_areTheRegistrys() {
    assertEquals(Parameter.columns(), ParamFiles.COLUMNS);
    assertTrue(Parameter.columnsOf(Experiment.SORT).containsAll(Set.of("m", "d", "fanout")));
    assertTrue(Parameter.columnsOf(Experiment.WRITE).containsAll(Set.of("k", "dir", "reps")));
    assertTrue(!Parameter.columnsOf(Experiment.WRITE).contains("m"), "write takes no M");
  }

  @Test
  void aRestrictedParameter_isASortParameter() {
    for (Parameter p : Parameter.values()) {
      if (p.scope() != Parameter.Scope.ANY_SORT) {
        assertTrue(p.experiments().contains(Experiment.SORT), p.toString());
      }
    }
  }

  @Test
  void eachParameter_appliesToTheSortsItsScopeSays() {
    assertEquals(
        EnumSet.of(
            Parameter.D,
            Parameter.MERGER,
            Parameter.RUN_SORT,
            Parameter.OVERLAP,
            Parameter.PARALLEL_MERGE,
            Parameter.MERGE_READ_STREAM,
            Parameter.ACCESS),
        Parameter.of(Parameter.Scope.OWN_MERGE));
    assertEquals(EnumSet.of(Parameter.FANOUT), Parameter.of(Parameter.Scope.OWN_TREE));
    assertEquals(
        EnumSet.of(Parameter.MASTER, Parameter.PARTITIONS, Parameter.ENGINE_CONF),
        Parameter.of(Parameter.Scope.ENGINE));
    // what secmem's own sorts alone have: the merge sort's, the tree's and the shared ones
    assertEquals(
        EnumSet.of(
            Parameter.PRESET,
            Parameter.D,
            Parameter.STREAM,
            Parameter.READ_STREAM,
            Parameter.WRITE_STREAM,
            Parameter.MERGE_READ_STREAM,
            Parameter.B,
            Parameter.MERGER,
            Parameter.RUN_SORT,
            Parameter.OVERLAP,
            Parameter.PARALLEL_MERGE,
            Parameter.ACCESS,
            Parameter.THREADS,
            Parameter.ALGORITHM,
            Parameter.FANOUT,
            Parameter.ARRIVAL),
        Arrays.stream(Parameter.values())
            .filter(p -> p.scope().own())
            .collect(Collectors.toCollection(() -> EnumSet.noneOf(Parameter.class))));
    // and admission holds a request to it, for each scope
    Set<Parameter> merge = EnumSet.of(Parameter.D);
    Set<Parameter> tree = EnumSet.of(Parameter.FANOUT);
    Set<Parameter> engine = EnumSet.of(Parameter.MASTER);
    Set<SortAlgorithm> mergeSort = Set.of(SortAlgorithm.MERGE);
    Set<SortAlgorithm> treeSort = Set.of(SortAlgorithm.BUFFER_TREE);
    Optional<String> spark = Optional.of("spark");
    assertTrue(Admission.applicability(merge, true, Optional.empty(), mergeSort).isEmpty());
    assertEquals(1, Admission.applicability(merge, true, Optional.empty(), treeSort).size());
    assertEquals(1, Admission.applicability(merge, false, spark, Set.of()).size());
    assertTrue(Admission.applicability(tree, true, Optional.empty(), treeSort).isEmpty());
    assertEquals(1, Admission.applicability(tree, true, Optional.empty(), mergeSort).size());
    assertTrue(Admission.applicability(engine, false, spark, Set.of()).isEmpty());
    assertEquals(1, Admission.applicability(engine, true, Optional.empty(), mergeSort).size());
    assertTrue(Admission.applicability(EnumSet.of(Parameter.M), false, spark, Set.of()).isEmpty());
  }

  @Test
  void aNegatableOption_isNamedInBothForms() {
    assertEquals("--[no-]overlap", Parameter.OVERLAP.option());
    assertEquals("--fanout", Parameter.FANOUT.option());
    assertEquals("experiment", Parameter.EXPERIMENT.option());
  }

  /**
   * A parameter that rows record under its name takes that name from its column, so the name is
   * written once; the one parameter-file column that shares a header without being what the row
   * records (warmup: a count of runs here, a flag on a row) says so here.
   */
  @Test
  void aColumnNameIsWrittenOnce_byTheResultColumnThatRecordsIt() {
    Set<Parameter> namesakes = EnumSet.of(Parameter.WARMUP);
    for (Parameter p : Parameter.values()) {
      Optional<ResultColumn> same =
          Arrays.stream(ResultColumn.values())
              .filter(c -> c.header().equals(p.column()))
              .findFirst();
      if (namesakes.contains(p)) {
        assertTrue(same.isPresent() && p.recordedAs().isEmpty(), p.toString());
      } else {
        assertEquals(same, p.recordedAs(), p + " is recorded in the column of its name");
      }
    }
  }

  /**
   * A value given nowhere is the registry's at every way in: the command line's option defaults are
   * made from it, and a parameter file's empty cells take the same values.
   */
  @Test
  void aDefault_isTheRegistrysAtEveryWayIn() {
    ParamDefaults file = ParamDefaults.standard();
    Optional<Experiment> write = Optional.of(Experiment.WRITE);
    assertEquals(Parameter.N.defaultValue(write), Optional.of(file.n()));
    assertEquals(Parameter.K.defaultValue(write), Optional.of(file.k()));
    assertEquals(Parameter.B.defaultValue(write), Optional.of(file.b()));
    assertEquals(Parameter.DIR.defaultText(write), Optional.of(file.dataDir().toString()));
    assertEquals(Parameter.REPS.defaultValue(write), Optional.of(file.settings().reps()));
    assertEquals(Parameter.WARMUP.defaultValue(write), Optional.of(file.settings().warmup()));
    assertEquals(Parameter.SEED.defaultValue(write), Optional.of(file.settings().seed()));
    assertEquals(Parameter.CACHE.defaultValue(write), Optional.of(file.settings().cache()));
    assertEquals(
        Optional.empty(),
        Parameter.B.defaultValue(Optional.of(Experiment.SORT)),
        "a sort's B is its preset's");
    for (Experiment e : Experiment.values()) {
      CommandLine cmd = command(e);
      for (Parameter p : Parameter.values()) {
        for (String name : p.options()) {
          OptionSpec o = cmd.getCommandSpec().findOption(name);
          if (o != null && p.defaultText(Optional.of(e)).isPresent()) {
            assertEquals(p.defaultText(Optional.of(e)).get(), o.defaultValue(), e + " " + name);
          }
        }
      }
    }
  }
}
