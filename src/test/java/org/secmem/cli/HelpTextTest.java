package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Help that reads where it appears (issue 33): the long commands' options in sections, what the
 * command works on first; every option that takes one of some words lists them; the top-level list
 * of commands cuts no line mid-sentence.
 */
class HelpTextTest {

  private static CommandLine root() {
    return SecmemCommand.commandLine(
        new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
  }

  @Test
  void sortHelp_hasItsSectionsInOrder_essentialsFirst() {
    String help = CliTest.run("sort", "--help").out();
    List<String> lines = help.lines().toList();
    List<String> headings =
        List.of(
            "What to sort:",
            "Memory and passes:",
            "Streams:",
            "Parts of the sort:",
            "Measuring:",
            "Sweeps:",
            "Other engines:",
            "Help:");
    int last = -1;
    for (String h : headings) {
      int at = lines.indexOf(h);
      assertTrue(at > last, h + " after the heading before it:\n" + help);
      last = at;
    }
    assertFalse(help.contains("Other options:"), help);
    // the first option listed is the input, and the essentials come before sentinels and forks
    String firstOption = lines.get(lines.indexOf("What to sort:") + 1).trim().split("\\s+")[0];
    assertEquals("--in=FILE", firstOption);
    for (String essential : List.of("--in=", "--n=", "--m=", "--d=", "--read-stream=")) {
      for (String late : List.of("--sentinel=", "--fork=", "--engine=", "--conf=")) {
        assertTrue(help.indexOf(essential) < help.indexOf(late), essential + " before " + late);
      }
    }
    // one short synopsis, not nine lines of every option
    assertTrue(lines.get(0).startsWith("Usage: secmem sort [OPTIONS]"), lines.get(0));
  }

  @ParameterizedTest
  @ValueSource(strings = {"write", "read", "pq", "run"})
  void otherLongCommands_haveSections_too(String command) {
    String help = CliTest.run(command, "--help").out();
    assertTrue(help.contains("\nMeasuring:\n"), help);
    assertTrue(help.contains("\nSweeps:\n"), help);
    assertTrue(help.indexOf("\nMeasuring:\n") < help.indexOf("\nSweeps:\n"), help);
    assertFalse(help.contains("Other options:"), help);
  }

  /** Every name a section lists is an option of its command, and every option is in a section. */
  @Test
  void sections_placeEveryVisibleOption_andNameNoneThatIsGone() {
    CommandLine root = root();
    for (Map.Entry<String, List<HelpSections.Section>> e : HelpSections.SECTIONS.entrySet()) {
      CommandLine cmd = root.getSubcommands().get(e.getKey());
      assertNotNull(cmd, e.getKey());
      for (HelpSections.Section s : e.getValue()) {
        for (String name : s.options()) {
          assertNotNull(
              cmd.getCommandSpec().findOption(name), e.getKey() + " has no option " + name);
        }
      }
      List<List<OptionSpec>> placed = HelpSections.placed(cmd.getCommandSpec(), e.getValue());
      assertEquals(
          List.of(),
          placed.get(placed.size() - 1).stream().map(OptionSpec::longestName).toList(),
          e.getKey() + ": options in no section");
    }
  }

  /** A sort setting no line names (a new one) is listed with the parts of the sort, not lost. */
  @Test
  void aSortSettingNoSectionNames_joinsThePartsOfTheSort() {
    CommandLine sort = root().getSubcommands().get("sort");
    List<HelpSections.Section> without =
        HelpSections.SECTIONS.get("sort").stream()
            .map(
                s ->
                    new HelpSections.Section(
                        s.heading(),
                        s.options().stream()
                            .filter(o -> !o.equals("--merge-read-stream") && !o.equals("--threads"))
                            .toList()))
            .toList();
    List<List<OptionSpec>> placed = HelpSections.placed(sort.getCommandSpec(), without);
    int parts =
        without.stream().map(HelpSections.Section::heading).toList().indexOf("Parts of the sort");
    List<String> names = placed.get(parts).stream().map(OptionSpec::longestName).toList();
    assertTrue(
        names.contains("--merge-read-stream") && names.contains("--threads"), names.toString());
    assertEquals(List.of(), placed.get(placed.size() - 1), "none under Other options");
  }

  /**
   * An option that takes one of some words (its completion candidates, which are the words its
   * parser takes) names every one of them in its help, whatever the command.
   */
  @Test
  void everyChoiceOption_listsItsValues() {
    List<String> missing = new ArrayList<>();
    for (CommandLine cmd : root().getSubcommands().values()) {
      for (OptionSpec o : cmd.getCommandSpec().options()) {
        if (o.hidden() || o.completionCandidates() == null || o.typeInfo().isBoolean()) {
          continue;
        }
        String help = String.join(" ", o.description()).replaceAll("\\s+", " ");
        for (String value : o.completionCandidates()) {
          Pattern word =
              Pattern.compile("(^|[^A-Za-z0-9-])" + Pattern.quote(value) + "($|[^A-Za-z0-9-])");
          if (!word.matcher(help).find()) {
            missing.add(cmd.getCommandName() + " " + o.longestName() + ": " + value);
          }
        }
      }
    }
    assertEquals(List.of(), missing);
  }

  /**
   * The top-level help lists each command with the first line of its description: a whole sentence
   * (generate-completion's ended "and the values of").
   */
  @Test
  void topLevelHelp_listsEachCommandWithAWholeSentence() {
    String help = CliTest.run("--help").out().replaceAll("\\s+", " ");
    for (CommandLine cmd : root().getSubcommands().values()) {
      // the list shows the command's header, or without one the first line of its description
      String[] header = cmd.getCommandSpec().usageMessage().header();
      String[] description =
          header.length > 0 ? header : cmd.getCommandSpec().usageMessage().description();
      if (description.length == 0) {
        continue;
      }
      String first = description[0].trim();
      assertTrue(
          first.endsWith(".") || first.endsWith(".%n"),
          cmd.getCommandName() + "'s first line is cut: " + first);
      assertTrue(help.contains(first.replace("%n", "").trim()), first);
    }
  }

  /**
   * Help text is a format string: a lone '%' (as in "95 % interval") makes picocli print a warning
   * and the text raw, with its %n unreplaced. Every description, footer and option help of every
   * command writes it as '%%'.
   */
  @Test
  void everyHelpText_escapesItsPercentSigns() {
    Pattern lone = Pattern.compile("(?<!%)%(?![%n])");
    List<String> bad = new ArrayList<>();
    for (CommandLine cmd : root().getSubcommands().values()) {
      CommandLine.Model.UsageMessageSpec usage = cmd.getCommandSpec().usageMessage();
      List<String> texts = new ArrayList<>(List.of(usage.description()));
      texts.addAll(List.of(usage.footer()));
      texts.addAll(List.of(usage.header()));
      for (OptionSpec o : cmd.getCommandSpec().options()) {
        texts.addAll(List.of(o.description()));
      }
      for (CommandLine.Model.PositionalParamSpec p : cmd.getCommandSpec().positionalParameters()) {
        texts.addAll(List.of(p.description()));
      }
      for (String t : texts) {
        if (lone.matcher(t).find()) {
          bad.add(cmd.getCommandName() + ": " + t);
        }
      }
    }
    assertEquals(List.of(), bad);
  }
}
