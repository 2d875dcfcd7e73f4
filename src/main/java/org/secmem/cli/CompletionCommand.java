package org.secmem.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.secmem.runner.ExitCodes;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;

/**
 * {@code secmem generate-completion}: picocli's bash completion script, with the {@code --no-...}
 * forms of negatable options added (picocli 4.7 leaves them out).
 */
@Command(
    name = "generate-completion",
    mixinStandardHelpOptions = true,
    description = {
      "Print a bash/zsh completion script for secmem.",
      "It completes commands, options, and the values of --stream, --preset, --merger,",
      "--run-sort, --shape and --cache.",
      "Run: source <(secmem generate-completion)"
    })
final class CompletionCommand implements Callable<Integer> {

  private static final Pattern FLAGS = Pattern.compile("(local flag_opts=\")([^\"]*)(\")");

  @Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    CommandLine root = spec.commandLine().getParent();
    String script = AutoComplete.bash("secmem", root);
    PrintWriter out = spec.commandLine().getOut();
    out.print(withNegatedForms(script, negatable(root)));
    out.flush();
    return ExitCodes.OK;
  }

  /** Every negatable option name in the hierarchy, with its negated form. */
  static List<String[]> negatable(CommandLine root) {
    List<String[]> pairs = new ArrayList<>();
    collect(root, pairs);
    return pairs;
  }

  private static void collect(CommandLine cmd, List<String[]> pairs) {
    for (OptionSpec o : cmd.getCommandSpec().options()) {
      if (o.negatable()) {
        String name = o.longestName();
        String negated =
            cmd.getNegatableOptionTransformer().makeNegative(name, cmd.getCommandSpec());
        pairs.add(new String[] {name, negated});
      }
    }
    for (CommandLine sub : cmd.getSubcommands().values()) {
      collect(sub, pairs);
    }
  }

  /** Adds each negated form beside its option in the script's flag lists. */
  static String withNegatedForms(String script, List<String[]> pairs) {
    Matcher m = FLAGS.matcher(script);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      List<String> flags = new ArrayList<>(List.of(m.group(2).trim().split("\\s+")));
      for (String[] p : pairs) {
        int i = flags.indexOf(p[0]);
        if (i >= 0 && !flags.contains(p[1])) {
          flags.add(i + 1, p[1]);
        }
      }
      m.appendReplacement(
          out, Matcher.quoteReplacement(m.group(1) + String.join(" ", flags) + m.group(3)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
