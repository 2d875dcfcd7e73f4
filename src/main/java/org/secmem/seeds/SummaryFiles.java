package org.secmem.seeds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.secmem.results.RawResults;
import org.secmem.results.ResultFiles;

/**
 * Summary files ({@code X-summary.csv}) given to {@code secmem findings}: the method their JVMs
 * measured by, from the environment record beside them, and whether one is the summary of another
 * file given (a glob over a results folder gives both).
 */
public final class SummaryFiles {

  private SummaryFiles() {}

  /**
   * What the environment record beside a summary ({@code X-summary.csv}: {@code X-environment.txt})
   * says of its JVMs: its {@code forks=} line, 0 for one shared JVM.
   */
  public static String methodOf(RawResults summary) {
    Path p = Path.of(summary.source());
    String name = p.getFileName().toString();
    if (!name.endsWith(SUMMARY_SUFFIX)) {
      return Measurements.NOT_RECORDED;
    }
    Path env =
        p.resolveSibling(
            name.substring(0, name.length() - SUMMARY_SUFFIX.length()) + "-environment.txt");
    try (var lines = Files.lines(env)) {
      return lines
          .filter(l -> l.startsWith("forks="))
          .map(l -> l.substring("forks=".length()).trim())
          .findFirst()
          .map(n -> n.equals("0") ? "shared JVM" : "forked")
          .orElse(Measurements.NOT_RECORDED);
    } catch (IOException | UncheckedIOException e) {
      return Measurements.NOT_RECORDED; // no record beside it: the method is not known
    }
  }

  private static final String SUMMARY_SUFFIX = "-summary.csv";

  /**
   * Whether {@code p} is the summary of another of {@code results} (a CSV or a JSON Lines file): a
   * glob over a results folder gives both, and the summary's medians would count twice.
   */
  public static boolean isSummaryOfOneOf(Path p, List<Path> results) {
    return results.stream()
        .anyMatch(
            q ->
                !q.normalize().equals(p.normalize())
                    && ResultFiles.summaryFor(q).normalize().equals(p.normalize()));
  }
}
