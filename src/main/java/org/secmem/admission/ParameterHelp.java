package org.secmem.admission;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The help of every parameter's option, the command line's part of the registry: read from {@code
 * parameter-help.tsv} beside this class, one line per option and the commands it says it for. The
 * commands' options take their label and help from here (the command line's {@code
 * RegistryOptions}), so a parameter's help is written once, next to its siblings, and {@code
 * docs/parameters.md} is made from it.
 */
public final class ParameterHelp {

  /** The resource, beside this class. */
  static final String RESOURCE = "parameter-help.tsv";

  /** What the commands cell says for every command without a line of its own. */
  static final String EVERY = "*";

  /** Filled in with the parameter's range, {@code min .. max}. */
  static final String RANGE = "{range}";

  private static final List<OptionHelp> LINES = load();

  private ParameterHelp() {}

  /**
   * The help of {@code option} on the command {@code command}: its own line, else the line for
   * every command; empty when the option is no parameter's or has no line.
   */
  public static Optional<OptionHelp> of(String option, String command) {
    Optional<OptionHelp> own =
        LINES.stream()
            .filter(h -> h.option().equals(option) && h.commands().contains(command))
            .findFirst();
    return own.or(
        () ->
            LINES.stream()
                .filter(h -> h.option().equals(option) && h.commands().isEmpty())
                .findFirst());
  }

  /** Every line, in the file's order. */
  public static List<OptionHelp> all() {
    return LINES;
  }

  /** The parameter whose option this is, if any. */
  public static Optional<Parameter> parameterOf(String option) {
    return Arrays.stream(Parameter.values()).filter(p -> p.options().contains(option)).findFirst();
  }

  private static List<OptionHelp> load() {
    List<String> lines;
    try (InputStream in = ParameterHelp.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the class path");
      }
      lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<OptionHelp> help = new ArrayList<>();
    for (String line : lines) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      Optional<Parameter> p = f.length == 4 ? parameterOf(f[0]) : Optional.empty();
      if (p.isEmpty() || f[3].isBlank()) {
        throw new IllegalStateException(
            RESOURCE + ": not 'option<TAB>commands<TAB>label<TAB>help' of a parameter: " + line);
      }
      List<String> commands = f[1].equals(EVERY) ? List.of() : List.of(f[1].split(",", -1));
      String text = f[3];
      if (text.contains(RANGE)) {
        Range r = p.get().range();
        text = text.replace(RANGE, r.min() + " .. " + r.max());
      }
      OptionHelp h = new OptionHelp(f[0], p.get(), commands, f[2], text);
      for (OptionHelp earlier : help) {
        if (earlier.option().equals(h.option())
            && (earlier.commands().isEmpty() && h.commands().isEmpty()
                || earlier.commands().stream().anyMatch(h.commands()::contains))) {
          throw new IllegalStateException(
              RESOURCE + ": " + h.option() + " has two lines for the same command: " + line);
        }
      }
      help.add(h);
    }
    return List.copyOf(help);
  }
}
