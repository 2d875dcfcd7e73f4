package org.secmem.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.secmem.admission.Parameter;
import org.secmem.admission.Range;
import org.secmem.experiment.Experiment;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@value #DOCUMENT}: every parameter of the registry ({@link Parameter}) by its name at each way
 * in (option, parameter-file column, menu), the experiments that take it, the values it allows (a
 * numeric parameter's {@link Range}, an enumerated one's words) and its meaning: its option's help,
 * from the registry ({@code parameter-help.tsv}), as the command's help shows it. Generated, never
 * edited: {@code ParameterDocsTest} fails while the file differs.
 */
final class ParameterDocs {

  /** Where the document is, from the repository's root. */
  static final String DOCUMENT = "docs/parameters.md";

  /** The command that rewrites it. */
  static final String REGENERATE =
      "mvn -q -pl core test -Dtest=ParameterDocsTest -Dsecmem.regenerateDocs=true";

  private ParameterDocs() {}

  /** The document's Markdown. */
  static String markdown() {
    CommandLine root =
        SecmemCommand.commandLine(
            new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    StringBuilder md = new StringBuilder();
    md.append("# Parameters\n\n")
        .append(
            "<!-- Generated from admission.Parameter and its options' help (parameter-help.tsv):"
                + " do not edit;\n")
        .append("     rewrite it with\n       ")
        .append(REGENERATE)
        .append("\n     (ParameterDocsTest fails while this file differs from the code). -->\n\n")
        .append(
            "Every parameter an experiment takes, by its name at each way in: the command"
                + " line's option, the parameter file's column and the menu's prompt (what a"
                + " results row records of it: [results-columns.md](results-columns.md))."
                + " A value outside what a parameter"
                + " allows is refused in the same words at all three, before anything runs"
                + " ([architecture.md](architecture.md)). Numbers, counts and sizes in bytes"
                + " alike, take `1000000` (or `1_000_000`), `2^20`, `10^6` and the binary"
                + " suffixes K, M, G, which are 2^10, 2^20, 2^30 as Ki, Mi, Gi are: `16M` ="
                + " `16Mi` = 16·2^20 = 16,777,216 (the `16Mi ints` a run line prints; sixteen"
                + " million is `16000000`), `64K` = `64Ki` = 65,536. Sizes in bytes also take a"
                + " trailing B (`64KB`, `64KiB`, `64 KiB`: 65,536 bytes); a count refuses one."
                + " In a parameter file a cell"
                + " can hold a list (`a|b`) or a range (`2^10..2^20`, `x2`, `+1000`); the menu"
                + " takes a list of stream types with `|` or commas. Brackets"
                + " say which sorts a sort parameter is for: given to a sort it is not for, it is"
                + " refused before anything runs (the in-memory sort ignores the merge sort's, and"
                + " its rows leave them blank).\n\n")
        .append("| column | option | menu | experiments | allowed | meaning |\n")
        .append("|---|---|---|---|---|---|\n");
    for (Parameter p : Parameter.values()) {
      List<Experiment> experiments = new ArrayList<>(p.experiments());
      experiments.sort(Comparator.naturalOrder());
      Optional<OptionSpec> option = option(root, p, experiments);
      md.append("| `")
          .append(p.column())
          .append("` | ")
          .append(p.options().isEmpty() ? "" : "`" + p.option() + "`")
          .append(" | ")
          .append(p.label())
          .append(" | ")
          .append(String.join(", ", experiments.stream().map(Experiment::cliName).toList()))
          .append(p.scope().sorts().isEmpty() ? "" : " (" + p.scope().sorts() + ")")
          .append(" | ")
          .append(cell(allowed(p)))
          .append(" | ")
          .append(cell(option.map(ParameterDocs::help).orElse("")))
          .append(" |\n");
    }
    return md.toString();
  }

  /** Its option on the command of the first experiment that takes it, if any. */
  private static Optional<OptionSpec> option(
      CommandLine root, Parameter p, List<Experiment> experiments) {
    if (p.options().isEmpty()) {
      return Optional.empty();
    }
    for (Experiment e : experiments) {
      OptionSpec o =
          root.getSubcommands().get(e.cliName()).getCommandSpec().findOption(p.options().get(0));
      if (o != null) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }

  private static String allowed(Parameter p) {
    return p.numeric() ? p.range().text() : String.join(", ", p.words());
  }

  /** The option's help, its default and candidates filled in, as {@code --help} prints it. */
  private static String help(OptionSpec o) {
    List<String> candidates = new ArrayList<>();
    if (o.completionCandidates() != null) {
      o.completionCandidates().forEach(candidates::add);
    }
    return String.join(" ", o.description())
        .replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()))
        .replace("${COMPLETION-CANDIDATES}", String.join(", ", candidates))
        .replace("%n", " ")
        .replace("%%", "%");
  }

  /** Text for one table cell: a bar would end it, a line break would end the row. */
  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ").strip();
  }
}
