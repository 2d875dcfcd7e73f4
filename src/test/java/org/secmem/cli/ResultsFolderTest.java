package org.secmem.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Without --results, a command's files go into one folder of their own under results/ (before,
 * results/ was one flat folder: 115 entries after 25 commands); with --results, beside that file.
 */
class ResultsFolderTest {

  private static final Pattern RESULTS = Pattern.compile("results: (\\S+\\.csv) \\(");

  @TempDir Path dir;

  /** One quick write run with {@code extra} options; it must succeed. */
  private CliTest.Result write(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "write",
                "--stream",
                "mapped",
                "--n",
                "1000",
                "--reps",
                "1",
                "--warmup",
                "0",
                "--dir",
                dir.resolve("data").toString()));
    args.addAll(List.of(extra));
    CliTest.Result r = CliTest.run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    return r;
  }

  private static Path resultsOf(CliTest.Result r) {
    Matcher m = RESULTS.matcher(r.out());
    assertTrue(m.find(), r.out());
    return Paths.get(m.group(1));
  }

  @Test
  void aCommandsFiles_goIntoAFolderOfTheirOwn() throws IOException {
    Path csv = resultsOf(write());
    Path folder = csv.getParent();
    try {
      String name = folder.getFileName().toString();
      assertTrue(name.matches("\\d{8}-\\d{6}-write"), name);
      assertEquals(Paths.get("results"), folder.getParent(), "one level under results/");
      assertEquals(name + ".csv", csv.getFileName().toString());
      try (Stream<Path> files = Files.list(folder)) {
        List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
        assertTrue(
            names.containsAll(
                List.of(
                    name + "-environment.txt",
                    name + "-report.html",
                    name + "-summary.csv",
                    name + ".csv")),
            names.toString());
      }
    } finally {
      PathUtils.deleteDirectory(folder);
    }
  }

  @Test
  void withResults_theFilesGoBesideThatFile_asBefore() throws IOException {
    Path csv = dir.resolve("mine.csv");
    write("--results", csv.toString());
    assertTrue(Files.exists(csv));
    assertTrue(Files.exists(dir.resolve("mine-summary.csv")));
    assertTrue(Files.exists(dir.resolve("mine-report.html")));
  }
}
