package org.secmem.menu;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.commons.io.input.BOMInputStream;
import org.secmem.admission.Machine;
import org.secmem.experiment.Experiment;
import org.secmem.param.ParamDefaults;
import org.secmem.param.ParamFileException;
import org.secmem.param.ParamFiles;
import org.secmem.param.ParamProblem;
import org.secmem.param.RunConfig;

/**
 * What the menu asks of a parameter file before it runs one: its experiments, read and admitted as
 * {@code secmem run} would, and whether it is in the seed reports' semicolon format.
 */
final class MenuFiles {

  private MenuFiles() {}

  /** The experiment a menu entry runs ({@code tree}: the sort's buffer tree). */
  static Experiment experimentOf(String name) {
    for (Experiment e : Experiment.values()) {
      if (e.cliName().equals(name)) {
        return e;
      }
    }
    return Experiment.SORT;
  }

  /**
   * The experiments of a parameter file's lines, read and admitted on this machine as {@code secmem
   * run} would; its problems, the first few, as the rejection of the answer.
   */
  static Set<Experiment> experimentsOf(String name, String text, Machine machine)
      throws Prompter.Rejected {
    Path p = Paths.get(text);
    if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
      throw new Prompter.Rejected(text + " does not exist or is not a readable file");
    }
    try {
      Set<Experiment> kinds = EnumSet.noneOf(Experiment.class);
      for (RunConfig c :
          ParamFiles.read(
              p, Optional.of(experimentOf(name)), ParamDefaults.standard().admittingOn(machine))) {
        kinds.add(c.experiment());
      }
      return kinds;
    } catch (ParamFileException e) {
      List<String> lines = e.problems().stream().map(ParamProblem::toString).toList();
      throw new Prompter.Rejected(
          String.join("\n    ", lines.subList(0, Math.min(5, lines.size())))
              + (lines.size() > 5 ? "\n    ... and " + (lines.size() - 5) + " more problems" : ""));
    } catch (IOException e) {
      throw new Prompter.Rejected(text + " cannot be read: " + e.getMessage());
    }
  }

  /**
   * The field count of the first line of a seed-format (semicolon) file; 0 for a header-based CSV
   * (its first line names an {@code experiment} column) or a file that cannot be read (the command
   * then says why).
   */
  static int seedFields(Path file) {
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(
                BOMInputStream.builder().setPath(file).get(),
                StandardCharsets.UTF_8.newDecoder()))) {
      Optional<String> first =
          reader
              .lines()
              .map(String::strip)
              .filter(l -> !l.isEmpty() && !l.startsWith("#"))
              .findFirst();
      if (first.isEmpty()) {
        return 0;
      }
      for (String cell : first.get().split(",")) {
        if (cell.strip().replace("\"", "").equalsIgnoreCase("experiment")) {
          return 0;
        }
      }
      return first.get().contains(";") ? first.get().split(";", -1).length : 0;
    } catch (IOException | UncheckedIOException e) {
      return 0;
    }
  }

  /**
   * The experiment a seed-format file of stream lines says it holds: the command its comments name
   * ({@code secmem read ...} or {@code secmem write ...}), else the one of "read" and "write" its
   * file name holds; empty where it says neither or both (the menu then asks, with no default:
   * Enter must not run writes on a file of reads).
   */
  static Optional<String> seedStreamExperiment(Path file) {
    Set<String> named = new TreeSet<>();
    try (Stream<String> lines = Files.lines(file)) {
      lines
          .map(String::strip)
          .filter(l -> l.startsWith("#"))
          .forEach(
              l -> {
                for (String e : List.of("read", "write")) {
                  if (l.contains("secmem " + e + " ")) {
                    named.add(e);
                  }
                }
              });
    } catch (IOException | UncheckedIOException e) {
      named.clear();
    }
    if (named.size() == 1) {
      return Optional.of(named.iterator().next());
    }
    String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
    boolean read = name.contains("read");
    boolean write = name.contains("write");
    return read == write ? Optional.empty() : Optional.of(read ? "read" : "write");
  }
}
