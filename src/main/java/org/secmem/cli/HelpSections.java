package org.secmem.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.secmem.admission.SortResolver;
import org.secmem.names.TabSeparated;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The option lists of the long commands' help in sections, what the command works on first and the
 * sentinel, fork and engine options last, instead of one alphabetical list: each section lists its
 * options in the order {@code help-sections.tsv} beside this class gives. A sort setting of the
 * registry that no line names joins {@value #SORT_SETTINGS}, so a new one needs no line; any other
 * option no section names is still shown, under "Other options", so that none is lost from help
 * ({@code HelpTextTest} checks there is none).
 */
final class HelpSections {

  /** A heading (without its colon) and the long names of its options, in order. */
  record Section(String heading, List<String> options) {}

  private HelpSections() {}

  /** The resource, beside this class. */
  static final String RESOURCE = "help-sections.tsv";

  /** Where a sort setting of the registry that no line names is listed. */
  static final String SORT_SETTINGS = "Parts of the sort";

  /** The sections of each command that has them, by command name. */
  static final Map<String, List<Section>> SECTIONS = load();

  private static Map<String, List<Section>> load() {
    Map<String, List<Section>> out = new LinkedHashMap<>();
    for (List<String> f :
        TabSeparated.rows(HelpSections.class, RESOURCE, 3, "command<TAB>heading<TAB>options")) {
      out.computeIfAbsent(f.get(0), c -> new ArrayList<>())
          .add(new Section(f.get(1), List.of(f.get(2).trim().split(" +"))));
    }
    out.replaceAll((command, sections) -> List.copyOf(sections));
    return Map.copyOf(out);
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
              .collect(Collectors.toCollection(ArrayList::new));
      out.add(in);
    }
    List<OptionSpec> rest = new ArrayList<>();
    int at = sections.stream().map(Section::heading).toList().indexOf(SORT_SETTINGS);
    List<OptionSpec> settings = at >= 0 ? out.get(at) : rest;
    for (OptionSpec o : spec.options()) {
      if (!o.hidden() && !seen.contains(o)) {
        boolean setting =
            RegistryOptions.parameterOf(o).filter(SortResolver.SETTINGS::contains).isPresent();
        (setting ? settings : rest).add(o);
      }
    }
    out.add(rest);
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
