package org.secmem.cli;

import java.util.List;
import java.util.Optional;
import org.secmem.admission.OptionHelp;
import org.secmem.admission.ParameterHelp;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Gives every option of a registry parameter its label and help from the registry ({@link
 * ParameterHelp}), on each command that takes it: the {@code @Option} annotations of the commands
 * and their mixins hold only the binding (names, converter, completion), never the help. Options of
 * other things (--params, --results, ...) keep the help their annotation gives; the engine options
 * take theirs from the engine registry ({@code SortEngineHelp}).
 */
public final class RegistryOptions implements CommandLine.IModelTransformer {

  @Override
  public CommandSpec transform(CommandSpec spec) {
    for (OptionSpec o : List.copyOf(spec.options())) {
      Optional<OptionHelp> help = helpOf(o, spec.name());
      if (help.isEmpty()) {
        continue;
      }
      OptionSpec.Builder b = OptionSpec.builder(o).description(help.get().text());
      if (!help.get().label().isEmpty()) {
        b.paramLabel(help.get().label());
      }
      spec.remove(o);
      spec.addOption(b.build());
    }
    return spec;
  }

  /** The registry's help of {@code option} on {@code command}, by any of its names. */
  static Optional<OptionHelp> helpOf(OptionSpec option, String command) {
    for (String name : option.names()) {
      Optional<OptionHelp> h = ParameterHelp.of(name, command);
      if (h.isPresent()) {
        return h;
      }
    }
    return Optional.empty();
  }
}
