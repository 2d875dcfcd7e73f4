package org.secmem.param;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.lang3.exception.ExceptionUtils;
import org.secmem.admission.Parameter;
import org.secmem.experiment.Experiment;
import org.secmem.names.Names;
import org.secmem.stream.StreamType;

/**
 * Reads parameter files in both formats, told apart by their first line: the header-based CSV (its
 * header names an {@code experiment} column) and the seed report's semicolon format. The whole file
 * is checked before anything runs; every problem is reported at once.
 */
public final class ParamFiles {

  /** The columns of the header-based format. */
  public static final Set<String> COLUMNS = Parameter.columns();

  private ParamFiles() {}

  /**
   * Reads and checks a parameter file.
   *
   * @param experiment the experiment a seed-format file is for (its lines do not say); ignored for
   *     header-based files, whose rows do
   * @return one configuration per combination of values, in file order
   * @throws ParamFileException naming every problem, as {@code path:line: field: problem}
   * @throws IOException when the file cannot be read at all
   */
  public static List<RunConfig> read(
      Path file, Optional<Experiment> experiment, ParamDefaults defaults)
      throws ParamFileException, IOException {
    String text;
    try {
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return parse(file, text, experiment, defaults);
  }

  /** Like {@link #read}, on text already in memory ({@code file} names it in messages). */
  public static List<RunConfig> parse(
      Path file, String text, Optional<Experiment> experiment, ParamDefaults defaults)
      throws ParamFileException {
    List<ParamProblem> problems = new ArrayList<>();
    List<RunConfig> configs;
    if (text.startsWith("\uFEFF")) {
      // A UTF-8 byte-order mark, as spreadsheets on Windows save CSV: not part of the first cell.
      text = text.substring(1);
    }
    if (text.indexOf('\0') >= 0) {
      throw new ParamFileException(
          List.of(new ParamProblem(file, 1, "file", "is binary, not a text parameter file")));
    }
    if (text.lines().allMatch(l -> l.isBlank() || l.trim().startsWith("#"))) {
      throw new ParamFileException(
          List.of(new ParamProblem(file, 1, "file", "has no parameter lines")));
    }
    if (isHeaderFormat(text)) {
      configs = parseHeaderFormat(file, text, defaults, problems);
    } else if (experiment.isEmpty()) {
      problems.add(
          new ParamProblem(
              file,
              firstContentLine(text),
              "experiment",
              "this is not a header-based file (no 'experiment' column), so it is read in the seed"
                  + " report's semicolon format, which needs the experiment named: write --params,"
                  + " read --params, sort --params, or run --experiment"));
      configs = List.of();
    } else {
      configs = SeedFormat.parse(file, text, experiment.get(), defaults, problems);
    }
    if (configs.isEmpty() && problems.isEmpty()) {
      problems.add(new ParamProblem(file, 1, "file", "has no parameter lines"));
    }
    if (!problems.isEmpty()) {
      throw new ParamFileException(problems);
    }
    return configs;
  }

  private static long firstContentLine(String text) {
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i].trim();
      if (!l.isEmpty() && !l.startsWith("#")) {
        return i + 1;
      }
    }
    return 1;
  }

  /** Whether the first line that is not blank or a comment names an {@code experiment} column. */
  static boolean isHeaderFormat(String text) {
    for (String line : text.split("\r?\n")) {
      String l = line.trim();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      for (String cell : l.split(",")) {
        if (cell.trim().replace("\"", "").toLowerCase(Locale.ROOT).equals("experiment")) {
          return true;
        }
      }
      return false;
    }
    return false;
  }

  private static List<RunConfig> parseHeaderFormat(
      Path file, String text, ParamDefaults defaults, List<ParamProblem> problems) {
    List<RunConfig> out = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    List<String> header = null;
    for (int i = 0; i < lines.length; i++) {
      long lineNo = i + 1;
      String line = lines[i].trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      // One physical line is one record: parameter files have no multi-line cells.
      List<String> record;
      try {
        record = cells(line);
      } catch (IOException | UncheckedIOException | IllegalStateException e) {
        problems.add(
            new ParamProblem(file, lineNo, "line", "is not valid CSV (" + rootMessage(e) + ")"));
        continue;
      }
      if (header == null) {
        header = header(file, lineNo, record, problems);
        continue;
      }
      if (record.size() > header.size()) {
        problems.add(
            new ParamProblem(
                file,
                lineNo,
                "line",
                record.size() + " cells but the header names " + header.size() + " columns"));
        continue;
      }
      Map<String, String> cells = new LinkedHashMap<>();
      for (int c = 0; c < record.size(); c++) {
        if (!header.get(c).isEmpty()) {
          cells.put(header.get(c), record.get(c));
        }
      }
      String exp = cells.getOrDefault("experiment", "").trim().toLowerCase(Locale.ROOT);
      Experiment experiment = Names.find(Experiment.class, exp).orElse(null);
      if (experiment == null) {
        problems.add(
            new ParamProblem(
                file,
                lineNo,
                "experiment",
                (exp.isEmpty() ? "missing" : "'" + exp + "' is not an experiment")
                    + " (allowed: write, read, sort)"));
        continue;
      }
      if (experiment == Experiment.PQ) {
        problems.add(
            new ParamProblem(
                file,
                lineNo,
                "experiment",
                "'pq' cannot be run from a parameter file (allowed: write, read, sort); run it with"
                    + " secmem pq, whose options sweep nothing but --impl"));
        continue;
      }
      out.addAll(RowExpander.expand(file, lineNo, experiment, cells, defaults, problems));
      if (out.size() > RowExpander.MAX_CONFIGS) {
        problems.add(
            new ParamProblem(
                file,
                lineNo,
                "file",
                "expands to more than " + RowExpander.MAX_CONFIGS + " configurations"));
        return List.of();
      }
    }
    return out;
  }

  private static final CSVFormat LINE_FORMAT =
      CSVFormat.RFC4180.builder().setIgnoreSurroundingSpaces(true).build();

  private static List<String> cells(String line) throws IOException {
    try (CSVParser parser = CSVParser.parse(new StringReader(line), LINE_FORMAT)) {
      List<CSVRecord> records = parser.getRecords();
      if (records.size() != 1) {
        throw new IOException("a line must hold exactly one record");
      }
      return records.get(0).toList();
    }
  }

  private static List<String> header(
      Path file, long lineNo, List<String> record, List<ParamProblem> problems) {
    List<String> names = new ArrayList<>();
    for (String raw : record) {
      String name = raw.trim().toLowerCase(Locale.ROOT);
      if (name.isEmpty()) {
        names.add("");
        continue;
      }
      if (!COLUMNS.contains(name)) {
        problems.add(
            new ParamProblem(
                file,
                lineNo,
                name,
                "unknown column (allowed: " + String.join(", ", COLUMNS) + ")"));
        names.add("");
      } else if (names.contains(name)) {
        problems.add(new ParamProblem(file, lineNo, name, "column named twice"));
        names.add("");
      } else {
        names.add(name);
      }
    }
    return names;
  }

  private static String rootMessage(Throwable e) {
    Throwable t = ExceptionUtils.getRootCause(e);
    if (t instanceof CharacterCodingException) {
      return "not UTF-8 text";
    }
    return String.valueOf(t.getMessage());
  }

  /** Whether a word names a stream type (used to tell a seed-format header from data). */
  static boolean isStreamType(String word) {
    return Names.find(StreamType.class, word).isPresent();
  }
}
