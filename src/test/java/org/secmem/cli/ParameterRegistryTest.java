package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
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
