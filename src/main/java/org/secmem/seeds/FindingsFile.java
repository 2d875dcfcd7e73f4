package org.secmem.seeds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a findings file (configs/seed-findings.tsv): '#' lines and blank lines are comments, a
 * header line starts with "id"; every other line is tab-separated: id, report, where, finding,
 * config, metric (ms, mibs or pushes), conditions (empty, or why the config cannot reproduce the
 * finding's conditions), rule, then the rule's arguments (see {@link Rule}); empty cells at the end
 * are ignored.
 */
public final class FindingsFile {

  /** The cells before the rule's arguments. */
  static final int FIXED = 8;

  private FindingsFile() {}

  /**
   * Parses the findings file {@code path}.
   *
   * @throws IllegalArgumentException "path:line: field: problem" for the first bad line
   */
  public static List<Finding> read(Path path) throws IOException {
    return parse(path.toString(), Files.readAllLines(path, StandardCharsets.UTF_8));
  }

  /** The findings secmem ships ({@code configs/seed-findings.tsv}, built into the jar). */
  public static final String BUILT_IN = "configs/seed-findings.tsv (built in)";

  /** Parses the findings secmem ships, from the jar: found wherever secmem runs. */
  public static List<Finding> builtIn() throws IOException {
    try (java.io.InputStream in = FindingsFile.class.getResourceAsStream("seed-findings.tsv")) {
      if (in == null) {
        throw new IOException("the built-in seed-findings.tsv is missing from secmem's jar");
      }
      return parse(
          BUILT_IN, new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
    }
  }

  /** Parses lines of a findings file; {@code source} names it in messages. */
  public static List<Finding> parse(String source, List<String> lines) {
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#") || line.startsWith("id\t")) {
        continue;
      }
      List<String> cells = new ArrayList<>(Arrays.asList(line.split("\t", -1)));
      while (cells.size() > FIXED && cells.get(cells.size() - 1).isBlank()) {
        cells.remove(cells.size() - 1);
      }
      String at = source + ":" + (i + 1) + ": ";
      if (cells.size() < FIXED) {
        throw new IllegalArgumentException(
            at
                + cells.size()
                + " tab-separated cells, want at least "
                + FIXED
                + " (id, report, where, finding, config, metric, conditions, rule, arguments)");
      }
      if (cells.get(0).isBlank()) {
        throw new IllegalArgumentException(at + "id: empty");
      }
      Metric metric = Metric.of(cells.get(5).trim());
      if (metric == null) {
        throw new IllegalArgumentException(
            at + "metric: '" + cells.get(5) + "' is not one of ms, mibs, pushes");
      }
      Rule rule;
      try {
        rule =
            Rule.parse(
                cells.get(7).trim(),
                cells.subList(FIXED, cells.size()).stream().map(String::trim).toList());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(at + "rule: " + e.getMessage(), e);
      }
      findings.add(
          new Finding(
              cells.get(0).trim(),
              cells.get(1).trim(),
              cells.get(2).trim(),
              cells.get(3).trim(),
              cells.get(4).trim(),
              metric,
              cells.get(6).trim(),
              rule,
              i + 1));
    }
    return findings;
  }
}
