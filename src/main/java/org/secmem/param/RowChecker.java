package org.secmem.param;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.secmem.admission.Parameter;
import org.secmem.admission.PathProblems;
import org.secmem.admission.Request;
import org.secmem.experiment.Configuration;
import org.secmem.experiment.RunSettings;
import org.secmem.fs.Ownership;
import org.secmem.fs.ReadableFile;

/**
 * Collects the problems of one line while its cells are read, so that every problem of a file is
 * reported at once. Each read returns a usable placeholder after a problem, so checking goes on.
 */
final class RowChecker {

  private final Path file;
  private final long line;
  private final List<ParamProblem> problems;
  private final Map<String, String> cells;
  private final int before;

  /**
   * @param cells the line's cells by column
   */
  RowChecker(Path file, long line, List<ParamProblem> problems, Map<String, String> cells) {
    this.file = file;
    this.line = line;
    this.problems = problems;
    this.cells = cells;
    this.before = problems.size();
  }

  /** A configuration of this line, ready to run once admitted. */
  RunConfig config(Configuration configuration, RunSettings settings, Request request) {
    return new RunConfig(file, line, configuration, settings, request, OptionalLong.empty());
  }

  /** The line's cell of {@code parameter}'s column; null when the file has no such column. */
  String cell(Parameter parameter) {
    return cells.get(parameter.column());
  }

  boolean ok() {
    return problems.size() == before;
  }

  /** A problem of the cell in {@code column} (a column that may be no parameter's). */
  void problem(String column, String message) {
    problems.add(new ParamProblem(file, line, column, message));
  }

  /** A problem of {@code parameter}'s cell. */
  void problem(Parameter parameter, String message) {
    problem(parameter.column(), message);
  }

  /**
   * Numeric values of a cell of {@code parameter}'s column (empty cell: the default), each checked
   * against its range.
   */
  List<Long> numbers(Parameter parameter, String cell, long def) {
    String field = parameter.column();
    if (cell == null || cell.isBlank()) {
      return List.of(def);
    }
    try {
      List<Long> values = Cells.numbers(cell, parameter.range().bytes());
      List<Long> ok = new ArrayList<>();
      for (long v : values) {
        String p = parameter.problem(v);
        if (p != null) {
          problem(field, p);
        } else {
          ok.add(v);
        }
      }
      return ok.isEmpty() ? List.of(def) : ok;
    } catch (Cells.CellException e) {
      problem(field, e.getMessage());
      return List.of(def);
    }
  }

  /** Values of a word cell (empty: the default), each mapped by {@code parse}. */
  <T> List<T> words(Parameter field, String cell, Function<String, T> parse, T def) {
    if (cell == null || cell.isBlank()) {
      return List.of(def);
    }
    try {
      List<T> out = new ArrayList<>();
      for (String w : Cells.words(cell)) {
        try {
          out.add(parse.apply(w));
        } catch (IllegalArgumentException e) {
          problem(field, e.getMessage());
        }
      }
      return out.isEmpty() ? List.of(def) : out;
    } catch (Cells.CellException e) {
      problem(field, e.getMessage());
      return List.of(def);
    }
  }

  /** A boolean cell: true/false, yes/no, 1/0, on/off. */
  List<Boolean> booleans(Parameter field, String cell, boolean def) {
    return words(
        field,
        cell,
        w -> {
          switch (w.toLowerCase(Locale.ROOT)) {
            case "true":
            case "yes":
            case "1":
            case "on":
              return true;
            case "false":
            case "no":
            case "0":
            case "off":
              return false;
            default:
              throw new IllegalArgumentException("'" + w + "' is not true or false");
          }
        },
        def);
  }

  /** {@link #numbers(Parameter, String, long)} of its own cell. */
  List<Long> numbers(Parameter parameter, long def) {
    return numbers(parameter, cell(parameter), def);
  }

  /** {@link #words(Parameter, String, Function, Object)} of its own cell. */
  <T> List<T> words(Parameter parameter, Function<String, T> parse, T def) {
    return words(parameter, cell(parameter), parse, def);
  }

  /**
   * Its own cell's words, each read by its registry entry ({@link Parameter#parse}) into a {@code
   * type}; empty, the entry's default.
   */
  <T> List<T> words(Parameter parameter, Class<T> type) {
    T def = type.cast(parameter.defaultValue(Optional.empty()).orElseThrow());
    return words(parameter, cell(parameter), w -> type.cast(parameter.parse(w)), def);
  }

  /** {@link #booleans(Parameter, String, boolean)} of its own cell. */
  List<Boolean> booleans(Parameter parameter, boolean def) {
    return booleans(parameter, cell(parameter), def);
  }

  /** Its cell's numbers, or one empty value (the preset's or engine's choice) when it is empty. */
  List<Optional<Long>> optionalNumbers(Parameter parameter) {
    String cell = cell(parameter);
    return blank(cell)
        ? List.of(Optional.empty())
        : optional(numbers(parameter, cell, parameter.range().min()));
  }

  /** {@code cell}'s words, or one empty value (the preset's choice) when it is empty. */
  <T> List<Optional<T>> optionalWords(
      Parameter parameter, String cell, Function<String, T> parse, T def) {
    return blank(cell) ? List.of(Optional.empty()) : optional(words(parameter, cell, parse, def));
  }

  /** Its own cell's words, or one empty value when it is empty. */
  <T> List<Optional<T>> optionalWords(Parameter parameter, Function<String, T> parse, T def) {
    return optionalWords(parameter, cell(parameter), parse, def);
  }

  /** Its cell's booleans, or one empty value (the preset's choice) when it is empty. */
  List<Optional<Boolean>> optionalBooleans(Parameter parameter) {
    String cell = cell(parameter);
    return blank(cell) ? List.of(Optional.empty()) : optional(booleans(parameter, cell, false));
  }

  /** Whether its cell is empty (or missing). */
  boolean blank(Parameter parameter) {
    return blank(cell(parameter));
  }

  private static boolean blank(String cell) {
    return cell == null || cell.isBlank();
  }

  private static <T> List<Optional<T>> optional(List<T> values) {
    return values.stream().map(Optional::ofNullable).toList();
  }

  /** An input data file that must exist, be readable, and hold whole ints. */
  Path inputFile(Parameter field, Path p) {
    Optional<String> unreadable = ReadableFile.problem(p);
    if (unreadable.isPresent()) {
      problem(field, unreadable.get());
    } else {
      try {
        long size = Files.size(p);
        if (size % 4 != 0) {
          problem(field, p + ": length " + size + " bytes is not a multiple of 4");
        }
      } catch (IOException e) {
        problem(field, p + " cannot be read: " + e.getMessage());
      }
    }
    return p;
  }

  /**
   * A cell naming a file or folder, relative to {@code base}; null with a problem when this
   * platform cannot name it (e.g. a non-ASCII name under LANG=C).
   */
  Path path(Parameter field, Path base, String cell) {
    try {
      return base.resolve(cell.trim()).normalize();
    } catch (InvalidPathException e) {
      problem(field, PathProblems.unnameable(cell.trim()));
      return null;
    }
  }

  /**
   * The work-folder sets of a {@code work_dir} cell: alternatives separated by {@code |}, each a
   * comma-separated list of folders (several disks; quote the cell in CSV), resolved against {@code
   * base}; each folder must exist or be creatable and be written to, and no set may name a folder
   * twice. A blank cell is one empty set: a folder beside the output.
   */
  List<List<Path>> workDirs(Parameter field, Path base, String cell) {
    if (cell == null || cell.isBlank()) {
      return List.of(List.of());
    }
    List<List<Path>> sets = new ArrayList<>();
    for (String alternative : cell.split("\\|", -1)) {
      List<Path> set = new ArrayList<>();
      for (String name : alternative.split(",", -1)) {
        if (name.isBlank()) {
          problem(
              field,
              "'"
                  + alternative.trim()
                  + "' has an empty folder name (write folders"
                  + " as A,B and alternatives as A|A,B)");
          continue;
        }
        Path p = path(field, base, name);
        if (p == null) {
          continue;
        }
        writableFolder(field, p, true);
        set.add(p);
      }
      String twice = PathProblems.namedTwice(set);
      if (twice != null) {
        problem(field, twice + " in '" + alternative.trim() + "'");
      }
      sets.add(List.copyOf(set));
    }
    return sets;
  }

  /** A folder that exists or can be created, for data the row writes. */
  Path writableFolder(Parameter field, Path p, boolean writes) {
    String problem = writes ? PathProblems.folderProblem(p) : PathProblems.notAFolder(p);
    if (problem != null) {
      problem(field, problem);
    }
    return p;
  }

  /**
   * An output file whose folder exists or can be created, which is not the input, and which, if it
   * is there, secmem may replace ({@code overwrite} allows any file).
   */
  Path outputFile(Parameter field, Path p, Path input, boolean overwrite) {
    String clobber =
        PathProblems.clobberProblem(p, overwrite, "set the overwrite column to" + " true");
    if (clobber != null) {
      problem(field, clobber);
    } else if (overwrite) {
      try {
        Ownership.handOver(p, Ownership.Made.INT_FILE);
      } catch (IOException e) {
        problem(field, p + " cannot be looked at (" + e.getMessage() + ")");
      }
    }
    return outputFile(field, p, input);
  }

  /** An output file whose folder exists or can be created, and which is not the input. */
  Path outputFile(Parameter field, Path p, Path input) {
    String same = PathProblems.isTheInput(p, input);
    if (same != null) {
      problem(field, same);
    }
    String problem = PathProblems.outputFileProblem(p);
    if (problem != null) {
      problem(field, problem);
    }
    return p;
  }
}
