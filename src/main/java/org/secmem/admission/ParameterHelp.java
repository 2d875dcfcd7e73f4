package org.secmem.admission;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.secmem.names.TabSeparated;

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
    List<OptionHelp> help = new ArrayList<>();
    for (List<String> f :
        TabSeparated.rows(
            ParameterHelp.class, RESOURCE, 4, "option<TAB>commands<TAB>label<TAB>help")) {
      Optional<Parameter> p = parameterOf(f.get(0));
      String line = String.join("\t", f);
      if (p.isEmpty() || f.get(3).isBlank()) {
        throw new IllegalStateException(
            RESOURCE + ": not the help of a parameter's option: " + line);
      }
      List<String> commands = f.get(1).equals(EVERY) ? List.of() : List.of(f.get(1).split(",", -1));
      String text = f.get(3);
      if (text.contains(RANGE)) {
        Range r = p.get().range();
        text = text.replace(RANGE, r.min() + " .. " + r.max());
      }
      OptionHelp h = new OptionHelp(f.get(0), p.get(), commands, f.get(2), text);
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
