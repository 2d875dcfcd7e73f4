package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.secmem.admission.OptionHelp;
import org.secmem.admission.Parameter;
import org.secmem.admission.ParameterHelp;
import org.secmem.experiment.Experiment;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * A parameter's help is written once, in the registry ({@code parameter-help.tsv}): every option of
 * a parameter on every command shows its registry line, no annotation repeats it, and no line is
 * left that no command shows.
 */
class ParameterHelpTest {

  /** The engine's options: their help is the engine registry's ({@code SortEngineHelp}). */
  private static final Set<Parameter> ENGINE_HELP =
      Set.of(Parameter.ENGINE, Parameter.MASTER, Parameter.PARTITIONS, Parameter.ENGINE_CONF);

  private static final List<String> COMMANDS =
      List.of("write", "read", "sort", "pq", "generate", "run");

  private static CommandLine root() {
    return SecmemCommand.commandLine(
        new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  @Test
  void everyParametersOption_onEveryCommand_showsItsRegistryHelp() {
    CommandLine root = root();
    Set<OptionHelp> shown = new HashSet<>();
    List<String> missing = new ArrayList<>();
    int checked = 0;
    for (String command : COMMANDS) {
      for (OptionSpec o : root.getSubcommands().get(command).getCommandSpec().options()) {
        Optional<Parameter> p = ParameterHelp.parameterOf(o.names()[0]);
        if (p.isEmpty() || ENGINE_HELP.contains(p.get())) {
          continue;
        }
        Optional<OptionHelp> h = RegistryOptions.helpOf(o, command);
        if (h.isEmpty()) {
          missing.add(command + " " + o.longestName());
          continue;
        }
        shown.add(h.get());
        assertEquals(shown(h.get().text(), o), String.join("", o.description()), command + " " + o);
        if (!h.get().label().isEmpty()) {
          assertEquals(h.get().label(), o.paramLabel(), command + " " + o);
        }
        if (!p.get().words().isEmpty()) {
          List<String> words = new ArrayList<>();
          o.completionCandidates().forEach(words::add);
          assertEquals(p.get().words(), words, command + " " + o + " completes to its words");
        }
        checked++;
      }
    }
    assertEquals(List.of(), missing, "options of parameters without a line in the registry");
    assertTrue(checked > 60, checked + " options checked");
    List<String> unused = new ArrayList<>();
    for (OptionHelp h : ParameterHelp.all()) {
      if (!shown.contains(h)) {
        unused.add(h.option() + " " + h.commands());
      }
    }
    assertEquals(List.of(), unused, "registry lines no command shows");
  }

  /** The help as picocli shows it: its default and candidates filled in. */
  private static String shown(String text, OptionSpec o) {
    List<String> candidates = new ArrayList<>();
    if (o.completionCandidates() != null) {
      o.completionCandidates().forEach(candidates::add);
    }
    return text.replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()))
        .replace("${COMPLETION-CANDIDATES}", String.join(", ", candidates));
  }

  /** The annotations bind; they do not say again what the registry says. */
  @Test
  void noAnnotation_repeatsTheRegistrysLabelOrHelp() {
    List<String> repeated = new ArrayList<>();
    for (Class<?> c :
        List.of(
            SortCommand.class,
            SortInputOptions.class,
            SortSettingsOptions.class,
            EngineOptions.class,
            PqCommand.class,
            PqQueueOptions.class,
            GenerateCommand.class,
            CommonOptions.class,
            StreamOptionsMixin.class,
            FanoutOptions.class,
            WriteCommand.class,
            ReadCommand.class,
            RunCommand.class,
            BaselineOptions.class)) {
      for (Field f : c.getDeclaredFields()) {
        Option o = f.getAnnotation(Option.class);
        if (o == null
            || ParameterHelp.all().stream().noneMatch(h -> h.option().equals(o.names()[0]))) {
          continue;
        }
        if (o.description().length > 0 || !o.paramLabel().isEmpty()) {
          repeated.add(c.getSimpleName() + "." + f.getName() + ": help or label");
        }
        Parameter p = ParameterHelp.parameterOf(o.names()[0]).orElseThrow();
        if (!o.completionCandidates().getSimpleName().equals("NoCompletionCandidates")) {
          repeated.add(c.getSimpleName() + "." + f.getName() + ": completion");
        }
        boolean registryDefault =
            p.defaultValue(Optional.empty()).isPresent()
                || Arrays.stream(Experiment.values())
                    .anyMatch(e -> p.defaultValue(Optional.of(e)).isPresent());
        if (!o.defaultValue().equals("__no_default_value__") && registryDefault) {
          repeated.add(c.getSimpleName() + "." + f.getName() + ": default");
        }
        if (o.converter().length > 0
            && RegistryOptions.converterFor(p, elementType(f)).isPresent()) {
          repeated.add(c.getSimpleName() + "." + f.getName() + ": converter");
        }
      }
    }
    assertEquals(List.of(), repeated);
  }

  /** A field's value type: its element's for a list. */
  private static Class<?> elementType(Field f) {
    if (f.getGenericType() instanceof ParameterizedType t) {
      return (Class<?>) t.getActualTypeArguments()[0];
    }
    return f.getType();
  }

  /** How each parameter's value is read follows from its range or type, at every way in. */
  @Test
  void aParametersValue_isReadAsItsRangeSays() throws Exception {
    CommandLine sort = root().getSubcommands().get("sort");
    OptionSpec b = sort.getCommandSpec().findOption("--b");
    OptionSpec m = sort.getCommandSpec().findOption("--m");
    OptionSpec d = sort.getCommandSpec().findOption("--d");
    OptionSpec seed = sort.getCommandSpec().findOption("--seed");
    assertEquals(65536L, b.converters()[0].convert("64K"), "a size in bytes");
    assertEquals(1L << 20, m.converters()[0].convert("2^20"), "a count");
    assertEquals(8, d.converters()[0].convert("2^3"), "an int");
    assertEquals(0, seed.converters().length, "a seed may be negative: read as Java reads it");
  }

  @Test
  void aRange_isFilledInFromTheParameter() {
    OptionHelp threads = ParameterHelp.of("--threads", "sort").orElseThrow();
    assertTrue(
        threads.text().contains(" 1 .. " + Parameter.THREADS.range().max() + " "), threads.text());
    assertEquals(Optional.empty(), ParameterHelp.of("--params", "sort"), "not a parameter's");
    assertEquals(
        ParameterHelp.of("--n", "write").orElseThrow().text(),
        ParameterHelp.of("--n", "read").orElseThrow().text(),
        "one line for both");
    assertTrue(
        !ParameterHelp.of("--n", "sort")
            .orElseThrow()
            .text()
            .equals(ParameterHelp.of("--n", "write").orElseThrow().text()),
        "a command's own line");
  }
}
