package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.secmem.admission.Machine;
import org.secmem.admission.Parameter;
import org.secmem.admission.SortResolver;
import org.secmem.buffertree.FanoutRule;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.SortMethod;
import org.secmem.experiment.SortTrialSpec;
import org.secmem.menu.Menu;
import org.secmem.param.ParamDefaults;
import org.secmem.param.ParamFiles;
import org.secmem.param.RunConfig;
import org.secmem.sort.SortAlgorithm;
import org.secmem.sort.SortPreset;
import org.secmem.sort.SortSettings;
import picocli.CommandLine;

/**
 * The command line, a parameter file and the menu resolve a preset into the same settings (M, d, B,
 * stream types, threads, composition) and so the same memory plan: one resolution, three ways in.
 */
class SortSettingsAgreementTest {

  @TempDir Path dir;

  private static SortSettings fromCommandLine(List<String> args) {
    CommandLine cmd =
        SecmemCommand.commandLine(
            new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    CommandLine.ParseResult parsed = cmd.parseArgs(args.toArray(String[]::new));
    CommandLine sub = parsed.subcommand().commandSpec().commandLine();
    SortCommand sort = sub.getCommand();
    return sort.sorting.resolve(sub, SortAlgorithm.MERGE);
  }

  private RunConfig fromParamFile(String preset) throws Exception {
    return fromParamFile("experiment,n,preset", "sort,100000," + preset);
  }

  private RunConfig fromParamFile(String header, String line) throws Exception {
    Path f = dir.resolve("p.csv");
    List<RunConfig> c =
        ParamFiles.parse(
            f, header + "\n" + line + "\n", Optional.empty(), ParamDefaults.standard());
    assertEquals(1, c.size());
    return c.get(0);
  }

  /**
   * The sort command the menu builds when every value is left at its default (merger, M, d,
   * threads, streams, the merges' read stream, B, order, reps, warm-up, cache: Enter; sync: n).
   */
  private List<String> fromMenu(String preset) throws IOException {
    Path in = dir.resolve("in.bin");
    Files.write(in, new byte[400]);
    List<List<String>> executed = new ArrayList<>();
    Menu menu =
        new Menu(
            new BufferedReader(
                new StringReader(
                    "3\n2\n"
                        + in
                        + "\n"
                        + dir.resolve("out.bin")
                        + "\n"
                        + preset
                        + "\n\n\n\n\n\n\n\n\n\n\n\n\nn\n0\n")),
            new PrintWriter(new StringWriter(), true),
            args -> {
              executed.add(args);
              return 0;
            });
    menu.run();
    assertEquals(1, executed.size(), executed.toString());
    return executed.get(0);
  }

  @ParameterizedTest
  @EnumSource(SortPreset.class)
  void commandLine_paramFile_andMenu_resolveAPresetAlike(SortPreset preset) throws Exception {
    SortSettings expected = SortSettings.builder(preset).build();
    SortSettings cli =
        fromCommandLine(List.of("sort", "--n", "100000", "--preset", preset.cliName()));
    assertEquals(expected, cli);
    RunConfig row = fromParamFile(preset.cliName());
    assertEquals(
        SortMethod.of(expected, SortAlgorithm.MERGE, FanoutRule.DEFAULT),
        ((SortTrialSpec) row.configuration()).method());
    List<String> menuArgs = fromMenu(preset.cliName());
    assertEquals(expected, fromCommandLine(menuArgs), menuArgs.toString());
    assertEquals(expected.memory(100_000), cli.memory(100_000));
  }

  @ParameterizedTest
  @EnumSource(SortPreset.class)
  void theMenuDefaults_areTheCommandLineDefaults(SortPreset preset) throws IOException {
    List<String> menuArgs = fromMenu(preset.cliName());
    assertTrue(menuArgs.contains(Long.toString(preset.memoryInts())), menuArgs.toString());
  }

  /** Each sort setting with each text it can be given, on each preset. */
  static Stream<Arguments> everySetting() {
    List<Arguments> out = new ArrayList<>();
    for (SortPreset preset : SortPreset.values()) {
      for (Parameter p : SortResolver.SETTINGS) {
        List<String> texts =
            p.numeric()
                ? List.of(
                    Long.toString(Math.max(p.range().min(), 2)),
                    Long.toString(Math.min(p.range().max(), 3 * Math.max(p.range().min(), 2))))
                : p.negatable() ? List.of("true", "false") : p.words();
        for (String text : texts) {
          out.add(Arguments.of(preset, p, text));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("everySetting")
  void eachSetting_resolvesAlike_onTheCommandLine_andInAParameterFile(
      SortPreset preset, Parameter p, String text) throws Exception {
    List<String> args =
        new ArrayList<>(List.of("sort", "--n", "100000", "--preset", preset.cliName()));
    if (p.negatable()) {
      args.add(
          text.equals("true") ? p.options().get(0) : "--no-" + p.options().get(0).substring(2));
    } else {
      args.addAll(List.of(p.options().get(0), text));
    }
    SortSettings cli = fromCommandLine(args);
    RunConfig row =
        fromParamFile(
            "experiment,n,preset," + p.column(), "sort,100000," + preset.cliName() + "," + text);
    // The fast preset's own d grows for a large input where N becomes known: at admission on the
    // command line, as its line is read in a parameter file.
    SortSettings admitted = cli.forInput(100_000, Machine.current().freeDescriptors());
    assertEquals(
        SortMethod.of(admitted, SortAlgorithm.MERGE, FanoutRule.DEFAULT),
        ((SortTrialSpec) row.configuration()).method(),
        String.join(" ", args));
  }

  /** The sort's parameters that take words (streams, merger, run sort, access, preset ...). */
  static Stream<Parameter> wordSettings() {
    return Arrays.stream(Parameter.values())
        .filter(p -> p.experiments().contains(Experiment.SORT) && !p.words().isEmpty())
        .filter(p -> p != Parameter.STREAM); // sort's option sets each stream type alone
  }

  /**
   * A word a setting does not take is refused in its entry's words at both ways in, each naming the
   * parameter as it does: the option on the command line, the column in a file.
   */
  @ParameterizedTest
  @MethodSource("wordSettings")
  void aWordNotTaken_isRefusedInTheEntrysWords_namingTheParameter(Parameter p) throws Exception {
    String why = assertThrows(IllegalArgumentException.class, () -> p.parse("nosuch")).getMessage();
    CliTest.Result cli = CliTest.run("sort", "--n", "100", p.options().get(0), "nosuch");
    assertEquals(2, cli.code(), cli.err());
    assertTrue(cli.err().contains(why), cli.err());
    assertTrue(
        cli.err().contains(p.option() + ": " + why)
            || cli.err().contains("option '" + p.option() + "': " + why),
        cli.err());
    Path f = dir.resolve("p.csv");
    Files.writeString(f, "experiment,n," + p.column() + "\nsort,100,nosuch\n");
    CliTest.Result file = CliTest.run("run", f.toString());
    assertEquals(2, file.code(), file.err());
    assertTrue(file.err().contains(f + ":2: " + p.column() + ": " + why), file.err());
  }
}
