package org.secmem.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.secmem.fs.Ownership;
import org.secmem.results.ResultFormat;
import org.secmem.results.ResultsFileException;
import org.secmem.results.ResultsTarget;

/** Where a command's raw results go: the file given, or a fresh folder of their own. */
public final class ResultsPath {

  private ResultsPath() {}

  /**
   * The results file: as given, or a fresh timestamped one in a folder of its own under {@code
   * results/} ({@code results/<stamp>-<name>/<stamp>-<name>.csv}, or {@code .jsonl} with {@code
   * --format jsonl}, where its summary, environment record, charts and report page go beside it);
   * checked before anything runs (see {@link ResultsTarget}), so a path that cannot take results is
   * bad input.
   *
   * @param given --results, or null
   * @param format --format, or null (the file's name decides)
   * @throws BadInputException naming the file and what is wrong (nothing written)
   */
  public static Path choose(
      Path given, ResultFormat format, String experiment, ShutdownCleanup cleanup) {
    Path file = given;
    if (file == null) {
      String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
      Path folder;
      try {
        // Made here, exclusively: two commands started in the same second get a folder each, and
        // whatever is planted at the name (a link) is passed by, never written through.
        folder = Ownership.createFreshFolder(Paths.get("results"), stamp + "-" + experiment);
      } catch (IOException e) {
        throw new BadInputException(
            "results: cannot make a folder for the results in "
                + Paths.get("results").toAbsolutePath()
                + " ("
                + e.getMessage()
                + "); give --results FILE");
      }
      cleanup.reservedFolder(folder);
      String name = folder.getFileName().toString();
      file = folder.resolve(name + (format == null ? ResultFormat.CSV : format).extension());
    } else if (format != null && ResultFormat.ofFile(file) != format) {
      throw new BadInputException(
          "--format "
              + format.cliName()
              + ": the results file "
              + file
              + " is named for "
              + ResultFormat.ofFile(file).cliName()
              + " (a file ending in .jsonl is JSON Lines, any other CSV): name it for the format,"
              + " e.g. --results "
              + renamed(file, format)
              + ", or leave --format out");
    }
    try {
      ResultsTarget.check(file);
    } catch (ResultsFileException e) {
      throw new BadInputException("--results " + e.getMessage(), e);
    }
    return file;
  }

  /** {@code file} named for {@code format}: its extension replaced, or added. */
  private static Path renamed(Path file, ResultFormat format) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    return file.resolveSibling(stem + format.extension());
  }
}
