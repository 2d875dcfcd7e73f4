package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.secmem.admission.Admission;
import org.secmem.admission.Parameter;
import org.secmem.experiment.Experiment;
import org.secmem.param.ParamFiles;
import picocli.CommandLine;

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
  void theRestrictedParameters_areSortParameters() {
    for (Set<Parameter> set :
        List.of(Admission.OWN_SORT, Admission.MERGE_ONLY, Admission.ENGINE_ONLY)) {
      for (Parameter p : set) {
        assertTrue(p.experiments().contains(Experiment.SORT), p.toString());
      }
    }
  }

  @Test
  void aNegatableOption_isNamedInBothForms() {
    assertEquals("--[no-]overlap", Parameter.OVERLAP.option());
    assertEquals("--fanout", Parameter.FANOUT.option());
    assertEquals("experiment", Parameter.EXPERIMENT.option());
  }
}
