package org.secmem.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.secmem.admission.OptionHelp;
import org.secmem.admission.Parameter;
import org.secmem.admission.ParameterHelp;
import org.secmem.admission.SortResolver;
import org.secmem.data.Shape;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.Experiment;
import org.secmem.stream.StreamType;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Makes every option of a registry parameter from the registry, on each command that takes it: its
 * label and help ({@link ParameterHelp}), the words it completes to ({@link Parameter#words()}),
 * and how its value is read: a count, an {@code int} or a size in bytes as its {@link
 * Parameter#range()} says ({@code 2^20}, {@code 64K}), a stream type, shape or cache state by its
 * type, and its default where the registry gives one for the command's experiment. The
 * {@code @Option} annotations of the commands and their mixins hold only the binding (names; a
 * default only where the registry has none, a converter only where the registry has none to give).
 * Options of other things (--params, --results, ...) keep what their annotation says; the engine
 * options take their help from the engine registry ({@code SortEngineHelp}).
 */
public final class RegistryOptions implements CommandLine.IModelTransformer {

  /**
   * The registry's options for a command that takes every setting of a sort: each entry of {@link
   * SortResolver#SETTINGS} that no mixin binds is made here, from the entry alone, so a new setting
   * needs no annotation; its value is read from the command's model ({@code SortSettingsOptions}).
   */
  public static final class WithSortSettings implements CommandLine.IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      for (Parameter p : SortResolver.SETTINGS) {
        if (spec.findOption(p.options().get(0)) == null) {
          spec.addOption(optionOf(p));
        }
      }
      return new RegistryOptions().transform(spec);
    }
  }

  /**
   * An option made from {@code p}'s entry alone: its names, a flag or a value of the type its entry
   * reads (an {@code int} or a count for a number, a stream type, else the word, which {@link
   * Parameter#parse} reads); label, help, words and converter follow in {@link #transform}.
   */
  static OptionSpec optionOf(Parameter p) {
    OptionSpec.Builder b = OptionSpec.builder(p.options().toArray(String[]::new));
    if (p.negatable()) {
      return b.negatable(true).type(Boolean.class).build();
    }
    Class<?> type;
    if (p.numeric()) {
      type =
          !p.range().bytes() && p.range().max() <= Integer.MAX_VALUE ? Integer.class : Long.class;
    } else {
      type = p.parse(p.words().get(0)).getClass();
      if (converterFor(p, type).isEmpty()) {
        type = String.class;
      }
    }
    return b.type(type).build();
  }

  @Override
  public CommandSpec transform(CommandSpec spec) {
    for (OptionSpec o : List.copyOf(spec.options())) {
      Optional<Parameter> p = parameterOf(o);
      if (p.isEmpty()) {
        continue;
      }
      OptionSpec.Builder b = OptionSpec.builder(o);
      Optional<OptionHelp> help = helpOf(o, spec.name());
      help.ifPresent(h -> b.description(h.text()));
      help.filter(h -> !h.label().isEmpty()).ifPresent(h -> b.paramLabel(h.label()));
      if (!p.get().words().isEmpty()) {
        b.completionCandidates(p.get().words());
      }
      if (o.defaultValue() == null) {
        p.get().defaultText(experimentOf(spec)).ifPresent(b::defaultValue);
      }
      if (o.converters().length == 0) {
        converterFor(p.get(), o.auxiliaryTypes()[0]).ifPresent(c -> b.converters(c));
      }
      spec.remove(o);
      spec.addOption(b.build());
    }
    return spec;
  }

  /** The experiment a command runs (write, read, sort); empty for any other command. */
  static Optional<Experiment> experimentOf(CommandSpec spec) {
    return Arrays.stream(Experiment.values())
        .filter(e -> e.cliName().equals(spec.name()))
        .findFirst();
  }

  /** The parameter whose option this is, by any of its names. */
  static Optional<Parameter> parameterOf(OptionSpec option) {
    for (String name : option.names()) {
      Optional<Parameter> p = ParameterHelp.parameterOf(name);
      if (p.isPresent()) {
        return p;
      }
    }
    return Optional.empty();
  }

  /**
   * How a value of {@code p} held in a {@code type} is read: by the parameter's range when it is a
   * count or a size (a range that takes negative numbers, the seed's, is read as Java reads a
   * number), else by the type; empty where the registry says nothing of it.
   */
  static Optional<CommandLine.ITypeConverter<?>> converterFor(Parameter p, Class<?> type) {
    if (p.numeric() && p.range().min() >= 0) {
      if (type == Long.class || type == long.class) {
        return Optional.of(p.range().bytes() ? new Converters.Bytes() : new Converters.Count());
      }
      if (type == Integer.class || type == int.class) {
        return Optional.of(new Converters.IntCount());
      }
    }
    if (type == StreamType.class) {
      return Optional.of(new Converters.Stream());
    }
    if (type == Shape.class) {
      return Optional.of(new Converters.ShapeName());
    }
    if (type == CacheMode.class) {
      return Optional.of(new Converters.Cache());
    }
    return Optional.empty();
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
