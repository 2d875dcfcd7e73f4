package org.secmem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.secmem.experiment.CacheMode;
import org.secmem.experiment.PlannedTrial;
import org.secmem.experiment.RunSettings;
import org.secmem.report.RawResults;
import org.secmem.report.RawRow;
import org.secmem.report.ResultColumn;
import org.secmem.report.ResultRow;

/**
 * {@code run --resume}: leaves out what an interrupted sweep already measured. A configuration
 * with all its repetitions in the results file is skipped; one with some gets only the missing
 * ones (after its warm-ups, since a fresh process is cold again).
 */
final class Resume {

  /** The cells that say which configuration a row belongs to. */
  private static final List<ResultColumn> KEY =
      List.of(ResultColumn.EXPERIMENT, ResultColumn.STREAM, ResultColumn.READ_STREAM,
          ResultColumn.WRITE_STREAM, ResultColumn.N, ResultColumn.K, ResultColumn.B,
          ResultColumn.M, ResultColumn.D, ResultColumn.ORDER, ResultColumn.SHAPE,
          ResultColumn.SEED, ResultColumn.SYNC);

  private Resume() {}

  /** The plan less what {@code results} already holds; the plan itself when it does not exist. */
  static List<PlannedTrial> remaining(List<PlannedTrial> plan, Path results) throws IOException {
    if (!Files.exists(results)) {
      return plan;
    }
    Map<String, Integer> measured = new HashMap<>();
    for (RawRow row : RawResults.read(results).measuredRows()) {
      measured.merge(key(row), 1, Integer::sum);
    }
    List<PlannedTrial> left = new ArrayList<>();
    for (PlannedTrial p : plan) {
      ResultRow cells = p.trial().configuration().set(ResultColumn.SYNC, p.settings().sync())
          .set(ResultColumn.CACHE, p.settings().cache().cliName()).build();
      String key = key(cells);
      int done = measured.getOrDefault(key, 0);
      int need = p.settings().reps() - done;
      if (need > 0) {
        RunSettings s = p.settings();
        left.add(new PlannedTrial(p.trial(),
            new RunSettings(need, s.warmup(), s.cache(), s.sync(), s.seed())));
      }
      // Two identical configurations in one plan each need their own repetitions.
      measured.put(key, Math.max(0, done - p.settings().reps()));
    }
    return left;
  }

  private static String key(RawRow row) {
    StringBuilder k = new StringBuilder();
    for (ResultColumn c : KEY) {
      k.append(row.get(c.header())).append('\u0001');
    }
    return k.append(cacheKey(row.get(ResultColumn.CACHE.header()))).toString();
  }

  private static String key(ResultRow row) {
    StringBuilder k = new StringBuilder();
    for (ResultColumn c : KEY) {
      k.append(row.get(c)).append('\u0001');
    }
    return k.append(cacheKey(row.get(ResultColumn.CACHE))).toString();
  }

  /** A cold run that could not drop the cache was recorded as-is: count it for cold too. */
  private static String cacheKey(String cache) {
    return cache.equals(CacheMode.COLD.cliName()) ? CacheMode.AS_IS.cliName() : cache;
  }
}
