package org.secmem.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The option lists of the long commands' help in sections, what the command works on first and the
 * sentinel, fork and engine options last, instead of one alphabetical list: each section lists its
 * options in the order given here. An option no section names is still shown, under "Other
 * options", so that none is lost from help; {@code HelpTextTest} checks there is none.
 */
final class HelpSections {

  /** A heading (without its colon) and the long names of its options, in order. */
  record Section(String heading, List<String> options) {}

  private HelpSections() {}

  private static final Section MEASURING =
      new Section(
          "Measuring",
          List.of(
              "--reps",
              "--warmup",
              "--steady-warmup",
              "--cache",
              "--sync",
              "--no-flush",
              "--seed",
              "--results",
              "--format",
              "--yes",
              "--skip-disk-check"));

  private static final List<String> SWEEPS =
      List.of("--order", "--fork", "--jvm", "--memory-limit", "--sentinel", "--sentinel-every");

  private static final Section HELP = new Section("Help", List.of("--help", "--version"));

  /** The sections of each command that has them, by command name. */
  static final Map<String, List<Section>> SECTIONS =
      Map.of(
          "sort",
          List.of(
              new Section(
                  "What to sort",
                  List.of(
                      "--in",
                      "--n",
                      "--out",
                      "--shape",
                      "--descending",
                      "--overwrite",
                      "--dir",
                      "--arrival-ns")),
              new Section(
                  "Memory and passes",
                  List.of("--m", "--d", "--preset", "--algorithm", "--threads")),
              new Section(
                  "Streams",
                  List.of("--read-stream", "--write-stream", "--merge-read-stream", "--b")),
              new Section(
                  "Parts of the sort",
                  List.of(
                      "--merger",
                      "--run-sort",
                      "--overlap",
                      "--parallel-merge",
                      "--fanout",
                      "--b-over-m",
                      "--work-dir")),
              MEASURING,
              sweeps("--params"),
              new Section(
                  "Other engines", List.of("--engine", "--master", "--partitions", "--conf")),
              HELP),
          "write",
          List.of(
              new Section("What to write", List.of("--stream", "--n", "--k", "--b", "--dir")),
              MEASURING,
              sweeps("--params"),
              HELP),
          "read",
          List.of(
              new Section(
                  "What to read",
                  List.of("--stream", "--n", "--k", "--b", "--files", "--bulk", "--dir")),
              MEASURING,
              sweeps("--params"),
              HELP),
          "pq",
          List.of(
              new Section(
                  "The queues and their work",
                  List.of("--impl", "--n", "--workload", "--insert-ratio", "--shape")),
              new Section(
                  "The buffer tree",
                  List.of(
                      "--m",
                      "--b",
                      "--fanout",
                      "--b-over-m",
                      "--read-stream",
                      "--write-stream",
                      "--dir")),
              MEASURING,
              sweeps(),
              HELP),
          "run",
          List.of(
              new Section("What to run", List.of("--experiment", "--resume")),
              new Section(
                  "Comparing with a baseline",
                  List.of("--baseline", "--fail-if-slower", "--by", "--level")),
              MEASURING,
              sweeps(),
              HELP));

  private static Section sweeps(String... first) {
    List<String> options = new ArrayList<>(List.of(first));
    options.addAll(SWEEPS);
    return new Section("Sweeps", options);
  }

  /** Shows the option lists of {@code root}'s commands that have sections in their sections. */
  static void install(CommandLine root) {
    for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
      List<Section> sections = SECTIONS.get(e.getKey());
      if (sections != null) {
        e.getValue()
            .getHelpSectionMap()
            .put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> render(help, sections));
      }
    }
  }

  /** The visible options of {@code spec} in {@code sections}, then any no section names. */
  static List<List<OptionSpec>> placed(CommandSpec spec, List<Section> sections) {
    List<List<OptionSpec>> out = new ArrayList<>();
    Set<OptionSpec> seen = new LinkedHashSet<>();
    for (Section s : sections) {
      List<OptionSpec> in =
          s.options().stream()
              .map(spec::findOption)
              .filter(Objects::nonNull)
              .filter(o -> !o.hidden() && seen.add(o))
              .toList();
      out.add(in);
    }
    out.add(spec.options().stream().filter(o -> !o.hidden() && !seen.contains(o)).toList());
    return out;
  }

  private static String render(Help help, List<Section> sections) {
    List<List<OptionSpec>> placed = placed(help.commandSpec(), sections);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < placed.size(); i++) {
      List<OptionSpec> options = placed.get(i);
      if (options.isEmpty()) {
        continue;
      }
      String heading = i < sections.size() ? sections.get(i).heading() : "Other options";
      text.append(help.createHeading("%n" + heading + ":%n"))
          .append(
              help.optionListExcludingGroups(
                  options, help.createDefaultLayout(), null, help.parameterLabelRenderer()));
    }
    return text.toString();
  }
}
