package org.secmem.runner;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeSet;
import org.secmem.cgroup.MemoryHierarchy;
import org.secmem.engine.SortEngines;
import org.secmem.experiment.BatchStep;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.Experiment;
import org.secmem.experiment.ExperimentRunner.Runs;
import org.secmem.experiment.ForkedTrial;
import org.secmem.experiment.Jvm;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunSettings;
import org.secmem.report.page.Reports;
import org.secmem.results.MalformedResultsException;
import org.secmem.results.RawResults;
import org.secmem.results.RawRow;
import org.secmem.results.ResultColumn;
import org.secmem.results.ResultColumns;
import org.secmem.results.ResultRow;
import org.secmem.sort.SortAlgorithm;

/**
 * {@code run --resume}: leaves out what an interrupted sweep already measured, by (configuration,
 * warm-up or repetition, number). A configuration with all its repetitions in the results file is
 * skipped; one with some runs its warm-ups again (the process is cold again) without recording the
 * ones already recorded, then exactly its missing repetitions under their own numbers; one with
 * none runs whole. So the file ends with every (configuration, rep) once.
 */
public final class Resume {

  /**
   * The cells that say which configuration a row belongs to: every configuration column (as the
   * summary groups them, see {@link ResultColumns#isConfiguration}) and the seed of generated data.
   */
  private static final List<ResultColumn> KEY = keyColumns();

  private Resume() {}

  /** What a resumed sweep still runs, and the line that says how much was measured already. */
  public record Left(List<BatchStep> steps, String line) {}

  /**
   * The steps of {@code plan} that {@code results} does not hold yet (all of them when it is empty
   * or missing); its malformed rows are named as warnings on {@code err} and count as not measured.
   *
   * @throws BadInputException when {@code results} is not a results file that can be resumed
   */
  public static Left left(List<PlannedTrial> plan, Path results, PrintWriter err)
      throws IOException {
    List<BatchStep> steps = all(plan);
    if (Files.exists(results) && Files.size(results) > 0) {
      RawResults raw;
      try {
        raw = RawResults.read(results);
      } catch (MalformedResultsException e) {
        // The file the user named cannot be resumed from: bad input, as for chart and compare.
        throw new BadInputException(e.getMessage() + "; it cannot be resumed", e);
      }
      List<String> problems = Reports.describeProblems(raw);
      for (String line : problems) {
        err.println("warning: " + line);
      }
      if (!problems.isEmpty()) {
        err.println("warning: malformed rows count as not measured: their runs are done again");
      }
      err.flush();
      steps = remaining(plan, raw);
    }
    long halfDone = steps.stream().filter(BatchStep::halfDone).count();
    String line =
        "resume: "
            + (plan.size() - steps.size())
            + " of "
            + plan.size()
            + " configurations already measured in "
            + results
            + "; "
            + steps.size()
            + " to run"
            + (halfDone == 0
                ? ""
                : " ("
                    + halfDone
                    + " half-done: only their missing repetitions run,"
                    + " after warm-ups that are not recorded twice)");
    return new Left(steps, line);
  }

  /** Every run of every configuration: a first go, or a resume with nothing measured yet. */
  public static List<BatchStep> all(List<PlannedTrial> plan) {
    List<BatchStep> steps = new ArrayList<>(plan.size());
    for (int i = 0; i < plan.size(); i++) {
      steps.add(BatchStep.all(i, plan.get(i)));
    }
    return steps;
  }

  /**
   * The plan less what {@code results} already holds; the whole plan when it does not exist.
   * Configurations with every repetition measured are left out.
   */
  public static List<BatchStep> remaining(List<PlannedTrial> plan, Path results)
      throws IOException {
    if (!Files.exists(results)) {
      return all(plan);
    }
    return remaining(plan, RawResults.read(results));
  }

  /**
   * As {@link #remaining(List, Path)}, from results already read (malformed rows left out).
   *
   * @throws IOException where a memory limit is planned and the limits of secmem's own cgroup
   *     cannot be read
   */
  public static List<BatchStep> remaining(List<PlannedTrial> plan, RawResults raw)
      throws IOException {
    boolean limited =
        plan.stream()
            .anyMatch(p -> p.trial() instanceof ForkedTrial f && f.memoryLimit().isPresent());
    Optional<MemoryHierarchy> h = limited ? MemoryHierarchy.locate() : Optional.empty();
    Optional<MemoryHierarchy.Ceiling> c = h.isPresent() ? h.get().ceiling() : Optional.empty();
    OptionalLong ceiling = c.isPresent() ? OptionalLong.of(c.get().bytes()) : OptionalLong.empty();
    return remaining(plan, raw, ceiling);
  }

  /**
   * As above, with the tightest limit of secmem's own cgroup and its ancestors, {@code ceiling}: a
   * row records the limit its fork was held to (see {@code ForkedBatch#underLimitOf}), so a
   * configuration asked to run under a larger one is looked for under that.
   */
  public static List<BatchStep> remaining(
      List<PlannedTrial> plan, RawResults raw, OptionalLong ceiling) {
    // How many rows each (configuration, warm-up flag, number) has: two identical configurations
    // in one plan each take one row per number, so each gets its own repetitions.
    Map<String, Long> recorded = new HashMap<>();
    for (RawRow row : raw.rows()) {
      runNumber(row)
          .ifPresent(n -> recorded.merge(runKey(key(row), row.isWarmup(), n), 1L, Long::sum));
    }
    List<BatchStep> left = new ArrayList<>();
    for (int i = 0; i < plan.size(); i++) {
      PlannedTrial p = plan.get(i);
      RunSettings s = p.settings();
      // The JVM it is to run on is part of a configuration, as its rows record it.
      Jvm jvm =
          p.trial() instanceof ForkedTrial f ? f.jvm().orElseGet(Jvm::current) : Jvm.current();
      ResultRow.Builder b =
          p.trial()
              .configuration()
              .set(ResultColumn.SYNC, s.sync())
              .set(ResultColumn.CACHE, s.cache().cliName())
              .set(ResultColumn.JAVA_VERSION, jvm.version())
              .set(ResultColumn.JAVA_VENDOR, jvm.vendor());
      if (p.trial() instanceof ForkedTrial f
          && f.memoryLimit().isPresent()
          && ceiling.isPresent()
          && ceiling.getAsLong() < f.memoryLimit().getAsLong()) {
        b.set(ResultColumn.MEMORY_LIMIT, ceiling.getAsLong());
      }
      ResultRow cells = b.build();
      String key = key(cells);
      SortedSet<Integer> reps = missing(recorded, key, false, s.reps());
      SortedSet<Integer> warmups = missing(recorded, key, true, s.warmup());
      if (!reps.isEmpty()) {
        left.add(new BatchStep(i, p, new Runs(warmups, reps)));
      }
    }
    return left;
  }

  /** Numbers 1..count without a row (using up one row of each number that has one). */
  private static SortedSet<Integer> missing(
      Map<String, Long> recorded, String key, boolean warmup, int count) {
    SortedSet<Integer> missing = new TreeSet<>();
    for (int n = 1; n <= count; n++) {
      String k = runKey(key, warmup, n);
      long have = recorded.getOrDefault(k, 0L);
      if (have > 0) {
        recorded.put(k, have - 1);
      } else {
        missing.add(n);
      }
    }
    return missing;
  }

  /**
   * The row's rep number, empty when the cell is not a positive integer (then it counts for none).
   */
  private static Optional<Integer> runNumber(RawRow row) {
    String rep = row.get(ResultColumns.REP).trim();
    try {
      int n = Integer.parseInt(rep);
      return n >= 1 ? Optional.of(n) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static String runKey(String configuration, boolean warmup, int number) {
    return configuration + (warmup ? "\u0002w" : "\u0002r") + number;
  }

  private static String key(RawRow row) {
    StringBuilder k = new StringBuilder();
    for (ResultColumn c : KEY) {
      String cell = row.get(c.header());
      if (c == ResultColumn.CACHE) {
        cell = cacheKey(cell);
      } else if (c == ResultColumn.ALGORITHM) {
        cell = algorithmKey(row.get(ResultColumn.EXPERIMENT.header()), cell);
      } else if (c == ResultColumn.ENGINE) {
        cell = engineKey(row.get(ResultColumn.EXPERIMENT.header()), cell);
      } else if (c == ResultColumn.JAVA_VERSION && cell.isBlank()) {
        // Rows written before the column say no JVM: taken as this one's, as before the column.
        cell = Jvm.current().version();
      }
      k.append(cell).append('\u0001');
    }
    return k.toString();
  }

  /** Sort rows written before the algorithm column were all the merge sort's. */
  private static String algorithmKey(String experiment, String algorithm) {
    return algorithm.isBlank() && experiment.equals(Experiment.SORT.cliName())
        ? SortAlgorithm.MERGE.cliName()
        : algorithm;
  }

  /** Sort rows written before the engine column were all secmem's own. */
  private static String engineKey(String experiment, String engine) {
    return engine.isBlank() && experiment.equals(Experiment.SORT.cliName())
        ? SortEngines.SECMEM
        : engine;
  }

  private static String key(ResultRow row) {
    StringBuilder k = new StringBuilder();
    for (ResultColumn c : KEY) {
      k.append(c == ResultColumn.CACHE ? cacheKey(row.get(c)) : row.get(c)).append('\u0001');
    }
    return k.toString();
  }

  /** A cold run that could not drop the cache was recorded as-is: count it for cold too. */
  private static String cacheKey(String cache) {
    return cache.equals(CacheMode.COLD.cliName()) ? CacheMode.AS_IS.cliName() : cache;
  }

  private static List<ResultColumn> keyColumns() {
    List<ResultColumn> key = new ArrayList<>();
    for (ResultColumn c : ResultColumn.values()) {
      if (c == ResultColumn.SEED || ResultColumns.isConfiguration(c.header())) {
        key.add(c);
      }
    }
    return List.copyOf(key);
  }
}
