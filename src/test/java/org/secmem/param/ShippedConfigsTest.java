package org.secmem.param;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.secmem.experiment.Experiment;

/**
 * Every parameter file shipped in {@code configs/} goes through the real parser and says in its
 * header what it reproduces and how long it takes; the seed files come as laptop and full pairs,
 * the full ones at report scale (the findings that check them: seeds.ShippedFindingsTest).
 */
class ShippedConfigsTest {

  /** Tests run in target/test-work; the build passes the repository folder as secmem.root. */
  private static final Path CONFIGS = Path.of(System.getProperty("secmem.root", "."), "configs");

  /** "Table 8", "Figure 30", "Fig. 14", "section 3": what a header cites from its report. */
  private static final Pattern REFERENCE =
      Pattern.compile("(Table|Tables|Figure|Figures|Fig\\.|section|sections) \\d");

  private static List<Path> configs() throws IOException {
    try (Stream<Path> s = Files.list(CONFIGS)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".csv"))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  /** The leading comment lines of a file. */
  private static String header(Path file) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.startsWith("#")) {
        break;
      }
      sb.append(line.substring(1)).append('\n');
    }
    return sb.toString();
  }

  /** The experiment a seed-format file is imported for, from its name; empty for header CSV. */
  private static Optional<Experiment> experimentOf(Path file) {
    String name = file.getFileName().toString();
    if (name.equals("write-seed.csv")) {
      return Optional.of(Experiment.WRITE);
    }
    if (name.equals("read-seed.csv")) {
      return Optional.of(Experiment.READ);
    }
    if (name.equals("sort-seed.csv")) {
      return Optional.of(Experiment.SORT);
    }
    return Optional.empty();
  }

  private static boolean isSeedFile(Path file) {
    String name = file.getFileName().toString();
    return name.startsWith("seed") || name.endsWith("-seed.csv");
  }

  @Test
  void everyShippedConfig_parsesThroughTheRealParser() throws IOException {
    List<Path> files = configs();
    assertFalse(files.isEmpty(), "no configs/*.csv found from " + Path.of("").toAbsolutePath());
    List<String> problems = new ArrayList<>();
    for (Path f : files) {
      try {
        List<RunConfig> rows = ParamFiles.read(f, experimentOf(f), ParamDefaults.standard());
        if (rows.isEmpty()) {
          problems.add(f + ": no configurations");
        }
      } catch (ParamFileException e) {
        problems.add(e.getMessage());
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @Test
  void everyShippedConfig_saysHowLongItTakes_andSeedFilesNameTheirTables() throws IOException {
    List<String> problems = new ArrayList<>();
    for (Path f : configs()) {
      String header = header(f);
      if (header.isBlank()) {
        problems.add(f + ": no header comment");
        continue;
      }
      if (!header.contains("Takes about")) {
        problems.add(f + ": header does not say 'Takes about ...'");
      }
      if (isSeedFile(f) && !REFERENCE.matcher(header).find()) {
        problems.add(f + ": header names no table, figure or section of its report");
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @Test
  void seedConfigs_comeInLaptopAndFullPairs_andFullOnesReachReportScale()
      throws IOException, ParamFileException {
    List<String> problems = new ArrayList<>();
    for (Path f : configs()) {
      String name = f.getFileName().toString();
      if (!name.startsWith("seed")) {
        continue;
      }
      String twin =
          name.endsWith("-laptop.csv")
              ? name.replace("-laptop.csv", "-full.csv")
              : name.endsWith("-full.csv") ? name.replace("-full.csv", "-laptop.csv") : null;
      if (twin == null) {
        problems.add(f + ": a seed config is NAME-laptop.csv or NAME-full.csv");
        continue;
      }
      if (!Files.isRegularFile(CONFIGS.resolve(twin))) {
        problems.add(f + ": has no " + twin);
      }
      if (name.endsWith("-full.csv")) {
        long maxN =
            ParamFiles.read(f, Optional.empty(), ParamDefaults.standard()).stream()
                .mapToLong(Configs::n)
                .max()
                .orElse(0);
        if (maxN < 10_000_000L) {
          problems.add(f + ": full scale reaches N = " + maxN + " only (want >= 10^7)");
        }
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }
}
